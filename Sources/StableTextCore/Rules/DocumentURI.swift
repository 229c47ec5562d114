/// Just enough URI handling to match overrides: the decoded path of a URI.
package enum DocumentURI {
  /// `file:///home/a%20b/x.md` → `/home/a b/x.md`; `untitled:Untitled-1` → `Untitled-1`.
  /// The query and fragment are dropped; invalid percent escapes are kept literally. A `file:`
  /// URI's absolute path is made lexically normal (`normalisedPath`): `file:///a/b/../c` is
  /// `/a/c`, so that overrides, configuration files and the mirror of `.editorconfig` files all
  /// see the path the system would open.
  package static func decodedPath(of uri: String) -> String {
    var rest = Substring(uri)
    var isFile = false
    if let colon = rest.firstIndex(of: ":"),
      rest[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) })
    {
      isFile = rest[..<colon].lowercased() == "file"
      rest = rest[rest.index(after: colon)...]
    }
    if rest.hasPrefix("//") {
      rest = rest.dropFirst(2)
      rest = rest[(rest.firstIndex(of: "/") ?? rest.endIndex)...]
    }
    if let end = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<end] }
    let path = percentDecoded(rest)
    return isFile && path.hasPrefix("/") ? normalisedPath(path) : path
  }

  /// An absolute path made lexically normal without touching the disk: repeated `/` collapsed,
  /// `.` dropped, `..` takes away the component before it and never goes above `/`, no `/` at
  /// the end (`//a/./b/../../../c/` → `/c`). Symbolic links are not resolved: the ancestors are
  /// the path's own. Linear in the path.
  package static func normalisedPath(_ path: String) -> String {
    var parts: [Substring] = []
    for component in path.split(separator: "/", omittingEmptySubsequences: true) {
      if component == "." { continue }
      if component == ".." {
        if !parts.isEmpty { parts.removeLast() }
        continue
      }
      parts.append(component)
    }
    return "/" + parts.joined(separator: "/")
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
