/// The regular expressions conventional-commits-parser builds from commitlint's presets (its
/// `regex.ts` and the presets' `headerPattern`, `breakingHeaderPattern`, `revertPattern`), each
/// matched by hand over UTF-8 bytes with the match JavaScript's backtracking gives, and in linear
/// time where JavaScript's would not be (a reference's lazy prefix, a revert's lazy header).
enum ConventionalCommitPatterns {
  typealias JS = JavaScriptText

  /// The header's parts, by `^(\w*)(?:\((.*)\))?<bang>: (.*)$`.
  struct Header {
    var type: Range<Int>
    var scope: Range<Int>?
    var subject: Range<Int>
  }

  /// The breaking `!` before `: `: none (angular), optional (`!?`), required (`!`).
  enum Bang {
    case none
    case optional
    case required
  }

  /// `^(\w*)(?:\((.*)\))?<bang>: (.*)$` over one line. `.` and `$` (without `m`) admit no line
  /// terminator anywhere; `\w*` is then the longest word run, and the greedy `(.*)` of the scope
  /// ends at the last `)` that the rest of the pattern can follow.
  static func header(_ bytes: [UInt8], _ line: Range<Int>, _ bang: Bang) -> Header? {
    let end = line.upperBound
    guard !JS.containsLineTerminator(bytes, line.lowerBound, end) else { return nil }
    var position = line.lowerBound
    while position < end && JS.isWord(bytes[position]) { position += 1 }
    let type = line.lowerBound..<position
    // Where the subject starts when `<bang>: ` is matched at `at`.
    func plain(_ at: Int) -> Int? {
      at + 1 < end && bytes[at] == UInt8(ascii: ":") && bytes[at + 1] == UInt8(ascii: " ") ? at + 2 : nil
    }
    func colon(_ at: Int) -> Int? {
      let hasBang = at < end && bytes[at] == UInt8(ascii: "!")
      switch bang {
      case .none: return plain(at)
      case .optional: return (hasBang ? plain(at + 1) : nil) ?? plain(at)
      case .required: return hasBang ? plain(at + 1) : nil
      }
    }
    if position < end && bytes[position] == UInt8(ascii: "(") {
      var close = end - 1
      while close > position {
        if bytes[close] == UInt8(ascii: ")"), let subject = colon(close + 1) {
          return Header(type: type, scope: position + 1..<close, subject: subject..<end)
        }
        close -= 1
      }
    }
    if let subject = colon(position) { return Header(type: type, scope: nil, subject: subject..<end) }
    return nil
  }

  /// The notes pattern `^(?:\*\s+)?(<keywords>):\s*(.*)` (`i`): the keyword as written and the
  /// note's text up to a line terminator.
  static func note(_ bytes: [UInt8], _ line: Range<Int>, _ keywords: [[UInt8]]) -> (
    title: Range<Int>, text: Range<Int>
  )? {
    let end = line.upperBound
    func at(_ start: Int) -> (Range<Int>, Range<Int>)? {
      for keyword in keywords {
        guard let after = JS.match(keyword, in: bytes, at: start, end: end, ignoringCase: true),
          after < end, bytes[after] == UInt8(ascii: ":")
        else { continue }
        let text = JS.skipWhitespace(bytes, after + 1, end)
        var stop = text
        while stop < end && JS.lineTerminatorLength(bytes, stop, end) == 0 { stop += 1 }
        return (start..<after, text..<stop)
      }
      return nil
    }
    let start = line.lowerBound
    if start < end && bytes[start] == UInt8(ascii: "*") && JS.whitespaceLength(bytes, start + 1, end) > 0,
      let found = at(JS.skipWhitespace(bytes, start + 1, end))
    {
      return found
    }
    return at(start)
  }

  /// The footer token pattern `^(?:BREAKING CHANGE|[\w-]+)(?::\s+|\s+(?:<prefixes>)).+` (`i`).
  static func isFooterToken(_ bytes: [UInt8], _ line: Range<Int>, _ prefixes: [[UInt8]]) -> Bool {
    let end = line.upperBound
    func rest(_ at: Int) -> Bool {
      if at < end && bytes[at] == UInt8(ascii: ":") {
        // `\s+` then `.+`: some character that is not a line terminator after one space or more.
        var position = at + 1
        while case let length = JS.whitespaceLength(bytes, position, end), length > 0 {
          position += length
          if position < end && JS.lineTerminatorLength(bytes, position, end) == 0 { return true }
        }
      }
      let start = JS.skipWhitespace(bytes, at, end)
      guard start > at else { return false }
      for prefix in prefixes {
        if let after = JS.match(prefix, in: bytes, at: start, end: end, ignoringCase: true), after < end,
          JS.lineTerminatorLength(bytes, after, end) == 0
        {
          return true
        }
      }
      return false
    }
    let start = line.lowerBound
    if let after = JS.match(breakingChange, in: bytes, at: start, end: end, ignoringCase: true), rest(after) {
      return true
    }
    var position = start
    while position < end && (JS.isWord(bytes[position]) || bytes[position] == UInt8(ascii: "-")) {
      position += 1
    }
    return position > start && rest(position)
  }

  static let breakingChange = Array("BREAKING CHANGE".utf8)

  /// Whether `literal` could start at a byte: its first byte either case, any byte of a scalar
  /// beyond ASCII when a literal starts with one.
  static func firstBytes(_ literals: [[UInt8]]) -> [Bool] {
    var table = [Bool](repeating: false, count: 256)
    for literal in literals {
      guard let first = literal.first else { return [Bool](repeating: true, count: 256) }
      if first >= 0x80 {
        for byte in 0x80..<0x100 { table[byte] = true }
      } else {
        table[Int(first)] = true
        if first >= 0x41 && first <= 0x5A { table[Int(first) + 0x20] = true }
        if first >= 0x61 && first <= 0x7A { table[Int(first) - 0x20] = true }
      }
    }
    return table
  }

  /// The matches of the references pattern `(<actions>)(?:\s+(.*?))(?=(?:<actions>)|$)` (`gi`):
  /// each action and the sentence after it, up to the next action (anywhere, even inside a word,
  /// as the pattern has no word boundary) or the end of the line.
  static func actions(_ bytes: [UInt8], _ line: Range<Int>, _ actions: [[UInt8]], _ firsts: [Bool])
    -> [(action: Range<Int>, sentence: Range<Int>)]
  {
    let end = line.upperBound
    func anyActionAt(_ start: Int) -> Bool {
      firsts[Int(bytes[start])]
        && actions.contains { JS.match($0, in: bytes, at: start, end: end, ignoringCase: true) != nil }
    }
    func matchAt(_ start: Int) -> (Range<Int>, Range<Int>)? {
      for action in actions {
        guard let after = JS.match(action, in: bytes, at: start, end: end, ignoringCase: true),
          JS.whitespaceLength(bytes, after, end) > 0
        else { continue }
        let sentence = JS.skipWhitespace(bytes, after, end)
        var stop = sentence
        while true {
          if stop == end || anyActionAt(stop) { return (start..<after, sentence..<stop) }
          if JS.lineTerminatorLength(bytes, stop, end) > 0 { break }
          stop += JS.scalar(bytes, stop).length
        }
      }
      return nil
    }
    var found: [(action: Range<Int>, sentence: Range<Int>)] = []
    var from = line.lowerBound
    search: while from < end {
      var start = from
      while start < end {
        if firsts[Int(bytes[start])], bytes[start] & 0xC0 != 0x80, let match = matchAt(start) {
          found.append(match)
          from = match.1.upperBound
          continue search
        }
        start += 1
      }
      break
    }
    return found
  }

  /// The runs `/()(.+)/g` finds: the line between its line terminators.
  static func runs(_ bytes: [UInt8], _ line: Range<Int>) -> [Range<Int>] {
    var found: [Range<Int>] = []
    var start = line.lowerBound
    var position = start
    while position < line.upperBound {
      let length = JS.lineTerminatorLength(bytes, position, line.upperBound)
      if length > 0 {
        if position > start { found.append(start..<position) }
        position += length
        start = position
      } else {
        position += 1
      }
    }
    if position > start { found.append(start..<position) }
    return found
  }

  /// The URL pattern `\b(?:https?):\/\/(?:www\.)?([-a-zA-Z0-9@:%_+.~#?&//=])+\b` (no `i`).
  static func containsURL(_ bytes: [UInt8], _ range: Range<Int>) -> Bool {
    let end = range.upperBound
    var position = range.lowerBound
    func isURLByte(_ byte: UInt8) -> Bool {
      JS.isWord(byte) || "-@:%+.~#?&/=".utf8.contains(byte)
    }
    while position + 7 <= end {
      defer { position += 1 }
      guard bytes[position] == UInt8(ascii: "h"),
        position == range.lowerBound || !JS.isWord(bytes[position - 1]),
        JS.match(Array("http".utf8), in: bytes, at: position, end: end, ignoringCase: false) != nil
      else { continue }
      var at = position + 4
      if at < end && bytes[at] == UInt8(ascii: "s") { at += 1 }
      guard let start = JS.match(Array("://".utf8), in: bytes, at: at, end: end, ignoringCase: false) else {
        continue
      }
      var stop = start
      while stop < end && isURLByte(bytes[stop]) {
        stop += 1
        let after = stop < end && JS.isWord(bytes[stop])
        if JS.isWord(bytes[stop - 1]) != after { return true }
      }
    }
    return false
  }

  /// The references in one sentence, by `(?:.*?)??\s*([\w-\.\/]*?)??(<prefixes>)([\w-]+)(?=\s|$|[,;.)\]])`
  /// (`g`, `i` unless case-sensitive) as `exec` finds them one after the other. A match starts where
  /// the last ended (the lazy prefix takes what lies between), at the first place from there where
  /// spaces, a repository (`owner/name`) and a prefix followed by an issue are found; the tables
  /// below make each place a constant-time question.
  static func references(
    _ bytes: [UInt8], _ sentence: Range<Int>, _ prefixes: [[UInt8]], _ firsts: [Bool], caseSensitive: Bool
  ) -> [(raw: Range<Int>, repository: Range<Int>?, prefix: Range<Int>, issue: Range<Int>)] {
    let lower = sentence.lowerBound
    let end = sentence.upperBound
    guard (lower..<end).contains(where: { firsts[Int(bytes[$0])] }), !containsURL(bytes, sentence) else {
      return []
    }
    let count = end - lower + 1
    func isRepositoryByte(_ byte: UInt8) -> Bool {
      JS.isWord(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "/")
    }
    func isIssueByte(_ byte: UInt8) -> Bool { JS.isWord(byte) || byte == UInt8(ascii: "-") }
    var spacesEnd = [Int](repeating: end, count: count)
    var repositoryEnd = [Int](repeating: end, count: count)
    var issueEnd = [Int](repeating: end, count: count)
    var nextHit = [Int](repeating: Int.max, count: count)
    var hits: [Int: (prefix: Range<Int>, issue: Range<Int>)] = [:]
    var position = end - 1
    while position >= lower {
      let slot = position - lower
      let byte = bytes[position]
      repositoryEnd[slot] = isRepositoryByte(byte) ? repositoryEnd[slot + 1] : position
      issueEnd[slot] = isIssueByte(byte) ? issueEnd[slot + 1] : position
      if byte & 0xC0 == 0x80 {
        spacesEnd[slot] = position
      } else {
        let space = JS.whitespaceLength(bytes, position, end)
        spacesEnd[slot] = space > 0 ? spacesEnd[slot + space] : position
      }
      nextHit[slot] = nextHit[slot + 1]
      if firsts[Int(byte)], byte & 0xC0 != 0x80 {
        for prefix in prefixes {
          guard let after = JS.match(prefix, in: bytes, at: position, end: end, ignoringCase: !caseSensitive)
          else { continue }
          let issue = after < end ? issueEnd[after - lower] : end
          guard issue > after else { continue }
          let lookahead =
            issue == end || JS.whitespaceLength(bytes, issue, end) > 0 || ",;.)]".utf8.contains(bytes[issue])
          guard lookahead else { continue }
          hits[position] = (position..<after, after..<issue)
          nextHit[slot] = position
          break
        }
      }
      position -= 1
    }
    var found: [(raw: Range<Int>, repository: Range<Int>?, prefix: Range<Int>, issue: Range<Int>)] = []
    var from = lower
    search: while from < end {
      var start = from
      while start <= end {
        let spaces = start < end ? spacesEnd[start - lower] : end
        let hit = spaces < end ? nextHit[spaces - lower] : Int.max
        let reach = spaces < end ? repositoryEnd[spaces - lower] : end
        if hit <= reach, let parts = hits[hit] {
          found.append(
            (from..<parts.issue.upperBound, hit > spaces ? spaces..<hit : nil, parts.prefix, parts.issue))
          from = parts.issue.upperBound
          continue search
        }
        start += start < end ? JS.scalar(bytes, start).length : 1
      }
      break
    }
    return found
  }

  /// `@([\w-]+)` (`g`) over the message.
  static func mentions(_ bytes: [UInt8]) -> [Range<Int>] {
    var found: [Range<Int>] = []
    var position = 0
    while position < bytes.count {
      if bytes[position] == UInt8(ascii: "@") {
        var stop = position + 1
        while stop < bytes.count && (JS.isWord(bytes[stop]) || bytes[stop] == UInt8(ascii: "-")) { stop += 1 }
        if stop > position + 1 {
          found.append(position + 1..<stop)
          position = stop
          continue
        }
      }
      position += 1
    }
    return found
  }

  /// The revert pattern over the whole message (`i`):
  /// `^(?:Revert|revert:)\s"?([\s\S]+?)"?\s*This reverts commit <hash>` with angular's hash
  /// `(\w{7,40})\b` or conventionalcommits' `(\w*)\.`: the shortest header that the rest follows.
  static func revert(_ bytes: [UInt8], _ pattern: ConventionalCommitParser.Options.RevertPattern)
    -> (header: Range<Int>, hash: Range<Int>)?
  {
    let end = bytes.count
    guard let word = JS.match(Array("Revert".utf8), in: bytes, at: 0, end: end, ignoringCase: true) else {
      return nil
    }
    var start: Int
    if case let space = JS.whitespaceLength(bytes, word, end), space > 0 {
      start = word + space
    } else if word < end && bytes[word] == UInt8(ascii: ":"),
      case let space = JS.whitespaceLength(bytes, word + 1, end), space > 0
    {
      start = word + 1 + space
    } else {
      return nil
    }
    let literal = Array("This reverts commit ".utf8)
    // Cheap refusal before the tables: the literal appears nowhere.
    guard
      (start..<end).contains(where: {
        JS.match(literal, in: bytes, at: $0, end: end, ignoringCase: true) != nil
      })
    else { return nil }
    var spacesEnd = [Int](repeating: end, count: end - start + 1)
    var position = end - 1
    while position >= start {
      let space = bytes[position] & 0xC0 == 0x80 ? 0 : JS.whitespaceLength(bytes, position, end)
      spacesEnd[position - start] = space > 0 ? spacesEnd[position + space - start] : position
      position -= 1
    }
    func hash(_ at: Int) -> Range<Int>? {
      var stop = at
      while stop < end && JS.isWord(bytes[stop]) { stop += 1 }
      switch pattern {
      case .angular:
        // `\w{7,40}\b`: a word run of 7 to 40 (a longer run has no boundary within 40).
        return stop - at >= 7 && stop - at <= 40 ? at..<stop : nil
      case .conventionalCommits:
        return stop < end && bytes[stop] == UInt8(ascii: ".") ? at..<stop : nil
      }
    }
    func tail(_ at: Int) -> Range<Int>? {
      var quote = at
      if quote < end && bytes[quote] == UInt8(ascii: "\"") { quote += 1 }
      let text = quote < end ? spacesEnd[quote - start] : end
      guard let after = JS.match(literal, in: bytes, at: text, end: end, ignoringCase: true) else {
        return nil
      }
      return hash(after)
    }
    var headers = [start]
    if start < end && bytes[start] == UInt8(ascii: "\"") { headers.insert(start + 1, at: 0) }
    for header in headers where header < end {
      var stop = header + JS.scalar(bytes, header).length
      while stop <= end {
        if let found = tail(stop) { return (header..<stop, found) }
        guard stop < end else { break }
        stop += JS.scalar(bytes, stop).length
      }
    }
    return nil
  }
}
