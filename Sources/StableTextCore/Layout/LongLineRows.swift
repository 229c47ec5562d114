/// The rows of one long line (a minified file, a log, a megabyte of flags), kept so that an edit
/// in it lays out only the rows around the edit, and laid out piece by piece so that no request
/// waits for the whole line.
///
/// Rows `0 ..< exactRows` start where a full layout would start them. The rows after them are
/// guesses: the rows an earlier layout found there, moved with the edits since (an edit whose new
/// rows did not fall back in step with the old ones within a budget leaves them so), and, when
/// the layout has not reached the line's end, an estimate of the rows in the last span from the
/// bytes per row seen so far. `refine` lays out more from the last exact row, until the rows fall
/// in step with the guesses (then those are exact too) or the line ends.
struct LongLineRows: Sendable {
  var line: Int
  private(set) var rows: LineTable<RowSpan>
  private(set) var exactRows: Int
  /// Whether the rows cover the line: otherwise its last span holds more rows than one, and
  /// `tailEstimate` says how many more.
  private(set) var reachesEnd: Bool
  private(set) var tailEstimate = 0
  let options: WrapOptions

  var rowCount: Int { rows.lineCount + (reachesEnd ? 0 : tailEstimate) }
  var isExact: Bool { exactRows == rows.lineCount && reachesEnd }

  /// The line's first `budget` bytes or so laid out, the rest estimated.
  init(line: Int, content: Range<Int>, in buffer: TextBuffer, options: WrapOptions, budget: Int) {
    self.line = line
    self.options = options
    rows = LineTable([RowSpan(bytes: content.count, previousWidth: 0)])
    exactRows = 1
    reachesEnd = false
    refine(content: content, in: buffer, budget: budget)
  }

  func start(ofRow row: Int) -> Int { rows.sum(before: row, \.bytes, \.bytes) }

  /// The first stitched row after `row`, or `nil`.
  func firstStitched(after row: Int) -> Int? {
    let before = rows.sum(before: row + 1, \.stitched, { $0.isStitched ? 1 : 0 })
    let found = rows.line(holding: before, \.stitched, { $0.isStitched ? 1 : 0 }).line
    return found < rows.lineCount ? found : nil
  }

  /// The last row starting at or before `offset` (from the line's start).
  func row(containing offset: Int) -> Int {
    min(rows.line(holding: offset, \.bytes, \.bytes).line, rows.lineCount - 1)
  }

  /// Lays out more of the line from its last exact row, for about `budget` bytes.
  mutating func refine(content: Range<Int>, in buffer: TextBuffer, budget: Int) {
    guard !isExact else { return }
    relayout(from: exactRows - 1, after: 0, trusting: exactRows, content: content, in: buffer, budget: budget)
  }

  /// Moves the rows with an edit at `x` (from the line's start) that replaced `removed` bytes
  /// with `inserted`, then lays out again from the row before the edit's until the rows fall in
  /// step with the old ones, for at most `budget` bytes past the edit.
  mutating func edit(
    at x: Int, removed: Int, inserted: Int, content: Range<Int>, in buffer: TextBuffer, budget: Int
  ) {
    // The rows the removed bytes touched become one row, holding the edit: every later start
    // then sits where it did, moved by what the edit added.
    let first = row(containing: x)
    let last = removed > 0 ? row(containing: x + removed - 1) : first
    var merged = RowSpan(bytes: inserted - removed, previousWidth: rows[first].previousWidth)
    for r in first...last { merged.bytes += rows[r].bytes }
    rows.replace(first..<last + 1, with: [merged])
    if exactRows > first { exactRows = max(first + 1, exactRows - (last - first)) }
    guard first < exactRows else {
      // An edit among guessed rows: the guesses after it could later be taken for rows that
      // fell in step, so they go; the last span holds them, estimated. It starts with the row
      // before the edit's, whose end may have moved: a row ends where the next cluster does not
      // fit, and the edit may have changed that cluster (an `a` for a flag at a row's start
      // joins the row before).
      let tailRow = first - 1
      let tail = content.count - start(ofRow: tailRow)
      rows.replace(
        tailRow..<rows.lineCount,
        with: [RowSpan(bytes: tail, previousWidth: rows[tailRow].previousWidth, isStitched: true)])
      reachesEnd = false
      estimateTail()
      return
    }
    // Only rows after the one holding the edit describe text the edit left alone.
    relayout(
      from: max(first - 1, 0), after: x + inserted, trusting: first + 1, content: content, in: buffer,
      budget: budget)
  }

  /// Lays out from row `from` (exact) until a row starts, at or past `after`, where a kept row
  /// from `trusting` on starts (the rest is as it was), or `budget` bytes are laid out, or the
  /// line ends.
  private mutating func relayout(
    from: Int, after: Int, trusting: Int, content: Range<Int>, in buffer: TextBuffer, budget: Int
  ) {
    let fromStart = start(ofRow: from)
    let (sum, overflow) = max(after, fromStart).addingReportingOverflow(budget)
    let limit = overflow ? Int.max : sum
    var matched: Int?
    let old = self
    let (starts, widths) = buffer.rowBreaks(
      inContent: content, from: fromStart, row: from, previousWidth: rows[from].previousWidth,
      options: options
    ) { start in
      if start >= after {
        let kept = old.row(containing: start)
        if kept >= trusting && old.start(ofRow: kept) == start && !old.rows[kept].isStitched {
          matched = kept
          return true
        }
      }
      return start > limit
    }
    // The rows from `from` up to the one the layout stopped in are replaced by the new ones.
    var replaced = from..<rows.lineCount
    let newExact: Int
    var spans: [RowSpan] = []
    let bounds = [fromStart] + starts
    let previous = [rows[from].previousWidth] + widths
    for i in 0..<bounds.count - 1 {
      spans.append(RowSpan(bytes: bounds[i + 1] - bounds[i], previousWidth: previous[i]))
    }
    if let matched {
      // Fell in step at kept row `matched`: it and the rows after it stay. A row start holds
      // all a layout needs to go on, so the rows after it are what they were: exact up to where
      // they were exact, and guessed rows exact up to the first stitched one (whose start ends
      // the older layout they belong to, and whose end begins a still older one), since they
      // are an earlier exact layout of text that no edit has touched since (an edit among them
      // drops the ones after it).
      replaced = from..<matched + 1
      spans.append(RowSpan(bytes: rows[matched].bytes, previousWidth: previous.last!))
      let shift = spans.count - replaced.count
      var exactEnd = matched < exactRows ? exactRows : rows.lineCount
      if let stitched = firstStitched(after: matched), stitched < exactEnd { exactEnd = stitched + 1 }
      newExact = exactEnd + shift
    } else if let stop = starts.last, stop > limit {
      // Out of budget: the new rows are exact; the kept rows after the stop stay as guesses.
      let kept = row(containing: stop)
      let keptEnd = kept + 1 < rows.lineCount ? start(ofRow: kept + 1) : content.count
      replaced = from..<kept + 1
      spans.append(RowSpan(bytes: keptEnd - stop, previousWidth: previous.last!, isStitched: true))
      newExact = from + spans.count
    } else {
      // The line ended: every row is known.
      spans.append(RowSpan(bytes: content.count - bounds.last!, previousWidth: previous.last!))
      newExact = from + spans.count
      reachesEnd = true
    }
    rows.replace(replaced, with: spans)
    exactRows = min(newExact, rows.lineCount)
    estimateTail()
  }

  /// Rows beyond the last span's first, when the layout has not reached the line's end: its
  /// bytes at the rate of the exact rows.
  private mutating func estimateTail() {
    guard !reachesEnd else {
      tailEstimate = 0
      return
    }
    let last = rows[rows.lineCount - 1].bytes
    tailEstimate = max(0, Int(saturating: (Double(last) / bytesPerRow).rounded(.up)) - 1)
  }

  /// Bytes per row over the exact rows (at least 1), for estimates.
  private var bytesPerRow: Double {
    guard exactRows > 1 else { return Double(max(options.columns ?? 80, 1)) }
    return max(1, Double(start(ofRow: exactRows - 1)) / Double(exactRows - 1))
  }

  /// Where to lay out from to place a caret at `local` (from the line's start): the row before
  /// the caret's (a word-wrap break can still move back before it). Deep in a span not laid out
  /// yet, a start `guessWindow` bytes before the caret (the caller moves it to a cluster
  /// boundary) on a row estimated from the bytes per row so far.
  func resumePoint(local: Int) -> RowIndex.ResumePoint {
    let caretRow = self.row(containing: local)
    let last = rows.lineCount - 1
    if caretRow == last && !reachesEnd && local - start(ofRow: last) > Self.guessWindow {
      return .guess(caret: local, rowsBefore: last, from: start(ofRow: last), bytesPerRow: bytesPerRow)
    }
    let row = max(caretRow - 1, 0)
    return RowIndex.ResumePoint(row: row, start: start(ofRow: row), previousWidth: rows[row].previousWidth)
  }

  /// How far before a caret deep in a span not laid out the layout starts, from a guessed row.
  static let guessWindow = 8 * 1024
}
