/// Visual rows per logical line for one set of wrap options, kept in step with edits so that a
/// scroll answer after an edit re-lays out only the lines the edit touched.
///
/// Row counts live in blocks of up to `blockSize` lines; Fenwick trees over the blocks' row and
/// line counts find a line's first row, or the line at a row, in O(log n + blockSize), and an
/// edit costs the layout of the lines it touched plus O(log n) to update the trees.
struct RowIndex: Sendable {
  static let blockSize = 256

  let options: WrapOptions
  private var blocks: [[Int32]] = []
  private var rowTree = Fenwick([])
  private var lineTree = Fenwick([])
  private(set) var totalRows = 0
  private(set) var lineCount = 0

  /// Lays out every line of `buffer` (once, when a viewport first asks).
  init(_ buffer: TextBuffer, options: WrapOptions) {
    self.options = options
    var counts: [Int32] = []
    counts.reserveCapacity(buffer.lineCount)
    for line in 0..<buffer.lineCount {
      counts.append(Int32(Self.rows(of: line, in: buffer, options: options)))
    }
    rebuild(counts)
  }

  private mutating func rebuild(_ counts: [Int32]) {
    blocks = stride(from: 0, to: max(1, counts.count), by: Self.blockSize).map {
      Array(counts[$0..<min(counts.count, $0 + Self.blockSize)])
    }
    let rows = blocks.map { $0.reduce(0) { $0 + Int($1) } }
    rowTree = Fenwick(rows)
    lineTree = Fenwick(blocks.map(\.count))
    totalRows = rows.reduce(0, +)
    lineCount = counts.count
  }

  static func rows(of line: Int, in buffer: TextBuffer, options: WrapOptions) -> Int {
    buffer.rowCount(ofLine: line, options: options)
  }

  /// The global row index of `line`'s first row.
  func firstRow(ofLine line: Int) -> Int {
    guard line < lineCount else { return totalRows }
    let (block, linesBefore) = lineTree.find(line)
    var row = rowTree.prefix(block)
    for i in 0..<(line - linesBefore) { row += Int(blocks[block][i]) }
    return row
  }

  /// The line holding global row `row` (clamped to the document).
  func line(containingRow row: Int) -> Int {
    let row = min(max(0, row), totalRows - 1)
    guard row >= 0 else { return 0 }
    let (block, rowsBefore) = rowTree.find(row)
    var remaining = row - rowsBefore
    var line = lineTree.prefix(block)
    for count in blocks[block] {
      if remaining < Int(count) { return line }
      remaining -= Int(count)
      line += 1
    }
    return min(line, lineCount - 1)
  }

  /// After an edit: lines `oldFirst...oldLast` of the old text (which had `oldLineCount` lines)
  /// became the lines between `oldFirst` and the same distance from the end in `buffer`.
  mutating func update(_ buffer: TextBuffer, oldFirst: Int, oldLast: Int, oldLineCount: Int) {
    let newLast = buffer.lineCount - 1 - (oldLineCount - 1 - oldLast)
    var fresh: [Int32] = []
    if newLast >= oldFirst {
      for line in oldFirst...newLast {
        fresh.append(Int32(Self.rows(of: line, in: buffer, options: options)))
      }
    }
    let (blockIndex, linesBefore) = lineTree.find(oldFirst)
    let local = oldFirst - linesBefore
    let removeCount = oldLast - oldFirst + 1
    if local + removeCount <= blocks[blockIndex].count {
      let oldRows = blocks[blockIndex][local..<local + removeCount].reduce(0) { $0 + Int($1) }
      let newRows = fresh.reduce(0) { $0 + Int($1) }
      blocks[blockIndex].replaceSubrange(local..<local + removeCount, with: fresh)
      if blocks[blockIndex].count > 2 * Self.blockSize || blocks[blockIndex].isEmpty {
        rebuild(blocks.flatMap { $0 })
      } else {
        rowTree.add(blockIndex, newRows - oldRows)
        lineTree.add(blockIndex, fresh.count - removeCount)
        totalRows += newRows - oldRows
        lineCount += fresh.count - removeCount
      }
    } else {
      // The edit spans blocks: splice the flat list (rare: large multi-line edits).
      var counts = blocks.flatMap { $0 }
      counts.replaceSubrange(oldFirst...oldLast, with: fresh)
      rebuild(counts)
    }
  }
}

extension TextBuffer {
  /// Makes sure row counts for `options` are kept; the first call lays out the whole text.
  public mutating func prepareRows(_ options: WrapOptions) {
    if rows?.options != options { rows = RowIndex(self, options: options) }
  }
}

/// A Fenwick (binary indexed) tree of non-negative counts: prefix sums, point updates and
/// "which element holds the k-th unit" in O(log n).
struct Fenwick: Sendable {
  private var tree: [Int]

  init(_ values: [Int]) {
    tree = [0] + values
    var i = 1
    while i < tree.count {
      let parent = i + (i & -i)
      if parent < tree.count { tree[parent] += tree[i] }
      i += 1
    }
  }

  var count: Int { tree.count - 1 }

  /// Sum of the first `n` values.
  func prefix(_ n: Int) -> Int {
    var sum = 0
    var i = n
    while i > 0 {
      sum += tree[i]
      i -= i & -i
    }
    return sum
  }

  mutating func add(_ index: Int, _ delta: Int) {
    var i = index + 1
    while i < tree.count {
      tree[i] += delta
      i += i & -i
    }
  }

  /// The element holding unit `target` (0-based) and the sum of the elements before it; the
  /// last element when `target` is past the total.
  func find(_ target: Int) -> (index: Int, before: Int) {
    var position = 0
    var remaining = target
    var step = 1
    while step * 2 <= count { step *= 2 }
    while step > 0 {
      let next = position + step
      if next <= count && tree[next] <= remaining {
        position = next
        remaining -= tree[next]
      }
      step /= 2
    }
    let index = min(position, count - 1)
    return (index, index == position ? target - remaining : prefix(index))
  }
}
