/// The text of one document with the indexes that LSP positions need.
///
/// Storage is a B+ tree rope of UTF-8 chunks (`Rope`) whose nodes sum UTF-8, UTF-16, scalar,
/// grapheme and line-break counts, so an edit, a count in any unit, a line look-up and a position
/// conversion in any encoding cost O(log n) plus the size of one chunk. UTF-8 offsets are the
/// internal coordinate. Copies share the tree and copy only the path they change.
public struct TextBuffer: Sendable {
  var rope: Rope
  /// Which lines each recent edit touched, for the per-line indexes kept beside the buffer.
  private(set) var history = EditHistory()
  /// Every index kept beside the buffer has caught up with its text.
  mutating func settleHistory() { history.settle() }

  /// The lowest offset any edit has touched since `floorMark` was set. A field keeps a figure
  /// about the text before some offset (where the text first passes its limit) and knows it
  /// still holds while every edit since its mark came after that offset. The mark is an object
  /// so that a copy taken before a later mark, put back, is never taken for the marked text.
  private(set) var editFloor = Int.max
  private(set) var floorMark = EditFloorMark()

  final class EditFloorMark: Sendable {}

  /// Names this content: every edit makes a new one, and copies share it until one of them is
  /// edited, so a figure of the whole text remembered with the token (held, so never reused)
  /// holds exactly while the token is the buffer's.
  private(set) var contentToken = ContentToken()

  final class ContentToken: Sendable {}

  /// Starts watching edits afresh; returns the mark to check against.
  mutating func markEditFloor() -> EditFloorMark {
    floorMark = EditFloorMark()
    editFloor = Int.max
    return floorMark
  }

  /// Whether the text before `offset` is what it was when `mark` was set.
  func isUnchanged(before offset: Int, since mark: EditFloorMark) -> Bool {
    mark === floorMark && editFloor > offset
  }

  /// Whether edits record the lines they touch (while a field keeps an index of its lines).
  /// Without it an edit only marks the text as new, and any index is measured again.
  var tracksLines = false {
    didSet { if tracksLines != oldValue { history.forget() } }
  }
  /// Where the last change list's last edit ended, as a client position (line, code units in
  /// `encoding`) known to be exact: where the next keystroke of someone typing starts. A
  /// position there costs nothing to resolve, and one a little after it a walk from it. Every
  /// other mutation forgets it. Internal, not private, only because the positions aspect
  /// (`TextBuffer+Positions.swift`) keeps it; nothing else touches it.
  var caretMemo: CaretMemo?

  struct CaretMemo: Sendable {
    var line: Int
    var units: Int
    var encoding: PositionEncoding
    var offset: Int
  }

  /// A buffer holding `text`.
  public init(_ text: String = "") {
    rope = Rope(chunks: Self.chunks(of: text[...], from: Unicode._CharacterRecognizer()))
  }

  /// The whole text (O(n): for tests, `includeText` and small fields), its bytes copied into one
  /// `String` in one go.
  public var string: String {
    let total = utf8Count
    guard total > 0 else { return "" }
    return String(unsafeUninitializedCapacity: total) { buffer in
      var written = 0
      rope.forEachChunk { chunk in
        chunk.withUTF8 { bytes in
          (buffer.baseAddress! + written).initialize(from: bytes.baseAddress!, count: bytes.count)
          written += bytes.count
        }
      }
      return written
    }
  }

  package var summary: RopeSummary { rope.summary }

  /// Size in UTF-8 bytes.
  public var utf8Count: Int { rope.summary.utf8 }

  /// Line terminators plus one.
  public var lineCount: Int { rope.summary.lineBreaks + 1 }

  /// Whether the text is empty.
  public var isEmpty: Bool { utf8Count == 0 }

  /// True when every scalar is whitespace (or there are none).
  public var isBlank: Bool { rope.summary.nonWhitespace == 0 }

  /// Length of the whole text in `unit`, from the root's summary.
  /// Length of the whole text in `unit`: from the root's summary, except `columns`, which are
  /// measured line by line with tab stops every `tabSize`.
  public func count(_ unit: LengthUnit, tabSize: Int = 8) -> Int {
    unit.ropeCount.map { $0.value(in: rope.summary) } ?? unit.count(string[...], tabSize: tabSize)
  }

  // MARK: - Chunk access

  /// The chunk holding UTF-8 `offset` (the earlier one at a boundary, the last one at the end).
  func chunk(atUTF8 offset: Int) -> (chunk: RopeChunk, index: Int, start: RopeSummary) {
    let (index, before, chunk) = rope.locateChunk(.utf8, max(0, offset - 1))
    return (chunk, index, before)
  }

  /// The byte at a UTF-8 offset inside the text.
  func byte(at offset: Int) -> UInt8 {
    let (_, before, chunk) = rope.locateChunk(.utf8, offset)
    return chunk.utf8[offset - before.utf8]
  }

  // MARK: - Text

  /// The text between two UTF-8 offsets on scalar boundaries.
  public func slice(_ range: Range<Int>) -> Substring {
    guard !range.isEmpty else { return "" }
    // The chunks' bytes written straight into the result (checked once by `String`, which
    // takes no bytes unchecked).
    return String(unsafeUninitializedCapacity: range.count) { buffer in
      var written = 0
      var (index, before) = rope.locate(.utf8, range.lowerBound)
      var start = before.utf8
      while start < range.upperBound && index < rope.chunkCount {
        let chunk = rope.chunk(at: index)
        chunk.withUTF8 { utf8 in
          // An offset inside a scalar is taken back to its start, as a `String`'s views do.
          let from = Self.scalarStart(utf8, max(range.lowerBound - start, 0))
          let to = Self.scalarStart(utf8, min(range.upperBound - start, utf8.count))
          if from < to {
            (buffer.baseAddress! + written).initialize(from: utf8.baseAddress! + from, count: to - from)
            written += to - from
          }
        }
        start += chunk.byteCount
        index += 1
      }
      return written
    }[...]
  }

  /// `offset` of `bytes`, or the start of the scalar it falls inside.
  @inline(__always)
  static func scalarStart(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int) -> Int {
    var offset = offset
    while offset > 0 && offset < bytes.count && bytes[offset] & 0xC0 == 0x80 { offset -= 1 }
    return offset
  }

  /// Replaces the text between two UTF-8 offsets on scalar boundaries, returning what was there
  /// (so a caller can undo). Only the chunks around the edit are rebuilt; grapheme state is
  /// repaired forward only until it matches what was there before. A `\r` and a `\n` brought
  /// together become one terminator because chunks never split `\r\n`.
  @discardableResult
  public mutating func replace(_ range: Range<Int>, with text: String) -> String {
    if range.lowerBound < editFloor { editFloor = range.lowerBound }
    contentToken = ContentToken()
    caretMemo = nil
    // The lines the edit touches, and the line on either side when a terminator could join or
    // split across the edit's ends: a `\r` just before it, a `\n` just after it.
    if tracksLines {
      let oldLineCount = lineCount
      var firstLine = line(containing: range.lowerBound)
      var lastLine = range.isEmpty ? firstLine : line(containing: range.upperBound)
      if range.lowerBound > 0 && byte(at: range.lowerBound - 1) == 0x0D { firstLine = max(0, firstLine - 1) }
      if range.upperBound < utf8Count && byte(at: range.upperBound) == 0x0A {
        lastLine = min(oldLineCount - 1, lastLine + 1)
      }
      defer {
        history.record(
          LineSplice(
            first: firstLine, tail: oldLineCount - 1 - lastLine, oldLineCount: oldLineCount,
            newLineCount: lineCount, edit: TextSplice(range: range, insertedCount: text.utf8.count)))
      }
      return replaceText(range, with: text)
    }
    history.forget()
    return replaceText(range, with: text)
  }

  private mutating func replaceText(_ range: Range<Int>, with text: String) -> String {
    let removed: String
    if rope.chunkCount == 0 {
      removed = ""
      rope = Rope(chunks: Self.chunks(of: text[...], from: Unicode._CharacterRecognizer()))
    } else {
      let (found, foundBefore, foundChunk) = rope.locateChunk(.utf8, max(0, range.lowerBound - 1))
      var first = found
      var last = range.isEmpty ? first : rope.locate(.utf8, range.upperBound - 1).index
      var start = foundBefore
      // A `\r` ending the chunk before, or a `\n` starting the chunk after, may join the edit;
      // only an edit that reaches that chunk's edge can bring them together (chunks never split
      // `\r\n`, so the bytes on either side of an edge untouched were never a pair).
      if first > 0 && range.lowerBound <= foundBefore.utf8 && rope.chunk(at: first - 1).utf8.last == 0x0D {
        first -= 1
        start = rope.summary(before: first)
      }
      let lastEnd =
        last == found ? foundBefore.utf8 + foundChunk.summary.utf8 : rope.summary(before: last + 1).utf8
      if last + 1 < rope.chunkCount && range.upperBound >= lastEnd
        && rope.chunk(at: last + 1).utf8.first == 0x0A
      {
        last += 1
      }
      if first == last,
        let fastRemoved = replaceWithinChunk(
          first, start: start, size: foundChunk.summary.utf8, range, with: text)
      {
        return fastRemoved
      }
      var pieces: [RopeChunk] = (first...last).map { rope.chunk(at: $0) }
      // Keep chunks from getting tiny: take in a neighbour when the result would be small.
      let span = pieces.reduce(0) { $0 + $1.summary.utf8 } - range.count + text.utf8.count
      if span < RopeChunk.targetSize / 4 && last + 1 < rope.chunkCount {
        last += 1
        pieces.append(rope.chunk(at: last))
      }
      var combined: [UInt8] = []
      combined.reserveCapacity(span + range.count)
      for piece in pieces { combined += piece.utf8 }
      // An offset inside a scalar is taken back to its start, as a `String`'s views do.
      let (lower, upper) = combined.withUnsafeBufferPointer { bytes in
        (
          Self.scalarStart(bytes, range.lowerBound - start.utf8),
          Self.scalarStart(bytes, range.upperBound - start.utf8)
        )
      }
      removed = String(decoding: combined[lower..<upper], as: UTF8.self)
      combined.replaceSubrange(lower..<upper, with: text.utf8)
      let fresh = combined.withUnsafeBufferPointer { Self.chunks(of: $0, from: pieces[0].startState) }
      for _ in first...last { rope.remove(at: first) }
      for (offset, chunk) in fresh.enumerated() { rope.insert(chunk, at: first + offset) }
      repairGraphemes(from: first + fresh.count, state: fresh.last?.endState ?? pieces[0].startState)
    }
    return removed
  }

  /// The common case: an edit inside one chunk that keeps it a reasonable size. Only a window
  /// around the edit is measured again, and the chunk's summary is adjusted by the difference.
  /// The window starts at the edit, in the grapheme state the text before it leaves (found by
  /// feeding the scanner from just after the last ASCII scalar other than `\r` before the edit,
  /// where the state is known without history, or from the chunk's start); it ends where the
  /// old and the new text, read on in step after the edit, are in the same state again (then
  /// every later break is the same), or at the chunk's end. Text with no ASCII for a long way
  /// (marks, emoji, Indic, Hangul jamo) thus costs the way back to the state and a few scalars
  /// after the edit, not the chunk twice. Returns the removed text, or `nil` when the general
  /// path must run.
  private mutating func replaceWithinChunk(
    _ index: Int, start: RopeSummary, size oldCount: Int, _ range: Range<Int>, with text: String
  )
    -> String?
  {
    let newCount = oldCount - range.count + text.utf8.count
    guard newCount <= RopeChunk.maxSize, newCount >= RopeChunk.targetSize / 4 || rope.chunkCount == 1,
      newCount > 0
    else {
      return nil
    }
    let lower = range.lowerBound - start.utf8
    let upper = range.upperBound - start.utf8
    var inserted = text
    let (removed, endState, endChanged) = inserted.withUTF8 { piece in
      rope.modifyChunk(at: index) { chunk -> (String, Unicode._CharacterRecognizer, Bool) in
        chunk.withUTF8 { old in
          precondition(
            (lower == oldCount || old[lower] & 0xC0 != 0x80)
              && (upper == oldCount || old[upper] & 0xC0 != 0x80),
            "TextBuffer.replace: an offset falls inside a scalar")
        }
        // What the edit takes out, kept aside (on the stack when small) before the bytes after
        // it move over it: the removed text to return, and the old text's window.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: upper - lower) { taken in
          let removedBytes = UnsafeBufferPointer(taken)
          var removed = ""
          if lower < upper {
            chunk.withUTF8 { old in
              _ = taken.initialize(from: UnsafeBufferPointer(rebasing: old[lower..<upper]))
            }
            removed = String(decoding: removedBytes, as: UTF8.self)
          }
          // A chunk inside a long run of regional indicators stays all indicators when
          // indicators go in or out: then no run is counted, in the window or the profile.
          let allIndicators =
            chunk.regional.isWhole && RegionalParity.allIndicators(piece)
            && RegionalParity.allIndicators(removedBytes)
          chunk.splice(lower..<upper, with: piece)
          let window = chunk.withUTF8 { new in
            Self.editWindow(
              new: new, removed: removedBytes, lower: lower, inserted: piece.count, from: chunk.startState,
              allIndicators: allIndicators)
          }
          var endState = chunk.endState
          if !window.resynchronised { endState = window.newEnd }
          chunk.summary -= window.oldSummary
          chunk.summary += window.newSummary
          chunk.regional =
            allIndicators
            ? RegionalParity(leading: newCount / 4, trailing: newCount / 4, isWhole: true)
            : chunk.withUTF8 { RegionalParity(of: $0) }
          let changed = endState != chunk.endState
          chunk.endState = endState
          return (removed, endState, changed)
        }
      }
    }
    if endChanged { repairGraphemes(from: index + 1, state: endState) }
    return removed
  }

  /// The window an edit of a chunk changes (`replaceWithinChunk`): the summaries of the old and
  /// the new text in it, whether they meet again in one state before the chunk's end, and the
  /// canonical state the new window ends in (the chunk's end state when they do not meet).
  ///
  /// The chunk is already edited in place: the old text is read as the new one's bytes before
  /// `lower`, then `removed`, then the new one's bytes after the inserted `inserted` bytes.
  /// `allIndicators`: both are regional indicators throughout, so a run's length is known
  /// without reading it.
  static func editWindow(
    new: UnsafeBufferPointer<UInt8>, removed: UnsafeBufferPointer<UInt8>, lower: Int, inserted: Int,
    from chunkStart: Unicode._CharacterRecognizer, allIndicators: Bool = false
  ) -> (
    oldSummary: RopeSummary, newSummary: RopeSummary, resynchronised: Bool,
    newEnd: Unicode._CharacterRecognizer
  ) {
    let upper = lower + removed.count
    // Old offset `i` at or past `upper` is new offset `i + shift`.
    let shift = inserted - removed.count
    let oldCount = new.count - shift
    // Where the window starts, and the state there. A `\r` just before the edit could pair with
    // a `\n` the edit brings: then the window starts at that `\r`. The state there is known
    // from the nearest of: an ASCII scalar before it (the state after one is its own; after a
    // `\r` too, whose line break, counted when the next byte is read, is the same in both texts
    // since the window starts with the same byte in both); a pair of scalars a few back that a
    // cluster starts between whatever came before (`BreakScanner.state(after:breakingBefore:)`,
    // which finds one in a conjunct or a syllable run); the chunk's start. All of it lies before
    // the edit, where the old text is the new.
    let windowStart = lower > 0 && new[lower - 1] == 0x0D ? lower - 1 : lower
    var known = windowStart
    var state = chunkStart
    var pairsTried = 0
    // No scalar's value is UInt32.max.
    var failedPair: (UInt32, UInt32) = (.max, .max)
    while known > 0 {
      let byte = new[known - 1]
      if byte < 0x80 {
        state = BreakScanner.state(afterASCII: byte)
        break
      }
      if pairsTried == 8 {
        // No pair a few back told: only an ASCII scalar or the chunk's start will, found a word
        // at a time (a run of marks is read back at eight bytes a step, not a scalar).
        known = ByteWord.endOfLastASCII(in: new, before: known)
        if known > 0 { state = BreakScanner.state(afterASCII: new[known - 1]) }
        break
      }
      var start = known - 1
      while new[start] & 0xC0 == 0x80 { start -= 1 }
      if known < windowStart {
        pairsTried += 1
        let (a, _) = decodeScalar(new, at: start)
        let (b, length) = decodeScalar(new, at: known)
        // The pair just tried, again (a run of one mark), answers as it did: not asked twice.
        if (a.value, b.value) != failedPair, let after = BreakScanner.state(after: a, breakingBefore: b) {
          state = after
          known += length
          break
        }
        failedPair = (a.value, b.value)
      }
      known = start
    }
    if known < windowStart {
      state = Self.state(after: new, known..<windowStart, from: state)
    }
    // Read on in step after the edit, counting both, until both texts are in one state after
    // the same scalar: from there every break is the same, and the counts of what follows too
    // (a `\r` last read is counted as a break in both windows, whatever follows it, so the
    // difference of the two is right). After the edit both read the same bytes, from the two
    // states.
    var oldMeasurer = RopeChunk.Measurer(from: state)
    oldMeasurer.feed(new, windowStart..<lower)
    oldMeasurer.feed(removed, 0..<removed.count)
    var newMeasurer = RopeChunk.Measurer(from: state)
    newMeasurer.feed(new, windowStart..<lower + inserted)
    var oldEnd = upper
    var resynchronised = false
    while oldEnd < oldCount {
      let at = oldEnd + shift
      let length = UTF8Lead.width(new[at])
      // A run of regional indicators that the two texts pair differently (an indicator put in
      // or taken out before it) never meets within the run: counted in constant time.
      let run = allIndicators ? (new.count - at) / 4 : RegionalParity.indicators(new, from: at)
      if run >= 5 {
        RopeChunk.Measurer.feedIndicatorRun(new, at, run, &oldMeasurer)
        RopeChunk.Measurer.feedIndicatorRun(new, at, run, &newMeasurer)
        oldEnd += 4 * run
        if oldEnd < oldCount && oldMeasurer.state == newMeasurer.state {
          resynchronised = true
          break
        }
        continue
      }
      oldMeasurer.feed(new, at..<at + length)
      newMeasurer.feed(new, at..<at + length)
      oldEnd += length
      // After the same ASCII scalar both are in the state it leaves, whatever came before: no
      // need to compare.
      if oldEnd < oldCount && (length == 1 || oldMeasurer.state == newMeasurer.state) {
        resynchronised = true
        break
      }
    }
    // The canonical end state: after a trailing regional indicator, the even run's (the window
    // may hold none of the run, or not all of it).
    let endsWithIndicator = RegionalParity.isIndicator(new, at: new.count - 4)
    let oldCounted = oldMeasurer.result
    let newCounted = newMeasurer.result
    return (
      oldCounted.0, newCounted.0, resynchronised,
      endsWithIndicator ? RegionalParity.evenRunState : newCounted.1
    )
  }

  /// The grapheme state after `bytes[range]` (whole scalars) from `state`. A stretch that is
  /// one scalar repeated (a run of one combining mark, which a chunk in the middle of a long
  /// cluster is) is not read scalar by scalar: feeding the scalar once more leaves the state as
  /// it was after a few times at most, and from then on every time.
  static func state(
    after bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, from state: Unicode._CharacterRecognizer
  ) -> Unicode._CharacterRecognizer {
    let width = UTF8Lead.width(bytes[range.lowerBound])
    if width > 1 && range.count % width == 0 && range.count >= 4 * width {
      if ByteWord.isPeriodic(bytes, range.lowerBound + width..<range.upperBound, period: width) {
        let scalar = decodeScalar(bytes, at: range.lowerBound).0
        var state = state
        for _ in 0..<range.count / width {
          let before = state
          _ = state.hasBreak(before: scalar)
          if state == before { return state }
        }
        return state
      }
    }
    var scanner = BreakScanner(state)
    scanner.scan(bytes, range) { _, _, _ in }
    return scanner.state
  }

  /// Recomputes chunks from `index` on while their start state differs from the state the
  /// text before them leaves.
  private mutating func repairGraphemes(from index: Int, state: Unicode._CharacterRecognizer) {
    var index = index
    var state = state
    while index < rope.chunkCount {
      var chunk = rope.chunk(at: index)
      if chunk.startState == state { return }
      chunk.restart(from: state)
      rope.setChunk(chunk, at: index)
      state = chunk.endState
      index += 1
    }
  }

  /// Splits text into chunks near the target size, on scalar boundaries and never between
  /// `\r` and `\n`, measuring each from the state the previous one leaves.
  static func chunks(of text: Substring, from state: Unicode._CharacterRecognizer) -> [RopeChunk] {
    guard !text.isEmpty else { return [] }
    if let chunks = text.utf8.withContiguousStorageIfAvailable({ chunks(of: $0, from: state) }) {
      return chunks
    }
    return Array(text.utf8).withUnsafeBufferPointer { chunks(of: $0, from: state) }
  }

  /// The same for well-formed UTF-8 (a `String`'s or chunks'): each chunk's bytes are copied
  /// once, nothing is decoded or validated again.
  static func chunks(of bytes: UnsafeBufferPointer<UInt8>, from state: Unicode._CharacterRecognizer)
    -> [RopeChunk]
  {
    guard !bytes.isEmpty else { return [] }
    var result: [RopeChunk] = []
    result.reserveCapacity(bytes.count / RopeChunk.targetSize + 1)
    var state = state
    var start = 0
    while start < bytes.count {
      var end = bytes.count
      if end - start > RopeChunk.maxSize {
        end = start + RopeChunk.targetSize
        // Back off to a scalar boundary, and never split "\r\n".
        while bytes[end] & 0xC0 == 0x80 || (bytes[end] == 0x0A && bytes[end - 1] == 0x0D) { end -= 1 }
      }
      let chunk = RopeChunk(utf8: Array(UnsafeBufferPointer(rebasing: bytes[start..<end])), startState: state)
      state = chunk.endState
      result.append(chunk)
      start = end
    }
    return result
  }
}

extension TextBuffer {
  /// The UTF-8 offset of the unit at index `index` in `unit` (its scalar's start when it is the
  /// second half of a surrogate pair).
  func utf8Offset(ofUnit index: Int, _ unit: LengthUnit, tabSize: Int = 8) -> Int {
    unit.measure.utf8Offset(ofUnit: index, in: self, tabSize: tabSize)
  }

  /// The start of the grapheme cluster holding UTF-8 `offset` (a scalar boundary). Scans only
  /// from the nearest earlier point where the breaking state is known without history (just
  /// after an ASCII scalar), falling back to the chunk's start, then to the chunk before.
  public func clusterStart(containing offset: Int) -> Int {
    guard offset > 0, offset < utf8Count else { return min(max(0, offset), utf8Count) }
    let (index, before) = rope.locate(.utf8, offset)
    let chunk = rope.chunk(at: index)
    let local = offset - before.utf8
    let found: Int? = chunk.withUTF8 { bytes in
      func lastBreak(from start: Int, _ state: Unicode._CharacterRecognizer) -> Int? {
        var scanner = BreakScanner(state)
        var result: Int?
        scanner.scan(bytes, start..<local + 1) { i, _, isBreak in if isBreak { result = i } }
        return result
      }
      var start = local
      while start > 0 && !(bytes[start - 1] < 0x80 && bytes[start - 1] != 0x0D) { start -= 1 }
      if start > 0, let result = lastBreak(from: start, BreakScanner.state(afterASCII: bytes[start - 1])) {
        return result
      }
      return lastBreak(from: 0, chunk.startState(afterOddRun: rope.afterOddRun(before: index)))
    }
    if let found { return before.utf8 + found }
    // The cluster began in an earlier chunk.
    return clusterStart(containing: before.utf8 - 1)
  }

}
