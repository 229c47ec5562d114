/// What compiles the regular expressions of a gitlint configuration (Python's `re` syntax) for the
/// core, which matches none itself: a backtracking matcher written here would have to be bounded
/// as carefully as a library's, and the core is the standard library alone (an iOS app links it).
/// The daemon and `check` give StableTextProject's `PCRE2Engine`; a configuration read without an
/// engine refuses every expression (`GitlintRegexEngines.none`).
package protocol GitlintRegexEngine: Sendable {
  /// `pattern` compiled, or why it is not an expression (Python's words where they differ).
  func compile(_ pattern: String) throws(GitlintRegexError) -> any GitlintCompiledRegex
}

/// An expression an engine compiled: immutable, used from any thread.
package protocol GitlintCompiledRegex: Sendable {
  /// Whether the expression matches in `text` (anywhere, or at its start when `atStart`),
  /// spending steps of the engine's from `budget`; nil when the budget runs out first (`budget`
  /// is then 0).
  func matches(_ text: String, atStart: Bool, _ budget: inout GitlintMatchBudget.Left) -> Bool?
}

/// Why an engine refused an expression.
package struct GitlintRegexError: Error, Hashable, Sendable {
  /// The reason, as gitlint quotes Python's (`missing ), unterminated subpattern at position 0`).
  package var reason: String

  package init(_ reason: String) { self.reason = reason }
}

/// The engines the core knows of itself.
package enum GitlintRegexEngines {
  /// No engine: every expression is refused, saying so.
  package static let none: any GitlintRegexEngine = NoEngine()

  private struct NoEngine: GitlintRegexEngine {
    func compile(_ pattern: String) throws(GitlintRegexError) -> any GitlintCompiledRegex {
      throw GitlintRegexError("no regular expression engine was given to read it")
    }
  }
}

/// What one lint may spend on the team's regular expressions, whatever the expressions and the
/// message (Protocol/README.md, "gitlint's rules"): at most `maxSteps` of the engine's steps plus
/// `stepsPerByte` for each byte of the message, and at most `maxNanoseconds` in all. Shared by
/// every expression of the lint (each body line's I3 match, each named rule's), so that neither
/// many lines nor many rules multiply it. Once spent, no expression is matched again in the lint:
/// the linter refuses the one that spent it, by name, as an invalid expression is refused.
package struct GitlintMatchBudget: Sendable {
  /// The steps every lint may spend, whatever the message's length.
  package static let maxSteps = 1_000_000
  /// The steps a lint may spend besides for each byte of the message (a long body searched by
  /// B8, or read line by line by I3, costs steps in proportion).
  package static let stepsPerByte = 4
  /// The time every lint may spend at most, whatever its steps: a step is bounded work in all
  /// but a few of an engine's items, whose scans (a back-reference's, a long counted repeat's) this
  /// bounds instead.
  package static let maxNanoseconds = 1_000_000_000

  /// What is left.
  package struct Left: Hashable, Sendable {
    /// Steps of the engine's (for PCRE2, one a pattern item tried, and one for each character
    /// the match moves over between items).
    package var steps: Int
    /// Time, in nanoseconds of a monotonic clock the engine reads.
    package var nanoseconds: Int

    package init(steps: Int, nanoseconds: Int) {
      self.steps = steps
      self.nanoseconds = nanoseconds
    }
  }

  /// What the lint could spend.
  package let allowed: Left
  /// What is left to spend.
  package var left: Left
  /// The expression that ran out of budget, once one has.
  package internal(set) var exhausted: GitlintRegex?

  /// The budget of a lint of a message of `bytes` UTF-8 bytes.
  package init(messageBytes bytes: Int = 0) {
    let (perByte, overflow) = max(bytes, 0).multipliedReportingOverflow(by: Self.stepsPerByte)
    let (steps, overflowSum) = Self.maxSteps.addingReportingOverflow(perByte)
    allowed = Left(steps: overflow || overflowSum ? Int.max : steps, nanoseconds: Self.maxNanoseconds)
    left = allowed
  }

  /// A budget of `allowed` (tests that spend it on purpose).
  package init(allowed: Left) {
    self.allowed = allowed
    left = allowed
  }
}
