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

  init(_ shape: MessageLineIndex.Shape, bytes: UInt32) {
    tabSize = shape.tabSize
    hasNarrow = shape.narrow != nil
    hasWide = shape.wide != nil
    narrow = (shape.narrow ?? .graphemes).measure
    wide = (shape.wide ?? .graphemes).measure
    wanted = shape.offsetLimits
    inWide = shape.offsetLimitsInWide
    self.bytes = bytes
    passOffsets = LineFacts.PassOffsets(repeating: bytes)
    pending = wanted.count
  }

  mutating func add(_ cluster: Cluster, bytes clusterBytes: UnsafeBufferPointer<UInt8>) {
    let narrowLength =
      hasNarrow
      ? narrow.length(ofCluster: clusterBytes, width: cluster.width, atColumn: column, tabSize: tabSize) : 0
    let wideLength =
      hasWide
      ? wide.length(ofCluster: clusterBytes, width: cluster.width, atColumn: column, tabSize: tabSize) : 0
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
