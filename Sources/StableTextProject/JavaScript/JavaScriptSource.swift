/// A JavaScript or TypeScript file's text as the reader walks it: its scalars (UTF-8 decoded as
/// Node decodes a module, a malformed byte as U+FFFD, a leading byte order mark dropped) and where
/// each line starts, so that an offset is named by its line and column (1-based, the column in
/// characters, as the YAML reader names its marks).
struct JavaScriptSource {
  let scalars: [Unicode.Scalar]
  /// The offset of each line's first scalar (lines end at LF, CR, CRLF, U+2028 and U+2029, as
  /// JavaScript's LineTerminatorSequence).
  let lineStarts: [Int]

  init(_ bytes: [UInt8]) {
    var scalars = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
    if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
    self.scalars = scalars
    var starts = [0]
    var index = 0
    while index < scalars.count {
      switch scalars[index] {
      case "\r":
        if index + 1 < scalars.count, scalars[index + 1] == "\n" { index += 1 }
        starts.append(index + 1)
      case "\n", "\u{2028}", "\u{2029}":
        starts.append(index + 1)
      default:
        break
      }
      index += 1
    }
    self.lineStarts = starts
  }

  /// The line and column of `offset`, both from 1.
  func position(_ offset: Int) -> JavaScriptPosition {
    var low = 0
    var high = lineStarts.count
    while high - low > 1 {
      let middle = (low + high) / 2
      if lineStarts[middle] <= offset { low = middle } else { high = middle }
    }
    return JavaScriptPosition(line: low + 1, column: offset - lineStarts[low] + 1)
  }

  /// The text of `range`.
  func text(_ range: Range<Int>) -> String {
    String(String.UnicodeScalarView(scalars[range]))
  }
}

/// Where something is in a configuration file: line and column, both from 1, the column in
/// characters.
package struct JavaScriptPosition: Hashable, Sendable, Comparable, CustomStringConvertible {
  package var line: Int
  package var column: Int

  package init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  package static func < (first: JavaScriptPosition, second: JavaScriptPosition) -> Bool {
    (first.line, first.column) < (second.line, second.column)
  }

  /// `LINE:COLUMN`.
  package var description: String { "\(line):\(column)" }
}
