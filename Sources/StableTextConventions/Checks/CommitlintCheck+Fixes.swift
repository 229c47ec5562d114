import StableTextCore

/// The fixes of the team's commitlint rules that have one right answer (Protocol/README.md, "Code
/// actions and hover": "Fixes that write"). Each rule owns its fix (`CommitlintRule.fix`, in the
/// rule's file): this asks the rule of each diagnostic for it, on the message as git stores it,
/// and maps it back to the document (`StoredCommitMessage`), so a fix never touches a comment
/// line. A rule whose fix is the user's choice offers none.
extension CommitlintCheck {
  var offers: [FixDeclaration] {
    // The order of the fixes in the documents: the type's case, a full stop, the header's space.
    [CommitlintCaseRule.typeCaseFix, SubjectFullStopRule.fullStopFix, HeaderTrimRule.trimFix]
  }

  func fixes(for found: [FieldDiagnostic], in field: StableTextField, stopping shouldStop: () -> Bool)
    -> [QuickFix]
  {
    let fixable = found.compactMap { diagnostic in
      CommitlintRules.named(diagnostic.code.rawValue).flatMap { $0.offersFix ? (diagnostic, $0) : nil }
    }
    guard !fixable.isEmpty, let configuration = field.rules.conventions?.commitlint?.configuration else {
      return []
    }
    let stored = StoredCommitMessage(field)
    guard let commit = ConventionalCommitParser(configuration.parserOptions).parse(stored.text) else {
      return []
    }
    var fixes: [QuickFix] = []
    for (diagnostic, rule) in fixable {
      guard let entry = configuration.rules.last(where: { $0.name == rule.name }),
        let fix = rule.fix(commit, entry.setting.condition ?? rule.defaultCondition, entry.setting.value)
      else { continue }
      let edits = fix.edits.map { (stored.documentRange($0.0), $0.1) }
      fixes.append(QuickFix(kind: fix.kind, title: fix.title, edits: edits, diagnostic: diagnostic))
    }
    return fixes
  }
}
