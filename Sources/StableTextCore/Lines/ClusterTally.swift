/// Measures a line's content in the shape's units counted by cluster, and finds where it passes
/// each wanted limit, in one pass of the layout's cluster reader (`Cluster.forEach(in:)`, which
/// gives each cluster with its bytes: a measure may read them).
struct ClusterTally {
  let tabSize: Int
  /// The units' measures, held unwrapped (a placeholder when the slot is empty, which
  /// `hasNarrow` and `hasWide` say): calling through an optional existential copied it out and
  /// destroyed it again for every cluster, a fifth of opening a message under line rules.
  let narrow: any LengthMeasure
  let wide: any LengthMeasure
  let hasNarrow: Bool
  let hasWide: Bool
  /// How each measure gives a cluster's length (`ClusterLength`).
  let narrowLength: ClusterLength
  let wideLength: ClusterLength
  /// The shape's passOffsets (the arrays are the shape's own: measuring a line allocates nothing).
  let wanted: [MessageLineIndex.Shape.LineLimit]
  /// Whether each limit's unit is the wide one.
  let inWide: [Bool]
  let bytes: UInt32
  var measured = (narrow: 0, wide: 0)
  /// The display column of the next cluster (a tab's width depends on it).
  var column = 0
  var passOffsets: LineFacts.PassOffsets
  var pending: Int
  /// A breakable wide cluster was seen (`BreakableWide`: Chinese and Japanese text breaks
  /// between its characters, so the line is not one word; Hangul is a letter of words).
  var hasBreakableWide = false

  /// `shape` is borrowed: an initializer takes its arguments owned, and copying the shape (nine
  /// arrays retained and released) for every line was a twentieth of building the index.
  init(_ shape: borrowing MessageLineIndex.Shape, bytes: UInt32) {
    tabSize = shape.tabSize
    hasNarrow = shape.narrow != nil
    hasWide = shape.wide != nil
    narrow = (shape.narrow ?? .graphemes).measure
    wide = (shape.wide ?? .graphemes).measure
    narrowLength = narrow.clusterLength
    wideLength = wide.clusterLength
    wanted = shape.offsetLimits
    inWide = shape.offsetLimitsInWide
    self.bytes = bytes
    passOffsets = LineFacts.PassOffsets(repeating: bytes)
    pending = wanted.count
  }

  /// Measures a whole line's content. With `bulkASCII` (the shape's units count every ASCII
  /// scalar but a tab as 1, `MessageLineIndex.Shape.asciiIsBytes`), a byte of printable ASCII
  /// with ASCII on both sides is a cluster of its own, one cell wide, 1 in both units (a break
  /// lies between any two ASCII scalars but `\r` and `\n`, which a line's content never holds):
  /// such runs are added by arithmetic, and only the stretches between them go through the
  /// layout's cluster reader, each with a fresh one (the grapheme state after an ASCII scalar
  /// does not depend on what came before it). Without it, every cluster goes through the reader:
  /// the reference the bulk path is tested against.
  mutating func measure(_ content: UnsafeBufferPointer<UInt8>, bulkASCII: Bool) {
    guard bulkASCII else {
      Cluster.forEach(in: content) { add($0, bytes: $1) }
      return
    }
    let count = content.count
    // The stretch not yet measured, which starts at a cluster boundary after ASCII (or the line's
    // start): it goes through the reader when the next bulk run begins, or at the end.
    var unread = 0
    var i = 0
    while i < count {
      // Fits: a byte minus 0x20 wraps for the controls below it.
      guard content[i] &- 0x20 < 0x5F else {
        i += 1
        continue
      }
      var end = i + 1
      while end + 8 <= count && ByteWord(content, at: end).printable == ByteWord.highs { end += 8 }
      while end < count && content[end] &- 0x20 < 0x5F { end += 1 }
      // The run's first byte may close a cluster begun before it (after a prepended scalar), and
      // its last may open one that continues past it (a combining mark, a keycap's selector):
      // those two go to the reader with their neighbours.
      let first = i > 0 && content[i - 1] >= 0x80 ? i + 1 : i
      let last = end < count && content[end] >= 0x80 ? end - 1 : end
      if first < last {
        measureByCluster(content, unread..<first)
        addPrintableASCII(at: first, count: last - first)
        unread = last
      }
      i = end
    }
    measureByCluster(content, unread..<count)
  }

  /// Measures `content[range]`, which starts and ends at cluster boundaries, cluster by cluster.
  /// Past the line's start it starts after an ASCII byte, in the state that byte leaves.
  private mutating func measureByCluster(_ content: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
    guard !range.isEmpty else { return }
    var open: Cluster?
    var reader =
      range.lowerBound > 0 ? ClusterReader(afterASCII: content[range.lowerBound - 1]) : ClusterReader()
    reader.feed(content, range, base: range.lowerBound) { cluster in
      if let open { add(open, bytes: UnsafeBufferPointer(rebasing: content[open.offset..<cluster.offset])) }
      open = cluster
    }
    reader.finish { cluster in
      if let open { add(open, bytes: UnsafeBufferPointer(rebasing: content[open.offset..<cluster.offset])) }
      open = cluster
    }
    if let open { add(open, bytes: UnsafeBufferPointer(rebasing: content[open.offset..<range.upperBound])) }
  }

  /// Adds `count` clusters of one printable ASCII byte each, the first at `offset`: 1 in either
  /// unit and one cell each, so a limit passed among them is passed at the cluster its
  /// remaining length reaches.
  private mutating func addPrintableASCII(at offset: Int, count: Int) {
    if pending > 0 {
      for (i, wanted) in wanted.enumerated() where passOffsets[i] == bytes {
        let before = inWide[i] ? measured.wide : measured.narrow
        // While a limit is pending its unit's length has not passed it: `before <= limit`.
        if before + count > wanted.limit {
          // Fits: an offset in the content, saturated as its length is.
          passOffsets[i] = UInt32(clamping: offset + wanted.limit - before)
          pending -= 1
        }
      }
    }
    if hasNarrow { measured.narrow += count }
    if hasWide { measured.wide += count }
    column += count
  }

  /// One cluster's length in `measure`, whose `clusterLength` is `rule`.
  @inline(__always)
  private func length(
    _ measure: any LengthMeasure, _ rule: ClusterLength, _ cluster: Cluster,
    _ bytes: UnsafeBufferPointer<UInt8>
  ) -> Int {
    switch rule {
    case .one: return 1
    case .cells: return cluster.cells(atColumn: column, tabSize: tabSize)
    case .measured:
      return measure.length(ofCluster: bytes, width: cluster.width, atColumn: column, tabSize: tabSize)
    }
  }

  mutating func add(_ cluster: Cluster, bytes clusterBytes: UnsafeBufferPointer<UInt8>) {
    let narrowLength = hasNarrow ? length(narrow, narrowLength, cluster, clusterBytes) : 0
    let wideLength = hasWide ? length(wide, wideLength, cluster, clusterBytes) : 0
    if pending > 0 {
      for (i, wanted) in wanted.enumerated() where passOffsets[i] == bytes {
        let passed =
          inWide[i]
          ? measured.wide + wideLength > wanted.limit : measured.narrow + narrowLength > wanted.limit
        if passed {
          // Fits: an offset in the content, saturated as its length is.
          passOffsets[i] = UInt32(clamping: cluster.offset)
          pending -= 1
        }
      }
    }
    measured.narrow += narrowLength
    measured.wide += wideLength
    column += cluster.cells(atColumn: column, tabSize: tabSize)
    if !hasBreakableWide && BreakableWide.contains(width: cluster.width, bytes: clusterBytes) {
      hasBreakableWide = true
    }
  }
}
