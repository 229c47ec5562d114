/// What one line of a document is to the rules of §11 (Protocol/README.md §5a): a message
/// line (numbered from the first one that is not blank), a comment line, or a line at or after
/// the end marker.
public struct MessageLine: Hashable, Sendable {
  public enum Kind: Hashable, Sendable {
    /// A line of the message; `number` is `nil` for blank lines before the first non-blank one.
    case message(number: Int?)
    case comment
    /// The end-marker line or a line after it.
    case ignored
  }

  /// 0-based line of the document.
  public var index: Int
  public var kind: Kind
  /// UTF-8 range of the line's content (without its terminator).
  public var content: Range<Int>
  /// Where the line's terminator ends (the content's end when it has none).
  public var end: Int
  /// The content is ASCII without tabs: every unit counts one per byte (most lines are).
  var isPlainASCII: Bool

  public var number: Int? {
    if case .message(let number) = kind { return number }
    return nil
  }

  public var isMessage: Bool {
    if case .message = kind { return true }
    return false
  }

  /// The terminator's length in `unit`: one cluster, one or two code units, no columns.
  func terminatorCount(_ unit: LengthUnit) -> Int {
    let bytes = end - content.upperBound
    guard bytes > 0 else { return 0 }
    switch unit {
    case .graphemes: return 1
    case .utf8, .utf16, .scalars: return bytes
    case .columns: return 0
    }
  }
}

extension StableTextField {
  /// Every line of the text, classified, in one pass over its bytes. Without `commentPrefix` or
  /// `endMarker` every line is a message line.
  public var messageLines: [MessageLine] {
    var result: [MessageLine] = []
    result.reserveCapacity(text.lineCount)
    let prefix = rules.commentPrefix.map { Array($0.utf8) }
    let marker = rules.endMarker.map { Array($0.utf8) }
    var whole = text.string
    whole.withUTF8 { bytes in
      let count = bytes.count
      var start = 0
      var next = 1
      var ended = false
      while true {
        var i = start
        var plain = true
        var whitespaceOnly = true
        while i < count {
          let byte = bytes[i]
          if byte == 0x0A || byte == 0x0D { break }
          if byte >= 0x80 || byte == 0x09 { plain = false }
          if whitespaceOnly && !(byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)) { whitespaceOnly = false }
          i += 1
        }
        let contentEnd = i
        var end = i
        if i < count { end = bytes[i] == 0x0D && i + 1 < count && bytes[i + 1] == 0x0A ? i + 2 : i + 1 }
        let content = UnsafeBufferPointer(rebasing: bytes[start..<contentEnd])
        if !ended, let marker, content.elementsEqual(marker) { ended = true }
        let kind: MessageLine.Kind
        if ended {
          kind = .ignored
        } else if let prefix, content.starts(with: prefix) {
          kind = .comment
        } else {
          // Non-ASCII whitespace (U+3000, U+00A0, …) needs the scalars.
          let blank =
            whitespaceOnly
            || (!plain && Whitespace.isBlank(Substring(String(decoding: content, as: UTF8.self))))
          if next == 1 && blank {
            kind = .message(number: nil)
          } else {
            kind = .message(number: next)
            next += 1
          }
        }
        result.append(
          MessageLine(
            index: result.count, kind: kind, content: start..<contentEnd, end: end, isPlainASCII: plain))
        if end == contentEnd { break }  // the last line has no terminator
        start = end
      }
    }
    return result
  }

  /// The first cluster (UTF-8 offset) at which `units` of `unit` are passed in `text`, or
  /// `nil` when all of it fits. Columns restart at each line terminator.
  static func firstCluster(pastUnits limit: Int, in text: Substring, _ unit: LengthUnit, tabSize: Int) -> Int?
  {
    var total = 0
    var column = 0
    var offset = 0
    for character in text {
      let width = unit.width(of: character, atColumn: column, tabSize: tabSize)
      if total + width > limit { return offset }
      total += width
      column = character.isNewline ? 0 : column + width
      offset += character.utf8.count
    }
    return nil
  }

  /// A line's content measured in `unit`: its byte count when it is plain ASCII, else counted.
  func contentLength(_ line: MessageLine, _ unit: LengthUnit) -> Int {
    line.isPlainASCII ? line.content.count : unit.count(text.slice(line.content), tabSize: rules.tabSize)
  }

  /// The offset of the first cluster of `line`'s content past `limit` in `unit` (its end when
  /// all of it fits).
  func firstCluster(of line: MessageLine, pastUnits limit: Int, _ unit: LengthUnit) -> Int {
    if line.isPlainASCII { return line.content.lowerBound + min(limit, line.content.count) }
    return line.content.lowerBound
      + (Self.firstCluster(pastUnits: limit, in: text.slice(line.content), unit, tabSize: rules.tabSize)
        ?? line.content.count)
  }

  /// §5's length, measured line by line over what is counted (the message lines, or every line
  /// for `columns`), and the document offset of the first cluster past `limit` when one is given.
  /// Each line is a clean cut: terminators end clusters, and columns restart at each line.
  func measuredLength(crossing limit: Int? = nil, lines: [MessageLine]? = nil) -> (
    length: Int, firstOver: Int?
  ) {
    let unit = rules.unit
    var counted = (lines ?? messageLines).filter(\.isMessage)
    while let last = counted.last, last.content.isEmpty && last.end == last.content.upperBound {
      counted.removeLast()
    }
    var total = 0
    var firstOver: Int?
    for (position, line) in counted.enumerated() {
      let dropTerminator = rules.ignoreFinalNewline && position == counted.count - 1
      let content = contentLength(line, unit)
      let terminator = dropTerminator ? 0 : line.terminatorCount(unit)
      if firstOver == nil, let limit, total + content + terminator > limit {
        firstOver =
          total + content > limit
          ? firstCluster(of: line, pastUnits: limit - total, unit) : line.content.upperBound
      }
      total += content + terminator
    }
    return (total, firstOver)
  }
}
