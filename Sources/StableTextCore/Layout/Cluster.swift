/// One grapheme cluster of a line, as layout sees it.
struct Cluster: Equatable {
  /// UTF-8 offset from the line's start.
  var offset: Int
  /// Cells, or -1 for a tab (whose width depends on the column).
  var width: Int
  /// A space or a tab: where word wrap may break.
  var isSpace: Bool

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
