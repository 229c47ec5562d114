/// A commit-message document as git stores the message (Protocol/README.md, "Team conventions":
/// "What the rules read"), which is what a team's tools see in CI, so that the editor, the
/// hook and `check --commits` give one verdict: the document up to the scissors line, cleaned as
/// `git commit --cleanup=strip` (git's `strbuf_stripspace`) cleans it: lines split at `\n` alone,
/// those starting with the comment prefix left out, each without its trailing white space (git's:
/// space, tab, `\n`, `\r`), runs of blank lines made one, leading and trailing blank lines
/// dropped, each line ended by `\n`. A CRLF document reads as git stores it (each `\r` before a
/// `\n` is trailing white space); a lone `\r` is no line break to git, so it stays inside its
/// line, as git keeps it (the document's lines around it are one line of the message, whose
/// trailers are then git's: issue 55 found the hook seeing a `Signed-off-by:` after a lone CR
/// that git and CI do not).
///
/// It keeps where each of its lines lies in the document, so a rule's range in this text maps back
/// to the document's offsets (the comment lines removed shift them).
package struct StoredCommitMessage {
  /// The message as stored.
  package let text: String
  /// Each line of `text`: its start there, its start in the document, its length in bytes (the
  /// same in both, less the trailing white space git drops).
  package private(set) var lines: [(stored: Int, document: Int, bytes: Int)] = []

  /// The message `field` holds, as git would store it; a message git has stored (`check
  /// --commits`: `CommitFacts.isStored`) is read exactly as it is, ended by the line feed that
  /// `git log` adds after it, which is what a team's tools read in CI.
  package init(_ field: StableTextField) {
    if field.rules.conventionsInForce?.messageIsStored == true {
      self.text = String(field.text.slice(0..<field.text.utf8Count)) + "\n"
      self.lines = field.messageLines.map { ($0.content.lowerBound, $0.content.lowerBound, $0.content.count) }
      return
    }
    let index = field.messageIndex
    let end =
      index.endMarkerLine < index.lineCount ? index.lineStart(index.endMarkerLine) : field.text.utf8Count
    let bytes = Array(field.text.slice(0..<end).utf8)
    let prefix = index.shape.commentStart ?? []
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count + 1)
    var lines: [(stored: Int, document: Int, bytes: Int)] = []
    var blank: Int?
    var start = 0
    while start < bytes.count {
      let newline = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
      defer { start = newline + 1 }
      if !prefix.isEmpty, bytes[start..<newline].starts(with: prefix) { continue }
      var kept = newline
      while kept > start, Self.isGitSpace(bytes[kept - 1]) { kept -= 1 }
      guard kept > start else {
        if !lines.isEmpty, blank == nil { blank = start }
        continue
      }
      if let at = blank {
        lines.append((out.count, at, 0))
        out.append(0x0A)
        blank = nil
      }
      lines.append((out.count, start, kept - start))
      out += bytes[start..<kept]
      out.append(0x0A)
    }
    // Cut before ASCII white space or a line feed: on a scalar's boundary.
    self.text = String(decoding: out, as: UTF8.self)
    self.lines = lines
  }

  /// git's `isspace`: space, tab, line feed, carriage return (not `\v` or `\f`, which git keeps).
  package static func isGitSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  /// Where the message's last line ends, in the message (0 for an empty one).
  package var end: Int { lines.last.map { $0.stored + $0.bytes } ?? 0 }

  /// The document offset of `offset` in the message: on a line, the same place in the document's
  /// line; on a line's `\n` (or past the end), the end of that line's kept content.
  package func documentOffset(_ offset: Int) -> Int {
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
  package func documentRange(_ range: Range<Int>) -> Range<Int> {
    let lower = documentOffset(range.lowerBound)
    return lower..<max(lower, documentOffset(range.upperBound))
  }

  /// The range of the line of the message that starts at or holds `offset` (its content).
  package func line(holding offset: Int) -> Range<Int>? {
    guard let line = lines.last(where: { $0.stored <= offset }) else { return nil }
    return line.stored..<line.stored + line.bytes
  }

  /// The message's `number`th line (1-based), its content, when it has one.
  package func line(number: Int) -> Range<Int>? {
    guard number >= 1, number <= lines.count else { return nil }
    let line = lines[number - 1]
    return line.stored..<line.stored + line.bytes
  }
}
