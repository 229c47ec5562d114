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
