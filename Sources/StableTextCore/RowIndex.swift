/// Visual rows per logical line for one set of wrap options, kept in step with edits so that a
/// scroll answer after an edit re-lays out only the lines the edit touched.
///
/// Row counts live in blocks of up to `blockSize` lines with a running total per block, so
/// finding a line's first row or the line at a row costs O(n / blockSize + blockSize) additions,
/// and an edit costs the layout of the lines it touched plus one block update.
struct RowIndex: Sendable {
  static let blockSize = 256

  let options: WrapOptions
  private var blocks: [[Int32]] = []
  private var blockRows: [Int] = []

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
    blockRows = blocks.map { $0.reduce(0) { $0 + Int($1) } }
  }

  static func rows(of line: Int, in buffer: TextBuffer, options: WrapOptions) -> Int {
    guard options.columns != nil else { return 1 }
    let content = buffer.slice(buffer.lineStart(line)..<buffer.lineContentEnd(line))
    return LineLayout(content, options: options).rowCount
  }

  var totalRows: Int { blockRows.reduce(0, +) }
  var lineCount: Int { blocks.reduce(0) { $0 + $1.count } }

  /// The global row index of `line`'s first row.
  func firstRow(ofLine line: Int) -> Int {
    var row = 0
    var line = line
    for (index, block) in blocks.enumerated() {
      if line < block.count {
        for i in 0..<line { row += Int(block[i]) }
        return row
      }
      line -= block.count
      row += blockRows[index]
    }
    return row
  }

  /// The line holding global row `row` (clamped to the document).
  func line(containingRow row: Int) -> Int {
    var remaining = max(0, row)
    var line = 0
    for (index, block) in blocks.enumerated() {
      if remaining < blockRows[index] {
        for count in block {
          if remaining < Int(count) { return line }
          remaining -= Int(count)
          line += 1
        }
      }
      remaining -= blockRows[index]
      line += block.count
    }
    return max(0, lineCount - 1)
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
    // Locate the block holding oldFirst.
    var blockIndex = 0
    var local = oldFirst
    while blockIndex < blocks.count - 1 && local >= blocks[blockIndex].count {
      local -= blocks[blockIndex].count
      blockIndex += 1
    }
    let removeCount = oldLast - oldFirst + 1
    if local + removeCount <= blocks[blockIndex].count {
      blocks[blockIndex].replaceSubrange(local..<local + removeCount, with: fresh)
      blockRows[blockIndex] = blocks[blockIndex].reduce(0) { $0 + Int($1) }
      if blocks[blockIndex].count > 2 * Self.blockSize || blocks[blockIndex].isEmpty {
        rebuild(blocks.flatMap { $0 })
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
