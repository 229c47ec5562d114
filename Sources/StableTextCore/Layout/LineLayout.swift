/// How lines wrap into visual rows.
public enum WrapMode: String, Sendable, CaseIterable {
  /// A cluster that does not fit starts the next row.
  case char
  /// Break after the last run of spaces or tabs that fits, or between wide clusters; a word
  /// longer than the row falls back to `char`.
  case word
}

/// Which side of a wrap boundary a caret belongs to.
public enum Affinity: String, Sendable, CaseIterable {
  /// The start of the next row (the default).
  case downstream
  /// The end of the previous row.
  case upstream
}

/// The options that decide how text breaks into rows.
public struct WrapOptions: Hashable, Sendable {
  /// Row width in cells; `nil` for no wrapping.
  public var columns: Int?
  /// Where rows break when a cluster does not fit: anywhere (`char`) or at spaces first (`word`).
  public var wrap: WrapMode
  /// Tab stops every `tabSize` cells.
  public var tabSize: Int

  /// Rows of `columns` cells (`nil`: no wrapping), broken by `wrap`, with tab stops every `tabSize`.
  public init(columns: Int? = nil, wrap: WrapMode = .char, tabSize: Int = 4) {
    self.columns = columns
    self.wrap = wrap
    self.tabSize = min(max(1, tabSize), Self.maxTabSize)
  }

  /// The widest tab stop: columns then stay far from overflow on any line a document can hold.
  public static let maxTabSize = 1_000
}

/// One logical line broken into rows, with every row's start and width: for tools and tests
/// that want to see the rows. The daemon itself counts rows and places carets with
/// `RowBreaker` straight from the rope, keeping no list of rows or clusters.
package struct LineLayout: Equatable, Sendable {
  /// UTF-8 offset (from the line's start) where each row starts; the first is 0.
  package var rowStarts: [Int]
  /// Width in cells of each row.
  package var rowWidths: [Int]

  package var rowCount: Int { rowStarts.count }

  /// Lays out one line's content (without its terminator).
  package init(_ content: Substring, options: WrapOptions) {
    var starts = [0]
    var widths: [Int] = []
    var breaker = RowBreaker(options: options)
    Cluster.forEach(in: content) { cluster in
      breaker.place(cluster) { start, ended in
        starts.append(start)
        widths.append(ended)
      }
    }
    widths.append(breaker.column)
    rowStarts = starts
    rowWidths = widths
  }

  /// Row and column of a caret at `offset` (from the line's start, on a cluster boundary).
  package func caret(at offset: Int, in content: Substring, affinity: Affinity, options: WrapOptions) -> (
    row: Int, column: Int
  ) {
    var row = 0
    while row + 1 < rowStarts.count && rowStarts[row + 1] <= offset { row += 1 }
    if affinity == .upstream && row > 0 && rowStarts[row] == offset {
      return (row - 1, rowWidths[row - 1])
    }
    let rowStart = rowStarts[row]
    var column = 0
    Cluster.forEach(in: content) { cluster in
      guard cluster.offset >= rowStart && cluster.offset < offset else { return }
      column += cluster.width < 0 ? options.tabSize - column % options.tabSize : cluster.width
    }
    return (row, column)
  }
}

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
