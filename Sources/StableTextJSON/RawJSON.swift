import CJansson

/// Path-free reads of a parsed value, for hot paths that fall back to `JSONRef` (which names
/// the field in its errors) whenever anything is not as expected.
public struct RawJSON {
  public let pointer: UnsafeMutablePointer<json_t>

  public init?(_ pointer: UnsafeMutablePointer<json_t>?) {
    guard let pointer else { return nil }
    self.pointer = pointer
  }

  public var isObject: Bool { pointer.pointee.type == JSON_OBJECT }

  /// The member `key` of an object; `nil` when this is not an object or has no such member.
  @inline(__always)
  public func member(_ key: StaticString) -> RawJSON? {
    guard pointer.pointee.type == JSON_OBJECT else { return nil }
    return key.utf8Start.withMemoryRebound(to: CChar.self, capacity: key.utf8CodeUnitCount + 1) {
      RawJSON(json_object_get(pointer, $0))
    }
  }

  public var string: String? {
    pointer.pointee.type == JSON_STRING ? JSONRef.string(of: pointer) : nil
  }

  public var int: Int? {
    pointer.pointee.type == JSON_INTEGER ? Int(json_integer_value(pointer)) : nil
  }

  public var nonNegativeInt: Int? {
    guard pointer.pointee.type == JSON_INTEGER else { return nil }
    let value = json_integer_value(pointer)
    return value >= 0 ? Int(value) : nil
  }

  public var count: Int? {
    pointer.pointee.type == JSON_ARRAY ? json_array_size(pointer) : nil
  }

  public func element(_ index: Int) -> RawJSON? { RawJSON(json_array_get(pointer, index)) }
}
