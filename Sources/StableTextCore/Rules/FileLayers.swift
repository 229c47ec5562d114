/// The layers that files give a document, each in its place among the others (Protocol/README.md,
/// "Rules"): a repository's `.stabletext.json` and `.editorconfig`, and, for `check`, git's own
/// configuration.
package struct FileLayers: Hashable, Sendable {
  /// EditorConfig's `max_line_length` and tab width: right after `initializationOptions.rules`,
  /// before the built-in overrides (so the commit preset replaces it).
  package var editorConfig: RulePatch?
  /// git's comment character (`check` inside a repository): right after the built-in overrides.
  package var git: RulePatch?
  /// The `.stabletext.json` that applies: its `rules`, then each of its `overrides` that matches,
  /// after the client's overrides and before the document's own configure calls.
  package var projectRules: RulePatch?
  package var projectOverrides: [RuleOverride]
  /// The team's conventions found for the document (Protocol/README.md, "Team conventions"):
  /// under the `gitCommit` preset they own the limits, and the preset's own line rules give way.
  package var commitConventions: AnyCommitConventions?
  /// git's identity, for the sign-off fix (`Rules.signOff`): the daemon's for git's message
  /// files, `check`'s from `git var GIT_COMMITTER_IDENT`; unknown elsewhere.
  package var signOff: SignOffIdentity = .unknown
  /// Where the layers came from, for `stabletext rules` (`RuleLayer.Source`): the
  /// `.stabletext.json`'s path, and the `.editorconfig` files read for the document, nearest first (up to a
  /// `root = true` one).
  package var projectFile: String?
  package var editorConfigFiles: [String]

  package init(
    editorConfig: RulePatch? = nil, git: RulePatch? = nil, projectRules: RulePatch? = nil,
    projectOverrides: [RuleOverride] = [], projectFile: String? = nil, editorConfigFiles: [String] = []
  ) {
    self.editorConfig = editorConfig
    self.git = git
    self.projectRules = projectRules
    self.projectOverrides = projectOverrides
    self.projectFile = projectFile
    self.editorConfigFiles = editorConfigFiles
  }
}
