/// One grapheme cluster of a line, as layout sees it.
struct Cluster: Equatable {
  /// UTF-8 offset from the line's start.
  var offset: Int
  /// Cells, or -1 for a tab (whose width depends on the column).
  var width: Int
  /// A space or a tab: where word wrap may break.
  var isSpace: Bool

  /// The cells a cluster of `width` (-1: a tab) takes at display column `column`: its width, or
  /// for a tab the run to the next multiple of `tabSize`.
  @inline(__always)
  static func cells(width: Int, atColumn column: Int, tabSize: Int) -> Int {
    width < 0 ? tabSize - column % tabSize : width
  }

  /// The cells this cluster takes at `column`.
  @inline(__always)
  func cells(atColumn column: Int, tabSize: Int) -> Int {
    Self.cells(width: width, atColumn: column, tabSize: tabSize)
  }

  /// Calls `body` with each cluster of `content` and its bytes, in order.
  static func forEach(
    in content: UnsafeBufferPointer<UInt8>, _ body: (Cluster, UnsafeBufferPointer<UInt8>) -> Void
  ) {
    forEach(in: content, 0..<content.count, body)
  }

  /// The same, but a byte of printable ASCII with ASCII on both sides is a cluster of its own,
  /// one cell wide (a break lies between any two ASCII scalars but `\r` and `\n`, and neither
  /// is printable): runs of them go to `run` as (offset, count) without the reader, and only the
  /// stretches between them are read cluster by cluster, each with a fresh reader (the grapheme
  /// state after an ASCII scalar does not depend on what came before it). The order is the
  /// text's. A run's first byte may close a cluster begun before it (after a prepended scalar),
  /// and its last may open one that continues past it (a combining mark, a keycap's selector):
  /// those two go to the reader with their neighbours.
  @inline(__always)
  static func forEach(
    in content: UnsafeBufferPointer<UInt8>, printableRun run: (_ offset: Int, _ count: Int) -> Void,
    _ body: (Cluster, UnsafeBufferPointer<UInt8>) -> Void
  ) {
    let count = content.count
    // The stretch not yet read, which starts at a cluster boundary after ASCII (or the start):
    // it goes through the reader when the next run begins, or at the end.
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
      let first = i > 0 && content[i - 1] >= 0x80 ? i + 1 : i
      let last = end < count && content[end] >= 0x80 ? end - 1 : end
      if first < last {
        forEach(in: content, unread..<first, body)
        run(first, last - first)
        unread = last
      }
      i = end
    }
    forEach(in: content, unread..<count, body)
  }

  /// Calls `body` with each cluster of `content[range]`, which starts and ends at cluster
  /// boundaries; past the start it starts after an ASCII byte, in the state that byte leaves.
  static func forEach(
    in content: UnsafeBufferPointer<UInt8>, _ range: Range<Int>,
    _ body: (Cluster, UnsafeBufferPointer<UInt8>) -> Void
  ) {
    guard !range.isEmpty else { return }
    var open: Cluster?
    var reader =
      range.lowerBound > 0 ? ClusterReader(afterASCII: content[range.lowerBound - 1]) : ClusterReader()
    reader.feed(content, range, base: range.lowerBound) { cluster in
      if let open { body(open, UnsafeBufferPointer(rebasing: content[open.offset..<cluster.offset])) }
      open = cluster
    }
    reader.finish { cluster in
      if let open { body(open, UnsafeBufferPointer(rebasing: content[open.offset..<cluster.offset])) }
      open = cluster
    }
    if let open { body(open, UnsafeBufferPointer(rebasing: content[open.offset..<range.upperBound])) }
  }

  /// Calls `body` with each cluster of `content`, in order (see `ClusterReader`).
  static func forEach(in content: Substring, _ body: (Cluster) -> Void) {
    var content = content
    content.withUTF8 { bytes in
      var reader = ClusterReader()
      reader.feed(bytes, 0..<bytes.count, base: 0, body)
      reader.finish(body)
    }
  }
}
