/// How serious a diagnostic is, with LSP's numbers.
public enum Severity: Int, Sendable, CaseIterable, Comparable {
  /// LSP severity 1.
  case error = 1
  /// LSP severity 2.
  case warning = 2
  /// LSP severity 3.
  case information = 3
  /// LSP severity 4.
  case hint = 4

  /// The name rules use for it.
  public var name: String {
    switch self {
    case .error: return "error"
    case .warning: return "warning"
    case .information: return "information"
    case .hint: return "hint"
    }
  }

  /// More severe sorts first (error before warning).
  public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Which message lines a rule covers: `N`, `N-` or `N-M`, numbered from 1.
public struct LineSpan: Hashable, Sendable, CustomStringConvertible {
  /// The first numbered message line covered (1-based).
  public var first: Int
  /// `nil` for every line from `first` on.
  public var last: Int?

  /// Lines `first` through `last` (to the end when `last` is `nil`); `first` at least 1.
  public init(first: Int, last: Int?) {
    self.first = first
    self.last = last
  }

  /// Reads `N`, `N-` or `N-M` (digits only, 1 ≤ N ≤ M ≤ 2^63 − 1); `nil` for anything else.
  public init?(_ text: String) {
    guard case .success(let span) = Self.parse(text) else { return nil }
    self = span
  }

  /// The span `text` names, or what is wrong with it (for an error message that says what).
  package static func parse(_ text: String) -> Result<LineSpan, Problem> {
    let parts = text.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
    func number(_ part: Substring) -> Result<Int, Problem> {
      guard !part.isEmpty, part.allSatisfy({ $0.isASCII && $0.isNumber }) else {
        return .failure(Problem(text: "expected \"N\", \"N-\" or \"N-M\" with N and M in digits"))
      }
      guard let value = Int(part) else {
        let shown = part.count > 40 ? part.prefix(40) + "… (\(part.count) digits)" : part
        return .failure(Problem(text: "the line number \(shown) is too large (at most \(Int.max))"))
      }
      return .success(value)
    }
    let first: Int
    switch number(parts[0]) {
    case .success(let value): first = value
    case .failure(let problem): return .failure(problem)
    }
    guard first >= 1 else { return .failure(Problem(text: "lines are numbered from 1, not 0")) }
    if parts.count == 1 { return .success(LineSpan(first: first, last: first)) }
    if parts[1].isEmpty { return .success(LineSpan(first: first, last: nil)) }
    switch number(parts[1]) {
    case .success(let last):
      guard last >= first else {
        return .failure(Problem(text: "the span ends (\(last)) before it starts (\(first))"))
      }
      return .success(LineSpan(first: first, last: last))
    case .failure(let problem): return .failure(problem)
    }
  }

  /// Why a text is not a span.
  package struct Problem: Error, Equatable {
    package var text: String
  }

  /// Whether message line `line` (1-based) is covered.
  public func contains(_ line: Int) -> Bool { line >= first && (last.map { line <= $0 } ?? true) }

  /// The span as the rules write it: `"1"`, `"3-"`, `"2-4"`.
  public var description: String {
    guard let last else { return "\(first)-" }
    return last == first ? "\(first)" : "\(first)-\(last)"
  }
}

/// A check on each numbered message line in `lines`: a length limit, or that the line is blank.
public struct LineRule: Hashable, Sendable {
  /// The numbered message lines it covers.
  public var lines: LineSpan
  /// The longest a covered line's content may be, in `unit`; `nil` for no length check.
  public var maxLength: Int?
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
