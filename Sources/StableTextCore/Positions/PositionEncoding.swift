/// How the `character` of a position is counted: the three encodings LSP 3.17 negotiates.
public enum PositionEncoding: String, Sendable, CaseIterable {
  /// UTF-8 code units (bytes).
  case utf8 = "utf-8"
  /// UTF-16 code units: LSP's default, and `NSString`'s and JavaScript's.
  case utf16 = "utf-16"
  /// Unicode scalars.
  case utf32 = "utf-32"

  /// Picks the first encoding the server supports in the client's order of preference,
  /// falling back to UTF-16, which every LSP client must support.
  public static func negotiate(clientPreferences: [String]) -> PositionEncoding {
    for name in clientPreferences {
      if let encoding = PositionEncoding(rawValue: name) { return encoding }
    }
    return .utf16
  }

  /// How many code units of this encoding a scalar takes.
  @inline(__always)
  func width(of scalar: Unicode.Scalar) -> Int {
    switch self {
    case .utf8: return UTF8.width(scalar)
    case .utf16: return UTF16.width(scalar)
    case .utf32: return 1
    }
  }
}
