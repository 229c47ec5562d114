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
