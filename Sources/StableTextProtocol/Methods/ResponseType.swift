import StableTextJSON

/// A request's result, written as the server answers it.
public protocol ResponseType: Sendable {
  var json: JSONValue { get }
}

/// A result that is whatever JSON a handler wrote, for the answers that are long-lived JSON
/// writers of their own (diagnostics, the state, scroll answers): the JSON is the type.
extension JSONValue: ResponseType {
  public var json: JSONValue { self }
}
