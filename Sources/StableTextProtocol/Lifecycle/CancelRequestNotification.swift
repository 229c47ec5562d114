import StableTextJSON

/// `$/cancelRequest`: the connection looks ahead for it and answers the request `-32800`; the
/// handler has nothing to do.
public struct CancelRequestNotification: CancellationNotification {
  public static let method = "$/cancelRequest"
  public static let requestMember = "id"
  public static let answersCancelledRequest = true
  /// The id of the request to cancel, as sent.
  public var id: JSONValue

  public init(id: JSONValue) { self.id = id }
  /// Not checked here: the connection matched (or did not match) the id already.
  public init(decoding params: JSONRef) throws(JSONFieldError) { id = params["id"].value ?? .null }
  public var json: JSONValue { ["id": id] }
}
