/// A fix the daemon offers as a `quickfix` code action: a title and UTF-8 range replacements
/// on the current text, non-overlapping and in document order.
public struct QuickFix: Hashable, Sendable {
  /// What a fix does; each check declares its own kinds as static constants.
  public struct Kind: RawRepresentable, Hashable, Sendable {
    /// The kind's name.
    public var rawValue: String
    /// A kind named `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
  }

  /// Which fix it is.
  public var kind: Kind
  /// Its title for a menu (`Truncate to 150 characters`).
  public var title: String
  /// Its edits in UTF-8 offsets of the current text, in order, not overlapping.
  public var edits: [(range: Range<Int>, text: String)] { _edits.map { ($0.range, $0.text) } }
  /// The diagnostic this fix resolves, when one is present (the very one, not just its code:
  /// several diagnostics can share a code).
  public var diagnostic: FieldDiagnostic?

  private var _edits: [Edit]

  private struct Edit: Hashable, Sendable {
    var range: Range<Int>
    var text: String
  }

  package init(kind: Kind, title: String, edits: [(Range<Int>, String)], diagnostic: FieldDiagnostic?) {
    self.kind = kind
    self.title = title
    self._edits = edits.map { Edit(range: $0.0, text: $0.1) }
    self.diagnostic = diagnostic
  }
}
