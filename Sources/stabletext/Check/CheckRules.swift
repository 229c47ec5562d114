import StableTextCore
import StableTextProject
import StableTextSystem

/// The rules `check` applies to a file, resolved as the daemon resolves a `file:` document's
/// (Protocol/README.md, "Rules"): the defaults; EditorConfig's layer; the built-in overrides by
/// the file's name; git's comment character, inside a repository; the nearest
/// `.stabletext.json`'s rules and overrides; and the command line's rule options last. Standard
/// input has no path, so no configuration file and no git setting applies to it.
final class CheckRules {
  struct Resolved {
    var rules: Rules
    /// The repository the file is in, when it is in one.
    var git: GitConfiguration?
  }

  let options: RulePatch
  private let projects = ProjectConfigurations()

  init(options: RulePatch) {
    self.options = options
  }

  /// The rules of the file at `path` (`-` for standard input), or the configuration file that
  /// is wrong, and how.
  func rules(forPath path: String) -> Result<Resolved, ConfigurationProblem> {
    guard path != "-" else {
      return .success(
        Resolved(
          rules: RuleConfiguration().resolve(uri: "untitled:stdin", languageId: "", configured: options)))
    }
    let absolute = FileSystem.absolute(path) ?? path
    var files = projects.layers(forFile: absolute)
    if let problem = projects.takeProblems().first { return .failure(problem) }
    for warning in projects.warnings(forFile: absolute) {
      Standard.error("stabletext: warning: \(warning)\n")
    }
    // Inside a repository, git's comment character: right after the built-in overrides.
    let git = GitConfiguration(folder: FileSystem.folder(of: absolute))
    if let prefix = git?.commentPrefix {
      var layer = RulePatch()
      layer.commentPrefix = .some(prefix)
      layer.endMarker = .some(Preset.scissors(commentPrefix: prefix))
      files.git = layer
    }
    let rules = RuleConfiguration().resolve(
      uri: CheckCommand.uri(of: absolute), languageId: "", configured: options, files: files)
    return .success(Resolved(rules: rules, git: git))
  }
}
