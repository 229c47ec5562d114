import StableTextCore

/// The team's gitlint configuration, live (Protocol/README.md, "Team conventions", "Diagnostics of
/// the team's rules"): in a commit-message document (the `gitCommit` preset) with a `.gitlint`,
/// the message as git stores it (`StoredCommitMessage`) is linted as gitlint lints it, with what is
/// known of the commit (`TeamConventions.facts`: author, parents, files) and gitlint's own ignores
/// (`ignore-merge-commits` …, I1–I4, `gitlint-ignore:` lines). Each violation is an error (gitlint
/// exits non-zero on any), its code gitlint's id (`T1`, `CT1`, `T5:no-wip` for a named rule), its
/// message gitlint's wording, its range the line gitlint names (the title when it names none, the
/// message's end when it names one the message lacks), its
/// `data` the content gitlint prints after the message.
struct GitlintCheck: RuleCheck {
  var fields: [RuleField] { [] }
  var measures: [RuleMeasure] { [.storedMessage] }
  func applies(to rules: Rules) -> Bool { rules.isCommitMessage && rules.conventions?.gitlint != nil }

  var reports: [DiagnosticDeclaration] {
    [
      DiagnosticDeclaration(
        code: .gitlintRule, severity: .fixed(.error), message: "Title exceeds max length (61>60)",
        data: ["content"], range: "the line gitlint names",
        family: (GitlintRules.builtIn + GitlintRules.contrib).filter { !($0 is any GitlintConfigurationRule) }
          .map(\.id))
    ]
  }

  /// At most the rules' cap on line diagnostics of them (gitlint's body rules give one a line: B1, B2, B3).
  func diagnose(_ field: StableTextField, into result: inout [FieldDiagnostic]) {
    var left = field.rules.maxDiagnostics
    forEach(field) { diagnostic in
      guard left > 0 else { return false }
      result.append(diagnostic)
      left -= 1
      return true
    }
  }

  /// Every one of them, for `check`.
  func forEachUncapped(_ field: StableTextField, _ body: (FieldDiagnostic) -> Void) {
    forEach(field) { diagnostic in
      body(diagnostic)
      return true
    }
  }

  /// Calls `body` with each violation's diagnostic in gitlint's order while it says to go on.
  private func forEach(_ field: StableTextField, _ body: (FieldDiagnostic) -> Bool) {
    guard applies(to: field.rules), let conventions = field.rules.conventions,
      let configuration = conventions.gitlint?.configuration
    else { return }
    let stored = StoredCommitMessage(field)
    let facts = conventions.facts
    // The stored message holds no comment line; the field's comment character keeps a line that
    // git keeps (under `core.commentChar=;` a `#` line is the message's).
    let commit = GitlintCommit(
      message: stored.text, commentCharacter: field.rules.commentCharacter, authorName: facts.authorName,
      authorEmail: facts.authorEmail, parentCount: facts.parentCount, changedFiles: facts.changedFiles)
    let title = stored.line(number: 1) ?? 0..<0
    for violation in GitlintLinter.lint(commit, configuration) {
      // No line named: the title; a line the message lacks (B5, B6 name line 3): its end.
      let line =
        violation.lineNumber.map { stored.line(number: $0) ?? stored.end..<stored.end } ?? title
      let diagnostic = FieldDiagnostic(
        code: FieldDiagnostic.Code(rawValue: violation.ruleID), severity: .error,
        range: stored.documentRange(line), message: violation.message,
        data: violation.content.map { FieldDiagnostic.Data([("content", .string($0))]) })
      guard body(diagnostic) else { return }
    }
  }
}

extension FieldDiagnostic.Code {
  /// The family of gitlint's rules: each diagnostic's code is the rule's id (`T1`); this
  /// placeholder stands for them in the declarations and tables.
  public static let gitlintRule = Self(rawValue: "<gitlint rule>")
}
