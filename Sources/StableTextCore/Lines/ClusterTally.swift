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
  /// scalar but a tab as 1, `MessageLineIndex.Shape.asciiIsBytes`), runs of printable ASCII
  /// that are clusters of their own (`Cluster.forEach(in:printableRun:_:)`) are added by
  /// arithmetic, 1 in both units and one cell each. Without it, every cluster goes through the
  /// reader: the reference the bulk path is tested against.
  mutating func measure(_ content: UnsafeBufferPointer<UInt8>, bulkASCII: Bool) {
    guard bulkASCII else {
      Cluster.forEach(in: content) { add($0, bytes: $1) }
      return
    }
    Cluster.forEach(in: content, printableRun: { addPrintableASCII(at: $0, count: $1) }) {
      add($0, bytes: $1)
    }
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
