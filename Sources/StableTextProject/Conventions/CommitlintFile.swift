import StableTextConventions
import StableTextCore
import StableTextJSON

/// A commitlint configuration read from a team's file and resolved as commitlint's `load` resolves
/// it (Protocol/README.md, "Where the rules come from"): `extends` with the shared configurations
/// StableText has built in, then the file's own `rules`, `defaultIgnores`, `helpUrl` and
/// `parserPreset`. What StableText cannot honour, and what commitlint itself would refuse, is a
/// problem naming the file and the field path (`rules.subject-case[0]`); the file is then
/// ignored, and nothing above it applies in its place.
package enum CommitlintFile {
  /// The file names commitlint (cosmiconfig) looks for in each folder, in the order it looks;
  /// `member` is the key of the configuration inside the file, nil when the whole file is it.
  /// JavaScript and TypeScript files are listed so they can be refused by name.
  package static let searchPlaces: [(name: String, format: Format)] = [
    ("package.json", .packageJSON), ("package.yaml", .packageYAML), (".commitlintrc", .yamlOrJSON),
    (".commitlintrc.json", .json), (".commitlintrc.yaml", .yaml), (".commitlintrc.yml", .yaml),
    (".commitlintrc.js", .script), (".commitlintrc.cjs", .script), (".commitlintrc.mjs", .script),
    ("commitlint.config.js", .script), ("commitlint.config.cjs", .script), ("commitlint.config.mjs", .script),
    (".commitlintrc.ts", .script), (".commitlintrc.cts", .script), (".commitlintrc.mts", .script),
    ("commitlint.config.ts", .script), ("commitlint.config.cts", .script), ("commitlint.config.mts", .script),
  ]

  /// How a search place is read.
  package enum Format: Sendable {
    /// `package.json`: JSON, its `commitlint` member (none: not a configuration).
    case packageJSON
    /// `package.yaml`: YAML, its `commitlint` member.
    case packageYAML
    /// `.commitlintrc`: YAML, which JSON also is (cosmiconfig's loader for a file without an
    /// extension).
    case yamlOrJSON
    case json
    case yaml
    /// JavaScript or TypeScript: refused.
    case script
  }

  /// The shared configurations `extends` may name.
  static let builtIn = CommitlintSharedConfigurations.byName

  /// The parser presets whose options StableText has.
  static let parserPresets: [String: ConventionalCommitParser.Options] = [
    "conventional-changelog-conventionalcommits": .conventionalCommits,
    "conventional-changelog-angular": .commitlintDefault,
  ]

  /// Reads the search place `name` of `format` at `path`: its setup, nil when it is not a
  /// configuration (empty, or a `package.json` without `commitlint`: commitlint keeps looking),
  /// or the problem.
  package static func read(_ bytes: [UInt8], path: String, format: Format) -> Result<
    CommitlintSetup?, ConfigurationProblem
  > {
    func refuse(_ problem: String) -> Result<CommitlintSetup?, ConfigurationProblem> {
      .failure(ConfigurationProblem(path: path, problem: problem))
    }
    if format == .script {
      return refuse(
        "a JavaScript or TypeScript configuration cannot be honoured (StableText runs no JavaScript): "
          + "write it as .commitlintrc.json, .commitlintrc.yaml or package.json's commitlint")
    }
    // cosmiconfig skips a file with nothing but whitespace, and looks further.
    if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) { return .success(nil) }
    // A package manifest that never says `commitlint` holds no configuration: it is not parsed,
    // so one being edited (and briefly malformed) in a repository without commitlint is no
    // problem of StableText's.
    if format == .packageJSON || format == .packageYAML, !contains(bytes, Array("commitlint".utf8)) {
      return .success(nil)
    }
    let root: CommitlintValue?
    switch format {
    case .packageJSON, .json:
      switch json(bytes) {
      case .success(let value): root = value
      case .failure(let error): return refuse("not JSON: \(error)")
      }
    default:
      switch YAMLDocument.parse(bytes) {
      case .success(let value): root = value
      case .failure(let problem): return refuse("not YAML: \(problem)")
      }
    }
    var member: String?
    var configuration = root
    if format == .packageJSON || format == .packageYAML {
      // cosmiconfig reads the member of whatever the manifest holds: no object, no member.
      guard case .object(let members)? = root else { return .success(nil) }
      member = "commitlint"
      configuration = members.last { $0.name == "commitlint" }?.value
      if configuration == nil || configuration == .null { return .success(nil) }
    }
    guard let configuration else { return refuse("holds no configuration (an object is expected)") }
    return resolve(configuration, path: path, member: member).map { $0 }
  }

  /// Whether `bytes` contains `needle`.
  static func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
    guard let first = needle.first, bytes.count >= needle.count else { return needle.isEmpty }
    var start = 0
    while start <= bytes.count - needle.count {
      if bytes[start] == first && bytes[start..<(start + needle.count)].elementsEqual(needle) { return true }
      start += 1
    }
    return false
  }

  /// A JSON text as a commitlint value (jansson keeps an object's members in order; a name
  /// written twice keeps its first place and its last value, as `JSON.parse` does).
  static func json(_ bytes: [UInt8]) -> Result<CommitlintValue, JSONParseError> {
    do throws(JSONParseError) {
      return .success(value(of: JSONValue(try JSONParser.parse(bytes))))
    } catch {
      return .failure(error)
    }
  }

  /// A JSON value as a commitlint value.
  package static func value(of json: JSONValue) -> CommitlintValue {
    switch json {
    case .null: return .null
    case .bool(let flag): return .bool(flag)
    case .int(let number): return .number(Double(number))
    case .double(let number): return .number(number)
    case .string(let text): return .string(text)
    case .array(let elements): return .array(elements.map(value(of:)))
    case .object(let object):
      return .object(object.pairs.map { CommitlintValue.Member($0.key, value(of: $0.value)) })
    case .raw(let handle): return value(of: JSONValue(handle))
    case .verbatim(let text): return (try? JSONValue(parsing: text)).map(value(of:)) ?? .null
    }
  }

  /// The configuration `root` holds (the member `member` of the file at `path`, when given),
  /// resolved, or the first problem in the order the fields are written.
  package static func resolve(_ root: CommitlintValue, path: String, member: String?) -> Result<
    CommitlintSetup, ConfigurationProblem
  > {
    let prefix = member.map { "\($0)." } ?? ""
    func refuse(_ field: String, _ problem: String) -> Result<CommitlintSetup, ConfigurationProblem> {
      .failure(ConfigurationProblem(path: path, problem: "\(prefix)\(field): \(problem)"))
    }
    guard case .object(let members) = root else {
      return .failure(
        ConfigurationProblem(
          path: path, problem: "\(member ?? "the configuration") must be an object, not \(describe(root))"))
    }
    // A JavaScript object keeps a repeated key's last value.
    var fields: [(name: String, value: CommitlintValue)] = []
    for field in members {
      if let index = fields.firstIndex(where: { $0.name == field.name }) {
        fields[index].value = field.value
      } else {
        fields.append((field.name, field.value))
      }
    }
    var extends: [String] = []
    var own: [CommitlintConfiguration.Entry] = []
    var defaultIgnores: Bool?
    var helpUrl: String?
    var preset: ConventionalCommitParser.Options?
    for (name, value) in fields {
      switch name {
      case "extends":
        switch value {
        case .string(let one): extends = [one]
        case .array(let list):
          extends = []
          for (index, element) in list.enumerated() {
            guard case .string(let one) = element else {
              return refuse("extends[\(index)]", "must be a string, not \(describe(element))")
            }
            extends.append(one)
          }
        default: return refuse("extends", "must be a string or an array of strings, not \(describe(value))")
        }
        for (index, one) in extends.enumerated() where builtIn[one] == nil {
          let field = value == .string(one) ? "extends" : "extends[\(index)]"
          return refuse(
            field,
            "\"\(one)\" cannot be honoured: StableText loads no package from node_modules; "
              + "@commitlint/config-conventional and @commitlint/config-angular are built in")
        }
      case "rules":
        guard case .object(let rules) = value else {
          return refuse("rules", "must be an object, not \(describe(value))")
        }
        for rule in rules {
          switch setting(rule.value, of: rule.name) {
          case .success(let setting):
            own.removeAll { $0.name == rule.name }
            own.append(CommitlintConfiguration.Entry(rule.name, setting))
          case .failure(let problem): return refuse("rules.\(rule.name)\(problem.path)", problem.problem)
          }
        }
      case "defaultIgnores":
        guard case .bool(let flag) = value else {
          return refuse(name, "must be a boolean, not \(describe(value))")
        }
        defaultIgnores = flag
      case "helpUrl":
        guard case .string(let url) = value else {
          return refuse(name, "must be a string, not \(describe(value))")
        }
        helpUrl = url
      case "formatter":
        // The format of commitlint's own report: StableText reports as it does everywhere.
        guard case .string = value else { return refuse(name, "must be a string, not \(describe(value))") }
      case "parserPreset":
        switch parserPreset(value) {
        case .success(let options): if let options { preset = options }
        case .failure(let problem): return refuse("parserPreset\(problem.path)", problem.problem)
        }
      case "ignores":
        guard case .array(let list) = value else {
          return refuse(name, "must be an array, not \(describe(value))")
        }
        if !list.isEmpty {
          return refuse(
            name,
            "cannot be honoured: commitlint's ignores are JavaScript functions, which StableText does not run "
              + "(defaultIgnores and stabletext check's --ignore-author are honoured)")
        }
      case "plugins":
        guard case .array(let list) = value else {
          return refuse(name, "must be an array, not \(describe(value))")
        }
        if !list.isEmpty {
          return refuse(
            name, "cannot be honoured: plugins are JavaScript packages, which StableText does not load")
        }
      default:
        // `$schema`, `prompt` (commitlint's interactive prompt) and anything else: commitlint
        // reads nothing else from them when it lints, and neither does StableText.
        continue
      }
    }
    // commitlint's merge: each extended configuration in order, then the file's own fields; a
    // rule set again keeps its first place and takes the last setting.
    var configuration = CommitlintConfiguration(extends: extends)
    var origins: [String: String] = [:]
    for name in extends {
      guard let shared = builtIn[name] else { continue }
      for entry in shared.rules {
        configuration.set(entry.name, entry.setting)
        origins[entry.name] = name
      }
      configuration.parserOptions = shared.parserOptions
      if let url = shared.helpUrl { configuration.helpUrl = url }
      configuration.defaultIgnores = shared.defaultIgnores
    }
    for entry in own {
      configuration.set(entry.name, entry.setting)
      origins[entry.name] = "rules"
    }
    if let defaultIgnores { configuration.defaultIgnores = defaultIgnores }
    if let helpUrl { configuration.helpUrl = helpUrl }
    if let preset { configuration.parserOptions = preset }
    return .success(
      CommitlintSetup(configuration: configuration, file: path, member: member, origins: origins))
  }

  /// A problem inside one field: the rest of its path and what is wrong.
  struct FieldProblem: Error {
    var path: String
    var problem: String
  }

  /// One rule's `[level, condition, value]`, checked as commitlint's schema and `lint` check it,
  /// and its value by the rule's own shape.
  static func setting(_ value: CommitlintValue, of name: String) -> Result<
    CommitlintRuleSetting, FieldProblem
  > {
    guard let rule = CommitlintRules.named(name) else {
      return .failure(
        FieldProblem(
          path: "", problem: "no such rule in @commitlint/rules (plugins' rules cannot be honoured)"))
    }
    guard case .array(let items) = value else {
      return .failure(
        FieldProblem(path: "", problem: "must be an array [level, condition, value], not \(describe(value))"))
    }
    guard (1...3).contains(items.count) else {
      return .failure(
        FieldProblem(
          path: "", problem: "must have 1 to 3 items [level, condition, value], not \(items.count)"))
    }
    guard case .number(let number) = items[0], [0.0, 1, 2].contains(number) else {
      return .failure(
        FieldProblem(path: "[0]", problem: "the level must be 0, 1 or 2, not \(describe(items[0]))"))
    }
    let level = Int(number)
    if items.count == 1 {
      // commitlint's `lint` takes `[0]` alone; any other level needs its condition.
      guard level == 0 else {
        return .failure(FieldProblem(path: "", problem: "must be 2 or 3 items long unless the level is 0"))
      }
      return .success(CommitlintRuleSetting(0))
    }
    guard case .string(let word) = items[1], let condition = CommitlintCondition(rawValue: word) else {
      return .failure(
        FieldProblem(
          path: "[1]", problem: "the condition must be \"always\" or \"never\", not \(describe(items[1]))"))
    }
    let third = items.count == 3 ? items[2] : nil
    // A disabled rule is never run, whatever its value.
    if level > 0, let checking = rule as? any CommitlintValueChecking,
      let problem = checking.valueProblem(third)
    {
      return .failure(FieldProblem(path: "[2]\(problem.path)", problem: "must be \(problem.expected)"))
    }
    return .success(CommitlintRuleSetting(level, condition, third))
  }

  /// `parserPreset`: a preset's name as a string (its options replace those before), or an
  /// object with a `name`, which commitlint takes as a label and loads nothing for (the options
  /// `extends` gave stay). nil: the options do not change.
  static func parserPreset(_ value: CommitlintValue) -> Result<
    ConventionalCommitParser.Options?, FieldProblem
  > {
    let known =
      "only conventional-changelog-conventionalcommits and conventional-changelog-angular are built in"
    switch value {
    case .string(let name):
      guard let options = parserPresets[name] else {
        return .failure(FieldProblem(path: "", problem: "\"\(name)\" cannot be honoured: \(known)"))
      }
      return .success(options)
    case .object(let members):
      for member in members {
        switch member.name {
        case "name":
          guard case .string(let name) = member.value else {
            return .failure(
              FieldProblem(path: ".name", problem: "must be a string, not \(describe(member.value))"))
          }
          guard parserPresets[name] != nil else {
            return .failure(FieldProblem(path: ".name", problem: "\"\(name)\" cannot be honoured: \(known)"))
          }
        default:
          return .failure(
            FieldProblem(
              path: ".\(member.name)",
              problem:
                "cannot be honoured: parser options of its own (a headerPattern…) are not supported; \(known)"
            ))
        }
      }
      return .success(nil)
    default:
      return .failure(
        FieldProblem(path: "", problem: "must be a string or an object, not \(describe(value))"))
    }
  }

  /// A value in a message: its JSON spelling when short, else its kind.
  static func describe(_ value: CommitlintValue) -> String {
    switch value {
    case .null: return "null"
    case .bool(let flag): return flag ? "true" : "false"
    case .number(let number):
      return number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    case .string(let text): return text.count <= 40 ? "\"\(text)\"" : "a string"
    case .array: return "an array"
    case .object: return "an object"
    }
  }
}
