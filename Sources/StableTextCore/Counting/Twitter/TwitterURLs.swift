/// The URLs twitter-text's extractor finds (`extractUrlsWithIndices` with its defaults: URLs
/// without a protocol too), which the `twitter` unit weighs 23 each ("Counting like X").
///
/// A port by hand of its pattern and the checks after it, not of its regular expression: the
/// pattern backtracks, and run on a line of domain characters without a top-level domain it tries
/// every start against every label after it (quadratic in the line). Here the labels of the text
/// are read once, with for each whether it can be a subdomain, a domain name, or begin with a
/// top-level domain, so a start is answered in O(1) and the whole text in linear time; what the
/// pattern's greedy choices would pick (the most subdomains, the first top-level domain in its
/// list) is spelled out where it is decided. Indices are scalar offsets into the text given.
enum TwitterURLs {
  /// The URLs of `text` (NFC-normalised scalars), in order, as scalar ranges.
  static func ranges(in text: [Unicode.Scalar]) -> [Range<Int>] {
    // The extractor's own shortcut: no URL without a dot.
    guard text.contains(".") else { return [] }
    var scanner = Scanner(text)
    return scanner.extract()
  }

  /// The most UTF-16 units a URL with its protocol may have (`MAX_URL_LENGTH`).
  static let maxURLLength = 4096
  /// The longest t.co slug (`MAX_TCO_SLUG_LENGTH`).
  static let maxSlugLength = 40

  /// One domain label: a run of label characters (domain characters, `-`, `_`).
  struct Label {
    var start: Int
    var end: Int
    /// The last `_` in it, or `start - 1`.
    var lastUnderscore: Int
    /// A `.` follows, and the next label starts right after it.
    var chained: Bool
    /// Ends with a domain character, a dot after it.
    var endsBeforeDot: Bool
    /// Starts and ends with a domain character, a dot after it (`validSubdomain`).
    var isSubdomain: Bool
    /// A subdomain without `_` (`validDomainName`).
    var isDomainName: Bool
    /// The length of the top-level domain the pattern matches at its start, 0 for none.
    var topLevelLength: Int
  }

  struct Scanner {
    let text: [Unicode.Scalar]
    let values: [UInt32]
    var labels: [Label] = []
    /// The label holding each scalar, or -1.
    var labelAt: [Int32]
    /// For each label, the first label at or after it that is not a subdomain chained to the next.
    var subdomainRunEnd: [Int] = []
    /// For each label, the last label at or before it that is a domain name chained to a label
    /// beginning with a top-level domain (-1: none).
    var lastDomainName: [Int] = []

    init(_ text: [Unicode.Scalar]) {
      self.text = text
      values = text.map(\.value)
      labelAt = Array(repeating: -1, count: text.count)
      readLabels()
    }

    private mutating func readLabels() {
      var i = 0
      let n = values.count
      while i < n {
        guard TwitterURLs.isLabelCharacter(values[i]) else {
          i += 1
          continue
        }
        let start = i
        var underscore = start - 1
        while i < n && TwitterURLs.isLabelCharacter(values[i]) {
          if values[i] == 0x5F { underscore = i }
          // Fits: a text of more than 2 Gi scalars is not a message anyone posts; saturate.
          labelAt[i] = Int32(clamping: labels.count)
          i += 1
        }
        let dotted = i < n && values[i] == 0x2E
        let chained = dotted && i + 1 < n && TwitterURLs.isLabelCharacter(values[i + 1])
        let endsBeforeDot = dotted && TwitterURLs.isDomainCharacter(values[i - 1])
        let subdomain = endsBeforeDot && TwitterURLs.isDomainCharacter(values[start])
        labels.append(
          Label(
            start: start, end: i, lastUnderscore: underscore, chained: chained, endsBeforeDot: endsBeforeDot,
            isSubdomain: subdomain,
            isDomainName: subdomain && underscore < start, topLevelLength: 0))
      }
      for j in labels.indices where j > 0 && labels[j - 1].chained {
        labels[j].topLevelLength = TwitterURLs.topLevelDomainLength(values, at: labels[j].start)
      }
      subdomainRunEnd = Array(repeating: 0, count: labels.count)
      var end = labels.count
      for j in labels.indices.reversed() {
        if !(labels[j].isSubdomain && labels[j].chained) { end = j }
        subdomainRunEnd[j] = end
      }
      lastDomainName = Array(repeating: -1, count: labels.count)
      var last = -1
      for j in labels.indices {
        if labels[j].isDomainName && labels[j].chained && labels[j + 1].topLevelLength > 0 { last = j }
        lastDomainName[j] = last
      }
    }

    /// The end of the domain the pattern matches from `p` (`validDomain`: subdomains, a domain
    /// name, a top-level domain), or `nil`.
    func domainEnd(from p: Int) -> Int? {
      guard p < values.count, labelAt[p] >= 0 else { return nil }
      let i = Int(labelAt[p])
      let label = labels[i]
      // The first label is the rest of label `i` from `p`.
      guard TwitterURLs.isDomainCharacter(values[p]), label.endsBeforeDot else { return nil }
      // The pattern takes as many subdomains as it can: the last domain name reachable through
      // subdomains from the next label, else the first label as the domain name.
      if label.chained {
        let limit = min(subdomainRunEnd[i + 1], labels.count - 1)
        let t = lastDomainName[limit]
        if t >= i + 1 { return labels[t + 1].start + labels[t + 1].topLevelLength }
        let next = labels[i + 1]
        if label.lastUnderscore < p && next.topLevelLength > 0 { return next.start + next.topLevelLength }
      }
      return nil
    }

    /// The end of the optional port, path and query after a domain ending at `e`.
    func tailEnd(from e: Int) -> (end: Int, hasPath: Bool) {
      var e = e
      let n = values.count
      // `(?::(\d+))?`
      if e + 1 < n && values[e] == 0x3A && (0x30...0x39).contains(values[e + 1]) {
        e += 1
        while e < n && (0x30...0x39).contains(values[e]) { e += 1 }
      }
      var hasPath = false
      // `(\/validUrlPath*)?`: the longest run of path characters and balanced parentheses that
      // ends with an ending character (or with parentheses), or the slash alone.
      if e < n && values[e] == 0x2F {
        hasPath = true
        var i = e + 1
        var last = e + 1
        while i < n {
          let v = values[i]
          if TwitterURLs.isPathCharacter(v) {
            i += 1
            if TwitterURLs.isPathEnd(v) { last = i }
          } else if v == 0x28, let close = balancedParentheses(at: i) {
            i = close
            last = i
          } else {
            break
          }
        }
        e = last
      }
      return (queryEnd(from: e, before: n), hasPath)
    }

    /// `(\?validUrlQueryChars*validUrlQueryEndingChars)?` at `e`, reading no further than `end`:
    /// the longest run of query characters after `?` that ends with an ending character, or
    /// `e` itself when there is none.
    func queryEnd(from e: Int, before end: Int) -> Int {
      guard e < end && values[e] == 0x3F else { return e }
      var i = e + 1
      var last = e
      while i < end && TwitterURLs.isQueryCharacter(values[i]) {
        if TwitterURLs.isQueryEnd(values[i]) { last = i + 1 }
        i += 1
      }
      return last
    }

    /// `validUrlBalancedParens` at `i` (an opening parenthesis): its end, or `nil`. One level of
    /// nesting, path characters inside.
    func balancedParentheses(at i: Int) -> Int? {
      let n = values.count
      func pathRun(_ from: Int) -> Int {
        var k = from
        while k < n && TwitterURLs.isPathCharacter(values[k]) { k += 1 }
        return k
      }
      let k = pathRun(i + 1)
      if k > i + 1 && k < n && values[k] == 0x29 { return k + 1 }
      guard k < n && values[k] == 0x28 else { return nil }
      let inner = pathRun(k + 1)
      guard inner > k + 1, inner < n, values[inner] == 0x29 else { return nil }
      let after = pathRun(inner + 1)
      guard after < n && values[after] == 0x29 else { return nil }
      return after + 1
    }

    /// The length of `http://` or `https://` at `p` (any case), or 0.
    func protocolLength(at p: Int) -> Int {
      let http: [UInt32] = [0x68, 0x74, 0x74, 0x70]
      guard p + 7 <= values.count, (0..<4).allSatisfy({ TwitterURLs.folded(values[p + $0]) == http[$0] })
      else {
        return 0
      }
      var i = p + 4
      if TwitterURLs.folded(values[i]) == 0x73 { i += 1 }
      guard i + 3 <= values.count, values[i] == 0x3A, values[i + 1] == 0x2F, values[i + 2] == 0x2F else {
        return 0
      }
      return i + 3 - p
    }

    /// One match of the pattern with its URL starting at `p`.
    struct Match {
      var start: Int
      var protocolLength: Int
      var domainEnd: Int
      var end: Int
      var hasPath: Bool
    }

    func match(at p: Int) -> Match? {
      let scheme = protocolLength(at: p)
      if scheme > 0, let domain = domainEnd(from: p + scheme) {
        let (end, hasPath) = tailEnd(from: domain)
        return Match(start: p, protocolLength: scheme, domainEnd: domain, end: end, hasPath: hasPath)
      }
      // Without the optional protocol (`http` before `:` is never a domain, so this fails there).
      guard let domain = domainEnd(from: p) else { return nil }
      let (end, hasPath) = tailEnd(from: domain)
      return Match(start: p, protocolLength: 0, domainEnd: domain, end: end, hasPath: hasPath)
    }

    /// The pattern's global search, each match then checked as the extractor checks it.
    mutating func extract() -> [Range<Int>] {
      var urls: [Range<Int>] = []
      var q = 0
      let n = values.count
      while q < n {
        // At `q` the pattern first takes `text[q]` as the preceding character, then (only at the
        // start) the start itself.
        var found: (Match, before: UInt32?)?
        if TwitterURLs.mayPrecede(values[q]), let m = match(at: q + 1) {
          found = (m, values[q])
        } else if q == 0, let m = match(at: 0) {
          found = (m, nil)
        }
        guard let (m, before) = found else {
          q += 1
          continue
        }
        q = m.end
        accept(m, before: before, into: &urls)
      }
      return urls
    }

    /// The extractor's checks on a match: the URL's length and its domain's labels, then without
    /// a protocol the ASCII domains in it, with one the t.co rule.
    func accept(_ m: Match, before: UInt32?, into urls: inout [Range<Int>]) {
      // The length first (the cheaper check; both must hold): `protocol || DEFAULT_PROTOCOL`
      // is counted besides the URL, which holds its own protocol.
      let urlUnits = values[m.start..<m.end].reduce(0) { $0 + ($1 > 0xFFFF ? 2 : 1) }
      guard (m.protocolLength > 0 ? m.protocolLength : 8) + urlUnits <= TwitterURLs.maxURLLength else {
        return
      }
      let domain = Array(values[(m.start + m.protocolLength)..<m.domainEnd])
      guard TwitterURLs.isValidDomain(domain) else { return }
      let domainStart = m.start + m.protocolLength
      if m.protocolLength == 0 {
        // `[-_./]` before a URL without a protocol.
        if let before, before == 0x2D || before == 0x5F || before == 0x2E || before == 0x2F { return }
        let ascii = TwitterURLs.asciiDomains(in: domain)
        guard !ascii.isEmpty else { return }
        for (k, range) in ascii.enumerated() {
          let end = k == ascii.count - 1 && m.hasPath ? m.end : domainStart + range.upperBound
          urls.append((domainStart + range.lowerBound)..<end)
        }
        return
      }
      // A t.co URL takes no more than its slug and query; one with a longer slug is no URL.
      if let tco = tco(m) {
        guard tco.slug <= TwitterURLs.maxSlugLength else { return }
        urls.append(m.start..<tco.end)
        return
      }
      urls.append(m.start..<m.end)
    }

    /// `validTcoUrl` on the URL (`t.co/`, a slug of ASCII letters and digits, an optional query):
    /// the end of what it matches and the slug's length, or `nil`.
    func tco(_ m: Match) -> (end: Int, slug: Int)? {
      let host: [UInt32] = [0x74, 0x2E, 0x63, 0x6F, 0x2F]
      let s = m.start + m.protocolLength
      guard s + 5 <= m.end, (0..<5).allSatisfy({ TwitterURLs.folded(values[s + $0]) == host[$0] }) else {
        return nil
      }
      var i = s + 5
      while i < m.end && TwitterURLs.isASCIIAlphanumeric(values[i]) { i += 1 }
      let slug = i - (s + 5)
      guard slug > 0 else { return nil }
      return (queryEnd(from: i, before: m.end), slug)
    }
  }

  /// `idna.toAscii` succeeds: a domain starting `xn--` holds an ASCII domain, and each label,
  /// punycode-encoded as `punycode.toASCII` does, has 1 to 63 characters.
  ///
  /// A label of more than 63 code points is refused before it is encoded: its encoding is never
  /// shorter (each code point writes at least one character), and encoding costs the label's
  /// length times its distinct code points (RFC 3492's procedure, twitter-text's too), so a
  /// long label of distinct code points was quadratic. The encoder sees at most 63.
  static func isValidDomain(_ domain: [UInt32]) -> Bool {
    if domain.starts(with: [0x78, 0x6E, 0x2D, 0x2D]) && asciiDomains(in: domain).isEmpty { return false }
    for label in domain.split(separator: 0x2E, omittingEmptySubsequences: false) {
      guard label.count <= Punycode.maxLabelLength, let length = Punycode.asciiLength(ofLabel: Array(label)),
        (1...63).contains(length)
      else {
        return false
      }
    }
    return true
  }

  /// Where `validAsciiDomain` matches in `domain`, left to right: ASCII labels with their dots,
  /// then a top-level domain after the last dot it can (the end of `domain` counts as its end).
  static func asciiDomains(in domain: [UInt32]) -> [Range<Int>] {
    var found: [Range<Int>] = []
    var a = 0
    let n = domain.count
    while a < n {
      guard isASCIIDomainCharacter(domain[a]) else {
        a += 1
        continue
      }
      // The chain of `label.` from `a`, and the positions after each of its dots.
      var i = a
      var afterDots: [Int] = []
      var chainEnd = a
      while true {
        var k = i
        while k < n && isASCIIDomainCharacter(domain[k]) { k += 1 }
        chainEnd = k
        guard k > i, k < n, domain[k] == 0x2E else { break }
        afterDots.append(k + 1)
        i = k + 1
      }
      var matched: Int?
      for start in afterDots.reversed() {
        let length = topLevelDomainLength(domain, at: start)
        if length > 0 {
          matched = start + length
          break
        }
      }
      if let end = matched {
        found.append(a..<end)
        a = end
      } else {
        // Every later start up to the chain's last label sees a suffix of the same chain, whose
        // dots are among these: none matches either.
        a = max(a + 1, chainEnd)
      }
    }
    return found
  }
}
