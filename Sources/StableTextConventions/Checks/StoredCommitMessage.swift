import StableTextCore

/// A commit-message document as git stores the message (Protocol/README.md, "Team conventions":
/// "What the rules read"), which is what commitlint and gitlint see in CI, so that the editor, the
/// hook and `check --commits` give one verdict: the message lines of the `gitCommit` preset's
/// index (comment lines and everything from the scissors line on left out), each without its
/// trailing white space, runs of blank lines made one, leading and trailing blank lines dropped,
/// each line ended by `\n` (git's `cleanup=strip`). Lines end with `\n` whatever the document's
/// terminators (a CRLF document reads as git would store it).
///
/// It keeps where each of its lines lies in the document, so a rule's range in this text maps back
/// to the document's offsets (the comment lines removed shift them).
struct StoredCommitMessage {
  /// The message as stored.
  let text: String
  /// Each line of `text`: its start there, its start in the document, its length in bytes (the
  /// same in both, less the trailing white space git drops).
  private(set) var lines: [(stored: Int, document: Int, bytes: Int)] = []

  /// The message `field` holds, as git would store it; a message git has stored (`check
  /// --commits`: `CommitFacts.isStored`) is read exactly as it is, ended by the line feed that
  /// `git log` adds after it, which is what commitlint and gitlint read in CI.
  init(_ field: StableTextField) {
    if field.rules.conventions?.facts.isStored == true {
      self.text = String(field.text.slice(0..<field.text.utf8Count)) + "\n"
      self.lines = field.messageLines.map { ($0.content.lowerBound, $0.content.lowerBound, $0.content.count) }
      return
    }
    var text = ""
    var lines: [(stored: Int, document: Int, bytes: Int)] = []
    var blank: Int?
    for line in field.messageLines where line.isMessage {
      let content = field.text.slice(line.content)
      // git's `isspace`: space, tab, line feed, vertical tab, form feed, carriage return.
      let kept = content.utf8.reversed().drop { $0 == 0x20 || (0x09...0x0D).contains($0) }.count
      guard kept > 0 else {
        if !lines.isEmpty, blank == nil { blank = line.content.lowerBound }
        continue
      }
      if let at = blank {
        lines.append((text.utf8.count, at, 0))
        text += "\n"
        blank = nil
      }
      lines.append((text.utf8.count, line.content.lowerBound, kept))
      // Cut before ASCII white space: on a scalar's boundary.
      text += Substring(content.utf8.prefix(kept))
      text += "\n"
    }
    self.text = text
    self.lines = lines
  }

  /// Where the message's last line ends, in the message (0 for an empty one).
  var end: Int { lines.last.map { $0.stored + $0.bytes } ?? 0 }

  /// The document offset of `offset` in the message: on a line, the same place in the document's
  /// line; on a line's `\n` (or past the end), the end of that line's kept content.
  func documentOffset(_ offset: Int) -> Int {
    var low = 0
    var high = lines.count
    while low < high {
      let middle = (low + high) / 2
      if lines[middle].stored <= offset { low = middle + 1 } else { high = middle }
    }
    guard low > 0 else { return lines.first?.document ?? 0 }
    let line = lines[low - 1]
    return line.document + min(offset - line.stored, line.bytes)
  }

  /// The document range of `range` in the message (a range over several lines runs from its
  /// start's place to its end's; the comment lines between them lie inside it).
  func documentRange(_ range: Range<Int>) -> Range<Int> {
    let lower = documentOffset(range.lowerBound)
    return lower..<max(lower, documentOffset(range.upperBound))
  }

  /// The range of the line of the message that starts at or holds `offset` (its content).
  func line(holding offset: Int) -> Range<Int>? {
    guard let line = lines.last(where: { $0.stored <= offset }) else { return nil }
    return line.stored..<line.stored + line.bytes
  }

  /// The message's `number`th line (1-based), its content, when it has one.
  func line(number: Int) -> Range<Int>? {
    guard number >= 1, number <= lines.count else { return nil }
    let line = lines[number - 1]
    return line.stored..<line.stored + line.bytes
  }
}
