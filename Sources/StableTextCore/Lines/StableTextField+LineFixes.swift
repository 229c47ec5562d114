/// The line fixes (Protocol/README.md, "Code actions and hover"): "Rewrap paragraph to N columns"
/// and "Insert a blank line".
extension StableTextField {
  /// The fixes for the line checks' diagnostics (`lineDiagnostics`, this very list, or the part
  /// of it a code action asks about): each one's paragraph is found by walking from its line, so
  /// the cost is the paragraphs asked about, not the document.
  /// `shouldStop` is asked before each paragraph and every `stopCheckPieces` words of one.
  func lineFixes(_ lineDiagnostics: [FieldDiagnostic], stopping shouldStop: () -> Bool = { false })
    -> [QuickFix]
  {
    guard !lineDiagnostics.isEmpty else { return [] }
    let index = messageIndex
    var fixes: [(at: Int, fix: QuickFix)] = []
    for diagnostic in lineDiagnostics where diagnostic.code == .lineNotBlank {
      guard let line = diagnostic.data?.int("line"), line > 0 else { continue }
      let previous = index.messageLine(line - 1)
      let terminator = text.slice(previous.content.upperBound..<previous.end)
      let start = index.messageLine(line).content.lowerBound
      fixes.append(
        (
          start,
          QuickFix(
            kind: .insertBlankLine, title: "Insert a blank line",
            edits: [(start..<start, String(terminator))], diagnostic: diagnostic)
        ))
    }
    func isPlain(_ line: Int) -> Bool {
      let messageLine = index.messageLine(line)
      return (messageLine.number ?? 0) > 1 && !isParagraphBoundary(text.slice(messageLine.content))
    }
    // One fix a paragraph: N and unit from its first diagnostic.
    var rewrapped: Set<Int> = []
    for diagnostic in lineDiagnostics where diagnostic.code == .lineTooLong {
      if shouldStop() { break }
      guard let line = diagnostic.data?.int("line"), let limit = diagnostic.data?.int("limit"),
        let unit = diagnostic.data?.unit, isPlain(line)
      else { continue }
      var first = line
      while first > 0 && isPlain(first - 1) { first -= 1 }
      guard rewrapped.insert(first).inserted else { continue }
      var last = line
      while last + 1 < index.lineCount && isPlain(last + 1) { last += 1 }
      let paragraph = (first...last).map(index.messageLine)
      if let fix = rewrapFix(
        paragraph[...], limit: limit, unit: unit, diagnostic: diagnostic, stopping: shouldStop)
      {
        fixes.append((paragraph[0].content.lowerBound, fix))
      }
    }
    return fixes.sorted { $0.at < $1.at }.map(\.fix)
  }

  /// Blank lines, lines starting with whitespace, list markers and trailers are never rewrapped
  /// and end paragraphs (comments, the end marker and the subject are handled by their kinds).
  private func isParagraphBoundary(_ content: Substring) -> Bool {
    guard let first = content.unicodeScalars.first else { return true }
    if Whitespace.contains(first) || Whitespace.isBlank(content) { return true }
    for marker in ["- ", "* ", "+ ", "> "] where content.hasPrefix(marker) { return true }
    let digits = content.prefix(while: { $0.isASCII && $0.isNumber })
    if !digits.isEmpty {
      let rest = content[digits.endIndex...]
      if rest.hasPrefix(". ") || rest.hasPrefix(") ") { return true }
    }
    let token = content.prefix(while: { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
    if !token.isEmpty, content[token.endIndex...].hasPrefix(": ") { return true }
    return false
  }

  /// How many pieces a rewrap joins between two looks at whether to stop.
  static let stopCheckPieces = 256

  /// The paragraph's words joined greedily into lines of at most `limit` (a longer word alone on
  /// its line), with the terminator that ends its first line; `nil` when that changes nothing,
  /// or when `shouldStop` said so on the way.
  private func rewrapFix(
    _ paragraph: ArraySlice<MessageLine>, limit: Int, unit: LengthUnit, diagnostic: FieldDiagnostic,
    stopping shouldStop: () -> Bool
  )
    -> QuickFix?
  {
    guard let first = paragraph.first, let last = paragraph.last else { return nil }
    var terminator = String(text.slice(first.content.upperBound..<first.end))
    if terminator.isEmpty {
      // The document's first terminator ends its first line, when it has more than one.
      terminator = text.lineCount > 1 ? String(text.slice(text.lineContentEnd(0)..<text.lineStart(1))) : "\n"
    }
    let range = first.content.lowerBound..<last.content.upperBound
    // Each piece is measured once, on the end of the line being built: linear in the paragraph.
    var replacement = ""
    var line = RunningLength(unit, tabSize: rules.tabStop)
    var lineIsEmpty = true
    for (number, piece) in Self.rewrapPieces(text.slice(range), keepingDottedWords: unit == .twitter)
      .enumerated()
    {
      if number % Self.stopCheckPieces == Self.stopCheckPieces - 1 && shouldStop() { return nil }
      if lineIsEmpty {
        line.append(piece.text)
      } else if line.length(appending: piece.glue + piece.text) <= limit {
        line.append(piece.glue + piece.text)
        replacement += piece.glue
      } else {
        replacement += terminator
        line = RunningLength(unit, tabSize: rules.tabStop)
        line.append(piece.text)
      }
      replacement += piece.text
      lineIsEmpty = false
    }
    guard replacement != String(text.slice(range)) else { return nil }
    return QuickFix(
      kind: .rewrap, title: "Rewrap paragraph to \(limit) \(unit.word)", edits: [(range, replacement)],
      diagnostic: diagnostic)
  }

  /// What a rewrap may put on a line, with what joins it to the piece before on the same line.
  struct RewrapPiece: Equatable {
    var text: Substring
    /// `" "` after a run of spaces, tabs or terminators; `""` between two clusters of which one
    /// is breakable wide (`BreakableWide`: where a line may break in Chinese or Japanese text, as
    /// UAX #14 allows between ideographs; never inside a Korean word), and for a line break
    /// between two breakable wide clusters, which is removed without a space.
    var glue: String
  }

  /// The paragraph's pieces: its words, split on spaces, tabs and its own line terminators only
  /// (a vertical tab, a form feed, U+0085, U+2028 or U+2029 ends no line, "Positions and lines":
  /// it is text, kept in its word), and each word split again between two clusters of which one
  /// is breakable wide (Hangul is not: a Korean word stays whole). With `keepingDottedWords` (`twitter`), a word holding a `.` is not split: it may be
  /// or hold a URL, which weighs 23 however long it is and is not to be cut, and the weight of
  /// such a word is counted whole (`RunningTwitterWeight`), so a piece of it at a time was
  /// quadratic in the word.
  static func rewrapPieces(_ paragraph: Substring, keepingDottedWords: Bool = false) -> [RewrapPiece] {
    var pieces: [RewrapPiece] = []
    var start: Substring.Index?
    var glue = ""
    // Between pieces: whether a space or tab was seen, and whether a terminator was.
    var sawSpace = false
    var sawTerminator = false
    var previousBreakable = false
    var wordIsWhole = false
    var index = paragraph.startIndex
    while index < paragraph.endIndex {
      let character = paragraph[index]
      let next = paragraph.index(after: index)
      let isSpace = character == " " || character == "\t"
      let isTerminator = character == "\n" || character == "\r" || character == "\r\n"
      if isSpace || isTerminator {
        if let begun = start {
          pieces.append(RewrapPiece(text: paragraph[begun..<index], glue: glue))
          start = nil
        }
        sawSpace = sawSpace || isSpace
        sawTerminator = sawTerminator || isTerminator
        index = next
        continue
      }
      let breakable = BreakableWide.contains(character)
      if start == nil {
        // A new word: a space joins it, unless only a line break lay between two breakable wide
        // clusters.
        glue = pieces.isEmpty || (!sawSpace && sawTerminator && breakable && previousBreakable) ? "" : " "
        start = index
        if keepingDottedWords {
          let word = paragraph[index...].prefix {
            !($0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n")
          }
          wordIsWhole = word.utf8.contains(0x2E)
        }
      } else if !wordIsWhole && (breakable || previousBreakable) {
        pieces.append(RewrapPiece(text: paragraph[start!..<index], glue: glue))
        glue = ""
        start = index
      }
      sawSpace = false
      sawTerminator = false
      previousBreakable = breakable
      index = next
    }
    if let begun = start { pieces.append(RewrapPiece(text: paragraph[begun...], glue: glue)) }
    return pieces
  }
}
