/// The per-line index that the document's layout and its line checks share: values in blocks of
/// up to `blockSize` lines, with Fenwick trees over the blocks' totals and line counts.
///
/// Totals before a line, or the line at which a running total passes a value (the line holding
/// a row, the first marker line, the n-th message line), cost O(log n + blockSize); replacing
/// a few lines costs their values plus O(log n), and a block that outgrows twice its size is
/// split (O(n / blockSize) to renumber the trees).
struct LineTable<Entry: LineEntry>: Sendable {
  static var blockSize: Int { 256 }

  private(set) var blocks: [[Entry]] = [[]]
  /// The exact totals of each block (the trees hold the same sums, arranged for prefixes).
  private(set) var blockTotals: [Entry.Totals] = [.zero]
  private var tree = Fenwick<Entry.Totals>([.zero])
  private var lineTree = Fenwick<Int>([0])
  private(set) var totals = Entry.Totals.zero
  private(set) var lineCount = 0

  init(_ entries: [Entry]) {
    rebuild(blocks: Self.chunked(entries[...]))
  }

  /// The entries `produce` hands over in order, put straight into blocks: no flat array of
  /// millions of entries first (it doubled the peak memory of a large document's index).
  init(producing produce: (_ append: (Entry) -> Void) -> Void) {
    var blocks: [[Entry]] = []
    var block: [Entry] = []
    block.reserveCapacity(Self.blockSize)
    produce { entry in
      block.append(entry)
      if block.count == Self.blockSize {
        blocks.append(block)
        block.removeAll(keepingCapacity: true)
      }
    }
    if !block.isEmpty { blocks.append(block) }
    rebuild(blocks: blocks)
  }

  /// `count` lines of one value (a layout's estimates), built block by block: no flat array of
  /// millions of values first, and one block's totals summed once.
  init(repeating entry: Entry, count: Int) {
    let full = Array(repeating: entry, count: Self.blockSize)
    var blocks = Array(repeating: full, count: count / Self.blockSize)
    if count % Self.blockSize > 0 { blocks.append(Array(repeating: entry, count: count % Self.blockSize)) }
    self.blocks = blocks.isEmpty ? [[]] : blocks
    let fullTotals = Self.sum(full)
    blockTotals = self.blocks.map { $0.count == Self.blockSize ? fullTotals : Self.sum($0) }
    renumber()
  }

  private static func chunked(_ entries: ArraySlice<Entry>) -> [[Entry]] {
    guard !entries.isEmpty else { return [[]] }
    return stride(from: entries.startIndex, to: entries.endIndex, by: blockSize).map {
      Array(entries[$0..<min(entries.endIndex, $0 + blockSize)])
    }
  }

  private static func sum(_ block: some Sequence<Entry>) -> Entry.Totals {
    block.reduce(Entry.Totals.zero) { $0 + $1.totals }
  }

  private mutating func rebuild(blocks: [[Entry]]) {
    self.blocks = blocks.isEmpty ? [[]] : blocks
    blockTotals = self.blocks.map(Self.sum)
    renumber()
  }

  /// Builds the trees again from the blocks' totals (O(n / blockSize)).
  private mutating func renumber() {
    tree = Fenwick(blockTotals)
    lineTree = Fenwick(blocks.map(\.count))
    totals = blockTotals.reduce(Entry.Totals.zero, +)
    lineCount = blocks.reduce(0) { $0 + $1.count }
  }

  /// Puts `replacement` where blocks `range` were, summing only the new blocks.
  private mutating func replaceBlocks(_ range: ClosedRange<Int>, with replacement: [[Entry]]) {
    var replacement = replacement.filter { !$0.isEmpty }
    if replacement.isEmpty && range.count == blocks.count { replacement = [[]] }
    blocks.replaceSubrange(range, with: replacement)
    blockTotals.replaceSubrange(range, with: replacement.map(Self.sum))
    renumber()
  }

  /// The block holding `line` and the line's index in it (the last block's end past the end).
  func location(ofLine line: Int) -> (block: Int, local: Int) {
    let (block, before) = lineTree.find(line) { $0 }
    return (block, line - before)
  }

  subscript(line: Int) -> Entry {
    let (block, local) = location(ofLine: line)
    return blocks[block][local]
  }

  /// Calls `body` with the entries of `lines` in order (one look-up, then a walk of the blocks).
  func forEachEntry(in lines: Range<Int>, _ body: (Entry) -> Void) {
    guard !lines.isEmpty else { return }
    var (block, local) = location(ofLine: lines.lowerBound)
    var left = lines.count
    while left > 0 && block < blocks.count {
      let entries = blocks[block]
      let end = min(entries.count, local + left)
      for index in local..<end { body(entries[index]) }
      left -= end - local
      block += 1
      local = 0
    }
  }

  /// One metric of the lines before `line`, adding the entries before it in its block by
  /// `value` (the entry's share of `metric`) rather than by building their whole totals.
  func sum(before line: Int, _ metric: (Entry.Totals) -> Int, _ value: (Entry) -> Int) -> Int {
    guard line < lineCount else { return metric(totals) }
    let (block, local) = location(ofLine: line)
    var sum = metric(tree.prefix(block))
    for entry in blocks[block][..<local] { sum += value(entry) }
    return sum
  }

  /// The line in which the running total of `metric` passes `target` (the line holding its
  /// `target`-th unit, 0-based), with that metric of the lines before it; `lineCount` when the
  /// whole total is not above `target`. Within the block the entries are read by `value`.
  func line(holding target: Int, _ metric: (Entry.Totals) -> Int, _ value: (Entry) -> Int) -> (
    line: Int, before: Int
  ) {
    guard target >= 0, target < metric(totals) else { return (lineCount, metric(totals)) }
    let (block, before) = tree.find(target, by: metric)
    var sum = metric(before)
    var line = lineTree.prefix(block)
    for entry in blocks[block] {
      let next = sum + value(entry)
      if next > target { return (line, sum) }
      sum = next
      line += 1
    }
    return (lineCount, metric(totals))
  }

  /// Replaces the values of `lines` with `entries` (any number of them).
  mutating func replace(_ lines: Range<Int>, with entries: [Entry]) {
    let (first, local) = location(ofLine: lines.lowerBound)
    if local + lines.count <= blocks[first].count {
      let removed = Array(blocks[first][local..<local + lines.count])
      blocks[first].replaceSubrange(local..<local + lines.count, with: entries)
      if blocks[first].count > 2 * Self.blockSize || (blocks[first].isEmpty && blocks.count > 1) {
        // Split (or drop) the block and number the trees again.
        replaceBlocks(first...first, with: Self.chunked(blocks[first][...]))
        return
      }
      // By difference, not by adding the block again: keystrokes stay O(log n). A maximum in
      // the totals stays an upper bound (it cannot be subtracted) until the block is rebuilt.
      let delta = Self.sum(entries) - Self.sum(removed)
      blockTotals[first] = blockTotals[first] + delta
      tree.add(first, delta)
      lineTree.add(first, entries.count - lines.count)
      totals = totals + delta
      lineCount += entries.count - lines.count
      return
    }
    // The lines span blocks: splice the blocks they cover (rare: large multi-line edits).
    let last = location(ofLine: lines.upperBound - 1).block
    var flat = Array(blocks[first...last].joined())
    flat.replaceSubrange(local..<local + lines.count, with: entries)
    replaceBlocks(first...last, with: Self.chunked(flat[...]))
  }

  /// Writes new values over as many lines (a layout replacing its estimates): the blocks keep
  /// their shape, so this costs the values plus O(log n) per block touched.
  mutating func overwrite(_ lines: Range<Int>, with entries: [Entry]) {
    precondition(entries.count == lines.count, "LineTable.overwrite: one value per line")
    var next = 0
    var line = lines.lowerBound
    while next < entries.count {
      let (block, local) = location(ofLine: line)
      let count = min(blocks[block].count - local, entries.count - next)
      var delta = Entry.Totals.zero
      for i in 0..<count {
        delta = delta + entries[next + i].totals - blocks[block][local + i].totals
        blocks[block][local + i] = entries[next + i]
      }
      blockTotals[block] = blockTotals[block] + delta
      tree.add(block, delta)
      totals = totals + delta
      next += count
      line += count
    }
  }

  /// Every value in order (building flat lists for tests and whole-document passes).
  var entries: [Entry] { Array(blocks.joined()) }
}

extension LineTable {
  /// Brings the table in step with a text that `splices` made from the one it describes: the
  /// splices' shapes are replayed in order, then each line they touched is measured once, from
  /// the current text (a line touched by several splices is measured once).
  mutating func catchUp(_ splices: [LineSplice], measure: (Range<Int>) -> [Entry]) {
    if splices.count == 1 {
      // One edit (a keystroke): its lines are measured straight into place.
      replace(splices[0].oldLines, with: measure(splices[0].newLines))
      return
    }
    var dirty: [Range<Int>] = []
    for splice in splices {
      let old = splice.oldLines
      let new = splice.newLines
      replace(old, with: Array(repeating: Entry.unmeasured, count: new.count))
      let delta = new.count - old.count
      var merged = new
      var kept: [Range<Int>] = []
      for range in dirty {
        if range.upperBound < old.lowerBound {
          kept.append(range)
        } else if range.lowerBound > old.upperBound {
          kept.append(range.lowerBound + delta..<range.upperBound + delta)
        } else {
          // Overlapping or adjacent: the part outside the replaced lines stays dirty.
          let lower = min(range.lowerBound, merged.lowerBound)
          let upper = max(
            range.upperBound > old.upperBound ? range.upperBound + delta : merged.upperBound,
            merged.upperBound)
          merged = lower..<upper
        }
      }
      kept.append(merged)
      dirty = kept.sorted { $0.lowerBound < $1.lowerBound }
    }
    for range in dirty where !range.isEmpty {
      replace(range, with: measure(range))
    }
  }
}

extension LineTable {
  /// Each rule the table breaks, described (empty when none): blocks within twice their size and
  /// not empty unless alone, the line count and the line tree equal to the blocks' sizes, the
  /// totals tree and the totals equal to the blocks' totals. O(n / blockSize + blocks' lines).
  func invariantViolations() -> [String] {
    var problems: [String] = []
    if blocks.count != blockTotals.count {
      problems.append("\(blocks.count) blocks but \(blockTotals.count) block totals")
      return problems
    }
    var lines = 0
    var running = Entry.Totals.zero
    for (index, block) in blocks.enumerated() {
      if block.count > 2 * Self.blockSize {
        problems.append("block \(index): \(block.count) lines, over twice \(Self.blockSize)")
      }
      if block.isEmpty && blocks.count > 1 { problems.append("block \(index): empty beside others") }
      if lineTree.prefix(index) != lines {
        problems.append("line tree before block \(index): \(lineTree.prefix(index)), blocks hold \(lines)")
      }
      if !tree.prefix(index).agrees(with: running) {
        problems.append("totals tree before block \(index) differs from the blocks' totals")
      }
      if !blockTotals[index].agrees(with: Self.sum(block)) {
        problems.append("block \(index): its totals differ from its lines'")
      }
      lines += block.count
      running = running + blockTotals[index]
    }
    if lines != lineCount { problems.append("line count \(lineCount), blocks hold \(lines)") }
    if !running.agrees(with: totals) { problems.append("totals differ from the blocks' totals") }
    return problems
  }
}
