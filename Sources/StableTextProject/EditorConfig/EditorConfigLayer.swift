import StableTextCore

/// What EditorConfig's properties give a document: `max_line_length = N` a line rule on every
/// line (N columns, a warning), `tab_width` (or `indent_size` when it is a number and `tab_width`
/// is absent) the tab size. `max_line_length = off`, values out of range and every other
/// property give nothing: an editor's file is no place for an error.
package enum EditorConfigLayer {
  /// The name looked for in a file's folder and its ancestors.
  package static let name = ".editorconfig"

  package static func patch(_ properties: [String: String]) -> RulePatch? {
    var patch = RulePatch()
    var any = false
    if let value = properties["max_line_length"], let limit = Int(value), limit >= 0 {
      patch.lineRules = [LineRule(lines: LineSpan(first: 1, last: nil), maxLength: limit)]
      any = true
    }
    let tab =
      properties["tab_width"].map { Int($0) } ?? properties["indent_size"].flatMap { Int($0) }
    if let tab, (1...1000).contains(tab) {
      patch.tabSize = tab
      any = true
    }
    return any ? patch : nil
  }
}
