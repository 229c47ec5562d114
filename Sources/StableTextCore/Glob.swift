/// A path glob for rule overrides: `*` and `?` match within one path segment, `**` matches any
/// number of whole segments. A pattern that does not start with `/` may match any suffix of
/// the path that begins at a segment boundary, so `*.md` matches every Markdown file and
/// `docs/*.txt` matches `/home/me/project/docs/a.txt`.
public struct Glob: Hashable, Sendable {
  public let pattern: String
  private let segments: [[Unicode.Scalar]]
  private let anchored: Bool

  public init(_ pattern: String) {
    self.pattern = pattern
    anchored = pattern.hasPrefix("/")
    segments = pattern.split(separator: "/", omittingEmptySubsequences: true).map {
      Array($0.unicodeScalars)
    }
  }

  public func matches(path: String) -> Bool {
    let parts = path.split(separator: "/", omittingEmptySubsequences: true).map {
      Array($0.unicodeScalars)
    }
    if anchored { return match(segments[...], parts[...]) }
    for start in parts.indices where match(segments[...], parts[start...]) { return true }
    return false
  }

  private func match(_ pattern: ArraySlice<[Unicode.Scalar]>, _ path: ArraySlice<[Unicode.Scalar]>) -> Bool {
    guard let first = pattern.first else { return path.isEmpty }
    if first == ["*", "*"] {
      // `**` takes zero or more segments.
      var rest = path
      while true {
        if match(pattern.dropFirst(), rest) { return true }
        guard !rest.isEmpty else { return false }
        rest = rest.dropFirst()
      }
    }
    guard let segment = path.first, Glob.matchSegment(first[...], segment[...]) else { return false }
    return match(pattern.dropFirst(), path.dropFirst())
  }

  private static func matchSegment(_ pattern: ArraySlice<Unicode.Scalar>, _ name: ArraySlice<Unicode.Scalar>)
    -> Bool
  {
    guard let head = pattern.first else { return name.isEmpty }
    switch head {
    case "*":
      var rest = name
      while true {
        if matchSegment(pattern.dropFirst(), rest) { return true }
        guard !rest.isEmpty else { return false }
        rest = rest.dropFirst()
      }
    case "?":
      return !name.isEmpty && matchSegment(pattern.dropFirst(), name.dropFirst())
    default:
      return name.first == head && matchSegment(pattern.dropFirst(), name.dropFirst())
    }
  }
}

/// Just enough URI handling to match overrides: the decoded path of a URI.
public enum DocumentURI {
  /// `file:///home/a%20b/x.md` → `/home/a b/x.md`; `untitled:Untitled-1` → `Untitled-1`.
  /// The query and fragment are dropped; invalid percent escapes are kept literally.
  public static func decodedPath(of uri: String) -> String {
    var rest = Substring(uri)
    if let colon = rest.firstIndex(of: ":"),
      rest[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) })
    {
      rest = rest[rest.index(after: colon)...]
    }
    if rest.hasPrefix("//") {
      rest = rest.dropFirst(2)
      rest = rest[(rest.firstIndex(of: "/") ?? rest.endIndex)...]
    }
    if let end = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<end] }
    return percentDecoded(rest)
  }

  static func percentDecoded(_ text: Substring) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    var iterator = Array(text.utf8)[...]
    while let byte = iterator.popFirst() {
      if byte == UInt8(ascii: "%"), iterator.count >= 2,
        let high = hexValue(iterator[iterator.startIndex]),
        let low = hexValue(iterator[iterator.startIndex + 1])
      {
        bytes.append(high << 4 | low)
        iterator = iterator.dropFirst(2)
      } else {
        bytes.append(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
  }
}
