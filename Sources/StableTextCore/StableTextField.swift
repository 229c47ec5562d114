/// One text field's text and rules: the single source of truth that the daemon keeps per
/// document and that an app can keep in-process. All measurements here follow the rules
/// (unit, final newline, trimming) so that every frontend counts the same way.
public struct StableTextField: Sendable {
  public var text: TextBuffer
  public var rules: Rules

  public init(text: String = "", rules: Rules = .defaults) {
    self.text = TextBuffer(text)
    self.rules = rules
  }

  public init(buffer: TextBuffer, rules: Rules) {
    self.text = buffer
    self.rules = rules
  }

  /// The UTF-8 range that is counted: everything, or everything but one final line terminator
  /// when `ignoreFinalNewline` is on.
  public var countedRange: Range<Int> {
    let end = text.utf8Count
    return 0..<(rules.ignoreFinalNewline ? text.terminatorStart(before: end) : end)
  }

  /// Length in the rules' unit, counted on the whole text (never by adding pieces, since a
  /// combining mark or a second regional indicator joins the cluster before it).
  public var length: Int { length(lines: nil) }

  /// The length, measuring over `lines` (the text's `messageLines`, when the caller has them).
  func length(lines: [MessageLine]?) -> Int {
    if needsMeasuring { return measuredLength(lines: lines).length }
    let dropped = text.utf8Count - countedRange.upperBound
    guard dropped > 0 else { return text.count(rules.unit) }
    // The dropped terminator is one cluster of one or two ASCII bytes.
    return text.count(rules.unit) - (rules.unit == .graphemes ? 1 : dropped)
  }

  /// Whether §5's length must be measured from the text (message lines, or `columns`) rather
  /// than read from the rope's sums.
  var needsMeasuring: Bool { rules.readsMessageLines || rules.unit == .columns }

  /// `limit − length`, negative when over; `nil` without a limit.
  public var remaining: Int? { rules.maxLength.map { $0 - length } }

  public var isOverLimit: Bool { rules.maxLength.map { length > $0 } ?? false }

  /// True when the text is empty after trimming whitespace and newlines, whether or not
  /// `requireNonEmpty` asks for a diagnostic.
  public var isEmptyAfterTrim: Bool { isEmptyAfterTrim(lines: nil) }

  func isEmptyAfterTrim(lines: [MessageLine]?) -> Bool {
    guard rules.readsMessageLines else { return text.isBlank }
    // Numbering starts at the first message line that is not blank.
    return !(lines ?? messageLines).contains { $0.number != nil }
  }

  /// `07/150`: the count padded to `counterDigits`, then the limit; just the count without one.
  public var counter: String { counter(length: length) }

  func counter(length count: Int) -> String {
    guard let limit = rules.maxLength else { return String(count) }
    var digits = String(count)
    if digits.count < rules.counterDigits {
      digits = String(repeating: "0", count: rules.counterDigits - digits.count) + digits
    }
    return "\(digits)/\(limit)"
  }

  /// UTF-8 offset of the first grapheme cluster that does not fit entirely within the limit,
  /// or `nil` when everything fits.
  public var firstClusterOverLimit: Int? {
    guard let limit = rules.maxLength, isOverLimit else { return nil }
    if needsMeasuring { return measuredLength(crossing: limit).firstOver }
    if rules.unit == .graphemes { return text.clusterStart(limit) }
    // The cluster holding the first unit past the limit.
    return text.clusterStart(containing: text.utf8Offset(ofUnit: limit, rules.unit))
  }

  /// The diagnostics the rules call for, in contract order (`over-limit`, then
  /// `empty-after-trim`, then the line checks in document order). `out-of-sync` belongs to the
  /// daemon, which knows about sync.
  public var diagnostics: [FieldDiagnostic] {
    // The lines are read once for every check that needs them.
    let lines = needsMeasuring || !rules.lineRules.isEmpty ? messageLines : nil
    return wholeTextDiagnostics(lines: lines) + (lines.map(lineDiagnostics(lines:)) ?? [])
  }

  /// §5's diagnostics.
  public var wholeTextDiagnostics: [FieldDiagnostic] { wholeTextDiagnostics(lines: nil) }

  func wholeTextDiagnostics(lines: [MessageLine]?) -> [FieldDiagnostic] {
    var result: [FieldDiagnostic] = []
    if let limit = rules.maxLength {
      let (length, start) =
        needsMeasuring ? measuredLength(crossing: limit, lines: lines) : (self.length, firstClusterOverLimit)
      if let start {
        result.append(
          FieldDiagnostic(
            code: .overLimit, severity: .error, range: start..<text.utf8Count,
            message: "\(length)/\(limit) \(rules.unit.word): \(length - limit) over the limit",
            data: .overLimit(length: length, limit: limit, unit: rules.unit)))
      }
    }
    return result + emptiness(lines: lines)
  }

  /// `empty-after-trim`, when it applies.
  private func emptiness(lines: [MessageLine]?) -> [FieldDiagnostic] {
    guard rules.requireNonEmpty && isEmptyAfterTrim(lines: lines) else { return [] }
    return [
      FieldDiagnostic(
        code: .emptyAfterTrim, severity: .warning, range: 0..<text.utf8Count,
        message: "The text is empty after trimming whitespace and newlines; type some text to fill it in",
        data: nil)
    ]
  }
}

/// A diagnostic as a value, with a UTF-8 range; the daemon converts it to LSP positions.
public struct FieldDiagnostic: Hashable, Sendable {
  public enum Code: String, Sendable {
    case overLimit = "over-limit"
    case emptyAfterTrim = "empty-after-trim"
    case outOfSync = "out-of-sync"
    case lineTooLong = "line-too-long"
    case lineNotBlank = "line-not-blank"
  }

  /// The figures behind a diagnostic's message, sent as its `data`.
  public enum Data: Hashable, Sendable {
    case overLimit(length: Int, limit: Int, unit: LengthUnit)
    /// `line` is 0-based in the document.
    case lineTooLong(line: Int, length: Int, limit: Int, unit: LengthUnit)
    case lineNotBlank(line: Int)
  }

  public var code: Code
  public var severity: Severity
  public var range: Range<Int>
  public var message: String
  public var data: Data?

  public init(code: Code, severity: Severity, range: Range<Int>, message: String, data: Data?) {
    self.code = code
    self.severity = severity
    self.range = range
    self.message = message
    self.data = data
  }
}
