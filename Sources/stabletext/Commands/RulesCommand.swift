import StableTextCheck
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
        case .success(let value): layer.setEncoding(named: value)
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
    // Configuration problems as `check` says them (on standard error).
    var report = CheckReport(format: .text, columnUnit: .display, commits: false)
    var configuration = ConfigurationReport(strict: false)
    for (index, path) in options.operands.enumerated() {
      let found: RulesReport.Found = resolver.provenance(forPath: path)
      guard configuration.say(found.resolved.problems, report: &report) else {
        Standard.output(text)
        return 2
      }
      for warning in found.resolved.warnings {
        Standard.error("stabletext: warning: \(ShownText.escaped(warning))\n")
      }
      switch format {
      case .json: entries.append(RulesReport.json(path: path, found))
      case .text: text += (index > 0 ? "\n" : "") + RulesReport.text(path: path, found)
      }
    }
    switch format {
    case .json: Standard.output(JSONSerializer.string(.array(entries)) + "\n")
    case .text: Standard.output(text)
    }
    return 0
  }
}
