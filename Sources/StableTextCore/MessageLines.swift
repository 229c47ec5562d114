/// What one line of a document is to the rules of §11 (Protocol/README.md "Lines"): a message
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

  public var number: Int? {
    if case .message(let number) = kind { return number }
    return nil
  }

  public var isMessage: Bool {
    if case .message = kind { return true }
    return false
  }
}

extension StableTextField {
  /// Every line of the text, classified. Without `commentPrefix` or `endMarker` every line is a
  /// message line.
  public var messageLines: [MessageLine] {
    var result: [MessageLine] = []
    result.reserveCapacity(text.lineCount)
    var next = 1
    var ended = false
    var start = 0
    for line in 0..<text.lineCount {
      let contentEnd = text.lineContentEnd(line)
      let end = line + 1 < text.lineCount ? text.lineStart(line + 1) : text.utf8Count
      let content = text.slice(start..<contentEnd)
      let kind: MessageLine.Kind
      if !ended, let marker = rules.endMarker, content == marker[...] {
        ended = true
      }
      if ended {
        kind = .ignored
      } else if let prefix = rules.commentPrefix, content.hasPrefix(prefix) {
        kind = .comment
      } else if next == 1 && Whitespace.isBlank(content) {
        kind = .message(number: nil)
      } else {
        kind = .message(number: next)
        next += 1
      }
      result.append(MessageLine(index: line, kind: kind, content: start..<contentEnd, end: end))
      start = end
    }
    return result
  }

  /// The first cluster (UTF-8 offset) at which `units` of `unit` are passed in `text`, or
  /// `nil` when all of it fits. Columns restart at each line terminator.
  static func firstCluster(pastUnits limit: Int, in text: Substring, _ unit: LengthUnit, tabSize: Int) -> Int? {
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

  /// The pieces of the text that §5's length counts: the message lines (each with its own
  /// terminator), or the whole text; without the one final terminator `ignoreFinalNewline` drops.
  var countedPieces: [Range<Int>] {
    var pieces: [Range<Int>]
    if rules.readsMessageLines {
      pieces = messageLines.filter(\.isMessage).map { $0.content.lowerBound..<$0.end }.filter { !$0.isEmpty }
    } else {
      pieces = [0..<text.utf8Count]
    }
    if rules.ignoreFinalNewline, let last = pieces.last {
      let cut = text.terminatorStart(before: last.upperBound)
      pieces[pieces.count - 1] = last.lowerBound..<max(last.lowerBound, cut)
    }
    return pieces
  }

  /// §5's length, measured piece by piece (message lines, or `columns`), and the document offset
  /// of the first cluster past `limit` when one is given.
  func measuredLength(crossing limit: Int? = nil) -> (length: Int, firstOver: Int?) {
    var total = 0
    var firstOver: Int?
    for piece in countedPieces {
      let slice = text.slice(piece)
      let count = rules.unit.count(slice, tabSize: rules.tabSize)
      if firstOver == nil, let limit, total + count > limit {
        firstOver =
          piece.lowerBound
          + (Self.firstCluster(pastUnits: limit - total, in: slice, rules.unit, tabSize: rules.tabSize) ?? 0)
      }
      total += count
    }
    return (total, firstOver)
  }
}
