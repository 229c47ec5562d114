/// One check of the rules: what it finds in a field, and how to fix what it found. The field's
/// diagnostics are its checks' findings in order; its quick fixes are each check's fixes for
/// exactly the diagnostics that check produced (never a search by code, which several
/// diagnostics can share).
///
/// A new check is a new file with a type conforming to this and one entry in `all`.
protocol FieldCheck: Sendable {
  /// Appends this check's diagnostics for `field`, in document order (at most the rules'
  /// `maxDiagnostics` of line diagnostics).
  func diagnose(_ field: StableTextField, into result: inout [FieldDiagnostic])
  /// Calls `body` with each of this check's diagnostics in order, every one of them however
  /// many (a check that can find one per line streams them instead of listing them).
  func forEachUncapped(_ field: StableTextField, _ body: (FieldDiagnostic) -> Void)
  /// The fixes for `found`: this check's diagnostics of the current text, in order.
  func fixes(for found: [FieldDiagnostic], in field: StableTextField) -> [QuickFix]
}

extension FieldCheck {
  /// A check that finds a few diagnostics for the whole text has no cap to lift.
  func forEachUncapped(_ field: StableTextField, _ body: (FieldDiagnostic) -> Void) {
    var found: [FieldDiagnostic] = []
    diagnose(field, into: &found)
    found.forEach(body)
  }
}

/// The checks in contract order: `over-limit` and `empty-after-trim` ("Rules"), then the line
/// checks ("Lines, comments and commit messages").
enum FieldChecks {
  static let all: [any FieldCheck] = [
    OverLimitCheck(), EmptinessCheck(), LineLengthAndBlankCheck(), RequiredTrailersCheck(),
  ]
}

extension StableTextField {
  /// The diagnostics the rules call for, in contract order (`over-limit`, then
  /// `empty-after-trim`, then the line checks in document order). `out-of-sync` belongs to the
  /// daemon, which knows about sync.
  ///
  /// At most `rules.maxDiagnostics` line diagnostics are listed, the first in document order,
  /// then one `too-many-diagnostics` saying how many more lines break a line rule.
  public var diagnostics: [FieldDiagnostic] {
    var result: [FieldDiagnostic] = []
    for check in FieldChecks.all { check.diagnose(self, into: &result) }
    return result
  }

  /// Every diagnostic in the same order, without the `maxDiagnostics` cap, one at a time: for a
  /// tool that reports them all (`stabletext check` prints each as it comes, holding no list of
  /// a huge document's diagnostics).
  public func forEachDiagnostic(_ body: (FieldDiagnostic) -> Void) {
    for check in FieldChecks.all { check.forEachUncapped(self, body) }
  }

  /// The fixes that apply to the current text, whatever part of it the user is looking at, in
  /// the checks' order: truncation when over the limit, trimming when there is leading or
  /// trailing whitespace, then the line fixes in document order (rewrapping a paragraph,
  /// inserting a blank line).
  public var quickFixes: [QuickFix] { quickFixes { _ in true } }

  /// The fixes for the diagnostics `include` picks (those a code action request names or meets),
  /// and only those: no fix is computed for a diagnostic left out (a rewrap reads its paragraph).
  public func quickFixes(for include: (FieldDiagnostic) -> Bool) -> [QuickFix] {
    var fixes: [QuickFix] = []
    for check in FieldChecks.all {
      var found: [FieldDiagnostic] = []
      check.diagnose(self, into: &found)
      let picked = found.filter(include)
      guard !picked.isEmpty else { continue }
      fixes += check.fixes(for: picked, in: self)
    }
    return fixes
  }
}
