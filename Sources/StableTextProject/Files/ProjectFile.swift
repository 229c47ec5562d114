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

  /// The file's layers, in the order they apply.
  package var layers: FileLayers {
    FileLayers(projectRules: rules, projectOverrides: overrides, projectFile: path)
  }

  /// Reads the file's bytes: its layers, or what is wrong with them (field paths from the root:
  /// `overrides[0].rules.maxLength`).
  package static func parse(_ bytes: [UInt8], path: String) -> Result<ProjectFile, ConfigurationProblem> {
    let handle: JSONHandle
    do throws(JSONParseError) {
      handle = try JSONParser.parse(bytes)
    } catch {
      return .failure(ConfigurationProblem(path: path, problem: "not JSON: \(error)"))
    }
    var warnings: [String] = []
    do throws(JSONFieldError) {
      let root = handle.ref(.root(""))
      let object = try root.object()
      for key in object.keys where key != "rules" && key != "overrides" && key != "commitlint" {
        warnings.append("\(key): unknown member ignored")
      }
      let configuration = try RulesDecoding.configuration(root, warnings: &warnings)
      var commitlint: CommitlintSetup?
      if let member = JSONValue(handle)["commitlint"], member != .null {
        switch CommitlintFile.resolve(CommitlintFile.value(of: member), path: path, member: "commitlint") {
        case .success(let setup): commitlint = setup
        case .failure(let problem): return .failure(problem)
        }
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
          commitlint: commitlint))
    } catch {
      return .failure(ConfigurationProblem(path: path, problem: error.description))
    }
  }
}
