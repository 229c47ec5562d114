/// How serious a diagnostic is, with LSP's numbers.
public enum Severity: Int, Sendable, CaseIterable, Comparable {
  case error = 1
  case warning = 2
  case information = 3
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
  public var first: Int
  /// `nil` for every line from `first` on.
  public var last: Int?

  public init(first: Int, last: Int?) {
    self.first = first
    self.last = last
  }

  /// Reads `N`, `N-` or `N-M` (digits only, 1 ≤ N ≤ M); `nil` for anything else.
  public init?(_ text: String) {
    let parts = text.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
    func number(_ part: Substring) -> Int? {
      guard !part.isEmpty, part.count <= 18, part.allSatisfy({ $0.isASCII && $0.isNumber }) else {
        return nil
      }
      return Int(part)
    }
    guard let first = number(parts[0]), first >= 1 else { return nil }
    if parts.count == 1 {
      self.init(first: first, last: first)
    } else if parts[1].isEmpty {
      self.init(first: first, last: nil)
    } else {
      guard let last = number(parts[1]), last >= first else { return nil }
      self.init(first: first, last: last)
    }
  }

  public func contains(_ line: Int) -> Bool { line >= first && (last.map { line <= $0 } ?? true) }

  public var description: String {
    guard let last else { return "\(first)-" }
    return last == first ? "\(first)" : "\(first)-\(last)"
  }
}

/// A check on each numbered message line in `lines`: a length limit, or that the line is blank.
public struct LineRule: Hashable, Sendable {
  public var lines: LineSpan
  public var maxLength: Int?
  public var blank: Bool
  public var unit: LengthUnit
  public var severity: Severity

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
