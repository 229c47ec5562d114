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
    package var git: GitRepositories.Found?
    /// What the `.stabletext.json` that applies says of itself (unknown rules), to be said once.
    package var warnings: [String] = []
    /// The problems of the configuration files that concern this file (Protocol/README.md,
    /// "Configuration problems"): a team's convention files only for a commit message, an
    /// `.editorconfig` only for other files.
    package var problems: [ConfigurationProblem] = []
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
  /// What git said of each folder this run: asked once a folder.
  package let repositories = GitRepositories()

  package init(options: RulePatch) {
    self.options = options
  }

  /// The rules of the file at `path` (`-` for standard input), looked up as the file at
  /// `standIn` when given (else as `path`, or as its work tree's `.git/FILE` for a file in a git
  /// directory), with the problems of its configuration files (a file with an invalid one gets
  /// the rules of the others; `check` judges nothing then).
  package func rules(forPath path: String, standingFor standIn: String? = nil) -> Resolved {
    var resolved = layers(forPath: path, standingFor: standIn)
    resolved.rules = Self.base.resolve(
      uri: resolved.uri, languageId: "", configured: options, files: resolved.files)
    resolved.problems = Self.concerning(resolved.problems, resolved.rules)
    return resolved
  }

  /// The rules of the file at `path` as `rules(forPath:)` resolves them, and where each field's
  /// value came from (`stabletext rules`): the same layers, folded by the same code.
  package func provenance(forPath path: String) -> (resolved: Resolved, origins: [String: RuleOrigin]) {
    var resolved = layers(forPath: path)
    let origins: [String: RuleOrigin]
    (resolved.rules, origins) = Self.base.provenance(
      uri: resolved.uri, languageId: "", configured: options, files: resolved.files)
    resolved.problems = Self.concerning(resolved.problems, resolved.rules)
    return (resolved, origins)
  }

  /// The problems that concern a file with `rules`: a commit message's when the commit preset
  /// applies, another file's otherwise.
  static func concerning(_ problems: [ConfigurationProblem], _ rules: Rules) -> [ConfigurationProblem] {
    problems.filter { $0.concerns(commitMessage: rules.isCommitMessage) }
  }

  /// The file layers, URI and configuration problems of the file at `path` (see
  /// `rules(forPath:)`), its rules not yet resolved.
  private func layers(forPath path: String, standingFor standIn: String? = nil) -> Resolved {
    guard path != "-" else { return Resolved(rules: Rules()) }
    let absolute = FileSystem.absolute(path) ?? path
    let git = repositories.holding(folder: FileSystem.folder(of: absolute))
    let lookup = standIn ?? GitWorkTree.standIn(for: absolute, in: git)
    let found = projects.lookup(forFile: lookup)
    var files = found.layers
    // Inside a repository, git's comment character: right after the built-in overrides.
    if let prefix = git?.repository.config.commentString {
      files.git = RulePatch.gitComments(prefix)
    }
    let uri = FileCheck.uri(of: lookup)
    return Resolved(
      rules: Rules(), git: git, warnings: projects.warnings(forFile: lookup), problems: found.problems,
      lookup: lookup, files: files, uri: uri)
  }

  /// The prefixes git may have written a message's comments with, for `GitTemplate`.
  package func templatePrefixes(_ resolved: Resolved) -> [String] {
    switch resolved.git?.repository.config.configuredCommentPrefix {
    case nil: return ["#"]
    case "auto": return GitTemplate.autoCharacters.map { String(UnicodeScalar($0)) }
    case let prefix?: return [prefix]
    }
  }

  /// The rules of a message file under the `gitCommit` preset in a repository, once its text
  /// was read: git's layer says which of its lines git keeps (Protocol/README.md, "Which lines
  /// git keeps").
  package func rules(_ resolved: Resolved, message template: GitTemplate) -> Rules {
    guard let git = resolved.git?.repository, resolved.rules.isCommitMessage else {
      return resolved.rules
    }
    let editor = ProcessScope.environment(adding: [:])["GIT_EDITOR"] != ":"
    let cleanup = GitCleanup.of(
      configured: git.config.value("commit.cleanup"), editor: editor, template: template,
      concludesAPick: { git.concludesAPick })
    let configured = git.config.configuredCommentPrefix
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
    let layer = RulePatch.gitComments(prefix, stripped: cleanup == .strip)
    var files = resolved.files
    files.git = layer
    return Self.base.resolve(uri: resolved.uri, languageId: "", configured: options, files: files)
  }

  /// The rules of a stored commit's message (`--commits`): git stored it cleaned up, so it has
  /// no comments and no scissors part; every line is a message line.
  package func storedMessageRules(_ resolved: Resolved) -> Rules {
    var files = resolved.files
    files.git = .storedMessage
    return Self.base.resolve(uri: resolved.uri, languageId: "", configured: options, files: files)
  }
}
