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
  /// The fixes for `found`: this check's diagnostics of the current text, in order. A check whose
  /// fixes take long (a rewrap reads its paragraph) asks `shouldStop` as it goes and, told to,
  /// returns what it has.
  func fixes(for found: [FieldDiagnostic], in field: StableTextField, stopping shouldStop: () -> Bool)
    -> [QuickFix]
}

extension FieldCheck {
  /// A check that finds a few diagnostics for the whole text has no cap to lift.
  func forEachUncapped(_ field: StableTextField, _ body: (FieldDiagnostic) -> Void) {
    var found: [FieldDiagnostic] = []
    diagnose(field, into: &found)
    found.forEach(body)
  }
}
