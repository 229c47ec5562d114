import StableTextCore
import StableTextSystem

extension CommitlintFile {
  /// Reads a JavaScript or TypeScript configuration (Protocol/README.md, "JavaScript and
  /// TypeScript configurations") as commitlint loads it, without running it: what it exports is
  /// resolved as a JSON or YAML file's configuration is (`resolve`), with its `ignores` functions
  /// read as predicates. Each part that needs code StableText does not run is not honoured, named
  /// with the line and column of that code; a syntax error makes the file invalid (Node would
  /// refuse it, and commitlint with it); where Node would load nothing from the file, a caution at
  /// its first line says so, and what StableText read still applies. nil when the file exports no
  /// configuration (commitlint looks further), with the caution that says why, if any.
  package static func readScript(
    _ bytes: [UInt8], path: String, packageType: String?, context: ExtendsContext = ExtendsContext()
  ) -> ScriptOutcome {
    let name = FileSystem.lastComponent(of: path)
    let language = JavaScriptModuleFormat.isTypeScript(name) ? "TypeScript" : "JavaScript"
    let script: CommitlintScript
    switch CommitlintScript.read(bytes, fileName: name, packageType: packageType) {
    case .success(let read): script = read
    case .failure(let error):
      let problem = ConfigurationProblem(
        concern: .commitMessages, path: path, line: error.position.line, column: error.position.column,
        problem: "not \(language) that Node loads: \(error.message)")
      return ScriptOutcome(outcome: Outcome(setup: nil, problems: [problem]), caution: nil)
    }
    let caution = script.formatWarning.map {
      ConfigurationProblem.caution(concern: .commitMessages, path: path, line: 1, column: 1, problem: $0)
    }
    guard let configuration = script.configuration else {
      return ScriptOutcome(outcome: nil, caution: caution)
    }
    let skipped = script.notHonoured.map { note in
      ConfigurationProblem.notHonoured(
        concern: .commitMessages, path: path, line: note.position.line, column: note.position.column,
        field: note.path, reason: note.reason)
    }
    // A field's problem at the nearest place the file writes: the rule, else the field.
    var outcome = resolve(configuration, path: path, member: nil, context: context) { field in
      var steps = field.steps
      while !steps.isEmpty {
        if let place = script.places[FieldPath(steps)] {
          return FilePlace(line: place.line, column: place.column)
        }
        steps.removeLast()
      }
      return nil
    }
    if let ignores = script.ignores, !ignores.isEmpty {
      outcome.setup?.configuration.ignores = ignores
    }
    // In the order they are written, as the JSON and YAML readers say theirs.
    outcome.problems = ((caution.map { [$0] } ?? []) + skipped + outcome.problems).enumerated().sorted {
      let first = ($0.element.line ?? 0, $0.element.column ?? 0, $0.offset)
      let second = ($1.element.line ?? 0, $1.element.column ?? 0, $1.offset)
      return first < second
    }.map(\.element)
    return ScriptOutcome(outcome: outcome, caution: caution)
  }

  /// What a JavaScript or TypeScript file gives: its configuration, or nil when it exports none,
  /// and the caution about its module format.
  package struct ScriptOutcome {
    package var outcome: Outcome?
    package var caution: ConfigurationProblem?
  }

  /// The `"type"` of the `package.json` nearest the folder `folder` (the folder itself, then each
  /// one above), as Node reads it to decide a `.js` file's format: nil when the nearest has none,
  /// or there is none.
  static func packageType(
    above folder: String, read: (String) -> [UInt8]?
  ) -> String? {
    var current = folder
    while true {
      if let bytes = read(FileSystem.join(current, "package.json")) {
        // Node stops at the nearest manifest, whatever it holds.
        guard case .success(.object(let members)) = json(bytes),
          case .string(let type)? = members.last(where: { $0.name == "type" })?.value
        else { return nil }
        return type
      }
      let above = FileSystem.folder(of: current)
      guard above != current, current.hasPrefix("/") else { return nil }
      current = above
    }
  }
}
