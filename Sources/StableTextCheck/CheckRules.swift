import StableTextCore
import StableTextProject
import StableTextSystem

/// The rules `check` applies to a file, resolved as the daemon resolves a `file:` document's
/// (Protocol/README.md, "Rules"): the defaults; EditorConfig's layer; the built-in overrides by
/// the file's name; git's layer, inside a repository (its comment character, and which lines git
/// keeps); the nearest `.stabletext.json`'s rules and overrides; and the command line's rule
/// options last. Standard input has no path, so no configuration file and no git setting
/// applies to it. A file in a git directory is looked up as the work tree's `.git/FILE`
/// (`GitWorkTree`).
package final class CheckRules {
  package struct Resolved {
    package var rules: Rules
    /// The repository the file is in, when it is in one.
    package var git: GitConfiguration?
    /// What the `.stabletext.json` that applies says of itself (unknown rules), to be said once.
    package var warnings: [String] = []
    /// The absolute path the file was looked up as (its work tree's `.git/FILE` for a file in a
    /// git directory); `-` for standard input.
    package var lookup = "-"
    /// The layers the rules were made of, and the URI they were resolved for, to resolve them
    /// again once the message's text is known (`rules(_:message:)`).
    fileprivate var files = FileLayers()
    fileprivate var uri = "untitled:stdin"
  }

  /// `check` starts from the editor defaults: a file no preset, configuration file or option
  /// covers gets nothing (Protocol/README.md, "Which defaults apply where").
  package static let base = RuleConfiguration(defaults: .editor)

  package let options: RulePatch
  private let projects = ProjectConfigurations()

  package init(options: RulePatch) {
    self.options = options
  }

  /// The rules of the file at `path` (`-` for standard input), looked up as the file at
  /// `standIn` when given (else as `path`, or as its work tree's `.git/FILE` for a file in a git
  /// directory), or the configuration file that is wrong, and how.
  package func rules(forPath path: String, standingFor standIn: String? = nil) -> Result<
    Resolved, ConfigurationProblem
  > {
    layers(forPath: path, standingFor: standIn).map { found in
      var resolved = found
      resolved.rules = Self.base.resolve(
        uri: found.uri, languageId: "", configured: options, files: found.files)
      return resolved
    }
  }

  /// The rules of the file at `path` as `rules(forPath:)` resolves them, and where each field's
  /// value came from (`stabletext rules`): the same layers, folded by the same code.
  package func provenance(forPath path: String) -> Result<
    (resolved: Resolved, origins: [String: RuleOrigin]), ConfigurationProblem
  > {
    layers(forPath: path).map { found in
      var resolved = found
      let origins: [String: RuleOrigin]
      (resolved.rules, origins) = Self.base.provenance(
        uri: found.uri, languageId: "", configured: options, files: found.files)
      return (resolved, origins)
    }
  }

  /// The file layers and URI of the file at `path` (see `rules(forPath:)`), its rules not yet
  /// resolved.
  private func layers(forPath path: String, standingFor standIn: String? = nil) -> Result<
    Resolved, ConfigurationProblem
  > {
    guard path != "-" else { return .success(Resolved(rules: Rules())) }
    let absolute = FileSystem.absolute(path) ?? path
    let lookup = standIn ?? GitWorkTree.standIn(for: absolute)
    var files = projects.layers(forFile: lookup)
    if let problem = projects.takeProblems().first { return .failure(problem) }
    // Inside a repository, git's comment character: right after the built-in overrides.
    let git = GitConfiguration(folder: FileSystem.folder(of: absolute))
    if let prefix = git?.commentPrefix {
      files.git = RulePatch.gitComments(prefix)
    }
    let uri = FileCheck.uri(of: lookup)
    return .success(
      Resolved(
        rules: Rules(), git: git, warnings: projects.warnings(forFile: lookup), lookup: lookup, files: files,
        uri: uri))
  }

  /// The prefixes git may have written a message's comments with, for `GitTemplate`.
  package func templatePrefixes(_ resolved: Resolved) -> [String] {
    switch resolved.git?.configuredCommentPrefix {
    case nil: return ["#"]
    case "auto": return GitTemplate.autoCharacters.map { String(UnicodeScalar($0)) }
    case let prefix?: return [prefix]
    }
  }

  /// The rules of a message file under the `gitCommit` preset in a repository, once its text
  /// was read: git's layer says which of its lines git keeps (Protocol/README.md, "Which lines
  /// git keeps").
  package func rules(_ resolved: Resolved, message template: GitTemplate) -> Rules {
    guard let git = resolved.git, resolved.rules.preset == .gitCommit else { return resolved.rules }
    let editor = ProcessScope.environment(adding: [:])["GIT_EDITOR"] != ":"
    let cleanup = GitCleanup.of(
      configured: git.value("commit.cleanup"), editor: editor, template: template,
      concludesAPick: { git.concludesAPick })
    let configured = git.configuredCommentPrefix
    // The character git wrote with: the configured one, `#` when none is, or under `auto` the
    // one git's lines show.
    let prefix: String
    switch configured {
    case nil: prefix = "#"
    case "auto":
      let shown = template.hint?.prefix ?? template.scissors?.prefix ?? template.lastLinePrefix
      prefix = shown.map { String(decoding: $0, as: UTF8.self) } ?? "#"
    case let named?: prefix = named
    }
    // git's default: as the daemon reads it (the preset's `#`, or a scissors line's character).
    if cleanup == .strip && configured == nil { return resolved.rules }
    var layer = RulePatch()
    layer.commentPrefix = .some(cleanup == .strip ? prefix : nil)
    layer.endMarker = .some(Preset.scissors(commentPrefix: prefix))
    var files = resolved.files
    files.git = layer
    return Self.base.resolve(uri: resolved.uri, languageId: "", configured: options, files: files)
  }

  /// The rules of a stored commit's message (`--commits`): git stored it cleaned up, so it has
  /// no comments and no scissors part; every line is a message line.
  package func storedMessageRules(_ resolved: Resolved) -> Rules {
    var layer = RulePatch()
    layer.commentPrefix = .some(nil)
    layer.endMarker = .some(nil)
    var files = resolved.files
    files.git = layer
    return Self.base.resolve(uri: resolved.uri, languageId: "", configured: options, files: files)
  }
}
