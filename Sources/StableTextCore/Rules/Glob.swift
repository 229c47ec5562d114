/// A path glob for rule overrides: `*` and `?` match within one path segment, `**` matches any
/// number of whole segments, `{a,b}` matches either alternative. A pattern that does not start
/// with `/` may match any suffix of the path that begins at a segment boundary, so `*.md`
/// matches every Markdown file and `docs/*.txt` matches `/home/me/project/docs/a.txt`.
///
/// Matching never backtracks: a pattern and a path are compared in time proportional to their
/// lengths multiplied, whatever the stars (a client chooses both, and the match runs on the
/// thread that serves every document).
package struct Glob: Hashable, Sendable {
  package let pattern: String
  /// The pattern with its `{a,b}` groups expanded, each matched on its own.
  private let alternatives: [Alternative]

  /// The most alternatives a pattern's `{a,b}` groups may expand to.
  package static let maxAlternatives = 256

  struct Alternative: Hashable, Sendable {
    let segments: [Segment]
    let anchored: Bool
  }

  enum Segment: Hashable, Sendable {
    /// `**`: any number of whole segments.
    case globstar
    case name([Unicode.Scalar])
  }

  package init(_ pattern: String) {
    self.pattern = pattern
    alternatives = Self.expanded(pattern, limit: Self.maxAlternatives).map { text in
      Alternative(
        segments: text.split(separator: "/", omittingEmptySubsequences: true).map {
          $0 == "**" ? .globstar : .name(Array($0.unicodeScalars))
        },
        anchored: text.hasPrefix("/"))
    }
  }

  package func matches(path: String) -> Bool {
    alternatives.contains { $0.matches(path: path) }
  }

  /// The groups of `pattern`: a `{` up to the next `}` holding at least one comma (groups do
  /// not nest; a brace that opens no such group is an ordinary character).
  private static func groups(_ pattern: String) -> [(range: Range<String.Index>, options: [Substring])] {
    var result: [(Range<String.Index>, [Substring])] = []
    var index = pattern.startIndex
    while let open = pattern[index...].firstIndex(of: "{") {
      guard let close = pattern[open...].firstIndex(of: "}") else { break }
      let inside = pattern[pattern.index(after: open)..<close]
      if inside.contains(",") && !inside.contains("{") {
        result.append(
          (open..<pattern.index(after: close), inside.split(separator: ",", omittingEmptySubsequences: false))
        )
        index = pattern.index(after: close)
      } else {
        index = pattern.index(after: open)
      }
    }
    return result
  }

  /// How many patterns `pattern`'s groups expand to: the product of the groups' sizes, exact
  /// (an error names it), or `nil` when it is past `Int.max` (counting never expands anything).
  package static func alternativeCount(_ pattern: String) -> Int? {
    var count = 1
    for group in groups(pattern) {
      let (product, overflow) = count.multipliedReportingOverflow(by: group.options.count)
      guard !overflow else { return nil }
      count = product
    }
    return count
  }

  /// Why `pattern` is refused, or `nil` when its groups expand to at most `maxAlternatives`.
  package static func tooManyAlternatives(_ pattern: String) -> String? {
    let count = alternativeCount(pattern)
    if let count, count <= maxAlternatives { return nil }
    return "expected at most \(maxAlternatives) alternatives from {a,b} groups, got "
      + (count.map { "\($0)" } ?? "more than \(Int.max)")
  }

  /// The patterns `pattern` stands for, at most `limit` (the rest are dropped; the server refuses
  /// such patterns before they get here).
  static func expanded(_ pattern: String, limit: Int) -> [String] {
    var results = [""]
    var rest = pattern.startIndex
    for group in groups(pattern) {
      let literal = pattern[rest..<group.range.lowerBound]
      results = Array(
        results.lazy.flatMap { prefix in group.options.map { prefix + literal + $0 } }.prefix(limit))
      rest = group.range.upperBound
    }
    return results.map { $0 + pattern[rest...] }
  }
}

extension Glob {
  /// `*` (any run) and `?` (one scalar) within a segment. Only the latest `*` is ever
  /// returned to, which is enough (a later star can absorb whatever an earlier one would) and
  /// bounds the work by pattern × name.
  static func matchSegment(_ pattern: [Unicode.Scalar], _ name: [Unicode.Scalar]) -> Bool {
    var p = 0
    var n = 0
    var star: Int?
    var resume = 0
    while n < name.count {
      if p < pattern.count && (pattern[p] == "?" || (pattern[p] != "*" && pattern[p] == name[n])) {
        p += 1
        n += 1
      } else if p < pattern.count && pattern[p] == "*" {
        star = p
        resume = n
        p += 1
      } else if let star {
        p = star + 1
        resume += 1
        n = resume
      } else {
        return false
      }
    }
    while p < pattern.count && pattern[p] == "*" { p += 1 }
    return p == pattern.count
  }
}

extension Glob.Alternative {
  /// Simulates the pattern as a finite automaton over the path's segments: `live[i]` says
  /// that the segments read so far can be matched by the first `i` pattern segments.
  func matches(path: String) -> Bool {
    let count = segments.count
    var live = [Bool](repeating: false, count: count + 1)
    live[0] = true
    closeOverGlobstars(&live)
    var next = live
    let parts = path.split(separator: "/", omittingEmptySubsequences: true)
    // An unanchored pattern matches a non-empty suffix of the path.
    if !anchored && parts.isEmpty { return false }
    for (index, part) in parts.enumerated() {
      let name = Array(part.unicodeScalars)
      for i in 0...count { next[i] = false }
      // An unanchored pattern may start at any segment boundary but the end.
      if !anchored && index + 1 < parts.count { next[0] = true }
      for i in 0..<count where live[i] {
        switch segments[i] {
        case .globstar: next[i] = true
        case .name(let scalars): if Glob.matchSegment(scalars, name) { next[i + 1] = true }
        }
      }
      closeOverGlobstars(&next)
      swap(&live, &next)
      if !live.contains(true) { return false }
    }
    return live[count]
  }

  /// A `**` may also take no segment at all.
  private func closeOverGlobstars(_ states: inout [Bool]) {
    for i in 0..<segments.count where states[i] && segments[i] == .globstar { states[i + 1] = true }
  }

}
