extension TeamConventions {
  /// Whether a configured rule reads the files a commit changes: gitlint's B7
  /// (`body-changed-file-mention`, or a named instance of it) with `files` to look for. Only then
  /// does `check --commits` ask git for each commit's files (Protocol/README.md, "Team
  /// conventions": "What is known of a commit").
  package var readsChangedFiles: Bool {
    guard let gitlint else { return false }
    return gitlint.configuration.rules.contains { configured in
      configured.rule is GitlintBodyChangedFileMention && !(configured.options.list("files") ?? []).isEmpty
    }
  }
}
