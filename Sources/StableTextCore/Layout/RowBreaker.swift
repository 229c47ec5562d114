/// Wraps one logical line into rows one cluster at a time, keeping nothing per cluster.
///
/// Layout used to gather every cluster of a line into an array before breaking it, about
/// 24 bytes per byte of text: a 60 MB minified line cost 1.6 GB to lay out. The breaker holds
/// only the current row's start, its column and the last word-wrap candidate, which is enough
/// because nothing between that candidate and the current cluster can be a space or a tab (a
/// space followed by anything else would itself be a later candidate), so their widths do not
/// depend on where the row starts.
struct RowBreaker {
  let options: WrapOptions
  /// Offset (from the line's start) where the current row starts.
  private(set) var rowStart = 0
  /// Index of the current row within the line.
  private(set) var row = 0
  /// Cells used so far on the current row.
  private(set) var column = 0
  /// Width of the row before the current one.
  private(set) var previousRowWidth = 0
  /// Where word wrap may start the next row (after a run of spaces, or between wide clusters),
  /// and the current row's column there.
  private var candidate: (offset: Int, column: Int)?
  private var previous: Cluster?

  init(options: WrapOptions) { self.options = options }

  /// A breaker that resumes at a row start the line's layout already knows: a row starts at
  /// column 0, and what came before it only matters through the width of the row it ended.
  init(options: WrapOptions, row: Int, rowStart: Int, previousRowWidth: Int) {
    self.options = options
    self.row = row
    self.rowStart = rowStart
    self.previousRowWidth = previousRowWidth
  }

  /// Places `cluster` after the ones before it; `newRow` is told each row that starts
  /// (its start offset and the width of the row it ends).
  @inline(__always)
  mutating func place(_ cluster: Cluster, newRow: (_ start: Int, _ endedWidth: Int) -> Void) {
    if let previous,
      (previous.isSpace && !cluster.isSpace) || (previous.width == 2 && cluster.width == 2)
    {
      candidate = (cluster.offset, column)
    }
    while true {
      let width = cluster.width < 0 ? options.tabSize - column % options.tabSize : cluster.width
      guard let limit = options.columns, width > 0, column > 0, column > limit - width else {
        column += width
        previous = cluster
        return
      }
      let ended: Int
      if options.wrap == .word, !cluster.isSpace, let candidate, candidate.offset > rowStart {
        ended = candidate.column
        rowStart = candidate.offset
        column -= candidate.column
      } else {
        ended = column
        rowStart = cluster.offset
        column = 0
      }
      candidate = nil
      previousRowWidth = ended
      row += 1
      newRow(rowStart, ended)
    }
  }
}

/// Reads a line's clusters from UTF-8 that may arrive in pieces (the rope's chunks), carrying
/// the grapheme state across them. A line's start is always a cluster boundary.
struct ClusterReader {
  private var scanner = BreakScanner(Unicode._CharacterRecognizer())
  private var start = -1  // no cluster yet
  private var first: UInt32 = 0
  private var scalarsInCluster = 0
  private var presentation = false  // U+FE0F right after the first scalar (ASCII too: `1️⃣`)
  /// Clusters started so far: a slice of text that starts none lies inside one cluster.
  private(set) var clustersStarted = 0

  /// Continues after text that was skipped because it lay inside the current cluster (its width
  /// is settled by its first two scalars), from the grapheme state where reading resumes.
  mutating func resume(from state: Unicode._CharacterRecognizer) {
    scanner = BreakScanner(state)
  }

  /// Feeds `bytes[range]` (whole scalars), whose first byte is at `base` from the line's start;
  /// `body` gets each cluster that is complete.
  mutating func feed(
    _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, base: Int, _ body: (Cluster) -> Void
  ) {
    var (start, first, count, presentation) = (start, first, scalarsInCluster, presentation)
    var started = 0
    scanner.scan(bytes, range) { i, scalar, isBreak in
      if isBreak || start < 0 {
        if start >= 0 { body(Self.cluster(start, first, count, presentation)) }
        started += 1
        start = base + i - range.lowerBound
        first = scalar.value
        count = 1
        presentation = false
      } else {
        if count == 1 && scalar.value == 0xFE0F { presentation = true }
        count += 1
      }
    }
    (self.start, self.first, scalarsInCluster, self.presentation) = (start, first, count, presentation)
    clustersStarted += started
  }

  /// The last cluster, once the line's content has been fed.
  func finish(_ body: (Cluster) -> Void) {
    if start >= 0 { body(Self.cluster(start, first, scalarsInCluster, presentation)) }
  }

  /// A cluster is as wide as `DisplayWidth.of(_: Character)` says: its first scalar's width,
  /// or 2 when the first scalar is followed by U+FE0F; a lone tab is -1.
  private static func cluster(_ start: Int, _ first: UInt32, _ count: Int, _ presentation: Bool) -> Cluster {
    if count == 1 && first == 0x09 { return Cluster(offset: start, width: -1, isSpace: true) }
    if presentation { return Cluster(offset: start, width: 2, isSpace: false) }
    return Cluster(
      offset: start, width: DisplayWidth.of(Unicode.Scalar(first)!), isSpace: count == 1 && first == 0x20)
  }
}

extension TextBuffer {
  /// Calls `body` with each cluster of the line content `range` (offsets from its start), read
  /// chunk by chunk from the rope (no copy of the line); `body` returns false to stop early.
  func forEachCluster(in range: Range<Int>, _ body: (Cluster) -> Bool) {
    let start = range.lowerBound
    let end = range.upperBound
    guard start < end else { return }
    var reader = ClusterReader()
    var going = true
    forEachChunkSlice(start..<end) { bytes, range, offset in
      let started = reader.clustersStarted
      reader.feed(bytes, range, base: offset - start) { cluster in
        if going { going = body(cluster) }
      }
      return !going ? .stop : reader.clustersStarted == started ? .skipClusterTail : .next
    } resume: {
      reader.resume(from: $0)
    }
    if going { reader.finish { _ = body($0) } }
  }

  /// Rows of each of `lines` under `options`, in one pass over their bytes: no look-up per line
  /// (a first layout of a text of millions of short lines used to find each line's start
  /// again). Constant memory besides the result.
  func rowCounts(of lines: Range<Int>, options: WrapOptions) -> [Int32] {
    guard !lines.isEmpty else { return [] }
    guard options.columns != nil else { return Array(repeating: 1, count: lines.count) }
    var result: [Int32] = []
    result.reserveCapacity(lines.count)
    var breaker = RowBreaker(options: options)
    var reader = ClusterReader()
    var lineStart = self.lineStart(lines.lowerBound)
    let place = { (breaker: inout RowBreaker, cluster: Cluster) in breaker.place(cluster) { _, _ in } }
    forEachChunkSlice(lineStart..<utf8Count) { bytes, range, offset in
      let started = reader.clustersStarted
      var segment = range.lowerBound
      var i = range.lowerBound
      while i < range.upperBound {
        let byte = bytes[i]
        guard byte == 0x0A || byte == 0x0D else {
          i += 1
          continue
        }
        // The content so far ends here: the line is complete.
        let base = offset + segment - range.lowerBound - lineStart
        if base == 0 && Self.isASCII(bytes, segment..<i) {
          // A whole line of ASCII: each byte is a cluster of its own (only "\r\n" joins two, and
          // terminators are not content), one cell wide (a tab's width depends on its column), with
          // no grapheme state to read.
          for j in segment..<i {
            let byte = bytes[j]
            place(
              &breaker,
              Cluster(
                offset: j - segment, width: byte == 0x09 ? -1 : 1, isSpace: byte == 0x20 || byte == 0x09))
          }
        } else {
          reader.feed(bytes, segment..<i, base: base) { place(&breaker, $0) }
          reader.finish { place(&breaker, $0) }
        }
        // Fits: see `RowIndex.Rows.init(rowsOf:)`.
        result.append(Int32(clamping: breaker.row + 1))
        if result.count == lines.count { return .stop }
        // Chunks never split "\r\n".
        let terminator = byte == 0x0D && i + 1 < range.upperBound && bytes[i + 1] == 0x0A ? 2 : 1
        i += terminator
        segment = i
        lineStart = offset + i - range.lowerBound
        breaker = RowBreaker(options: options)
        reader = ClusterReader()
      }
      reader.feed(bytes, segment..<range.upperBound, base: offset + segment - range.lowerBound - lineStart) {
        place(&breaker, $0)
      }
      // No line ended and no cluster started here: the slice lies inside one cluster.
      return segment == range.lowerBound && reader.clustersStarted == started ? .skipClusterTail : .next
    } resume: {
      reader.resume(from: $0)
    }
    if result.count < lines.count {
      // The last line, which has no terminator.
      reader.finish { place(&breaker, $0) }
      // Fits: as above.
      result.append(Int32(clamping: breaker.row + 1))
    }
    return result
  }

  /// Whether `bytes[range]` holds only ASCII.
  @inline(__always)
  private static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
    for i in range where bytes[i] >= 0x80 { return false }
    return true
  }

  /// The row starts of the line whose content is `content`, read from the row starting at
  /// `from` (offsets from the line's start; row `row`, after a row `previousWidth` wide), with
  /// the width of the row each one ends, until `stop` accepts one (by its start): the rows
  /// after it are known already. Returns the starts found, the accepted one included.
  func rowBreaks(
    inContent content: Range<Int>, from: Int, row: Int, previousWidth: Int, options: WrapOptions,
    stop: (_ start: Int) -> Bool
  ) -> (starts: [Int], widths: [Int]) {
    var breaker = RowBreaker(options: options, row: row, rowStart: from, previousRowWidth: previousWidth)
    var starts: [Int] = []
    var widths: [Int] = []
    var stopped = false
    forEachCluster(in: content.lowerBound + from..<content.upperBound) { cluster in
      var moved = cluster
      moved.offset += from
      breaker.place(moved) { start, ended in
        guard !stopped else { return }
        starts.append(start)
        widths.append(ended)
        if stop(start) { stopped = true }
      }
      return !stopped
    }
    return (starts, widths)
  }

  /// Row (within the line) and column of a caret at `local` bytes from `line`'s start (a
  /// cluster boundary, at most the content's end). The line is read only until the caret's row
  /// is known to be final: a later cluster can still move a word-wrap break back before it.
  /// `resume` is a known row start at or before the caret's row (a long line's kept breaks), to
  /// read from there instead of from the line's start.
  func caretRowAndColumn(
    line: Int, local: Int, affinity: Affinity, options: WrapOptions,
    resume: RowIndex.ResumePoint? = nil
  ) -> (
    row: Int, column: Int
  ) {
    let from = resume?.start ?? 0
    var breaker = RowBreaker(
      options: options, row: resume?.row ?? 0, rowStart: from, previousRowWidth: resume?.previousWidth ?? 0)
    var caret: CaretPlace?
    let lineStart = lineStart(line)
    forEachCluster(in: lineStart + from..<lineContentEnd(line)) { cluster in
      var cluster = cluster
      cluster.offset += from
      if caret == nil && cluster.offset >= local { caret = CaretPlace(breaker) }
      var settled = false
      breaker.place(cluster) { start, ended in
        guard caret != nil else { return }
        if start <= local {
          caret!.moveToRow(startingAt: start, ended: ended)
        } else {
          settled = true
        }
      }
      return !settled
    }
    let place = caret ?? CaretPlace(breaker)
    if affinity == .upstream && place.row > 0 && place.rowStart == local {
      return (place.row - 1, place.previousRowWidth)
    }
    return (place.row, place.column)
  }
}

/// Where a caret sits while its line is being broken into rows.
private struct CaretPlace {
  var row: Int
  var column: Int
  var rowStart: Int
  var previousRowWidth: Int

  /// The caret at the breaker's current position.
  init(_ breaker: RowBreaker) {
    row = breaker.row
    column = breaker.column
    rowStart = breaker.rowStart
    previousRowWidth = breaker.previousRowWidth
  }

  /// A row starting at or before the caret: the caret moves to it, left by the width of the
  /// row that ended (there are no tabs between the break and the caret, see `RowBreaker`).
  mutating func moveToRow(startingAt start: Int, ended: Int) {
    row += 1
    column -= ended
    rowStart = start
    previousRowWidth = ended
  }
}

/// What a reader of chunk slices wants after one slice.
enum SliceStep {
  case next, stop
  /// The slice lay wholly inside one cluster: skip the chunks after it that start no cluster
  /// (a letter with a million combining marks is one cluster; its width is settled by its first
  /// two scalars, and the rope's counts say where the next cluster starts).
  case skipClusterTail
}

extension TextBuffer {
  /// Calls `body` with the UTF-8 of each chunk overlapping `range` (scalar boundaries), the part
  /// of it inside the range, and that part's offset in the text; `body` returns false to stop.
  func forEachChunkSlice(
    _ range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>, Range<Int>, Int) -> Bool
  ) {
    forEachChunkSlice(range) {
      body($0, $1, $2) ? .next : .stop
    } resume: { _ in
    }
  }

  /// The same, where `body` may ask to skip the rest of a cluster: reading goes on at the next
  /// chunk that starts a cluster (found in O(log n)), and `resume` gets the grapheme state there.
  func forEachChunkSlice(
    _ range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>, Range<Int>, Int) -> SliceStep,
    resume: (Unicode._CharacterRecognizer) -> Void
  ) {
    guard !range.isEmpty else { return }
    let (first, before, firstChunk) = rope.locateChunk(.utf8, range.lowerBound)
    var index = first
    var chunkStart = before.utf8
    while chunkStart < range.upperBound && index < rope.chunkCount {
      var text = index == first ? firstChunk.text : rope.chunk(at: index).text
      let count = text.utf8.count
      let from = max(range.lowerBound - chunkStart, 0)
      let to = min(range.upperBound - chunkStart, count)
      let step = from < to ? text.withUTF8 { body($0, from..<to, chunkStart + from) } : .next
      if step == .stop { return }
      chunkStart += count
      index += 1
      if step == .skipClusterTail && index < rope.chunkCount && rope.chunk(at: index).summary.graphemes == 0 {
        // The first chunk from here with a cluster start (canonical counts are zero exactly
        // where no cluster starts: the regional correction only ever removes starts).
        let canonicalBefore = rope.summary(before: index).graphemes
        let (next, skipped) = rope.locate(.canonicalGraphemes, canonicalBefore)
        guard next > index else { continue }
        index = next
        chunkStart = skipped.utf8
        resume(rope.chunk(at: index).startState(afterOddRun: rope.afterOddRun(before: index)))
      }
    }
  }
}

extension TextBuffer {
  /// Display columns from `lineStart` (a line's start) to `offset` (a cluster boundary on that
  /// line), tabs advancing to the next multiple of `tabSize`: where a tool prints a column, read
  /// straight from the rope with the layout's cluster reader (no `Character`s, no copy).
  package func columns(from lineStart: Int, to offset: Int, tabSize: Int) -> Int {
    var column = 0
    forEachCluster(in: lineStart..<offset) { cluster in
      column += cluster.width < 0 ? tabSize - column % tabSize : cluster.width
      return true
    }
    return column
  }
}
