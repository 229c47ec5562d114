/// A commit message as commitlint reads it: the fields conventional-commits-parser gives under
/// commitlint's default parser preset (conventional-changelog-conventionalcommits), which every
/// commitlint rule is a function of (Protocol/README.md, "Team conventions"). `nil` is the
/// parser's `null`: a part the message does not have. `ConventionalCommitParser` fills it.
package struct ConventionalCommit: Hashable, Sendable {
  /// An important note: a footer whose token is a note keyword (`BREAKING CHANGE: text`).
  package struct Note: Hashable, Sendable {
    /// The keyword as written (`BREAKING CHANGE`).
    package var title: String
    /// What follows it, with the lines after it up to the next footer.
    package var text: String

    package init(title: String, text: String) {
      self.title = title
      self.text = text
    }
  }

  /// An issue reference (`#123`, `closes owner/repo#4`).
  package struct Reference: Hashable, Sendable {
    /// The text it was read from.
    package var raw: String
    /// Its action keyword (`Closes`), when one precedes it.
    package var action: String?
    package var owner: String?
    package var repository: String?
    /// The issue's number or name, without its prefix.
    package var issue: String
    /// The issue prefix it was written with (`#`).
    package var prefix: String

    package init(
      raw: String, action: String?, owner: String?, repository: String?, issue: String, prefix: String
    ) {
      self.raw = raw
      self.action = action
      self.owner = owner
      self.repository = repository
      self.issue = issue
      self.prefix = prefix
    }
  }

  /// The message as given.
  package var raw: String
  /// The first line that is not a merge header.
  package var header: String?
  /// The header's parts, by the preset's header pattern `^(\w*)(?:\((.*)\))?!?: (.*)$`.
  package var type: String?
  package var scope: String?
  package var subject: String?
  /// The lines between the header and the first footer.
  package var body: String?
  /// The lines from the first footer (a note or a reference line) on.
  package var footer: String?
  package var notes: [Note]
  package var references: [Reference]
  /// `@name`s in the message.
  package var mentions: [String]
  /// A merge header (`Merge pull request #1 from …`), when the message starts with one.
  package var merge: String?
  /// What the message reverts, when its header matches the revert pattern (`header`, `hash`).
  package var revert: [String: String?]?

  /// Where the parts are in `raw`, as UTF-8 offsets, for diagnostics' ranges.
  package var ranges: Ranges

  /// The UTF-8 ranges of a commit's parts in its `raw` message (nil for a part it does not have).
  /// The body's and the footer's run from their first line to their last, comment lines the
  /// parser dropped between them included.
  package struct Ranges: Hashable, Sendable {
    package var header: Range<Int>?
    package var type: Range<Int>?
    package var scope: Range<Int>?
    package var subject: Range<Int>?
    package var body: Range<Int>?
    package var footer: Range<Int>?

    package init(
      header: Range<Int>? = nil, type: Range<Int>? = nil, scope: Range<Int>? = nil,
      subject: Range<Int>? = nil,
      body: Range<Int>? = nil, footer: Range<Int>? = nil
    ) {
      self.header = header
      self.type = type
      self.scope = scope
      self.subject = subject
      self.body = body
      self.footer = footer
    }
  }

  /// A commit holding `raw` and nothing parsed from it.
  package init(raw: String) {
    self.raw = raw
    self.notes = []
    self.references = []
    self.mentions = []
    self.ranges = Ranges()
  }
}
