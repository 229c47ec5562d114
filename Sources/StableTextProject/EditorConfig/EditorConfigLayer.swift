import StableTextCore

/// What EditorConfig's properties give a document: `max_line_length = N` a line rule on every
/// line (N columns, a warning), `tab_width` (or `indent_size` when it is a number and `tab_width`
/// is absent) the tab size. `max_line_length = off`, `0` (no limit, as Vim's `textwidth` reads
/// it, not a limit every character is over), values out of range and every other property give
/// nothing: an editor's file is no place for an error.
package enum EditorConfigLayer {
  /// The name looked for in a file's folder and its ancestors.
  package static let name = ".editorconfig"

  package static func patch(_ properties: [String: String]) -> RulePatch? {
    var lines: [LineRule]?
    if let value = properties["max_line_length"], let limit = Int(value), limit >= 1 {
      lines = [LineRule(lines: LineSpan(first: 1, last: nil), maxLength: limit)]
    }
    let tab =
      properties["tab_width"].map { Int($0) } ?? properties["indent_size"].flatMap { Int($0) }
    let tabStop = tab.flatMap { (1...1000).contains($0) ? $0 : nil }
    guard lines != nil || tabStop != nil else { return nil }
    return RulePatch(lineRules: lines, tabSize: tabStop)
  }

  /// Whether the file says `root = true` before its first section (names and value in any case,
  /// spaces around them, `;` and `#` comment lines), as the library reads it: no file above it
  /// is read (`stabletext rules` names only the files read).
  package static func declaresRoot(_ bytes: [UInt8]) -> Bool {
    for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
      let text = String(decoding: line, as: UTF8.self).trimmingSpaces
      if text.isEmpty || text.hasPrefix(";") || text.hasPrefix("#") { continue }
      if text.hasPrefix("[") { return false }
      guard let equals = text.firstIndex(where: { $0 == "=" || $0 == ":" }) else { continue }
      if text[..<equals].trimmingSpaces.lowercased() == "root"
        && text[text.index(after: equals)...].trimmingSpaces.lowercased() == "true"
      {
        return true
      }
    }
    return false
  }
}

extension StringProtocol {
  /// Without spaces, tabs and carriage returns at either end.
  fileprivate var trimmingSpaces: String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
    guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) })
    else {
      return ""
    }
    return String(self[first...last])
  }
}
