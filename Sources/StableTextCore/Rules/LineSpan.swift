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
