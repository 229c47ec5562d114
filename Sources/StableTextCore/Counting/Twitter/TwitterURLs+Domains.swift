/// Top-level domains as the pattern matches them: `(?:validGTLD|validCCTLD|validPunycode)`, the
/// first two lists ending where no ASCII letter, digit, `@`, `+` or `-` follows.
extension TwitterURLs {
  /// The known top-level domains (ASCII in lower case) as a trie: a node's children by scalar,
  /// and the place in the pattern's order of the domain ending at it (-1: none). Reading a label
  /// stops at the first scalar no known domain continues with, so `a.a.a…` costs a step a label
  /// (looking up every prefix up to the longest domain's length, each a new key, cost ~150
  /// steps a byte there: 76× a plain line).
  private struct Trie {
    var children: [[UInt32: Int32]] = [[:]]
    var place: [Int] = [-1]

    init(_ names: [String]) {
      for (order, name) in names.enumerated() {
        var node = 0
        for scalar in name.unicodeScalars {
          let v = TwitterURLs.folded(scalar.value)
          if let next = children[node][v] {
            node = Int(next)
          } else {
            // Fits: 1,574 domains of at most a few dozen scalars.
            children[node][v] = Int32(children.count)
            node = children.count
            children.append([:])
            place.append(-1)
          }
        }
        if place[node] < 0 { place[node] = order }
      }
    }
  }

  private static let trie = Trie(topLevelDomains)

  /// The length in scalars of the top-level domain the pattern matches at `start` of `text`
  /// (its end is the end of the text or a character that may follow it), 0 for none. Of the
  /// known ones, the first in the pattern's order; else `xn--` and what follows of `[-0-9a-z]`.
  static func topLevelDomainLength(_ text: [UInt32], at start: Int) -> Int {
    let n = text.count
    guard start < n else { return 0 }
    var best: (place: Int, length: Int)?
    var node = 0
    var i = start
    while i < n, let next = trie.children[node][folded(text[i])] {
      node = Int(next)
      i += 1
      let place = trie.place[node]
      guard place >= 0, i == n || !mayNotFollowDomain(text[i]) else { continue }
      if best == nil || place < best!.place { best = (place, i - start) }
    }
    if let best { return best.length }
    // `xn--[\-0-9a-z]+`, greedy.
    let prefix: [UInt32] = [0x78, 0x6E, 0x2D, 0x2D]
    guard start + 5 <= n, (0..<4).allSatisfy({ folded(text[start + $0]) == prefix[$0] }) else { return 0 }
    i = start + 4
    while i < n && (text[i] == 0x2D || isASCIIAlphanumeric(text[i])) { i += 1 }
    return i > start + 4 ? i - start : 0
  }
}
