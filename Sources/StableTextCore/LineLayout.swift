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
  public var wrap: WrapMode
  public var tabSize: Int

  public init(columns: Int? = nil, wrap: WrapMode = .char, tabSize: Int = 4) {
    self.columns = columns
    self.wrap = wrap
    self.tabSize = max(1, tabSize)
  }
}

/// One logical line broken into rows.
public struct LineLayout: Equatable, Sendable {
  /// UTF-8 offset (from the line's start) where each row starts; the first is 0.
  public var rowStarts: [Int]
  /// Width in cells of each row.
  public var rowWidths: [Int]

  public var rowCount: Int { rowStarts.count }

  /// Lays out one line's content (without its terminator).
  public init(_ content: Substring, options: WrapOptions) {
    var starts = [0]
    var widths: [Int] = []
    var column = 0
    var clusters: [Cluster] = []
    clusters.reserveCapacity(content.utf8.count)
    Cluster.forEach(in: content) { clusters.append($0) }
    var index = 0
    var rowStartIndex = 0
    var breakIndex: Int?  // first cluster after a space run or between wide clusters
    while index < clusters.count {
      let cluster = clusters[index]
      let width = cluster.width < 0 ? options.tabSize - column % options.tabSize : cluster.width
      if let limit = options.columns, width > 0, column + width > limit, column > 0 {
        var next = index
        if options.wrap == .word, !cluster.isSpace, let candidate = breakIndex, candidate > rowStartIndex {
          next = candidate
        }
        widths.append(Self.width(of: clusters[rowStartIndex..<next], tabSize: options.tabSize))
        starts.append(clusters[next].offset)
        rowStartIndex = next
        breakIndex = nil
        index = next
        column = 0
        continue
      }
      column += width
      if index + 1 < clusters.count {
        let following = clusters[index + 1]
        if cluster.isSpace && !following.isSpace {
          breakIndex = index + 1
        } else if cluster.width == 2 && following.width == 2 {
          breakIndex = index + 1
        }
      }
      index += 1
    }
    widths.append(Self.width(of: clusters[rowStartIndex..<clusters.count], tabSize: options.tabSize))
    rowStarts = starts
    rowWidths = widths
  }

  private static func width(of clusters: ArraySlice<Cluster>, tabSize: Int) -> Int {
    var column = 0
    for cluster in clusters {
      column += cluster.width < 0 ? tabSize - column % tabSize : cluster.width
    }
    return column
  }

  /// Row and column of a caret at `offset` (from the line's start, on a cluster boundary).
  public func caret(at offset: Int, in content: Substring, affinity: Affinity, options: WrapOptions) -> (
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

  /// Calls `body` with each cluster of `content`, in order. Reads scalars from the UTF-8 bytes
  /// and finds cluster boundaries with `BreakScanner` (the same rules as `Character`), without
  /// building a `Character` for each one. A cluster is as wide as `DisplayWidth.of(_: Character)`
  /// says: its first scalar's width, or 2 when a non-ASCII first scalar is followed by U+FE0F.
  static func forEach(in content: Substring, _ body: (Cluster) -> Void) {
    var content = content
    content.withUTF8 { bytes in
      var scanner = BreakScanner(Unicode._CharacterRecognizer())
      var start = -1  // no cluster yet
      var first: UInt32 = 0
      var scalarsInCluster = 0
      var presentation = false  // U+FE0F right after a non-ASCII first scalar
      func emit() {
        guard start >= 0 else { return }
        let single = scalarsInCluster == 1
        if single && first == 0x09 {
          body(Cluster(offset: start, width: -1, isSpace: true))
        } else if presentation {
          body(Cluster(offset: start, width: 2, isSpace: false))
        } else {
          body(
            Cluster(
              offset: start, width: DisplayWidth.of(Unicode.Scalar(first)!),
              isSpace: single && first == 0x20))
        }
      }
      scanner.scan(bytes, 0..<bytes.count) { i, scalar, isBreak in
        if isBreak || start < 0 {
          emit()
          start = i
          first = scalar.value
          scalarsInCluster = 1
          presentation = false
        } else {
          if scalarsInCluster == 1 && first >= 0x80 && scalar.value == 0xFE0F { presentation = true }
          scalarsInCluster += 1
        }
      }
      emit()
    }
  }
}
