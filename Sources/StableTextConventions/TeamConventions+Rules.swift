import StableTextCore

/// The team's conventions as the core keeps them (`CommitConventions`): in the rules they apply
/// to, asked for their limits on a message's lines.
extension TeamConventions: CommitConventions {
  /// Whether the message is one git has stored (`CommitFacts.isStored`: `check --commits`).
  package var messageIsStored: Bool { facts.isStored }

  /// The team's header limits (Protocol/README.md, "Completion"): commitlint's
  /// `header-max-length`, in UTF-16 code units as commitlint counts; gitlint's T1
  /// `title-max-length`, in code points as gitlint counts.
  package func subjectLimits(tabSize: Int) -> [SubjectLimit] {
    var limits: [SubjectLimit] = []
    if let setup = commitlint,
      let setting = setup.configuration.setting("header-max-length"), setting.level > 0,
      case .success(let number) = CommitlintValueShape.number(setting.value), number >= 0,
      number < Double(Int32.max)
    {
      limits.append(SubjectLimit(limit: Int(number), unit: .utf16, tabSize: tabSize))
    }
    if let gitlint = gitlint?.configuration, gitlint.applies("T1"),
      let index = gitlint.index(of: "T1"), let limit = gitlint.rules[index].options.int("line-length")
    {
      limits.append(SubjectLimit(limit: limit, unit: .scalars, tabSize: tabSize))
    }
    return limits
  }

  /// commitlint's `body-max-line-length` or `footer-max-line-length`, gitlint's B1.
  package var limitsLaterLines: Bool {
    if let setup = commitlint {
      for name in ["body-max-line-length", "footer-max-line-length"] {
        if let setting = setup.configuration.setting(name), setting.level > 0 { return true }
      }
    }
    return gitlint?.configuration.applies("B1") ?? false
  }
}

extension Rules {
  /// The team's conventions that apply (Protocol/README.md, "Team conventions"): set when rules
  /// are resolved, from the files found (`FileLayers.conventions`). Their checks report only under
  /// the `gitCommit` preset.
  package var conventions: TeamConventions? {
    get { commitConventions?.base as? TeamConventions }
    set { commitConventions = newValue.map(AnyCommitConventions.init) }
  }

  /// The team's conventions where they apply: in a commit message (the `gitCommit` preset); a
  /// Markdown file in the same repository has them in its rules, and no subject.
  package var teamConventions: TeamConventions? { isCommitMessage ? conventions : nil }
}

extension FileLayers {
  /// The team's commitlint and gitlint configurations found for the document (Protocol/README.md,
  /// "Team conventions"): under the `gitCommit` preset they own the limits, and the preset's own
  /// line rules give way.
  package var conventions: TeamConventions? {
    get { commitConventions?.base as? TeamConventions }
    set { commitConventions = newValue.map(AnyCommitConventions.init) }
  }

  /// The layers with the team's conventions among them.
  package init(
    editorConfig: RulePatch? = nil, git: RulePatch? = nil, projectRules: RulePatch? = nil,
    projectOverrides: [RuleOverride] = [], projectFile: String? = nil, editorConfigFiles: [String] = [],
    conventions: TeamConventions?
  ) {
    self.init(
      editorConfig: editorConfig, git: git, projectRules: projectRules, projectOverrides: projectOverrides,
      projectFile: projectFile, editorConfigFiles: editorConfigFiles)
    self.conventions = conventions
  }
}

extension GitlintConfiguration {
  /// Whether the rule `id` is enabled and not in `[general] ignore`.
  package func applies(_ id: String) -> Bool {
    guard let index = index(of: id) else { return false }
    switch general.ignore {
    case .all: return false
    case .rules(let ignored): return !ignored.contains(id) && !ignored.contains(rules[index].name)
    }
  }
}
