extension StableTextField {
  /// The diagnostics the rules call for, in contract order (`over-limit`, then
  /// `empty-after-trim`, then the line checks in document order). `out-of-sync` belongs to the
  /// daemon, which knows about sync.
  ///
  /// At most the rules' cap of line diagnostics are listed, the first in document order,
  /// then one `too-many-diagnostics` saying how many more lines break a line rule.
  public var diagnostics: [FieldDiagnostic] {
    var result: [FieldDiagnostic] = []
    for check in rules.registry.reporting { check.diagnose(self, into: &result) }
    return result
  }

  /// Every diagnostic in the same order, without the cap on line diagnostics, one at a time: for a
  /// tool that reports them all (`stabletext check` prints each as it comes, holding no list of
  /// a huge document's diagnostics).
  public func forEachDiagnostic(_ body: (FieldDiagnostic) -> Void) {
    for check in rules.registry.reporting { check.forEachUncapped(self, body) }
  }

  /// The fixes that apply to the current text, whatever part of it the user is looking at, in
  /// the checks' order: truncation when over the limit, trimming when there is leading or
  /// trailing whitespace, then the line fixes in document order (rewrapping a paragraph,
  /// inserting a blank line).
  public var quickFixes: [QuickFix] { quickFixes { _ in true } }

  /// The fixes for the diagnostics `include` picks (those a code action request names or meets),
  /// and only those: no fix is computed for a diagnostic left out (a rewrap reads its paragraph).
  public func quickFixes(for include: (FieldDiagnostic) -> Bool) -> [QuickFix] {
    quickFixes(for: include, stopping: { false })
  }

  /// The same, asking `shouldStop` as it goes (between checks, paragraphs, and every few hundred
  /// words of a rewrap): once it says yes, the fixes found so far, an incomplete list for a
  /// caller that no longer wants it (a request its client cancelled).
  public func quickFixes(for include: (FieldDiagnostic) -> Bool, stopping shouldStop: () -> Bool)
    -> [QuickFix]
  {
    // Once told to stop, stopped: `shouldStop` is not asked again, and every check sees it.
    var stopped = false
    func stop() -> Bool {
      if !stopped { stopped = shouldStop() }
      return stopped
    }
    var fixes: [QuickFix] = []
    for check in rules.registry.fixing {
      if stop() { break }
      var found: [FieldDiagnostic] = []
      check.diagnose(self, into: &found)
      let picked = found.filter(include)
      guard !picked.isEmpty else { continue }
      fixes += check.fixes(for: picked, in: self, stopping: stop)
    }
    return fixes
  }
}
