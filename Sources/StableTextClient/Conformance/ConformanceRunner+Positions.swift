import StableTextJSON
import StableTextProtocol

/// The check of the positions in a server's answers against the client's own copy of the
/// document (Protocol/conformance/README.md, "Sync that is observed", step 6). A server that
/// applies edits right but writes its answers' positions in another encoding (code points where
/// UTF-16 was negotiated) answers the same about the edited document and the opened one, so
/// comparing those two cannot see it; its positions, read in the negotiated encoding, land
/// elsewhere in the text than they meant.
///
/// The runner opens a twin of the text: each character that takes more than one code unit in
/// the negotiated encoding replaced by one that takes one unit, of the same kind (a letter by a
/// letter, a symbol by a symbol), so that the twin has the same characters per line. A server's
/// positions about the text and about its twin, each read in the negotiated encoding with the
/// client's copy and turned into (line, character count), must be the same: they are where the
/// counting of units differs, and nowhere else.
extension ConformanceRunner {
  /// The twin of `text` under `encoding`, or nil when every character already takes one unit
  /// (UTF-32, or a text without such characters): nothing to tell apart.
  static func oneUnitTwin(of text: String, encoding: String) -> String? {
    var twin = String.UnicodeScalarView()
    var changed = false
    for scalar in text.unicodeScalars {
      guard units(of: scalar, encoding) > 1 else {
        twin.append(scalar)
        continue
      }
      changed = true
      twin.append(narrowStandIn(for: scalar, encoding))
    }
    return changed ? String(twin) : nil
  }

  static func units(of scalar: Unicode.Scalar, _ encoding: String) -> Int {
    switch encoding {
    case "utf-8": return String(scalar).utf8.count
    case "utf-32": return 1
    default: return scalar.value > 0xFFFF ? 2 : 1
    }
  }

  /// A character of one unit in `encoding` of the same kind as `scalar`: a letter for a letter,
  /// a digit for a digit, a space for a space, a symbol (`☺` in UTF-16, `?` in UTF-8) otherwise.
  private static func narrowStandIn(for scalar: Unicode.Scalar, _ encoding: String) -> Unicode.Scalar {
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
      .nonspacingMark, .spacingMark, .enclosingMark:
      return "a"
    case .decimalNumber, .letterNumber, .otherNumber: return "0"
    case .spaceSeparator: return " "
    default: return encoding == "utf-8" ? "?" : "\u{263A}"
    }
  }

  /// Each line's characters (scalars) and its length in units of `encoding`, per line of `text`
  /// (LSP's line ends: `\r\n`, `\n`, `\r`).
  static func lineLayout(_ text: String, _ encoding: String) -> [[Unicode.Scalar]] {
    var lines: [[Unicode.Scalar]] = [[]]
    var previousCR = false
    for scalar in text.unicodeScalars {
      if scalar == "\n" {
        if !previousCR { lines.append([]) }
        previousCR = false
      } else if scalar == "\r" {
        lines.append([])
        previousCR = true
      } else {
        lines[lines.count - 1].append(scalar)
        previousCR = false
      }
    }
    return lines
  }

  /// Where a position of `encoding` falls in `lines`: (line, characters before it), or nil
  /// when it falls inside a character (between the units of one). A character past the line's
  /// end counts what is past it as characters, so that equal overshoots compare equal.
  static func place(_ line: Int, _ character: Int, in lines: [[Unicode.Scalar]], _ encoding: String) -> (
    Int, Int
  )? {
    guard line >= 0, line < lines.count, character >= 0 else { return (line, character) }
    var unitsSoFar = 0
    for (index, scalar) in lines[line].enumerated() {
      if unitsSoFar == character { return (line, index) }
      unitsSoFar += units(of: scalar, encoding)
      if unitsSoFar > character { return nil }
    }
    return (line, lines[line].count + (character - unitsSoFar))
  }

  /// Every position (`{"line": N, "character": N}`) in `value`, in the order met.
  static func positions(in value: JSONValue) -> [(line: Int, character: Int)] {
    switch value {
    case .object(let object):
      if let line = object["line"]?.intValue, let character = object["character"]?.intValue {
        return [(line, character)]
      }
      return object.pairs.flatMap { positions(in: $0.value) }
    case .array(let items): return items.flatMap { positions(in: $0) }
    default: return []
    }
  }

  /// The requests whose answers' positions follow the text's structure (its lines, words,
  /// symbols), not what its characters are: only theirs are compared with the twin's. A
  /// diagnostic's or an edit's position may rightly depend on the characters themselves (a
  /// line-length rule counts an emoji two columns and `☺` one: StableText's own diagnostics do).
  static let structuralMethods: Set<String> = [
    UnservedMethod.documentSymbol, UnservedMethod.foldingRange, UnservedMethod.semanticTokensFull,
    HoverRequest.method,
  ]

  /// Why the positions of `answer` (about `text`) are wrong: one falls inside a character, or,
  /// given `twinAnswer` (the same request about the twin), they and the twin's do not land on
  /// the same characters of their lines; nil when neither.
  static func positionProblem(
    _ answer: JSONValue, text: String, _ twinAnswer: JSONValue?, twin: String?, encoding: String
  ) -> String? {
    let lines = lineLayout(text, encoding)
    let found = positions(in: answer)
    for position in found where place(position.line, position.character, in: lines, encoding) == nil {
      return
        "the position (line \(position.line), character \(position.character)) falls inside a character of the text in \(encoding)"
    }
    guard let twinAnswer, let twin else { return nil }
    let twinLines = lineLayout(twin, encoding)
    let twinFound = positions(in: twinAnswer)
    // Answers of another shape (a symbol named after the text, say) are compared no further;
    // the same positions in another order (symbols listed as a hash table holds them) agree.
    guard found.count == twinFound.count else { return nil }
    var twinPlaces: [Int: [Int: Int]] = [:]
    for position in twinFound {
      guard let there = place(position.line, position.character, in: twinLines, encoding) else { continue }
      twinPlaces[there.0, default: [:]][there.1, default: 0] += 1
    }
    for position in found {
      guard let here = place(position.line, position.character, in: lines, encoding) else { continue }
      if let count = twinPlaces[here.0]?[here.1], count > 0 {
        twinPlaces[here.0]?[here.1] = count - 1
        continue
      }
      let there = (twinPlaces[here.0] ?? [:]).filter { $0.value > 0 }.keys.sorted()
      return
        "the position (line \(position.line), character \(position.character)) is character \(here.1) of its line read in \(encoding), where the same answer about the text with one-unit characters points at character\(there.count == 1 ? "" : "s") \(there.map(String.init).joined(separator: ", ")): the answer does not count in \(encoding)"
    }
    return nil
  }
}
