import StableTextCore
import StableTextJSON
import StableTextProject
import StableTextProtocol
import StableTextSystem

/// `stabletext rules [--format text|json] [RULE OPTIONS] PATH…`: for each path, the rules `check`
/// applies to it (and the daemon to a `file:` document there, started with the editor
/// defaults), each field with the layer its value came from (Protocol/README.md, "Command
/// line"). Rules are by path: the file need not exist, and it is never read (git's cleanup of a
/// message's own text, which `check` reads, is not shown).
enum RulesCommand {
  enum Format: String {
    case text, json
  }

  static func run(_ arguments: [String]) -> Int32 {
    var layer = RulePatch()
    var format = Format.text
    var options = OptionReader(arguments)
    while let option = options.next() {
      switch option.name {
      case "--help", "-h":
        Standard.output(Usage.Command.rules.help)
        return 0
      case "--format":
        guard let named = options.value(for: option).flatMap(Format.init(rawValue:)) else {
          return Usage.fail("--format needs text or json", command: .rules)
        }
        format = named
      case "--encoding":
        // The `encoding` rule (what bytes count in); `check` also reads the file in it.
        switch RuleOptions.encodingName(option, &options) {
        case .success(let value): layer.encoding = CharacterEncoding(named: value)
        case .failure(let problem): return Usage.fail(problem.text, command: .rules)
        }
      default:
        switch RuleOptions.read(option, &options, into: &layer) {
        case nil: return Usage.fail("unknown option \(option.name) for rules", command: .rules)
        case .some(let problem?): return Usage.fail(problem, command: .rules)
        case .some(nil): break
        }
      }
    }
    if let problem = RuleOptions.problem(layer) { return Usage.fail(problem, command: .rules) }
    guard !options.operands.isEmpty else {
      return Usage.fail("rules needs at least one PATH", command: .rules)
    }

    let resolver = CheckRules(options: layer)
    var entries: [JSONValue] = []
    var text = ""
    for (index, path) in options.operands.enumerated() {
      let found: (resolved: CheckRules.Resolved, origins: [String: RuleOrigin])
      switch resolver.provenance(forPath: path) {
      case .success(let provenance): found = provenance
      case .failure(let problem):
        // As `check` says it: the file, then what is wrong with which field.
        Standard.output(text)
        Standard.error("\(ShownText.escaped(problem.path)): error: \(ShownText.escaped(problem.problem))\n")
        return 2
      }
      for warning in found.resolved.warnings {
        Standard.error("stabletext: warning: \(ShownText.escaped(warning))\n")
      }
      let rules = found.resolved.rules
      let covered = !rules.checksNothing
      let lookup = found.resolved.lookup
      switch format {
      case .json:
        var fields = JSONObject()
        for field in RuleTable.fields {
          fields[field.name] = .object([
            "value": RulesEncoding.json(field.resolved(rules)),
            "from": .string(describe(found.origins[field.name], field: field.name, path: lookup)),
          ])
        }
        var entry: JSONObject = ["path": .string(path), "covered": .bool(covered), "rules": .object(fields)]
        if let conventions = conventionJSON(rules) { entry["conventions"] = conventions }
        entries.append(.object(entry))
      case .text:
        if index > 0 { text += "\n" }
        // One line a path, whatever it holds: a path with a control character (a newline, an
        // escape) is written as a JSON string, so it can neither split nor repaint the output
        // (and what JSON leaves, a bidirectional control, escaped as `ShownText` does).
        let plain = ShownText.escaped(path) == path
        text += (plain ? path : ShownText.escaped(JSONSerializer.string(.string(path)))) + "\n"
        // The values, the files' and folders' names, the patterns and the team's rules are the
        // repository's: each line escaped (`ShownText`), so it stays one line of plain text.
        for field in RuleTable.fields {
          let value = JSONSerializer.string(RulesEncoding.json(field.resolved(rules)))
          let origin = describe(found.origins[field.name], field: field.name, path: lookup)
          text += ShownText.escaped("  \(field.name): \(value)  (\(origin))") + "\n"
        }
        for line in conventionLines(rules) { text += ShownText.escaped(line) + "\n" }
        text +=
          covered
          ? "  covered: yes (a rule here can report something)\n"
          : "  covered: no (no rule here can report anything; check prints nothing for it)\n"
      }
    }
    switch format {
    case .json: Standard.output(JSONSerializer.string(.array(entries)) + "\n")
    case .text: Standard.output(text)
    }
    return 0
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
