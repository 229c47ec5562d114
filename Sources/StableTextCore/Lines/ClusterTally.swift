/// Measures a line's content in the shape's units counted by cluster, and finds where it passes
/// each wanted limit, in one pass of the layout's cluster reader. A cluster is measured once the
/// next one starts (or the content ends): a measure may read its bytes.
struct ClusterTally {
  let tabSize: Int
  let narrow: (any LengthMeasure)?
  let wide: (any LengthMeasure)?
  /// The shape's passOffsets (the arrays are the shape's own: measuring a line allocates nothing).
  let wanted: [MessageLineIndex.Shape.LineLimit]
  /// Whether each limit's unit is the wide one.
  let inWide: [Bool]
  let bytes: UInt32
  /// The line's content.
  let content: UnsafeBufferPointer<UInt8>
  /// The cluster read last, not measured yet.
  private var open: Cluster?
  var measured = (narrow: 0, wide: 0)
  /// The display column of the next cluster (a tab's width depends on it).
  var column = 0
  var passOffsets: LineFacts.PassOffsets
  var pending: Int
  /// A cluster two cells wide was seen (CJK text breaks between its characters: not one word).
  var hasWide = false

  init(_ shape: MessageLineIndex.Shape, content: UnsafeBufferPointer<UInt8>) {
    self.content = content
    // Fits: as `scalars`; the passOffsets' "all fits" mark is the saturated length.
    let bytes = UInt32(clamping: content.count)
    tabSize = shape.tabSize
    narrow = shape.narrow?.measure
    wide = shape.wide?.measure
    wanted = shape.offsetLimits
    inWide = shape.offsetLimitsInWide
    self.bytes = bytes
    passOffsets = LineFacts.PassOffsets(repeating: bytes)
    pending = wanted.count
  }

  mutating func add(_ cluster: Cluster) {
    if let open { measure(open, end: cluster.offset) }
    open = cluster
  }

  /// Measures the last cluster: call once the content has been read.
  mutating func finish() {
    if let open { measure(open, end: content.count) }
    open = nil
  }

  private mutating func measure(_ cluster: Cluster, end: Int) {
    let clusterBytes = UnsafeBufferPointer(rebasing: content[cluster.offset..<end])
    let narrowLength =
      narrow?.length(ofCluster: clusterBytes, width: cluster.width, atColumn: column, tabSize: tabSize) ?? 0
    let wideLength =
      wide?.length(ofCluster: clusterBytes, width: cluster.width, atColumn: column, tabSize: tabSize) ?? 0
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
    if cluster.width == 2 { hasWide = true }
  }
}
