/// A check on each numbered message line in `lines`: a length limit, or that the line is blank.
public struct LineRule: Hashable, Sendable {
  /// The numbered message lines it covers.
  public var lines: LineSpan
  /// The longest a covered line's content may be, in `unit`; `nil` for no length check.
  public var maxLength: Int?
  /// The shortest a covered line's content may be, in `unit` (`under-limit`); `nil` for none.
  /// Blank lines are not held to it (a `blank` rule speaks of them).
  public var minLength: Int? = nil
  /// Whether covered lines must be blank after trimming.
  public var blank: Bool
  /// The unit of `maxLength` (display columns by default).
  public var unit: LengthUnit
  /// The severity of the diagnostics it causes.
  public var severity: Severity

  /// A rule on `lines`; it must check something (`maxLength` or `blank`).
  public init(
    lines: LineSpan, maxLength: Int? = nil, blank: Bool = false, unit: LengthUnit = .columns,
    severity: Severity = .warning
  ) {
    self.lines = lines
    self.maxLength = maxLength
    self.blank = blank
    self.unit = unit
    self.severity = severity
  }
}
