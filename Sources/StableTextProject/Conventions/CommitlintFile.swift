import StableTextConventions
import StableTextCore
import StableTextJSON
import StableTextSystem

/// A commitlint configuration read from a team's file and resolved as commitlint's `load` resolves
/// it (Protocol/README.md, "Where the rules come from"): `extends` with the shared configurations
/// StableText has built in, then the file's own `rules`, `defaultIgnores`, `helpUrl` and
/// `parserPreset`. Every problem is found, named with the file, the field path
/// (`rules.subject-case[0]`) and its place (`ConfigurationProblem`): what commitlint itself
/// would refuse makes the file invalid (ignored, and nothing above it applies in its place);
/// what StableText cannot evaluate (an `extends` it does not have, a plugin, a parser preset of
/// its own) is not honoured: skipped, and the rest applies.
package enum CommitlintFile {
  /// The file names commitlint (cosmiconfig) looks for in each folder, in the order it looks;
  /// `member` is the key of the configuration inside the file, nil when the whole file is it.
  /// JavaScript and TypeScript files are read as data where commitlint finds them.
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
    /// JavaScript or TypeScript: read without running it (`readScript`).
    case script
  }

  /// The shared configurations `extends` may name.
  static let builtIn = CommitlintSharedConfigurations.byName

  /// The parser presets whose options StableText has.
  static let parserPresets: [String: ConventionalCommitParser.Options] = [
    "conventional-changelog-conventionalcommits": .conventionalCommits,
    "conventional-changelog-angular": .commitlintDefault,
  ]

  /// A configuration read: its setup and the problems found in it, every one. When any
  /// problem is invalid (commitlint itself would refuse the file) there is no setup; parts
  /// not honoured are skipped and named, and the rest is the setup.
  package struct Outcome: Sendable {
    package var setup: CommitlintSetup?
    package var problems: [ConfigurationProblem]
    /// Whether the configuration (or one it extends) sets `parserPreset` and `defaultIgnores`:
    /// what a configuration extending it takes from it.
    var setsParserPreset = false
    var setsDefaultIgnores = false
    /// The setup as resolved even where a problem makes the file invalid: commitlint checks a
    /// setting of an extended file only in the merged result, so a file that extends this one
    /// may set the rule again and clear the problem.
    var partial: CommitlintSetup?
    /// What the scope packages it extends looked at: the outcome is current while every one
    /// still stats as it did (`ScopeWatch`).
    package var watch: [ScopeWatch] = []

    package init(setup: CommitlintSetup?, problems: [ConfigurationProblem]) {
      self.setup = setup
      self.problems = problems
    }
  }

  /// Reads the search place `name` of `format` at `path`: its setup and problems, or nil when
  /// it is not a configuration (empty, or a `package.json` without `commitlint`: commitlint
  /// keeps looking). A JavaScript or TypeScript file is read as `readScript` reads it, under the
  /// nearest `package.json`'s `"type"`, `packageType`.
  package static func read(
    _ bytes: [UInt8], path: String, format: Format, packageType: String? = nil,
    context: ExtendsContext = ExtendsContext()
  ) -> Outcome? {
    if format == .script {
      return readScript(bytes, path: path, packageType: packageType, context: context).outcome
    }
    func refuse(_ problem: String, at position: FilePlace? = nil) -> Outcome {
      Outcome(
        setup: nil,
        problems: [ConfigurationProblem(concern: .commitMessages, path: path, problem: problem).at(position)])
    }
    // cosmiconfig skips a file with nothing but whitespace, and looks further.
    if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) { return nil }
    // A package manifest that never says `commitlint` holds no configuration: it is not parsed,
    // so one being edited (and briefly malformed) in a repository without commitlint is no
    // problem of StableText's.
    if format == .packageJSON || format == .packageYAML, !contains(bytes, Array("commitlint".utf8)) {
      return nil
    }
    let root: CommitlintValue?
    let isJSON = format == .packageJSON || format == .json
    if isJSON {
      switch json(bytes) {
      case .success(let value): root = value
      case .failure(let error):
        return refuse(
          "not JSON: \(error.message)",
          at: error.line > 0 ? FilePlace(line: error.line, column: max(error.column, 1)) : nil)
      }
    } else {
      switch YAMLDocument.parse(bytes) {
      case .success(let value): root = value
      case .failure(let problem):
        return refuse(
          "not YAML: \(problem.message)", at: FilePlace(line: problem.line, column: problem.column))
      }
    }
    var member: String?
    var configuration = root
    if format == .packageJSON || format == .packageYAML {
      // cosmiconfig reads the member of whatever the manifest holds: no object, no member.
      guard case .object(let members)? = root else { return nil }
      member = "commitlint"
      configuration = members.last { $0.name == "commitlint" }?.value
      if configuration == nil || configuration == .null { return nil }
    }
    guard let configuration else { return refuse("holds no configuration (an object is expected)") }
    return resolve(configuration, path: path, member: member, context: context) { field in
      isJSON ? JSONPositions.position(of: field, in: bytes) : YAMLPositions.position(of: field, in: bytes)
    }
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

  /// One problem found while resolving, before it is placed in its file.
  struct Finding {
    var kind: ConfigurationProblem.Kind
    var field: FieldPath
    var value: String?
    var problem: String

    static func invalid(_ field: FieldPath, _ problem: String) -> Finding {
      Finding(kind: .invalid, field: field, problem: problem)
    }

    static func notHonoured(_ field: FieldPath, _ value: String? = nil, _ reason: String) -> Finding {
      Finding(kind: .notHonoured, field: field, value: value, problem: reason)
    }
  }

  /// The configuration `root` holds (the member `member` of the file at `path`, when given),
  /// resolved, with every problem found, in the order the fields are written; `locate` gives
  /// the place of a field (its path from the file's root).
  package static func resolve(
    _ root: CommitlintValue, path: String, member: String?, context: ExtendsContext = ExtendsContext(),
    locate: (FieldPath) -> FilePlace? = { _ in nil }
  ) -> Outcome {
    let base = member.map { FieldPath([.member($0)]) } ?? FieldPath()
    var findings: [Finding] = []
    var fields = ResolvedFields()
    let place = { (field: FieldPath) in
      CommitlintRuleOrigin.Place(
        file: path, line: locate(base.appending(field))?.line, field: field.description)
    }
    let setup = resolveFields(
      root, path: path, member: member, context: context, placeOf: place, findings: &findings, into: &fields)
    var problems = findings.map { finding in
      let field = base.appending(finding.field)
      return ConfigurationProblem(
        finding.kind, concern: .commitMessages, path: path,
        field: field.steps.isEmpty ? nil : field.description,
        value: finding.value, problem: finding.problem
      ).at(locate(field))
    }
    // The problems of the files extended, in those files, after this one's.
    problems += fields.placed
    let invalid = problems.contains { $0.kind == .invalid }
    var outcome = Outcome(setup: invalid ? nil : setup, problems: problems)
    outcome.partial = setup
    outcome.setsParserPreset = fields.setsParserPreset
    outcome.setsDefaultIgnores = fields.setsDefaultIgnores
    outcome.watch = fields.watch
    return outcome
  }

  /// What resolving a configuration learns beside its setup: the problems of the files it
  /// extends (placed in those files), and what it sets for a configuration extending it.
  struct ResolvedFields {
    var placed: [ConfigurationProblem] = []
    var watch: [ScopeWatch] = []
    var setsParserPreset = false
    var setsDefaultIgnores = false
  }

  /// `resolve`'s work: the setup of what can be honoured, the findings appended in the order
  /// the fields are written.
  private static func resolveFields(
    _ root: CommitlintValue, path: String, member: String?, context: ExtendsContext,
    placeOf: (FieldPath) -> CommitlintRuleOrigin.Place, findings: inout [Finding],
    into resolved: inout ResolvedFields
  ) -> CommitlintSetup? {
    guard case .object(let members) = root else {
      findings.append(
        .invalid(FieldPath(), "\(member ?? "the configuration") must be an object, not \(describe(root))"))
      return nil
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
    // Rules no rule of @commitlint/rules implements may come from a plugin or from an extended
    // configuration StableText does not load: then they are not honoured, not refused.
    let value = { (name: String) in fields.first { $0.name == name }?.value }
    var hasPlugins = false
    if case .array(let list)? = value("plugins"), !list.isEmpty { hasPlugins = true }
    // Each `extends` entry, resolved before the rules are read (wherever it is written).
    var reads: [FieldPath: ExtendsRead] = [:]
    var order: [FieldPath] = []
    switch value("extends") {
    case .string?: order = [FieldPath([.member("extends")])]
    case .array(let list)?:
      order = list.indices.map { FieldPath([.member("extends"), .index($0)]) }
    default: break
    }
    let folder = FileSystem.folder(of: path)
    var dependencies: [String] = []
    for field in order {
      let element: CommitlintValue?
      if case .index(let index) = field.steps.last, case .array(let list)? = value("extends") {
        element = list[index]
      } else {
        element = value("extends")
      }
      guard case .string(let name)? = element else { continue }
      let read = extended(name, at: placeOf(field), from: folder, context: context)
      reads[field] = read
      dependencies += read.files
      resolved.placed += read.problems
      resolved.watch += read.watch
      // The files an entry read (a shareable configuration in `node_modules`, its manifest) are
      // watched as the scope packages' manifests are: a package updated in place, or a file
      // edited by hand, is read again at the next look, as in the hook. So are the places an
      // entry not found was looked for: a package installed later is read at the next look.
      let watched = read.files + read.looked
      if !watched.isEmpty {
        resolved.watch.append(
          ScopeWatch(watched.map { ScopeWatch.Seen(path: $0, entry: FileSystem.entry(at: $0)) }))
      }
    }
    let extendsUnloaded = reads.values.contains { $0.extended == nil && !$0.invalid }
    var extended: [Extended] = []
    var extends: [String] = []
    var own: [(entry: CommitlintConfiguration.Entry, place: CommitlintRuleOrigin.Place)] = []
    var defaultIgnores: Bool?
    var helpUrl: String?
    var preset: ConventionalCommitParser.Options?
    for (name, value) in fields {
      let field = FieldPath([.member(name)])
      switch name {
      case "extends":
        var named: [(field: FieldPath, name: String)] = []
        switch value {
        case .string(let one): named = [(field, one)]
        case .array(let list):
          for (index, element) in list.enumerated() {
            guard case .string(let one) = element else {
              findings.append(.invalid(field.appending(index), "must be a string, not \(describe(element))"))
              continue
            }
            named.append((field.appending(index), one))
          }
        default:
          findings.append(.invalid(field, "must be a string or an array of strings, not \(describe(value))"))
        }
        for (place, one) in named {
          guard let read = reads[place] else { continue }
          if let found = read.extended {
            extends.append(one)
            extended.append(found)
          } else if read.invalid {
            let why = read.reason ?? "it is a configuration commitlint refuses (its problems follow)"
            findings.append(.invalid(place, "\"\(one)\": \(why), and so refuses this one"))
          } else if let reason = read.reason {
            findings.append(.notHonoured(place, "\"\(one)\"", reason))
          }
          // A scope package's list that checks nothing although there are packages.
          if let caution = read.caution {
            findings.append(Finding(kind: .caution, field: place, value: nil, problem: caution))
          }
        }
      case "rules":
        guard case .object(let rules) = value else {
          findings.append(.invalid(field, "must be an object, not \(describe(value))"))
          continue
        }
        for rule in rules {
          let place = field.appending(rule.name)
          guard CommitlintRules.named(rule.name) != nil else {
            if hasPlugins || extendsUnloaded {
              findings.append(
                .notHonoured(
                  place, nil,
                  "it is no rule of @commitlint/rules, so a plugin or an extended configuration StableText does not load defines it"
                ))
            } else {
              findings.append(.invalid(place, "no such rule in @commitlint/rules (and no plugin defines it)"))
            }
            continue
          }
          switch setting(rule.value, of: rule.name) {
          case .success(let setting):
            own.removeAll { $0.entry.name == rule.name }
            own.append((CommitlintConfiguration.Entry(rule.name, setting), placeOf(place)))
          case .failure(let problem):
            findings.append(.invalid(place.appending(FieldPath(parsing: problem.path)), problem.problem))
          }
        }
      case "defaultIgnores":
        guard case .bool(let flag) = value else {
          findings.append(.invalid(field, "must be a boolean, not \(describe(value))"))
          continue
        }
        defaultIgnores = flag
      case "helpUrl":
        guard case .string(let url) = value else {
          findings.append(.invalid(field, "must be a string, not \(describe(value))"))
          continue
        }
        helpUrl = url
      case "formatter":
        // The format of commitlint's own report: StableText reports as it does everywhere.
        guard case .string = value else {
          findings.append(.invalid(field, "must be a string, not \(describe(value))"))
          continue
        }
      case "parserPreset":
        switch parserPreset(value) {
        case .success(let options): if let options { preset = options }
        case .failure(let problem):
          let place = field.appending(FieldPath(parsing: problem.path))
          findings.append(
            Finding(kind: problem.kind, field: place, value: problem.value, problem: problem.problem))
        }
      case "ignores":
        // commitlint calls each one: anything but a function (which JSON and YAML cannot hold)
        // makes it throw.
        guard case .array(let list) = value else {
          findings.append(.invalid(field, "must be an array, not \(describe(value))"))
          continue
        }
        for (index, element) in list.enumerated() {
          findings.append(
            .invalid(
              field.appending(index),
              "must be a function, not \(describe(element)) (commitlint calls each one; defaultIgnores and stabletext check's --ignore-author are honoured)"
            ))
        }
      case "plugins":
        guard case .array(let list) = value else {
          findings.append(.invalid(field, "must be an array, not \(describe(value))"))
          continue
        }
        for (index, element) in list.enumerated() {
          switch element {
          case .string(let name):
            findings.append(
              .notHonoured(
                field.appending(index), "\"\(name)\"",
                "plugins are JavaScript packages, which StableText does not load"))
          case .object:
            findings.append(
              .notHonoured(
                field.appending(index), nil,
                "a plugin's rules are JavaScript functions, which StableText does not run"))
          default:
            findings.append(
              .invalid(
                field.appending(index), "must be a package's name or an object, not \(describe(element))"))
          }
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
    var origins: [String: CommitlintRuleOrigin] = [:]
    // Settings commitlint would refuse in an extended file, by rule: a problem unless a later
    // configuration or the file's own rules set the rule again.
    var pending: [String: [ConfigurationProblem]] = [:]
    for shared in extended {
      for entry in shared.configuration.rules { pending[entry.name] = nil }
      pending.merge(shared.pending) { $0 + $1 }
      for entry in shared.configuration.rules {
        configuration.set(entry.name, entry.setting)
        let origin =
          shared.origins[entry.name]
          ?? CommitlintRuleOrigin(configuration: shared.step.name, place: shared.step.place)
        origins[entry.name] = shared.isFile ? origin.extended(by: shared.step) : origin
      }
      if shared.setsParserPreset { configuration.parserOptions = shared.configuration.parserOptions }
      if let url = shared.configuration.helpUrl { configuration.helpUrl = url }
      if shared.setsDefaultIgnores { configuration.defaultIgnores = shared.configuration.defaultIgnores }
      if !shared.configuration.ignores.isEmpty { configuration.ignores = shared.configuration.ignores }
      resolved.setsParserPreset = resolved.setsParserPreset || shared.setsParserPreset
      resolved.setsDefaultIgnores = resolved.setsDefaultIgnores || shared.setsDefaultIgnores
    }
    for (entry, place) in own {
      pending[entry.name] = nil
      configuration.set(entry.name, entry.setting)
      origins[entry.name] = CommitlintRuleOrigin(place: place)
    }
    // Each is a setting `@commitlint/lint` refuses, in the file that writes it.
    for name in pending.keys.sorted() { resolved.placed += pending[name]! }
    if let defaultIgnores { configuration.defaultIgnores = defaultIgnores }
    if let helpUrl { configuration.helpUrl = helpUrl }
    if let preset { configuration.parserOptions = preset }
    if defaultIgnores != nil { resolved.setsDefaultIgnores = true }
    if preset != nil { resolved.setsParserPreset = true }
    var setup = CommitlintSetup(configuration: configuration, file: path, member: member, origins: origins)
    var seen = Set<String>()
    setup.dependencies = dependencies.filter { seen.insert($0).inserted }
    return setup
  }

  /// A problem inside one field: the rest of its path, what is wrong, and whether commitlint
  /// would refuse it (invalid) or StableText cannot evaluate it (not honoured, naming `value`).
  struct FieldProblem: Error {
    var path: String
    var problem: String
    var kind = ConfigurationProblem.Kind.invalid
    var value: String?
  }

  /// One rule's `[level, condition, value]`, checked as commitlint's schema and `lint` check it,
  /// and its value by the rule's own shape.
  static func setting(_ value: CommitlintValue, of name: String) -> Result<
    CommitlintRuleSetting, FieldProblem
  > {
    guard let rule = CommitlintRules.named(name) else {
      return .failure(FieldProblem(path: "", problem: "no such rule in @commitlint/rules"))
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
  /// object, whose `name` commitlint takes as a label and loads nothing for (the options
  /// `extends` gave stay). nil: the options do not change. A preset StableText does not have,
  /// and parser options of the file's own, are not honoured.
  static func parserPreset(_ value: CommitlintValue) -> Result<
    ConventionalCommitParser.Options?, FieldProblem
  > {
    let known =
      "only conventional-changelog-conventionalcommits and conventional-changelog-angular are built in"
    switch value {
    case .string(let name):
      guard let options = parserPresets[name] else {
        return .failure(FieldProblem(path: "", problem: known, kind: .notHonoured, value: "\"\(name)\""))
      }
      return .success(options)
    case .object(let members):
      for member in members {
        switch member.name {
        case "name":
          guard case .string = member.value else {
            return .failure(
              FieldProblem(path: ".name", problem: "must be a string, not \(describe(member.value))"))
          }
        default:
          return .failure(
            FieldProblem(
              path: ".\(member.name)",
              problem: "parser options of the file's own (a headerPattern…) are not supported; \(known)",
              kind: .notHonoured))
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
