/// The conventions a team already keeps for its commit messages, as read from its files
/// (Protocol/README.md, "Team conventions"): commitlint's configuration and gitlint's, each with
/// the file it came from. They apply to commit-message documents (the `gitCommit` preset's files),
/// where they own the limits: the preset's own line rules give way (`RuleConfiguration.fold`).
package struct TeamConventions: Hashable, Sendable {
  /// The commitlint configuration that applies, if any.
  package var commitlint: CommitlintSetup?
  /// The gitlint configuration that applies, if any.
  package var gitlint: GitlintSetup?
  /// What is known of the commit beyond its message (its author, its files), for the rules that
  /// read it (gitlint's `M1`, `I4`, `B7`; `check --commits`' author filters). Empty in the editor
  /// until the daemon learns git's identity.
  package var facts: CommitFacts

  package init(
    commitlint: CommitlintSetup? = nil, gitlint: GitlintSetup? = nil, facts: CommitFacts = CommitFacts()
  ) {
    self.commitlint = commitlint
    self.gitlint = gitlint
    self.facts = facts
  }

  /// Whether no configuration applies.
  package var isEmpty: Bool { commitlint == nil && gitlint == nil }
}

/// A commitlint configuration and where it came from.
package struct CommitlintSetup: Hashable, Sendable {
  /// The configuration with every `extends` resolved (rules in the order commitlint reports them).
  package var configuration: CommitlintConfiguration
  /// The file it was read from (`/repo/.commitlintrc.yml`, `/repo/package.json`).
  package var file: String
  /// The member of that file that holds it (`commitlint` in `package.json` and `.stabletext.json`),
  /// nil when the whole file is the configuration.
  package var member: String?
  /// For each configured rule by name, where its setting came from (the file's own `rules`, or
  /// the shareable configuration an `extends` entry supplied it through, with file and line), for
  /// `stabletext rules`.
  package var origins: [String: CommitlintRuleOrigin]
  /// The files read beside `file` to resolve it (shareable configurations in `node_modules` and
  /// their manifests), absolute, in the order read: a change to one changes the configuration.
  package var dependencies: [String] = []

  package init(
    configuration: CommitlintConfiguration, file: String, member: String? = nil,
    origins: [String: CommitlintRuleOrigin] = [:]
  ) {
    self.configuration = configuration
    self.file = file
    self.member = member
    self.origins = origins
  }
}

/// A gitlint configuration and where it came from. Two setups are equal when they were read
/// from the same file with the same sections (the built configuration holds rules as existentials,
/// which compare by what built them).
package struct GitlintSetup: Hashable, Sendable {
  /// One `[section]` of the INI file as read: its name and its options in order.
  package struct Section: Hashable, Sendable {
    package var name: String
    package var options: [Option]

    package init(_ name: String, _ options: [Option]) {
      self.name = name
      self.options = options
    }
  }

  /// One `key = value` of a section, as read.
  package struct Option: Hashable, Sendable {
    package var key: String
    package var value: String

    package init(_ key: String, _ value: String) {
      self.key = key
      self.value = value
    }
  }

  /// The file it was read from (`/repo/.gitlint`).
  package var file: String
  /// The sections as read.
  package var sections: [Section]
  /// The configuration those sections build.
  package var configuration: GitlintConfiguration

  package init(file: String, sections: [Section], configuration: GitlintConfiguration) {
    self.file = file
    self.sections = sections
    self.configuration = configuration
  }

  package static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.file == rhs.file && lhs.sections == rhs.sections
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(file)
    hasher.combine(sections)
  }
}

/// What is known of a commit beside its message: what `check --commits` reads from git for each
/// commit, and what a hook or the editor knows of the commit being written (git's identity).
package struct CommitFacts: Hashable, Sendable {
  /// The author's name, if known.
  package var authorName: String?
  /// The author's e-mail, if known.
  package var authorEmail: String?
  /// How many parents the commit has, if known (a merge has two or more).
  package var parentCount: Int?
  /// The files the commit changes, if known.
  package var changedFiles: [String]
  /// Whether the message is a commit's as git stored it (`check --commits`), not one being
  /// written: the team's rules then read it exactly as the tools read `git log`'s output, with
  /// no cleanup of their own (git's ran, or was told not to, when it was committed).
  package var isStored = false

  package init(
    authorName: String? = nil, authorEmail: String? = nil, parentCount: Int? = nil,
    changedFiles: [String] = []
  ) {
    self.authorName = authorName
    self.authorEmail = authorEmail
    self.parentCount = parentCount
    self.changedFiles = changedFiles
  }
}
