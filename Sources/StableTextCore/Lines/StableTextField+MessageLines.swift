/// What one line of a document is to the line rules (Protocol/README.md, "Lines, comments and
/// commit messages"): a message line (numbered from the first one that is not blank), a comment
/// line, or a line at or after the end marker.
public struct MessageLine: Hashable, Sendable {
  /// What a line of the document is to the message.
  public enum Kind: Hashable, Sendable {
    /// A line of the message; `number` is `nil` for blank lines before the first non-blank one.
    case message(number: Int?)
    /// A line whose content starts with the comment prefix.
    case comment
    /// The end-marker line or a line after it.
    case ignored
  }

  /// 0-based line of the document.
  public var index: Int
  /// Its kind.
  public var kind: Kind
  /// UTF-8 range of the line's content (without its terminator).
  public var content: Range<Int>
  /// Where the line's terminator ends (the content's end when it has none).
  public var end: Int

  /// Its number among the numbered message lines (1-based), or `nil` for comments, the end marker
  /// and what follows, and leading blank lines.
  public var number: Int? {
    if case .message(let number) = kind { return number }
    return nil
  }

  /// Whether it is a message line (counted and checked).
  public var isMessage: Bool {
    if case .message = kind { return true }
    return false
  }
}

extension StableTextField {
  /// The per-line index the rules keep (caught up on a copy when the field has not caught up),
  /// or one made for this question.
  var messageIndex: MessageLineIndex {
    guard var index = lines else {
      return MessageLineIndex(text, shape: MessageLineIndex.Shape(reading: rules))
    }
    index.update(to: text)
    return index
  }

  /// Every line of the text, classified (O(lines), from the index: for fixes and tests). Without
  /// a comment prefix or an end marker every line is a message line.
  public var messageLines: [MessageLine] { messageIndex.messageLines }

  /// The offset of the first cluster of the line starting at `start` past `limit` in `unit`
  /// (its content's end when all of it fits).
  func firstCluster(ofLineAt start: Int, _ facts: LineFacts, pastUnits limit: Int, _ unit: LengthUnit) -> Int
  {
    let bytes = facts.bytes
    if facts.flags.contains(.plain) && unit.countsASCIIAsBytes { return start + min(limit, bytes) }
    // Read through the stored index, not a copy of its shape (a copy retains every array of it).
    if let i = lines?.shape.offsetLimits.firstIndex(
      of: MessageLineIndex.Shape.LineLimit(unit: unit, limit: limit))
    {
      return start + Int(facts.passOffsets[i])
    }
    let measure = unit.measure
    if measure.lineCount == .clusters && !measure.readsClusterBytes {
      // The layout's cluster reader, straight from the rope's bytes.
      var total = 0
      var column = 0
      var found: Int?
      let tabSize = rules.tabStop
      text.forEachCluster(in: start..<start + bytes) { cluster in
        let length = measure.length(
          ofCluster: .init(start: nil, count: 0), width: cluster.width, atColumn: column, tabSize: tabSize)
        if total + length > limit {
          found = cluster.offset
          return false
        }
        total += length
        column += cluster.cells(atColumn: column, tabSize: tabSize)
        return true
      }
      return start + (found ?? bytes)
    }
    if measure.lineCount == .clusters {
      // The line's bytes in one piece, for a measure that reads each cluster's.
      var content = text.slice(start..<start + bytes)
      let found = content.withUTF8 { content in
        var total = 0
        var column = 0
        var found: Int?
        let tabSize = rules.tabStop
        Cluster.forEach(in: content) { cluster, clusterBytes in
          guard found == nil else { return }
          let length = measure.length(
            ofCluster: clusterBytes, width: cluster.width, atColumn: column, tabSize: tabSize)
          if total + length > limit {
            found = cluster.offset
            return
          }
          total += length
          column += cluster.cells(atColumn: column, tabSize: tabSize)
        }
        return found
      }
      return start + (found ?? bytes)
    }
    return start
      + (unit.measure.firstCluster(
        pastUnits: limit, in: text.slice(start..<start + bytes), tabSize: rules.tabStop)
        ?? bytes)
  }

  /// The length ("Counting") over the message lines (or every line, for `columns` without
  /// comments), from the index.
  var measuredLength: Int {
    messageIndex.countedLength(
      rules.lengthUnit, leavingOutFinalTerminator: leavesOutFinalTerminator,
      asGitStores: rules.countsAsGitStores)
  }

  /// Where the message lines' running length first passes `limit`: the offset of the first
  /// cluster that does not fit (the crossing line's content end when only its terminator
  /// crosses). Each line is a clean boundary: terminators end clusters, columns restart at each line.
  func measuredFirstOver(_ limit: Int) -> Int? { measuredCut(limit)?.offset }

  /// `measuredFirstOver`, with the offset before which the text decides it: the crossing line's
  /// content end when the cut falls inside that content (the lines up to it already pass the
  /// limit, whatever follows, and none of them changes without an edit before that offset);
  /// `nil` when later text may change it: a cut on a terminator (whether a final one is counted
  /// depends on what follows), or comments that follow git's first scissors line wherever it is.
  func measuredCut(_ limit: Int) -> (offset: Int, dependsUpTo: Int?)? {
    let index = messageIndex
    guard
      index.countedLength(
        rules.lengthUnit, leavingOutFinalTerminator: leavesOutFinalTerminator,
        asGitStores: rules.countsAsGitStores)
        > limit,
      let (line, before) = index.crossing(limit, rules.lengthUnit)
    else { return nil }
    let facts = index[line]
    let start = index.lineStart(line)
    if before + index.length(of: facts, rules.lengthUnit) > limit {
      let offset = firstCluster(ofLineAt: start, facts, pastUnits: limit - before, rules.lengthUnit)
      // A blank line counted only while a filled one follows it (git drops trailing blank
      // lines) decides nothing by itself.
      let decided =
        !rules.detectsCommentCharacter && !(rules.countsAsGitStores && facts.flags.contains(.blank))
      return (offset, decided ? start + facts.bytes : nil)
    }
    return (start + facts.bytes, nil)
  }
}
