/// conventional-commits-parser's `CommitParser.parse` (v7.1.2, conventional-changelog at
/// 340ad83e) as `@commitlint/parse` (commitlint 21.2.2) calls it: a commit message into the
/// fields every commitlint rule is a function of (Protocol/README.md, "Team conventions").
///
/// The parser's regular expressions are fixed by the presets commitlint uses, so each is matched
/// by hand here, exactly as JavaScript's backtracking matcher decides it (ConventionalCommitPatterns)
/// and in time linear in the message: a hook or an editor never waits on a pathological line.
/// `mergePattern` and `fieldPattern` are left out: neither preset sets them (commitlint sets
/// `fieldPattern` to null), so `merge` is always nil as in commitlint.
package struct ConventionalCommitParser: Sendable {
  package var options: Options

  package init(_ options: Options = .commitlintDefault) {
    self.options = options
  }

  /// The parser options: a preset merged over the parser's defaults, as `@commitlint/parse` merges
  /// them (`{...angular, fieldPattern: null, ...preset}` over `defaultOptions`).
  package struct Options: Hashable, Sendable {
    /// The header pattern's breaking `!`: `.none` is angular's `^(\w*)(?:\((.*)\))?: (.*)$`,
    /// `.optional` conventionalcommits' `^(\w*)(?:\((.*)\))?!?: (.*)$`.
    package var headerBang: HeaderBang
    /// conventionalcommits' `breakingHeaderPattern` `^(\w*)(?:\((.*)\))?!: (.*)$`, tried first, and
    /// a `BREAKING CHANGE` note from the subject when it matches and no note was written.
    package var breakingHeader: Bool
    /// Note keywords (case-insensitive), in order.
    package var noteKeywords: [String]
    /// Issue prefixes (`#`), in order; case-insensitive unless `issuePrefixesCaseSensitive`.
    package var issuePrefixes: [String]
    package var issuePrefixesCaseSensitive: Bool
    /// Reference actions (case-insensitive), in order.
    package var referenceActions: [String]
    /// The revert pattern: angular's (`… This reverts commit (\w{7,40})\b`) or conventionalcommits'
    /// (`… This reverts commit (\w*)\.`).
    package var revert: RevertPattern
    /// `commentChar`: lines starting with it are dropped and the scissors line ends the message
    /// (commitlint's CLI sets git's `core.commentChar` when it reads `--edit`).
    package var commentCharacter: String?

    package enum HeaderBang: Hashable, Sendable {
      case none
      case optional
    }

    package enum RevertPattern: Hashable, Sendable {
      case angular
      case conventionalCommits
    }

    package init(
      headerBang: HeaderBang, breakingHeader: Bool, noteKeywords: [String], issuePrefixes: [String],
      issuePrefixesCaseSensitive: Bool = false, referenceActions: [String], revert: RevertPattern,
      commentCharacter: String? = nil
    ) {
      self.headerBang = headerBang
      self.breakingHeader = breakingHeader
      self.noteKeywords = noteKeywords
      self.issuePrefixes = issuePrefixes
      self.issuePrefixesCaseSensitive = issuePrefixesCaseSensitive
      self.referenceActions = referenceActions
      self.revert = revert
      self.commentCharacter = commentCharacter
    }

    /// conventional-commits-parser's `defaultOptions.referenceActions`.
    package static let defaultReferenceActions = [
      "close", "closes", "closed", "fix", "fixes", "fixed", "resolve", "resolves", "resolved",
    ]

    /// What `@commitlint/parse` uses when given no parser options: conventional-changelog-angular's
    /// parser options over the parser's defaults. commitlint's own rule tests parse with it.
    package static let commitlintDefault = Options(
      headerBang: .none, breakingHeader: false, noteKeywords: ["BREAKING CHANGE"], issuePrefixes: ["#"],
      referenceActions: defaultReferenceActions, revert: .angular)

    /// `parserPreset: conventional-changelog-conventionalcommits` (what
    /// `@commitlint/config-conventional` sets), v10: its options over angular's and the defaults.
    package static let conventionalCommits = Options(
      headerBang: .optional, breakingHeader: true, noteKeywords: ["BREAKING CHANGE", "BREAKING-CHANGE"],
      issuePrefixes: ["#"], referenceActions: defaultReferenceActions, revert: .conventionalCommits)
  }

  /// The commit `message` holds, or nil when it is blank (JavaScript's `trim()` leaves nothing),
  /// where the parser throws "Expected a raw commit".
  package func parse(_ message: String) -> ConventionalCommit? {
    var run = ConventionalCommitParse(message, options)
    return run.parse()
  }
}
