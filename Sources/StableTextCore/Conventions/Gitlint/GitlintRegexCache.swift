import Synchronization

/// gitlint's expressions compiled once, not on every publish (Protocol/README.md, "Team
/// conventions: diagnostics"): a T7 pattern cost 0.075 ms a publish of a typical message to
/// compile, three times the rest of gitlint's work. Swift's `Regex` is not `Sendable`, so a
/// compiled expression never leaves this cache: it is matched here, under the cache's lock (a
/// match of a message is microseconds; two documents linted at once wait for each other that
/// long). At most `capacity` expressions are kept; a configuration with more starts it afresh.
final class GitlintRegexCache: Sendable {
  static let shared = GitlintRegexCache()
  static let capacity = 256

  /// What is kept for one expression: its compiled form, or nil when Swift cannot compile it.
  private let compiled = Mutex<[Key: Regex<AnyRegexOutput>?]>([:])

  private struct Key: Hashable {
    let swiftPattern: String
    let usesWordBoundary: Bool
  }

  /// Whether `regex` matches `text`: anywhere (`re.search`), or at its start (`re.match`); false
  /// for an expression Swift cannot compile.
  func matches(_ regex: GitlintRegex, _ text: String, anywhere: Bool) -> Bool {
    let key = Key(swiftPattern: regex.swiftPattern, usesWordBoundary: regex.usesWordBoundary)
    return compiled.withLock { compiled in
      if compiled[key] == nil {
        if compiled.count >= Self.capacity { compiled.removeAll() }
        compiled[key] = .some(Self.compile(key))
      }
      guard let found = compiled[key], let expression = found else { return false }
      let match = anywhere ? try? expression.firstMatch(in: text) : try? expression.prefixMatch(in: text)
      return (match ?? nil) != nil
    }
  }

  private static func compile(_ key: Key) -> Regex<AnyRegexOutput>? {
    guard let regex = try? Regex(key.swiftPattern) else { return nil }
    return regex.matchingSemantics(key.usesWordBoundary ? .graphemeCluster : .unicodeScalar).wordBoundaryKind(
      .simple)
  }
}
