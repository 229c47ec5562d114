/// How `scope-enum` and `scope-case` split a scope into its segments (Protocol/README.md, "Team
/// conventions"): by the regular expression commitlint builds from the delimiters, each taken
/// literally but `,`, which is `, ?` (a comma and an optional space), alternatives in the order
/// given — split as JavaScript's `String.prototype.split` splits by it. The default delimiters are
/// `/`, `\` and `,`.
struct ScopeDelimiters: Sendable {
  static let defaults = ["/", "\\", ","]

  /// Each delimiter's scalars, and whether a space may follow (`,`).
  private let alternatives: [(scalars: [Unicode.Scalar], optionalSpace: Bool)]

  /// `delimiters`, or the defaults when it is empty (commitlint's `delimiters?.length`).
  init(_ delimiters: [String]) {
    alternatives = (delimiters.isEmpty ? Self.defaults : delimiters).map {
      (Array($0.unicodeScalars), $0 == ",")
    }
  }

  /// Where the first alternative that matches at `q` ends.
  private func match(_ text: [Unicode.Scalar], at q: Int) -> Int? {
    for alternative in alternatives {
      let end = q + alternative.scalars.count
      guard end <= text.count, text[q..<end].elementsEqual(alternative.scalars) else { continue }
      return alternative.optionalSpace && end < text.count && text[end] == " " ? end + 1 : end
    }
    return nil
  }

  /// `scope.split(regex)`: the pieces between matches (an empty match splits between scalars).
  func split(_ scope: String) -> [String] {
    let text = Array(scope.unicodeScalars)
    if text.isEmpty { return match(text, at: 0) == nil ? [""] : [] }
    var pieces: [String] = []
    var p = 0
    var q = 0
    while q < text.count {
      guard let e = match(text, at: q), e != p else {
        q += 1
        continue
      }
      pieces.append(String(String.UnicodeScalarView(text[p..<q])))
      p = e
      q = p
    }
    pieces.append(String(String.UnicodeScalarView(text[p...])))
    return pieces
  }

  /// `regex.test(segment)`: whether a delimiter occurs in `segment`.
  func occurs(in segment: String) -> Bool {
    let text = Array(segment.unicodeScalars)
    return (0...text.count).contains { match(text, at: $0) != nil }
  }
}
