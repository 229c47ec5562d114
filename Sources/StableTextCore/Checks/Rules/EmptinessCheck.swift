/// `empty-after-trim` ("Rules"), and the trim fix, which belongs to it alone (offered on every line
/// of every message whose template ends in a newline, it only ever removed that newline).
///
/// It owns `requireNonEmpty` and the `placeholder` a view shows while the text is blank.
struct EmptinessCheck: RuleCheck {
  var fields: [RuleField] {
    [
      Self.reportField,
      RuleField(
        "placeholder",
        .string(maxBytes: Rules.maxPlaceholderBytes, nonEmpty: false, singleLine: false, nullable: false),
        \.placeholder, \.placeholder, option: nil, help: "Shown while the text is blank",
        meaning: "text a frontend shows while the document is blank",
        read: { $0.string }, write: { .string($0) }),
    ]
  }

  /// Whether blank text is reported, kept in the rules' generic store: this file declares it,
  /// gives its accessors and is its one reader.
  static let reportField = RuleField(
    "requireNonEmpty", .boolean, default: .bool(true), option: nil,
    help: "Warn about text that is empty after trimming (the protocol's default; not check's)",
    meaning: "report `empty-after-trim`")

  var measures: [RuleMeasure] { [.trimmedText] }
  func applies(to rules: Rules) -> Bool { rules.requireNonEmpty }
  var reports: [DiagnosticDeclaration] {
    [
      DiagnosticDeclaration(
        code: .emptyAfterTrim, severity: .fixed(.warning),
        message: "The text is empty after trimming whitespace and newlines; type some text to fill it in",
        data: [], range: "the whole document")
    ]
  }
  var offers: [FixDeclaration] {
    [FixDeclaration(kind: .trim, title: "Trim leading and trailing whitespace")]
  }

  func diagnose(_ field: StableTextField, into result: inout [FieldDiagnostic]) {
    guard field.rules.requireNonEmpty && field.isEmptyAfterTrim else { return }
    result.append(
      FieldDiagnostic(
        code: .emptyAfterTrim, severity: .warning, range: 0..<field.text.utf8Count,
        message: "The text is empty after trimming whitespace and newlines; type some text to fill it in",
        data: nil))
  }

  func fixes(for found: [FieldDiagnostic], in field: StableTextField, stopping shouldStop: () -> Bool)
    -> [QuickFix]
  {
    guard let diagnostic = found.first else { return [] }
    // A message that is blank but for comments (git's template) has nothing to clear: trimming
    // would take the first line, where the subject goes.
    if field.readsMessageLines && field.messageIndex.holdsNonMessageLines { return [] }
    return field.trimFix(diagnostic).map { [$0] } ?? []
  }
}

extension Rules {
  /// Whether text that is blank after trimming is reported (`empty-after-trim`).
  public var requireNonEmpty: Bool {
    get { EmptinessCheck.reportField.value(in: self).bool ?? true }
    set {
      var patch = RulePatch()
      patch.requireNonEmpty = newValue
      EmptinessCheck.reportField.apply(&self, patch)
    }
  }
}

extension RulePatch {
  /// Whether text that is empty after trimming gets `empty-after-trim`; `nil` keeps the earlier
  /// layer's.
  public var requireNonEmpty: Bool? {
    get { EmptinessCheck.reportField.get(self)?.bool }
    set { values[EmptinessCheck.reportField.name] = newValue.map { .bool($0) } }
  }
}

extension RuleField {
  /// The rule reporting blank text, for the texts and options that name it (`check
  /// --allow-empty`, the demo, the fuzzer's rules).
  package static var blankTextReport: RuleField { EmptinessCheck.reportField }
}

extension Rules {
  /// What a view shows while the text is blank after trimming (`placeholder`): the same test
  /// `empty-after-trim` makes, so the hint shows exactly while the warning may (`FieldState`).
  package var placeholderText: String { placeholder }

  /// The most UTF-8 bytes a `placeholder` may hold: it is repeated in every state notification.
  public static let maxPlaceholderBytes = 4_096
}

extension FieldDiagnostic.Code {
  /// The text is empty after trimming whitespace and newlines (`requireNonEmpty`).
  public static let emptyAfterTrim = Self(rawValue: "empty-after-trim")
}

extension QuickFix.Kind {
  /// Removes leading and trailing whitespace.
  public static let trim = Self(rawValue: "trim")
}

extension StableTextField {
  /// Trimming keeps one final terminator that the rules leave out of the count.
  fileprivate func trimFix(_ diagnostic: FieldDiagnostic?) -> QuickFix? {
    let counted = countedRange
    let body = text.slice(counted).unicodeScalars
    let leading = body.prefix(while: Whitespace.contains).reduce(0) { $0 + UTF8.width($1) }
    let title = "Trim leading and trailing whitespace"
    if leading == counted.upperBound {
      guard leading > 0 else { return nil }
      return QuickFix(kind: .trim, title: title, edits: [(0..<leading, "")], diagnostic: diagnostic)
    }
    let trailing = body.reversed().prefix(while: Whitespace.contains).reduce(0) { $0 + UTF8.width($1) }
    var edits: [(Range<Int>, String)] = []
    if leading > 0 { edits.append((0..<leading, "")) }
    if trailing > 0 { edits.append((counted.upperBound - trailing..<counted.upperBound, "")) }
    guard !edits.isEmpty else { return nil }
    return QuickFix(kind: .trim, title: title, edits: edits, diagnostic: diagnostic)
  }
}
