/// A problem with a configuration file (Protocol/README.md, "Configuration problems"), of one of
/// two kinds. An *invalid* file is wrong by its own tool's rules (JSON that does not parse, a
/// commitlint rule level 3, a gitlint option of the wrong type): that tool would refuse it too,
/// so nothing from the file applies and `check` exits 2. A part *not honoured* is valid for its
/// tool but something StableText cannot evaluate (an `extends` it cannot resolve, a plugin, a
/// function, an `.editorconfig` section too costly to match): that part is skipped, the rest of
/// the file applies, and the skip is said as a warning (`check --strict-config` exits 2 on it).
///
/// A problem names the file and, where known, the line and column (1-based, the column counted
/// in Unicode scalars) and the field: `FILE:LINE:COL: FIELD: what is wrong`, or for a part not
/// honoured `FILE:LINE:COL: FIELD VALUE is not honoured: why; the rest applies`. Any reader can
/// make one for a single binding or member of a file (`notHonoured(…)`), with its own positions.
package struct ConfigurationProblem: Error, Hashable, Sendable, CustomStringConvertible {
  package enum Kind: String, Hashable, Sendable {
    /// The file's own tool would refuse it: nothing from the file applies.
    case invalid
    /// A part StableText cannot evaluate: that part is skipped, the rest applies.
    case notHonoured
    /// Read and applied whole, but the file's own tool would not load what StableText read (a
    /// JavaScript configuration Node loads nothing from): said as a warning, never failing a
    /// run (`--strict-config` is about what StableText skips).
    case caution
  }

  /// Which documents the file's rules are for, so a problem is said only where it could change
  /// a verdict.
  package enum Concern: String, Hashable, Sendable {
    /// A `.stabletext.json`: every file under it.
    case files
    /// A team's commitlint or gitlint configuration: commit messages only.
    case commitMessages
    /// An `.editorconfig`: files other than commit messages (the commit preset replaces its
    /// limits, so it never decides a commit message's verdict).
    case editorConfig
  }

  package var kind: Kind
  package var concern: Concern
  /// The file's path.
  package var path: String
  /// Where in the file (1-based), when known.
  package var line: Int?
  /// The column on `line` (1-based, in Unicode scalars), when known.
  package var column: Int?
  /// The field concerned, as its file spells its path (`extends[1]`, `rules.subject-case[0]`,
  /// `[general] extra-path`, `[*.{md,txt}]`); nil for the file as a whole.
  package var field: String?
  /// For a part not honoured, the value named after the field (`"@acme/config"`), if any.
  package var value: String?
  /// What is wrong (invalid) or why it cannot be honoured.
  package var problem: String
  /// For a part not honoured, what still applies (`the rest applies`).
  package var consequence: String

  package init(
    _ kind: Kind = .invalid, concern: Concern, path: String, line: Int? = nil, column: Int? = nil,
    field: String? = nil, value: String? = nil, problem: String, consequence: String? = nil
  ) {
    self.kind = kind
    self.concern = concern
    self.path = path
    self.line = line
    self.column = column
    self.field = field
    self.value = value
    self.problem = problem
    self.consequence =
      consequence
      ?? (kind == .invalid ? "the file is ignored" : kind == .notHonoured ? "the rest applies" : "")
  }

  /// A caution about a file read and applied whole (`problem` says what its own tool does).
  package static func caution(
    concern: Concern, path: String, line: Int? = nil, column: Int? = nil, problem: String
  ) -> ConfigurationProblem {
    ConfigurationProblem(.caution, concern: concern, path: path, line: line, column: column, problem: problem)
  }

  /// A part of a file not honoured: `field` (with `value`, when given) is skipped because of
  /// `reason`, and the rest of the file applies.
  package static func notHonoured(
    concern: Concern, path: String, line: Int? = nil, column: Int? = nil, field: String?,
    value: String? = nil,
    reason: String, consequence: String? = nil
  ) -> ConfigurationProblem {
    ConfigurationProblem(
      .notHonoured, concern: concern, path: path, line: line, column: column, field: field, value: value,
      problem: reason, consequence: consequence)
  }

  /// `FILE:LINE:COL`, `FILE:LINE` or `FILE`, as far as the place is known.
  package var place: String {
    guard let line else { return path }
    guard let column else { return "\(path):\(line)" }
    return "\(path):\(line):\(column)"
  }

  /// What is said after the place and the severity: `FIELD: what is wrong`, or `FIELD VALUE is
  /// not honoured: why; the rest applies`; a caution as it is worded.
  package var text: String {
    switch kind {
    case .invalid, .caution:
      return field.map { "\($0): \(problem)" } ?? problem
    case .notHonoured:
      let subject = [field ?? "the configuration", value].compactMap { $0 }.joined(separator: " ")
      return "\(subject) is not honoured: \(problem); \(consequence)"
    }
  }

  /// The whole problem on one line, as the daemon shows it and logs it: `PLACE: TEXT`, an
  /// invalid file's ending `; the file is ignored`.
  package var description: String {
    kind == .invalid ? "\(place): \(text); \(consequence)" : "\(place): \(text)"
  }

  /// This problem at `position` (line and column), when one is known.
  package func at(_ position: FilePlace?) -> ConfigurationProblem {
    guard let position else { return self }
    var placed = self
    placed.line = position.line
    placed.column = position.column
    return placed
  }
}

/// A place in a file: line and column, both 1-based, the column in Unicode scalars.
package struct FilePlace: Hashable, Sendable {
  package var line: Int
  package var column: Int

  package init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }
}

/// Every problem that makes a file invalid, in the order found (a file is refused with all of
/// them, not the first alone).
package struct ConfigurationProblems: Error, Hashable, Sendable, CustomStringConvertible {
  package var all: [ConfigurationProblem]

  package init(_ all: [ConfigurationProblem]) {
    self.all = all
  }

  package var description: String { all.map(\.description).joined(separator: "\n") }
}

extension ConfigurationProblem {
  /// Whether the problem concerns a document that is a commit message (the commit preset
  /// applies to it) or another file: a team's convention file concerns commit messages only, an
  /// `.editorconfig` other files only (the commit preset replaces its limits), a
  /// `.stabletext.json` every file under it.
  package func concerns(commitMessage: Bool) -> Bool {
    switch concern {
    case .files: return true
    case .commitMessages: return commitMessage
    case .editorConfig: return !commitMessage
    }
  }
}
