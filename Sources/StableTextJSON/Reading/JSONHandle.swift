import CJansson

/// Owns one reference to a jansson value and drops it when the handle goes away, so that no
/// code outside this module counts references by hand.
public final class JSONHandle: @unchecked Sendable {
  /// Never null. Valid for as long as this handle lives.
  public let pointer: UnsafeMutablePointer<json_t>

  /// Takes over a reference the caller already owns (a "new reference" in jansson's terms).
  public init(owning pointer: UnsafeMutablePointer<json_t>) {
    self.pointer = pointer
  }

  /// Adds a reference to a value borrowed from elsewhere.
  public init(borrowing pointer: UnsafeMutablePointer<json_t>) {
    self.pointer = json_incref(pointer)!
  }

  deinit { json_decref(pointer) }

  /// A borrowed view of the root, for typed reads with field paths.
  public func ref(_ path: JSONPath = .root("")) -> JSONRef {
    JSONRef(pointer, path: path, owner: self)
  }
}
