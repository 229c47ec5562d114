import StableTextConventions
import StableTextCore
import StableTextJSON
import StableTextProtocol
import StableTextSystem

/// A repository's `.stabletext.json`: `{"rules"?: …, "overrides"?: […]}` with the schema of
/// `settings.stableText`. Its overrides' patterns that start with `/` are anchored at the file's
/// folder (`/docs/**/*.md`).
package struct ProjectFile: Hashable, Sendable {
  /// The name looked for in a file's folder and its ancestors.
  package static let name = ".stabletext.json"
  /// The largest file read (larger is a problem, not read).
  package static let maxBytes = 1 << 20

  package var path: String
  package var rules: RulePatch
  package var overrides: [RuleOverride]
  /// Rules it names that no version of StableText knows (logged, as for the other layers).
  package var warnings: [String]
  /// Its `commitlint` member, resolved (Protocol/README.md, "Where the rules come from"): the
  /// same object as a `.commitlintrc.json`, for teams that want one file.
  package var commitlint: CommitlintSetup?
  /// The parts of its `commitlint` member not honoured (skipped; the rest applies).
  package var problems: [ConfigurationProblem] = []
  /// What the scope packages its `commitlint` member extends looked at (read again on a change).
  package var scopeWatch: [ScopeWatch] = []

  /// The file's layers, in the order they apply.
  package var layers: FileLayers {
    FileLayers(projectRules: rules, projectOverrides: overrides, projectFile: path)
  }

  /// Reads the file's bytes: its layers, or every problem that makes it invalid, each placed at
  /// its line and column (field paths from the root: `overrides[0].rules.maxLength`).
  package static func parse(_ bytes: [UInt8], path: String) -> Result<ProjectFile, ConfigurationProblems> {
    func problem(_ text: String, field: String? = nil) -> ConfigurationProblem {
      let position = field.map { JSONPositions.position(of: FieldPath(parsing: $0), in: bytes) }
      return ConfigurationProblem(concern: .files, path: path, problem: text).at(position ?? nil)
    }
    let handle: JSONHandle
    do throws(JSONParseError) {
      handle = try JSONParser.parse(bytes)
    } catch {
      let position = error.line > 0 ? FilePlace(line: error.line, column: max(error.column, 1)) : nil
      return .failure(ConfigurationProblems([problem("not JSON: \(error.message)").at(position)]))
    }
    var warnings: [String] = []
    var invalid: [ConfigurationProblem] = []
    var configuration = RuleConfiguration()
    do throws(JSONFieldError) {
      let root = handle.ref(.root(""))
      let object = try root.object()
      for key in object.keys where key != "rules" && key != "overrides" && key != "commitlint" {
        warnings.append("\(key): unknown member ignored")
      }
      configuration = try RulesDecoding.configuration(root, warnings: &warnings)
    } catch {
      invalid.append(problem(error.description, field: error.path))
    }
    var commitlint: CommitlintSetup?
    var problems: [ConfigurationProblem] = []
    var scopeWatch: [ScopeWatch] = []
    if let member = JSONValue(handle)["commitlint"], member != .null {
      let outcome = CommitlintFile.resolve(CommitlintFile.value(of: member), path: path, member: "commitlint")
      {
        JSONPositions.position(of: $0, in: bytes)
      }
      commitlint = outcome.setup
      scopeWatch = outcome.watch
      // Its problems are the file's; they concern commit messages only.
      invalid += outcome.problems.filter { $0.kind == .invalid }
      problems = outcome.problems.filter { $0.kind != .invalid }
    }
    guard invalid.isEmpty else {
      // Refused whole, the file gives no rules to any file under it: every problem concerns them.
      return .failure(
        ConfigurationProblems(
          (invalid + problems).map { problem in
            var whole = problem
            whole.concern = .files
            return whole
          }))
    }
    let folder = FileSystem.folder(of: path)
    let overrides = configuration.overrides.map { override in
      var anchored = override
      anchored.anchor = folder
      return anchored
    }
    return .success(
      ProjectFile(
        path: path, rules: configuration.rules, overrides: overrides, warnings: warnings,
        commitlint: commitlint, problems: problems, scopeWatch: scopeWatch))
  }
}
