/// One run of `CommitParser.parse` over a message: its lines (after `trimNewLines`, the split on
/// `\r?\n`, the scissors, comment and `gpg:` filters), then merge, header, body, footer and notes
/// read line by line in the parser's order, then the breaking header, mentions and revert over
/// the whole message, then `cleanupCommit`.
struct ConventionalCommitParse {
  typealias JS = JavaScriptText
  typealias Patterns = ConventionalCommitPatterns

  /// Text built with the parser's `appendLine` (`src ? src + "\n" + line : line`): pieces of the
  /// message, a piece that follows an empty text replacing it.
  struct Appended {
    var pieces: [Range<Int>] = []

    mutating func append(_ piece: Range<Int>) {
      if pieces.isEmpty || (pieces.count == 1 && pieces[0].isEmpty) {
        pieces = [piece]
      } else {
        pieces.append(piece)
      }
    }
  }

  let message: String
  let bytes: [UInt8]
  let options: ConventionalCommitParser.Options
  let noteKeywords: [[UInt8]]
  let prefixes: [[UInt8]]
  let prefixFirsts: [Bool]
  let actions: [[UInt8]]
  let actionFirsts: [Bool]
  var lines: [Range<Int>] = []
  var index = 0
  var commit: ConventionalCommit
  var body: Appended?
  var footer: Appended?
  var notes: [(title: Range<Int>?, literalTitle: String?, text: Appended)] = []

  init(_ message: String, _ options: ConventionalCommitParser.Options) {
    self.message = message
    self.bytes = Array(message.utf8)
    self.options = options
    // `joinOr`: each keyword trimmed, empty ones dropped.
    func literals(_ strings: [String]) -> [[UInt8]] {
      strings.map { Array($0.utf8) }.map { bytes in Array(bytes[JS.trimmed(bytes, 0, bytes.count)]) }
        .filter { !$0.isEmpty }
    }
    noteKeywords = literals(options.noteKeywords)
    let prefixes = literals(options.issuePrefixes)
    // An empty alternation (`(?:)`) matches the empty string.
    self.prefixes = prefixes.isEmpty ? [[]] : prefixes
    prefixFirsts = Patterns.firstBytes(self.prefixes)
    actions = literals(options.referenceActions)
    actionFirsts = Patterns.firstBytes(actions)
    commit = ConventionalCommit(raw: message)
  }

  func string(_ range: Range<Int>) -> String {
    String(decoding: bytes[range], as: UTF8.self)
  }

  /// `trimNewLines` of `range`: without the `\r` and `\n` at either end.
  func trimNewLines(_ range: Range<Int>) -> Range<Int> {
    var lower = range.lowerBound
    var upper = range.upperBound
    while lower < upper && (bytes[lower] == 0x0A || bytes[lower] == 0x0D) { lower += 1 }
    while upper > lower && (bytes[upper - 1] == 0x0A || bytes[upper - 1] == 0x0D) { upper -= 1 }
    return lower..<upper
  }

  /// An appended text as the parser holds it after `cleanupCommit`, and where it lies.
  func text(_ appended: Appended) -> (String, Range<Int>?) {
    var joined: [UInt8] = []
    for (offset, piece) in appended.pieces.enumerated() {
      if offset > 0 { joined.append(0x0A) }
      joined.append(contentsOf: bytes[piece])
    }
    var lower = 0
    var upper = joined.count
    while lower < upper && (joined[lower] == 0x0A || joined[lower] == 0x0D) { lower += 1 }
    while upper > lower && (joined[upper - 1] == 0x0A || joined[upper - 1] == 0x0D) { upper -= 1 }
    let text = String(decoding: joined[lower..<upper], as: UTF8.self)
    // In the message: from the first piece with text left after the trim to the last.
    let kept = appended.pieces.filter { !trimNewLines($0).isEmpty }
    guard let first = kept.first, let last = kept.last else { return (text, nil) }
    return (text, trimNewLines(first).lowerBound..<trimNewLines(last).upperBound)
  }

  mutating func parse() -> ConventionalCommit? {
    guard !JS.trimmed(bytes, 0, bytes.count).isEmpty else { return nil }
    splitLines()
    parseHeader()
    var isBody = true
    while index < lines.count {
      if parseNotes() { isBody = false }
      if !parseBodyAndFooter(isBody) { isBody = false }
    }
    parseBreakingHeader()
    commit.mentions = Patterns.mentions(bytes).map(string)
    if let revert = Patterns.revert(bytes, options.revert) {
      commit.revert = [
        "header": revert.header.isEmpty ? nil : string(revert.header),
        "hash": revert.hash.isEmpty ? nil : string(revert.hash),
      ]
    }
    cleanup()
    return commit
  }

  /// `trimNewLines(input).split(/\r?\n/)`, cut at the scissors and without comment lines when a
  /// comment character is set, and without `gpg:` lines.
  mutating func splitLines() {
    let whole = trimNewLines(0..<bytes.count)
    var start = whole.lowerBound
    var position = start
    var all: [Range<Int>] = []
    while position < whole.upperBound {
      if bytes[position] == 0x0A {
        let stop = position > start && bytes[position - 1] == 0x0D ? position - 1 : position
        all.append(start..<stop)
        start = position + 1
      }
      position += 1
    }
    all.append(start..<whole.upperBound)
    if let comment = options.commentCharacter {
      let mark = Array(comment.utf8)
      let scissors = mark + Array(" ------------------------ >8 ------------------------".utf8)
      if let cut = all.firstIndex(where: { bytes[$0].elementsEqual(scissors) }) { all.removeSubrange(cut...) }
      if !mark.isEmpty { all.removeAll { bytes[$0].starts(with: mark) } }
    }
    all.removeAll { line in
      let start = JS.skipWhitespace(bytes, line.lowerBound, line.upperBound)
      return bytes[start..<line.upperBound].starts(with: "gpg:".utf8)
    }
    lines = all
  }

  mutating func parseHeader() {
    guard index < lines.count else { return }
    let line = lines[index]
    index += 1
    guard !line.isEmpty else { return }
    commit.header = string(line)
    commit.ranges.header = line
    let match =
      (options.breakingHeader ? Patterns.header(bytes, line, .required) : nil)
      ?? Patterns.header(bytes, line, options.headerBang == .optional ? .optional : .none)
    if let match {
      func part(_ range: Range<Int>?) -> (String?, Range<Int>?) {
        guard let range, !range.isEmpty else { return (nil, nil) }
        return (string(range), range)
      }
      (commit.type, commit.ranges.type) = part(match.type)
      (commit.scope, commit.ranges.scope) = part(match.scope)
      (commit.subject, commit.ranges.subject) = part(match.subject)
    }
    commit.references = references(line)
  }

  /// `parseReferences`: the actions' sentences when the line has an action, else its runs.
  func references(_ line: Range<Int>) -> [ConventionalCommit.Reference] {
    let matches = Patterns.actions(bytes, line, actions, actionFirsts)
    let sentences: [(Range<Int>?, Range<Int>)] =
      matches.isEmpty
      ? Patterns.runs(bytes, line).map { (nil, $0) } : matches.map { ($0.action, $0.sentence) }
    var found: [ConventionalCommit.Reference] = []
    for (action, sentence) in sentences {
      for reference in Patterns.references(
        bytes, sentence, prefixes, prefixFirsts, caseSensitive: options.issuePrefixesCaseSensitive)
      {
        var owner: String?
        var repository = reference.repository.map(string)
        if let whole = repository, let slash = whole.firstIndex(of: "/") {
          owner = String(whole[..<slash])
          repository = String(whole[whole.index(after: slash)...])
        }
        found.append(
          ConventionalCommit.Reference(
            raw: string(reference.raw), action: action.map(string), owner: owner, repository: repository,
            issue: string(reference.issue), prefix: string(reference.prefix)))
      }
    }
    return found
  }

  mutating func appendFooter(_ line: Range<Int>) {
    if footer == nil { footer = Appended() }
    footer?.append(line)
  }

  /// `parseNotes`: a note line, then the lines up to and including the next footer token (or
  /// note), added to the note's text and the footer.
  mutating func parseNotes() -> Bool {
    guard index < lines.count, let match = Patterns.note(bytes, lines[index], noteKeywords) else {
      return false
    }
    var text = Appended()
    text.pieces = [match.text]
    notes.append((match.title, nil, text))
    let note = notes.count - 1
    appendFooter(lines[index])
    index += 1
    while index < lines.count {
      if parseNotes() { return true }
      let line = lines[index]
      let isFooterToken = Patterns.isFooterToken(bytes, line, prefixes)
      commit.references += references(line)
      if !isFooterToken { notes[note].text.append(line) }
      appendFooter(line)
      index += 1
      if isFooterToken { break }
    }
    return true
  }

  mutating func parseBodyAndFooter(_ isBody: Bool) -> Bool {
    guard index < lines.count else { return isBody }
    let line = lines[index]
    let isStillBody = !Patterns.isFooterToken(bytes, line, prefixes) && isBody
    commit.references += references(line)
    if isStillBody {
      if body == nil { body = Appended() }
      body?.append(line)
    } else {
      appendFooter(line)
    }
    index += 1
    return isStillBody
  }

  /// A `!` header without a note gives the note `BREAKING CHANGE` with the subject as its text.
  mutating func parseBreakingHeader() {
    guard options.breakingHeader, notes.isEmpty, let header = commit.ranges.header,
      let match = Patterns.header(bytes, header, .required)
    else { return }
    var text = Appended()
    text.pieces = [match.subject]
    notes.append((nil, "BREAKING CHANGE", text))
  }

  /// `cleanupCommit`: texts without their outer newlines, references without repeats (by action
  /// and raw text, case-insensitively).
  mutating func cleanup() {
    if let body { (commit.body, commit.ranges.body) = text(body) }
    if let footer { (commit.footer, commit.ranges.footer) = text(footer) }
    commit.notes = notes.map { note in
      ConventionalCommit.Note(
        title: note.literalTitle ?? note.title.map(string) ?? "", text: text(note.text).0)
    }
    var seen: Set<String> = []
    commit.references = commit.references.filter { reference in
      seen.insert("\(reference.action ?? "null") \(reference.raw)".lowercased()).inserted
    }
  }
}
