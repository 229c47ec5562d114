import StableTextJSON

/// A value and the field path it was read at: a position is checked against the document only
/// after the params are read, and the error it may cause must still name its field.
public struct Located<Value: Sendable>: Sendable {
  public var value: Value
  public var path: JSONPath

  public init(_ value: Value, at path: JSONPath) {
    self.value = value
    self.path = path
  }
}
