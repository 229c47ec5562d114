/// What a trailer token may hold (git's): ASCII letters, digits and `-`, not starting with `-`.
public enum TrailerToken {
  /// Whether `token` is a trailer token.
  public static func isValid(_ token: some StringProtocol) -> Bool {
    guard let first = token.utf8.first, first != UInt8(ascii: "-") else { return false }
    return token.utf8.allSatisfy(isTokenByte)
  }

  static func isTokenByte(_ byte: UInt8) -> Bool {
    (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
      || byte == UInt8(ascii: "-")
  }
}
