import StableTextCore
import StableTextJSON
import StableTextProject
import StableTextProtocol
import StableTextSystem

/// What `stabletext rules` says of one path (Protocol/README.md, "Command line"): each field of
/// the rules `check` applies to it, with the layer its value came from, the team's conventions,
/// and whether any rule covers it; as text, or as the JSON element `--format json` prints for it
/// (which the MCP tool `explain_rules` answers with).
package enum RulesReport {
  /// The rules of a path and where each field's value came from (`CheckRules.provenance`).
  package typealias Found = (resolved: CheckRules.Resolved, origins: [String: RuleOrigin])

  /// `{"path", "covered", "rules": {FIELD: {"value", "from"}}, "conventions"}`.
  package static func json(path: String, _ found: Found) -> JSONValue {
    let rules = found.resolved.rules
    var fields = JSONObject()
    for field in RuleTable.fields {
      fields[field.name] = .object([
        "value": RulesEncoding.json(field.resolved(rules)),
        "from": .string(describe(found.origins[field.name], field: field.name, path: found.resolved.lookup)),
      ])
    }
    var entry: JSONObject = [
      "path": .string(path), "covered": .bool(!rules.checksNothing), "rules": .object(fields),
    ]
    if let conventions = conventionJSON(rules) { entry["conventions"] = conventions }
    return .object(entry)
  }

  /// The path on a line of its own, then a field a line, the conventions, and whether it is
  /// covered.
  package static func text(path: String, _ found: Found) -> String {
    let rules = found.resolved.rules
    // One line a path, whatever it holds: a path with a control character (a newline, an
    // escape) is written as a JSON string, so it can neither split nor repaint the output
    // (and what JSON leaves, a bidirectional control, escaped as `ShownText` does).
    let plain = ShownText.escaped(path) == path
    var text = (plain ? path : ShownText.escaped(JSONSerializer.string(.string(path)))) + "\n"
    // The values, the files' and folders' names, the patterns and the team's rules are the
    // repository's: each line escaped (`ShownText`), so it stays one line of plain text.
    for field in RuleTable.fields {
      let value = JSONSerializer.string(RulesEncoding.json(field.resolved(rules)))
      let origin = describe(found.origins[field.name], field: field.name, path: found.resolved.lookup)
      text += ShownText.escaped("  \(field.name): \(value)  (\(origin))") + "\n"
    }
    for line in conventionLines(rules) { text += ShownText.escaped(line) + "\n" }
    text +=
      rules.checksNothing
      ? "  covered: no (no rule here can report anything; check prints nothing for it)\n"
      : "  covered: yes (a rule here can report something)\n"
    return text
  }

  /// Where the value of `field` came from for the file looked up at `path`: an EditorConfig
  /// property names its section and file (the library asked a section at a time).
  static func describe(_ origin: RuleOrigin?, field: String, path: String) -> String {
    let origin = origin ?? .defaults(CheckRules.base.defaults)
    guard case .layer(.editorConfig(let files)) = origin else { return describe(origin) }
    let properties = field == "lineRules" ? ["max_line_length"] : ["tab_width", "indent_size"]
    guard let found = EditorConfigSectionFinder.origin(of: properties, forFile: path, files: files) else {
      return describe(origin)
    }
    return ".editorconfig [\(found.section)] in \(found.file)"
  }

  /// Where a value came from, in the words of Protocol/README.md, "Command line".
  static func describe(_ origin: RuleOrigin) -> String {
    switch origin {
    case .defaults(.editor): return "editor defaults"
    case .defaults(.protocol): return "protocol defaults"
    case .layer(let source): return describe(source)
    case .preset(let preset, let source): return "preset \(preset.rawValue), named by \(describe(source))"
    }
  }

  static func describe(_ source: RuleLayer.Source) -> String {
    switch source {
    case .clientRules: return "initializationOptions.rules"
    case .editorConfig(let files):
      return ".editorconfig in \(files.joined(separator: ", "))"
    case .builtIn(_, let selector): return "built-in override (\(selector))"
    case .git: return "git core.commentChar"
    case .clientOverride(let index, let selector):
      return "initializationOptions.overrides[\(index)] (\(selector))"
    case .projectRules(let file): return ".stabletext.json rules in \(file)"
    case .projectOverride(let file, let index, let selector):
      return ".stabletext.json overrides[\(index)] (\(selector)) in \(file)"
    case .configured: return "command line"
    }
  }
}
