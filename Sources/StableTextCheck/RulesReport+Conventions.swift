import StableTextConventions
import StableTextCore
import StableTextJSON

/// What `stabletext rules` says of a team's conventions (Protocol/README.md, "Team
/// conventions"): the commitlint rules in the order commitlint reports them, each with its
/// setting and where it came from (the file's own `rules`, or the shared configuration it
/// extends), and the `.gitlint` sections as read, with the rules they enable.
extension RulesReport {
  /// The lines of text for `rules`' conventions (none when no configuration applies).
  package static func conventionLines(_ rules: Rules) -> [String] {
    guard let conventions = rules.conventions else { return [] }
    let applies = rules.isCommitMessage
    let note = applies ? "" : " (not applied: only commit-message files follow it)"
    var lines: [String] = []
    if let setup = conventions.commitlint {
      lines.append("  commitlint: \(source(setup))\(note)")
      for entry in setup.configuration.rules {
        let value = JSONSerializer.string(json(entry.setting))
        lines.append("    \(entry.name): \(value)  (\(origin(of: entry.name, in: setup)))")
      }
      let configuration = setup.configuration
      lines.append("    defaultIgnores: \(configuration.defaultIgnores)")
      if let help = configuration.helpUrl {
        lines.append("    helpUrl: \(JSONSerializer.string(.string(help)))")
      }
    }
    if let setup = conventions.gitlint {
      lines.append("  gitlint: \(setup.file)\(note)")
      for section in setup.sections {
        for option in section.options {
          lines.append("    [\(section.name)] \(option.key) = \(option.value)")
        }
      }
      lines.append("    rules: " + setup.configuration.rules.map(\.id).joined(separator: " "))
    }
    return lines
  }

  /// The same as JSON: `{"applies", "commitlint": {"file", "member", "rules": {name: {"value",
  /// "from"}}, "defaultIgnores", "helpUrl"}, "gitlint": {"file", "sections", "rules"}}`.
  package static func conventionJSON(_ rules: Rules) -> JSONValue? {
    guard let conventions = rules.conventions else { return nil }
    var object: JSONObject = ["applies": .bool(rules.isCommitMessage)]
    if let setup = conventions.commitlint {
      var configured = JSONObject()
      for entry in setup.configuration.rules {
        var rule: JSONObject = [
          "value": json(entry.setting), "from": .string(origin(of: entry.name, in: setup)),
        ]
        if let origin = setup.origins[entry.name] { rule["origin"] = json(origin) }
        configured[entry.name] = .object(rule)
      }
      object["commitlint"] = .object([
        "file": .string(setup.file), "member": setup.member.map(JSONValue.string) ?? .null,
        "rules": .object(configured), "defaultIgnores": .bool(setup.configuration.defaultIgnores),
        "helpUrl": setup.configuration.helpUrl.map(JSONValue.string) ?? .null,
      ])
    }
    if let setup = conventions.gitlint {
      object["gitlint"] = .object([
        "file": .string(setup.file),
        "sections": .array(
          setup.sections.map { section in
            var options = JSONObject()
            for option in section.options { options[option.key] = .string(option.value) }
            return .object(["name": .string(section.name), "options": .object(options)])
          }),
        "rules": .array(setup.configuration.rules.map { .string($0.id) }),
      ])
    }
    return .object(object)
  }

  /// `/repo/package.json, member commitlint`, or the file alone.
  private static func source(_ setup: CommitlintSetup) -> String {
    setup.member.map { "\(setup.file), member \($0)" } ?? setup.file
  }

  /// Where a rule's setting came from, innermost first: `rules at FILE:LINE` (the team's own),
  /// `NAME via extends[0] at FILE:LINE` (a configuration built in), `computed by NAME via …` (one
  /// computed from the repository's packages), `rules of NAME at FILE:LINE` (a shareable
  /// configuration's file), each followed by `, in NAME via extends[0] at FILE:LINE` for every
  /// `extends` followed to reach it.
  static func origin(of name: String, in setup: CommitlintSetup) -> String {
    guard let origin = setup.origins[name] else { return "rules in \(source(setup))" }
    var text: String
    let isExtends = origin.place.field.hasPrefix("extends")
    if let shared = origin.configuration, isExtends {
      let computed = origin.isComputed ? "computed by " : ""
      text = "\(computed)\(shared) via \(origin.place.field) at \(describe(origin.place))"
    } else if let shared = origin.configuration {
      text = "rules of \(shared) at \(describe(origin.place))"
    } else {
      text = "rules at \(describe(origin.place))"
    }
    for step in origin.via.reversed() {
      text += ", in \(step.name) via \(step.place.field) at \(describe(step.place))"
    }
    return text
  }

  /// `FILE:LINE`, or the file alone when the line is not known.
  private static func describe(_ place: CommitlintRuleOrigin.Place) -> String {
    place.line.map { "\(place.file):\($0)" } ?? place.file
  }

  /// An origin as JSON: `{"configuration", "file", "line", "field", "via": [{"configuration",
  /// "file", "line", "field"}]}` (`via` outermost first).
  static func json(_ origin: CommitlintRuleOrigin) -> JSONValue {
    func place(_ place: CommitlintRuleOrigin.Place, _ name: String?) -> JSONObject {
      [
        "configuration": name.map(JSONValue.string) ?? .null, "file": .string(place.file),
        "line": place.line.map(JSONValue.int) ?? .null, "field": .string(place.field),
      ]
    }
    var object = place(origin.place, origin.configuration)
    object["via"] = .array(origin.via.map { .object(place($0.place, $0.name)) })
    return .object(object)
  }

  /// A setting as commitlint's configuration writes it: `[level, condition, value]`, as long as
  /// it was written.
  package static func json(_ setting: CommitlintRuleSetting) -> JSONValue {
    var items: [JSONValue] = [.int(setting.level)]
    if let condition = setting.condition { items.append(.string(condition.rawValue)) }
    if let value = setting.value {
      if setting.condition == nil { items.append(.string(CommitlintCondition.always.rawValue)) }
      items.append(json(value))
    }
    return .array(items)
  }

  /// A configured value as JSON, members in the order written.
  package static func json(_ value: CommitlintValue) -> JSONValue {
    switch value {
    case .null: return .null
    case .bool(let flag): return .bool(flag)
    case .number(let number):
      // Fits: a whole number within Int's range is written as an integer (`100`, not `100.0`).
      if number == number.rounded(), abs(number) < 9e15 { return .int(Int(number)) }
      return .double(number)
    case .string(let text): return .string(text)
    case .array(let items): return .array(items.map(json))
    case .object(let members):
      var object = JSONObject()
      for member in members { object[member.name] = json(member.value) }
      return .object(object)
    }
  }
}
