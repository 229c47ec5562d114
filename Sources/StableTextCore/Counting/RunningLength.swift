/// The length in one unit of a text that grows at its end, kept as it grows: appending a piece
/// costs the piece, not the text (the rewrap fix tries each word on the end of its line, and
/// counting the whole candidate line again for every word made a long paragraph quadratic).
///
/// Exact in every unit: a piece can join the cluster before it (a combining mark after a space,
/// anything after a prepended concatenation mark), so graphemes and columns follow the grapheme
/// breaking state across the join instead of adding the piece's own count.
struct RunningLength {
  let unit: LengthUnit
  let tabSize: Int
  /// The length of every cluster before the open one (and, in the other units, of everything).
  private var closed = 0
  private var scanner = BreakScanner(Unicode._CharacterRecognizer())
  /// The open (last) cluster: its first scalar, whether its second is U+FE0F, how many scalars.
  private var first: Unicode.Scalar?
  private var presentation = false
  private var scalars = 0
  /// Columns: where the open cluster starts on its line.
  private var column = 0

  init(_ unit: LengthUnit, tabSize: Int) {
    self.unit = unit
    self.tabSize = tabSize
  }

  /// The length of everything appended so far.
  var length: Int { closed + openLength }

  private var openLength: Int {
    guard let first else { return 0 }
    switch unit {
    case .graphemes: return 1
    case .columns:
      if scalars == 1 && first == "\t" { return tabSize - column % tabSize }
      if first == "\n" || first == "\r" { return 0 }
      return presentation ? 2 : DisplayWidth.of(first)
    case .utf8, .utf16, .scalars: return 0
    }
  }

  mutating func append(_ piece: Substring) {
    switch unit {
    case .utf8: closed += piece.utf8.count
    case .utf16: closed += piece.utf16.count
    case .scalars: closed += piece.unicodeScalars.count
    case .graphemes, .columns:
      for scalar in piece.unicodeScalars {
        if scanner.hasBreak(before: scalar) || first == nil {
          let ended = openLength
          closed += ended
          // A line terminator (`\n`, `\r`, `\r\n`: a cluster of its own) starts a new line.
          if let first, first == "\n" || first == "\r" { column = 0 } else { column += ended }
          first = scalar
          presentation = false
          scalars = 1
        } else {
          if scalars == 1 && scalar == "\u{FE0F}" { presentation = true }
          scalars += 1
        }
      }
    }
  }

  /// The length with `piece` appended, this value unchanged.
  func length(appending piece: Substring) -> Int {
    var copy = self
    copy.append(piece)
    return copy.length
  }
}
