import StableTextCore

/// commitlint's `type-case`, `subject-case`, `header-case` and `body-case` (Protocol/README.md,
/// "Team conventions"): the part is in one of the cases (or in none, under `never`). The value is
/// a case name or a list of them (`{"when", "case"}` objects among them), as
/// `CommitlintCaseRules` reads it; no value is an empty list. The four rules differ only in the
/// part read and in which texts commitlint leaves alone:
/// - a message without a type or a body passes `type-case` and `body-case`;
/// - a subject that does not start with a cased letter passes: one in an uncased script (Han,
///   Hangul, Arabic, Hebrew), or starting with a digit or a symbol, is in no case commitlint can
///   tell (commitlint #364, #3585); Cyrillic, Greek and other cased scripts are checked like
///   Latin (#4620);
/// - a header that does not start with an ASCII letter passes (a version, `1.0.0`, or a header
///   in another script: `/^[a-z]/i` without the `u` flag).
///
/// `scope-case` reads each scope of a list apart, and is a rule of its own (`ScopeCaseRule`).
package struct CommitlintCaseRule: CommitlintRule, CommitlintValueChecking {
  package let part: CommitlintPart
  /// Made once: a configuration's rules are looked up by name for every message.
  package let name: String

  /// The rule on `part`: type, subject, header or body.
  package init(_ part: CommitlintPart) {
    guard let name = Self.names[part] else { preconditionFailure("no case rule on \(part)") }
    self.part = part
    self.name = name
  }

  /// The four rules' names, each written here so that searching for it reaches this file.
  private static let names: [CommitlintPart: String] = [
    .type: "type-case", .subject: "subject-case", .header: "header-case", .body: "body-case",
  ]

  package func verdict(_ commit: ConventionalCommit, _ when: CommitlintCondition, _ value: CommitlintValue?)
    -> CommitlintVerdict
  {
    let checks: [CommitlintCaseCheck]
    switch CommitlintCaseRules.checks(value) {
    case .success(let read): checks = read
    case .failure(let problem): return problem.verdict(name)
    }
    guard let text = part.text(of: commit), isChecked(text) else { return CommitlintVerdict(true) }
    return CommitlintCaseRules.verdict(part.rawValue, when, checks) { CommitlintEnsure.isCase(text, $0) }
  }

  package func valueProblem(_ value: CommitlintValue?) -> CommitlintValueProblem? {
    if case .failure(let problem) = CommitlintCaseRules.checks(value) { return problem }
    return nil
  }

  /// `type-case`'s fix: the type in the first case of the configured list that makes the rule
  /// pass. The other parts' case is the user's to write (a subject's words, a body's).
  package var fixDeclaration: FixDeclaration? { part == .type ? Self.typeCaseFix : nil }

  /// Writing the type in the case `type-case` asks for.
  static let typeCaseFix = FixDeclaration(
    kind: .commitlintTypeCase, title: "Write the type as", appliedByCheck: true)

  package func fix(_ commit: ConventionalCommit, _ when: CommitlintCondition, _ value: CommitlintValue?)
    -> CommitlintFix?
  {
    guard part == .type, when == .always, let range = commit.ranges.type, let type = commit.type,
      let written = typeInCase(type, value, commit)
    else { return nil }
    return CommitlintFix(
      kind: .commitlintTypeCase, title: "Write the type as \(written)", edits: [(range, written)])
  }

  /// The type in the first case of the configured list (a case it must be in) that makes the
  /// rule pass, nil when none does (a list of cases it must not be in has no one answer).
  private func typeInCase(_ type: String, _ value: CommitlintValue?, _ commit: ConventionalCommit) -> String?
  {
    guard case .success(let checks) = CommitlintCaseRules.checks(value) else { return nil }
    for check in checks where !check.negated {
      let written = CommitlintEnsure.toCase(type, check.target)
      guard written != type, !written.isEmpty else { continue }
      var changed = commit
      changed.type = written
      if verdict(changed, .always, value).valid { return written }
    }
    return nil
  }

  /// Whether commitlint looks at the case of `text` at all.
  private func isChecked(_ text: String) -> Bool {
    switch part {
    case .subject: return text.unicodeScalars.first.map(Self.isCasedLetter) ?? false
    case .header:
      guard let first = text.unicodeScalars.first else { return false }
      return ("a"..."z").contains(first) || ("A"..."Z").contains(first)
    default: return !text.isEmpty
    }
  }

  /// `/^[\p{Ll}\p{Lu}\p{Lt}]/iu`: a letter of those categories, or (by the `i` flag's case
  /// folding) a scalar whose simple case mapping is one (U+0345, which folds to `ι`).
  static func isCasedLetter(_ scalar: Unicode.Scalar) -> Bool {
    func isCased(_ scalar: Unicode.Scalar) -> Bool {
      switch scalar.properties.generalCategory {
      case .lowercaseLetter, .uppercaseLetter, .titlecaseLetter: true
      default: false
      }
    }
    if isCased(scalar) { return true }
    let properties = scalar.properties
    return [properties.uppercaseMapping, properties.lowercaseMapping].contains { mapping in
      let scalars = mapping.unicodeScalars
      return scalars.count == 1 && scalars.first.map(isCased) == true
    }
  }
}

extension QuickFix.Kind {
  /// Writes a commitlint type in the case `type-case` asks for.
  public static let commitlintTypeCase = Self(rawValue: "typeCase")
}
