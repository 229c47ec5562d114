/// The fixes `check --fix` writes to files (Protocol/README.md, "Command line": `--fix`): those
/// the checks declare `appliedByCheck`, each with one right answer.
extension StableTextField {
  /// The fixes of the current text that `check --fix` applies, in the checks' order: only the
  /// checks that declare one are asked.
  package var fixesAppliedByCheck: [QuickFix] {
    let registry = rules.registry
    var fixes: [QuickFix] = []
    for check in registry.fixing where check.offers.contains(where: \.appliedByCheck) {
      var found: [FieldDiagnostic] = []
      check.diagnose(self, into: &found)
      guard !found.isEmpty else { continue }
      fixes += check.fixes(for: found, in: self, stopping: { false }).filter {
        registry.kindsAppliedByCheck.contains($0.kind)
      }
    }
    return fixes
  }
}
