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
  /// other mutation forgets it.
  private var caretMemo: CaretMemo?

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

  /// The whole text (O(n): for tests, `includeText` and small fields).
  public var string: String {
    var result = ""
    result.reserveCapacity(utf8Count)
    rope.forEachChunk { result += $0.text }
    return result
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
    rope.summary.count(unit) ?? unit.count(string[...], tabSize: tabSize)
  }

  // MARK: - Chunk access

  /// The chunk holding UTF-8 `offset` (the earlier one at a boundary, the last one at the end).
  private func chunk(atUTF8 offset: Int) -> (chunk: RopeChunk, index: Int, start: RopeSummary) {
    let (index, before, chunk) = rope.locateChunk(.utf8, max(0, offset - 1))
    return (chunk, index, before)
  }

  /// The byte at a UTF-8 offset inside the text.
  func byte(at offset: Int) -> UInt8 {
    let (_, before, chunk) = rope.locateChunk(.utf8, offset)
    let text = chunk.text
    return text.utf8[text.utf8.index(text.utf8.startIndex, offsetBy: offset - before.utf8)]
  }

  // MARK: - Lines

  /// UTF-8 offset where `line` starts (the end of the document past the last line).
  public func lineStart(_ line: Int) -> Int {
    guard line > 0 else { return 0 }
    guard line <= rope.summary.lineBreaks else { return utf8Count }
    let (_, before, chunk) = rope.locateChunk(.lineBreaks, line - 1)
    var text = chunk.text
    let wanted = line - before.lineBreaks
    let local = text.withUTF8 { LineBreakWord.count(in: $0, before: $0.count, stoppingAfter: wanted).offset }
    return before.utf8 + local
  }

  /// UTF-8 offset of the end of `line`'s content, before its terminator.
  public func lineContentEnd(_ line: Int) -> Int {
    guard line < rope.summary.lineBreaks else { return utf8Count }
    return terminatorStart(before: lineStart(line + 1))
  }

  /// Where the line terminator (`\r\n`, `\n` or `\r`) that ends just before `end` starts, or
  /// `end` when there is none.
  public func terminatorStart(before end: Int) -> Int {
    guard end > 0 else { return end }
    switch byte(at: end - 1) {
    case 0x0A: return end >= 2 && byte(at: end - 2) == 0x0D ? end - 2 : end - 1
    case 0x0D: return end - 1
    default: return end
    }
  }

  /// The line holding `offset` and where it starts, from one look-up: the start is found by
  /// reading back from the offset to the terminator before it, when that is in the same chunk
  /// (lines are mostly shorter than chunks), else through the line index.
  func lineAndStart(containing offset: Int) -> (line: Int, start: Int) {
    let offset = min(max(0, offset), utf8Count)
    guard offset > 0 else { return (0, 0) }
    let (chunk, _, before) = chunk(atUTF8: offset)
    var text = chunk.text
    let local = offset - before.utf8
    let atEnd = offset == utf8Count
    let found: (breaks: Int, start: Int?) = text.withUTF8 { bytes in
      // At the end of the text the line is the last one: no breaks to count.
      let breaks = atEnd ? 0 : LineBreakWord.count(in: bytes, before: local, stoppingAfter: .max).breaks
      var i = local - 1
      // Between `\r` and `\n` is inside the terminator of the line they end.
      if bytes[i] == 0x0D && local < bytes.count && bytes[local] == 0x0A { i -= 1 }
      while i >= 0 {
        if bytes[i] == 0x0A || bytes[i] == 0x0D { return (breaks, before.utf8 + i + 1) }
        i -= 1
      }
      return (breaks, nil)
    }
    let line = atEnd ? rope.summary.lineBreaks : before.lineBreaks + found.breaks
    return (line, found.start ?? lineStart(line))
  }

  /// The line holding UTF-8 `offset`. An offset between `\r` and `\n` belongs to the line they end.
  public func line(containing offset: Int) -> Int {
    let offset = min(max(0, offset), utf8Count)
    guard offset > 0 else { return 0 }
    let (chunk, _, before) = chunk(atUTF8: offset)
    var text = chunk.text
    let local = offset - before.utf8
    return before.lineBreaks
      + text.withUTF8 { LineBreakWord.count(in: $0, before: local, stoppingAfter: .max).breaks }
  }

  // MARK: - Positions

  /// Resolves a client position with LSP's clamping: a line past the last one means the end of
  /// the document, a character past the line's content means the end of that content.
  /// Throws when the offset would split a code point.
  public func offset(of position: TextPosition, in encoding: PositionEncoding) throws(PositionError) -> Int {
    if let offset = offset(of: position, in: encoding, snapping: false) { return offset }
    throw .insideCodePoint(position, encoding)
  }

  /// Like `offset(of:in:)`, but a position inside a code point snaps back to the code point's
  /// start instead of failing (hover and other read-only look-ups).
  public func snappedOffset(of position: TextPosition, in encoding: PositionEncoding) -> Int {
    offset(of: position, in: encoding, snapping: true)!
  }

  private func offset(
    of position: TextPosition, in encoding: PositionEncoding, snapping: Bool, lineStart known: Int? = nil
  ) -> Int? {
    resolve(position, in: encoding, snapping: snapping, lineStart: known)?.offset
  }

  /// The offset of a client position, and whether it is exact: `character` code units after its
  /// line's start, neither clamped to the line's end nor snapped to a code point's start.
  private func resolve(
    _ position: TextPosition, in encoding: PositionEncoding, snapping: Bool, lineStart known: Int? = nil
  ) -> (offset: Int, exact: Bool)? {
    guard position.line <= rope.summary.lineBreaks else { return (utf8Count, false) }
    let wanted = max(0, position.character)
    if let memo = caretMemo, memo.line == position.line, memo.encoding == encoding, wanted >= memo.units,
      wanted - memo.units <= Self.walkLimit
    {
      if wanted == memo.units { return (memo.offset, true) }
      switch walk(from: memo.offset, units: wanted - memo.units, encoding, snapping: snapping) {
      case .found(let offset, let exact): return (offset, exact)
      case .insideCodePoint: return nil
      case .tooFar: break
      }
    }
    let start = known ?? lineStart(position.line)
    // Most positions are near their line's start: walk the line's bytes from there (every code
    // unit is at least a byte, so a position past the walk's limit is never reached by it).
    if wanted <= Self.walkLimit {
      switch walk(from: start, units: wanted, encoding, snapping: snapping) {
      case .found(let offset, let exact): return (offset, exact)
      case .insideCodePoint: return nil
      case .tooFar: break
      }
    }
    // A position far into a long line: convert through the rope's sums instead.
    let end = lineContentEnd(position.line)
    switch encoding {
    case .utf8:
      // Compared before adding: `character` may be as large as the client likes.
      if wanted >= end - start { return (end, wanted == end - start) }
      var target = start + wanted
      var exact = true
      while target > start && byte(at: target) & 0xC0 == 0x80 {
        guard snapping else { return nil }
        target -= 1
        exact = false
      }
      return (target, exact)
    case .utf16, .utf32:
      let metric: RopeMetric = encoding == .utf16 ? .utf16 : .scalars
      let first = units(before: start, metric)
      let length = units(before: end, metric) - first
      if wanted >= length { return (end, wanted == length) }
      guard let offset = utf8Offset(of: first + wanted, metric, snapping: snapping) else { return nil }
      // A snapped offset is a surrogate pair's start, one unit before the position.
      return (offset, !snapping || units(before: offset, metric) == first + wanted)
    }
  }

  /// How many bytes of a line a position look-up walks before using the rope's sums.
  static let walkLimit = 4096

  private enum Walk {
    /// The offset, and whether it is exactly the target (not a line's end short of it, nor a
    /// code point's start before it).
    case found(Int, exact: Bool)
    case insideCodePoint
    case tooFar
  }

  /// Walks forward from the line start `start` until `target` code units of `encoding` are
  /// passed or the line's content ends (clamping), giving up after `walkLimit` bytes.
  private func walk(from start: Int, units target: Int, _ encoding: PositionEncoding, snapping: Bool) -> Walk
  {
    guard start < utf8Count else { return .found(start, exact: target == 0) }
    let (first, before, firstChunk) = rope.locateChunk(.utf8, start)
    var index = first
    var chunkStart = before.utf8
    var offset = start
    var units = 0
    while index < rope.chunkCount {
      var text = index == first ? firstChunk.text : rope.chunk(at: index).text
      let outcome: Walk? = text.withUTF8 { bytes -> Walk? in
        var i = offset - chunkStart
        let n = bytes.count
        while i < n {
          // A run of ASCII other than terminators: a unit a byte in every encoding (and the
          // target is within the walk's limit, so the run is too).
          while i < n && units < target {
            let byte = bytes[i]
            if byte >= 0x80 || byte == 0x0A || byte == 0x0D { break }
            units += 1
            i += 1
          }
          guard i < n else { break }
          let byte = bytes[i]
          // The line's end, or the target reached.
          if byte == 0x0A || byte == 0x0D || units == target {
            return .found(chunkStart + i, exact: units == target)
          }
          if chunkStart + i - start > Self.walkLimit { return .tooFar }
          let length = byte < 0x80 ? 1 : (byte >= 0xF0 ? 4 : (byte >= 0xE0 ? 3 : 2))
          let width: Int
          switch encoding {
          case .utf8: width = length
          case .utf16: width = length == 4 ? 2 : 1
          case .utf32: width = 1
          }
          if units + width > target {
            return snapping ? .found(chunkStart + i, exact: false) : .insideCodePoint
          }
          units += width
          i += length
        }
        return nil
      }
      if let outcome { return outcome }
      chunkStart += text.utf8.count
      offset = chunkStart
      index += 1
    }
    return .found(utf8Count, exact: units == target)
  }

  /// UTF-16 units or scalars before UTF-8 `offset` (a scalar boundary).
  func units(before offset: Int, _ metric: RopeMetric) -> Int {
    guard offset > 0 else { return 0 }
    let (chunk, _, start) = chunk(atUTF8: offset)
    var text = chunk.text
    let local = offset - start.utf8
    return metric.value(start) + text.withUTF8 { Self.units(in: $0, 0..<local, metric) }
  }

  /// UTF-16 units or scalars in `bytes[range]` (scalar boundaries): a scalar starts at every byte
  /// that is not a continuation byte, and a 4-byte scalar is two UTF-16 units.
  private static func units(in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ metric: RopeMetric)
    -> Int
  {
    var units = 0
    for i in range {
      let byte = bytes[i]
      if byte & 0xC0 != 0x80 { units += 1 }
      if metric == .utf16 && byte >= 0xF0 { units += 1 }
    }
    return units
  }

  /// The UTF-8 offset of a UTF-16 or scalar offset; `nil` between the halves of a surrogate pair
  /// unless `snapping`, which returns the pair's start.
  func utf8Offset(of target: Int, _ metric: RopeMetric, snapping: Bool) -> Int? {
    // An empty text has no chunk: its one place is 0.
    guard !isEmpty else { return target == 0 || snapping ? 0 : nil }
    let (_, before, chunk) = rope.locateChunk(metric, target)
    var text = chunk.text
    let found: Int? = text.withUTF8 { bytes in
      var units = metric.value(before)
      var i = 0
      let n = bytes.count
      while i < n {
        if units == target { return i }
        let byte = bytes[i]
        let length = byte < 0x80 ? 1 : (byte >= 0xF0 ? 4 : (byte >= 0xE0 ? 3 : 2))
        let width = metric == .utf16 && length == 4 ? 2 : 1
        if units + width > target { return snapping ? i : nil }
        units += width
        i += length
      }
      return n
    }
    return found.map { before.utf8 + $0 }
  }

  /// The position of UTF-8 offset `offset` (which must be on a scalar boundary).
  public func position(of offset: Int, in encoding: PositionEncoding) -> TextPosition {
    let (line, start) = lineAndStart(containing: offset)
    switch encoding {
    case .utf8: return TextPosition(line: line, character: offset - start)
    case .utf16, .utf32:
      let metric: RopeMetric = encoding == .utf16 ? .utf16 : .scalars
      if offset - start <= Self.walkLimit {
        return TextPosition(line: line, character: units(from: start, to: offset, metric))
      }
      return TextPosition(line: line, character: units(before: offset, metric) - units(before: start, metric))
    }
  }

  /// The `character` of a position at UTF-8 `offset` on the line starting at `lineStart`, when
  /// the caller knows the line (no look-up: the bytes between the two are walked).
  public func character(of offset: Int, fromLineStart lineStart: Int, in encoding: PositionEncoding) -> Int {
    switch encoding {
    case .utf8: return offset - lineStart
    case .utf16: return units(from: lineStart, to: offset, .utf16)
    case .utf32: return units(from: lineStart, to: offset, .scalars)
    }
  }

  /// UTF-16 units or scalars between two nearby UTF-8 offsets (scalar boundaries).
  private func units(from start: Int, to end: Int, _ metric: RopeMetric) -> Int {
    guard start < end else { return 0 }
    var (index, before) = rope.locate(.utf8, start)
    var units = 0
    var position = start
    while position < end && index < rope.chunkCount {
      var text = rope.chunk(at: index).text
      let chunkStart = before.utf8
      let stop = min(end - chunkStart, text.utf8.count)
      units += text.withUTF8 { Self.units(in: $0, (position - chunkStart)..<stop, metric) }
      position = chunkStart + stop
      before.utf8 += text.utf8.count
      index += 1
    }
    return units
  }

  /// Resolves both ends of a range; `start` after `end` is judged after clamping.
  public func offsets(of range: TextRange, in encoding: PositionEncoding) throws(PositionError) -> Range<Int>
  {
    try resolve(range, in: encoding).range
  }

  /// `offsets(of:in:)`, and whether the start is exact (see `resolve(_:in:snapping:lineStart:)`).
  func resolve(_ range: TextRange, in encoding: PositionEncoding) throws(PositionError)
    -> (range: Range<Int>, startIsExact: Bool)
  {
    // An empty range (the usual keystroke) is resolved once; both ends on one line find the
    // line once.
    let shared =
      range.start.line == range.end.line && range.start.line <= rope.summary.lineBreaks
        && (caretMemo == nil || range.start != range.end)
      ? lineStart(range.start.line) : nil
    guard let start = resolve(range.start, in: encoding, snapping: false, lineStart: shared) else {
      throw .insideCodePoint(range.start, encoding)
    }
    if range.start == range.end { return (start.offset..<start.offset, start.exact) }
    guard let end = offset(of: range.end, in: encoding, snapping: false, lineStart: shared) else {
      throw .insideCodePoint(range.end, encoding)
    }
    guard start.offset <= end else { throw .startAfterEnd(start: range.start, end: range.end) }
    return (start.offset..<end, start.exact)
  }

  /// Remembers that the edit just made over a range starting at `start` (an exact position)
  /// ended after `inserted`, unless the inserted text holds a line break or the edit changed
  /// which line that end is on.
  ///
  /// What the memo claims is that the bytes from `start.line`'s start to the edit's end hold no
  /// terminator and that the line's start did not move. Lines before the edit's start are
  /// untouched, and a start that was exact is never between a `\r` and a `\n`, so only one
  /// thing breaks the claim: a deletion that brings a `\r` just before the start and a `\n`
  /// just after the end together into one `\r\n` terminator (`"a\rXYZ\nb"` less `XYZ`), which
  /// moves the next line's start past the `\n`. Inserted text without line breaks cannot join:
  /// its last byte is not `\r`.
  mutating func rememberCaret(
    after inserted: String, at start: TextPosition, offset: Int, in encoding: PositionEncoding
  ) {
    let end = offset + inserted.utf8.count
    // Only a deletion can join (the check reads two bytes through the rope: not on every key).
    if inserted.isEmpty && end > 0 && end < utf8Count && byte(at: end - 1) == 0x0D && byte(at: end) == 0x0A {
      return
    }
    var units = 0
    for byte in inserted.utf8 {
      if byte == 0x0A || byte == 0x0D { return }
      switch encoding {
      case .utf8: units += 1
      case .utf16: units += byte & 0xC0 == 0x80 ? 0 : (byte >= 0xF0 ? 2 : 1)
      case .utf32: units += byte & 0xC0 == 0x80 ? 0 : 1
      }
    }
    caretMemo = CaretMemo(
      line: start.line, units: max(0, start.character) + units, encoding: encoding, offset: end)
  }

  /// The UTF-8 offset of a UTF-16 offset (`NSRange` arithmetic), or `nil` when it is past the
  /// end or between the halves of a surrogate pair.
  public func utf8Offset(fromUTF16 offset: Int) -> Int? {
    guard offset >= 0, offset <= count(.utf16) else { return nil }
    return utf8Offset(of: offset, .utf16, snapping: false)
  }

  /// UTF-8 offset where grapheme cluster number `index` (0-based) starts; the end past the last.
  public func clusterStart(_ index: Int) -> Int {
    guard index < rope.summary.graphemes else { return utf8Count }
    let (chunkIndex, clustersBefore, afterOddRun) = rope.cluster(index)
    let chunk = rope.chunk(at: chunkIndex)
    var recognizer = BreakScanner(chunk.startState(afterOddRun: afterOddRun))
    var clusters = clustersBefore
    var offset = rope.summary(before: chunkIndex).utf8
    for scalar in chunk.text.unicodeScalars {
      if recognizer.hasBreak(before: scalar) {
        if clusters == index { return offset }
        clusters += 1
      }
      offset += UTF8.width(scalar)
    }
    return offset
  }

  // MARK: - Text

  /// The text between two UTF-8 offsets on scalar boundaries.
  public func slice(_ range: Range<Int>) -> Substring {
    guard !range.isEmpty else { return "" }
    var result = ""
    result.reserveCapacity(range.count)
    var (index, before) = rope.locate(.utf8, range.lowerBound)
    var start = before.utf8
    while start < range.upperBound && index < rope.chunkCount {
      let text = rope.chunk(at: index).text
      let from = max(range.lowerBound - start, 0)
      let to = min(range.upperBound - start, text.utf8.count)
      let utf8 = text.utf8
      result += Substring(
        text.unicodeScalars[
          utf8.index(utf8.startIndex, offsetBy: from)..<utf8.index(utf8.startIndex, offsetBy: to)])
      start += text.utf8.count
      index += 1
    }
    return result[...]
  }

  /// Replaces the text between two UTF-8 offsets on scalar boundaries, returning what was there
  /// (so a caller can undo). Only the chunks around the edit are rebuilt; grapheme state is
  /// repaired forward only until it matches what was there before. A `\r` and a `\n` brought
  /// together become one terminator because chunks never split `\r\n`.
  @discardableResult
  public mutating func replace(_ range: Range<Int>, with text: String) -> String {
    if range.lowerBound < editFloor { editFloor = range.lowerBound }
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
      if first > 0 && range.lowerBound <= foundBefore.utf8 && rope.chunk(at: first - 1).text.utf8.last == 0x0D
      {
        first -= 1
        start = rope.summary(before: first)
      }
      let lastEnd =
        last == found ? foundBefore.utf8 + foundChunk.summary.utf8 : rope.summary(before: last + 1).utf8
      if last + 1 < rope.chunkCount && range.upperBound >= lastEnd
        && rope.chunk(at: last + 1).text.utf8.first == 0x0A
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
      var combined = ""
      for piece in pieces { combined += piece.text }
      let local = (range.lowerBound - start.utf8)..<(range.upperBound - start.utf8)
      let utf8 = combined.utf8
      let lower = utf8.index(utf8.startIndex, offsetBy: local.lowerBound)
      let upper = utf8.index(utf8.startIndex, offsetBy: local.upperBound)
      removed = String(Substring(combined.unicodeScalars[lower..<upper]))
      var replaced = String(Substring(combined.unicodeScalars[..<lower]))
      replaced += text
      replaced += Substring(combined.unicodeScalars[upper...])
      let fresh = Self.chunks(of: replaced[...], from: pieces[0].startState)
      for _ in first...last { rope.remove(at: first) }
      for (offset, chunk) in fresh.enumerated() { rope.insert(chunk, at: first + offset) }
      repairGraphemes(from: first + fresh.count, state: fresh.last?.endState ?? pieces[0].startState)
    }
    return removed
  }

  /// The common case: an edit inside one chunk that keeps it a reasonable size. Only a window
  /// around the edit is measured again: from just after the last ASCII scalar before it (where
  /// the grapheme state is known without history) to just after the first ASCII scalar after it
  /// (where the state is the same as before the edit), and the chunk's summary is adjusted by
  /// the difference. Returns the removed text, or `nil` when the general path must run.
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
    let insertedCount = text.utf8.count
    let (removed, endState, endChanged) = rope.modifyChunk(at: index) {
      chunk -> (String, Unicode._CharacterRecognizer, Bool) in
      // Measure the old window: from just after an ASCII scalar other than `\r` before the edit
      // (or the chunk's start) to just after one at or after its end (or the chunk's end).
      var windowStart = lower
      var state = chunk.startState
      var oldEnd = upper
      var resynchronised = false
      var oldWindow = RopeSummary()
      var removed = ""
      chunk.text.withUTF8 { old in
        precondition(
          (lower == oldCount || old[lower] & 0xC0 != 0x80)
            && (upper == oldCount || old[upper] & 0xC0 != 0x80),
          "TextBuffer.replace: an offset falls inside a scalar")
        while windowStart > 0 {
          let byte = old[windowStart - 1]
          if byte < 0x80 && byte != 0x0D {
            state = BreakScanner.state(afterASCII: byte)
            break
          }
          windowStart -= 1
        }
        while oldEnd < oldCount && !(old[oldEnd] < 0x80 && old[oldEnd] != 0x0D) { oldEnd += 1 }
        resynchronised = oldEnd < oldCount
        if resynchronised { oldEnd += 1 }
        oldWindow = RopeChunk.measure(UnsafeBufferPointer(rebasing: old[windowStart..<oldEnd]), from: state).0
        removed = String(decoding: UnsafeBufferPointer(rebasing: old[lower..<upper]), as: UTF8.self)
      }
      // The chunk's new text, written in one go: `replaceSubrange` costs about ten times as
      // much for a keystroke (it is generic over the inserted characters).
      var inserted = text
      chunk.text = chunk.text.withUTF8 { old in
        inserted.withUTF8 { piece in
          String(unsafeUninitializedCapacity: newCount) { buffer in
            let base = buffer.baseAddress!
            base.initialize(from: old.baseAddress!, count: lower)
            if !piece.isEmpty { (base + lower).initialize(from: piece.baseAddress!, count: piece.count) }
            (base + lower + piece.count).initialize(from: old.baseAddress! + upper, count: oldCount - upper)
            return newCount
          }
        }
      }
      let newEnd = oldEnd - (upper - lower) + insertedCount
      var endState = chunk.endState
      var newWindow = RopeSummary()
      chunk.text.withUTF8 { bytes in
        let measured = RopeChunk.measure(
          UnsafeBufferPointer(rebasing: bytes[windowStart..<newEnd]), from: state)
        newWindow = measured.0
        if !resynchronised { endState = measured.1 }
      }
      chunk.summary -= oldWindow
      chunk.summary += newWindow
      chunk.regional = chunk.text.withUTF8 { RegionalParity(of: $0) }
      let changed = endState != chunk.endState
      chunk.endState = endState
      return (removed, endState, changed)
    }
    if endChanged { repairGraphemes(from: index + 1, state: endState) }
    return removed
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
    var result: [RopeChunk] = []
    var state = state
    let utf8 = text.utf8
    var start = utf8.startIndex
    let total = utf8.count
    var consumed = 0
    while start < utf8.endIndex {
      var length = total - consumed
      if length > RopeChunk.maxSize {
        length = RopeChunk.targetSize
        var cut = utf8.index(start, offsetBy: length)
        // Back off to a scalar boundary, and never split "\r\n".
        while utf8[cut] & 0xC0 == 0x80 || (utf8[cut] == 0x0A && utf8[utf8.index(before: cut)] == 0x0D) {
          cut = utf8.index(before: cut)
          length -= 1
        }
      }
      let end = utf8.index(start, offsetBy: length)
      let chunk = RopeChunk(String(Substring(text.unicodeScalars[start..<end])), startState: state)
      state = chunk.endState
      result.append(chunk)
      start = end
      consumed += length
    }
    return result
  }
}

extension TextBuffer {
  /// The UTF-8 offset of the unit at index `index` in `unit` (its scalar's start when it is the
  /// second half of a surrogate pair).
  func utf8Offset(ofUnit index: Int, _ unit: LengthUnit, tabSize: Int = 8) -> Int {
    switch unit {
    case .utf8:
      var offset = min(index, utf8Count)
      while offset > 0 && offset < utf8Count && byte(at: offset) & 0xC0 == 0x80 { offset -= 1 }
      return offset
    case .utf16: return utf8Offset(of: index, .utf16, snapping: true) ?? utf8Count
    case .scalars: return utf8Offset(of: index, .scalars, snapping: true) ?? utf8Count
    case .graphemes: return clusterStart(index)
    case .columns:
      return StableTextField.firstCluster(pastUnits: index, in: string[...], .columns, tabSize: tabSize)
        ?? utf8Count
    }
  }

  /// The start of the grapheme cluster holding UTF-8 `offset` (a scalar boundary). Scans only
  /// from the nearest earlier point where the breaking state is known without history (just
  /// after an ASCII scalar), falling back to the chunk's start, then to the chunk before.
  public func clusterStart(containing offset: Int) -> Int {
    guard offset > 0, offset < utf8Count else { return min(max(0, offset), utf8Count) }
    let (index, before) = rope.locate(.utf8, offset)
    let chunk = rope.chunk(at: index)
    let local = offset - before.utf8
    var text = chunk.text
    let found: Int? = text.withUTF8 { bytes in
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
