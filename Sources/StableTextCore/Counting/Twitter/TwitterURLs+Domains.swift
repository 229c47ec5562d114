/// Top-level domains as the pattern matches them: `(?:validGTLD|validCCTLD|validPunycode)`, the
/// first two lists ending where no ASCII letter, digit, `@`, `+` or `-` follows.
extension TwitterURLs {
  /// Each known top-level domain (ASCII in lower case) and its place in the pattern's order.
  private static let order: [[UInt32]: Int] = {
    var order: [[UInt32]: Int] = [:]
    for (place, name) in topLevelDomains.enumerated() where order[key(name)] == nil {
      order[key(name)] = place
    }
    return order
  }()

  private static func key(_ name: String) -> [UInt32] { name.unicodeScalars.map { folded($0.value) } }

  /// The longest known top-level domain, in scalars.
  private static let longest = topLevelDomains.map { $0.unicodeScalars.count }.max() ?? 0

  /// The scalars a known top-level domain starts with.
  private static let firsts = Set(
    topLevelDomains.compactMap { $0.unicodeScalars.first.map { folded($0.value) } })

  /// The length in scalars of the top-level domain the pattern matches at `start` of `text`
  /// (its end is the end of the text or a character that may follow it), 0 for none. Of the
  /// known ones, the first in the pattern's order; else `xn--` and what follows of `[-0-9a-z]`.
  static func topLevelDomainLength(_ text: [UInt32], at start: Int) -> Int {
    let n = text.count
    guard start < n else { return 0 }
    if firsts.contains(folded(text[start])) {
      var key: [UInt32] = []
      var best: (place: Int, length: Int)?
      var i = start
      while i < n && key.count < longest {
        key.append(folded(text[i]))
        i += 1
        guard let place = order[key], i == n || !mayNotFollowDomain(text[i]) else { continue }
        if best == nil || place < best!.place { best = (place, key.count) }
      }
      if let best { return best.length }
    }
    // `xn--[\-0-9a-z]+`, greedy.
    let prefix: [UInt32] = [0x78, 0x6E, 0x2D, 0x2D]
    guard start + 5 <= n, (0..<4).allSatisfy({ folded(text[start + $0]) == prefix[$0] }) else { return 0 }
    var i = start + 4
    while i < n && (text[i] == 0x2D || isASCIIAlphanumeric(text[i])) { i += 1 }
    return i > start + 4 ? i - start : 0
  }
}
