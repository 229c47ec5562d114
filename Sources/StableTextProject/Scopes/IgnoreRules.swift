import StableTextSystem

/// The lines of a `.gitignore` or `.nxignore` at a repository's root, as git reads them, for the
/// folders and files Nx's walk leaves out: blank lines and `#` comments skipped, `!` re-includes,
/// a trailing `/` for folders only, a pattern with a `/` before its end anchored at the root
/// (`**/`, `/**` and `/**/` as git reads them), else matched against the name at any depth; `*`
/// and `?` never cross a `/` and do match a leading `.`. The last line that matches decides.
struct IgnoreRules {
  private struct Rule {
    var negated: Bool
    var foldersOnly: Bool
    var anchored: Bool
    var segments: [String]
  }

  private var rules: [Rule] = []

  init(_ text: String) {
    for rawLine in text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
      var line = Substring(rawLine)
      if line.hasSuffix("\r") { line = line.dropLast() }
      while line.hasSuffix(" ") && !line.hasSuffix("\\ ") { line = line.dropLast() }
      guard !line.isEmpty, !line.hasPrefix("#") else { continue }
      var rule = Rule(negated: false, foldersOnly: false, anchored: false, segments: [])
      if line.hasPrefix("!") {
        rule.negated = true
        line = line.dropFirst()
      } else if line.hasPrefix("\\!") || line.hasPrefix("\\#") {
        line = line.dropFirst()
      }
      if line.hasSuffix("/") {
        rule.foldersOnly = true
        line = line.dropLast()
      }
      rule.anchored = line.contains("/")
      if line.hasPrefix("/") { line = line.dropFirst() }
      guard !line.isEmpty else { continue }
      rule.segments = String(line).slashSeparated().map(String.init)
      rules.append(rule)
    }
  }

  var isEmpty: Bool { rules.isEmpty }

  /// Whether the path (relative to the root) is ignored, the last matching line deciding.
  func ignores(_ path: String, isFolder: Bool) -> Bool {
    if rules.isEmpty { return false }
    let names = path.slashSeparated().map(String.init)
    var ignored = false
    for rule in rules where !(rule.foldersOnly && !isFolder) {
      let matched =
        rule.anchored
        ? Self.matches(rule.segments[...], names[...])
        : names.last.map { FileSystem.segmentMatches(rule.segments[0], $0, leadingDot: true) } ?? false
      if matched { ignored = !rule.negated }
    }
    return ignored
  }

  private static func matches(_ segments: ArraySlice<String>, _ names: ArraySlice<String>) -> Bool {
    guard let segment = segments.first else { return names.isEmpty }
    if segment == "**" {
      // `a/**` matches everything inside `a` (not `a` itself); elsewhere any number of folders.
      if segments.count == 1 { return !names.isEmpty }
      if matches(segments.dropFirst(), names) { return true }
      return !names.isEmpty && matches(segments, names.dropFirst())
    }
    guard let name = names.first, FileSystem.segmentMatches(segment, name, leadingDot: true) else {
      return false
    }
    return matches(segments.dropFirst(), names.dropFirst())
  }
}
