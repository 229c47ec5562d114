/// Client positions in each encoding, resolved against the rope's counts ("Positions and lines").
extension TextBuffer {
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
    if let memo = caretMemo, memo.line == position.line, memo.encoding == encoding {
      if wanted == memo.units { return (memo.offset, true) }
      // A position a little after the caret (typing on), or before it (a backspace's start):
      // walked from the caret, not from the line's start.
      let outcome =
        wanted > memo.units
        ? wanted - memo.units <= Self.walkLimit
          ? walk(from: memo.offset, units: wanted - memo.units, encoding, snapping: snapping) : .tooFar
        : walkBack(from: memo.offset, units: memo.units, to: wanted, encoding, snapping: snapping)
      switch outcome {
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
      let chunk = index == first ? firstChunk : rope.chunk(at: index)
      let outcome: Walk? = chunk.withUTF8 { bytes -> Walk? in
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
          let width = Self.units(ofScalarBytes: length, encoding)
          if units + width > target {
            return snapping ? .found(chunkStart + i, exact: false) : .insideCodePoint
          }
          units += width
          i += length
        }
        return nil
      }
      if let outcome { return outcome }
      chunkStart += chunk.byteCount
      offset = chunkStart
      index += 1
    }
    return .found(utf8Count, exact: units == target)
  }

  /// The code units of `encoding` a scalar of `length` UTF-8 bytes takes (the walks' step).
  @inline(__always)
  private static func units(ofScalarBytes length: Int, _ encoding: PositionEncoding) -> Int {
    switch encoding {
    case .utf8: return length
    case .utf16: return length == 4 ? 2 : 1
    case .utf32: return 1
    }
  }

  /// Walks back from `offset`, `from` code units of `encoding` into its line, until `target`
  /// units (fewer), inside the chunk holding the bytes before `offset`; `.tooFar` when the walk
  /// would leave that chunk. The caret's memo says no terminator lies between the line's start
  /// and `offset`, so the walk stays on the line.
  private func walkBack(
    from offset: Int, units from: Int, to target: Int, _ encoding: PositionEncoding, snapping: Bool
  ) -> Walk {
    guard offset > 0 else { return .tooFar }
    let (chunk, _, start) = chunk(atUTF8: offset)
    return chunk.withUTF8 { bytes -> Walk in
      var i = offset - start.utf8
      var units = from
      while units > target {
        guard i > 0 else { return .tooFar }
        // A chunk starts on a scalar's start, so its first byte is a lead.
        var lead = i - 1
        while bytes[lead] & 0xC0 == 0x80 { lead -= 1 }
        let width = Self.units(ofScalarBytes: i - lead, encoding)
        if units - width < target {
          return snapping ? .found(start.utf8 + lead, exact: false) : .insideCodePoint
        }
        units -= width
        i = lead
      }
      return .found(start.utf8 + i, exact: true)
    }
  }

  /// UTF-16 units or scalars before UTF-8 `offset` (a scalar boundary).
  func units(before offset: Int, _ metric: RopeMetric) -> Int {
    guard offset > 0 else { return 0 }
    let (chunk, _, start) = chunk(atUTF8: offset)
    let local = offset - start.utf8
    return metric.value(start) + chunk.withUTF8 { Self.units(in: $0, 0..<local, metric) }
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
    let found: Int? = chunk.withUTF8 { bytes in
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
      let chunk = rope.chunk(at: index)
      let chunkStart = before.utf8
      let stop = min(end - chunkStart, chunk.byteCount)
      units += chunk.withUTF8 { Self.units(in: $0, (position - chunkStart)..<stop, metric) }
      position = chunkStart + stop
      before.utf8 += chunk.byteCount
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
    let offset = rope.summary(before: chunkIndex).utf8
    let found: Int? = chunk.withUTF8 { bytes in
      var i = 0
      while i < bytes.count {
        let (scalar, length) = bytes[i] < 0x80 ? (Unicode.Scalar(bytes[i]), 1) : decodeScalar(bytes, at: i)
        if recognizer.hasBreak(before: scalar) {
          if clusters == index { return offset + i }
          clusters += 1
        }
        i += length
      }
      return nil
    }
    return found ?? offset + chunk.byteCount
  }
}
