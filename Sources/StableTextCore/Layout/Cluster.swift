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
    var open: Cluster?
    var reader = ClusterReader()
    reader.feed(content, 0..<content.count, base: 0) { cluster in
      if let open { body(open, UnsafeBufferPointer(rebasing: content[open.offset..<cluster.offset])) }
      open = cluster
    }
    reader.finish { cluster in
      if let open { body(open, UnsafeBufferPointer(rebasing: content[open.offset..<cluster.offset])) }
      open = cluster
    }
    if let open { body(open, UnsafeBufferPointer(rebasing: content[open.offset...])) }
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
