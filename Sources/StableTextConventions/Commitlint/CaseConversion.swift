/// commitlint's `toCase` (`@commitlint/ensure`): what a text becomes in each case, by the
/// functions of es-toolkit's lodash-compatible build it calls (Protocol/README.md, "Team
/// conventions"). camel, kebab, snake, pascal and start case first `deburr` the text (its NFD,
/// with some combining marks dropped and a few letters spelled in ASCII), drop its apostrophes
/// (`I'm` is the word `Im`), and split it into `CaseWords`; so an accented or Hangul text never
/// equals its own camel case (its NFD differs from it), as in commitlint. lower, upper and
/// sentence case change the text alone.
enum CaseConversion {
  static func convert(_ input: String, to target: CommitlintCase) -> String {
    switch target {
    case .lower: return JavaScriptText.lowerCased(input.unicodeScalars)
    case .upper: return input.uppercased()
    case .sentence: return upperFirst(Array(input.unicodeScalars)[...])
    case .camel: return camelCase(input)
    case .pascal: return upperFirst(Array(camelCase(input).unicodeScalars)[...])
    case .kebab: return words(input).map { JavaScriptText.lowerCased($0) }.joined(separator: "-")
    case .snake: return words(input).map { JavaScriptText.lowerCased($0) }.joined(separator: "_")
    case .start: return startCase(input)
    }
  }

  /// `camelCase`: the first word lower-cased, each other capitalised, joined.
  static func camelCase(_ input: String) -> String {
    let all = words(input)
    guard let first = all.first else { return "" }
    return JavaScriptText.lowerCased(first) + all.dropFirst().map(capitalize).joined()
  }

  /// `startCase`: each word of the trimmed text kept if it is all upper case, else capitalised;
  /// joined with spaces.
  static func startCase(_ input: String) -> String {
    words(input, trimmed: true).map { word in
      JavaScriptText.equal(String(String.UnicodeScalarView(word)), JavaScriptText.upperCased(word))
        ? String(String.UnicodeScalarView(word)) : capitalize(word)
    }.joined(separator: " ")
  }

  /// `words(normalizeForCase(deburr(input)))`, with `startCase`'s `trim` between when asked.
  static func words(_ input: String, trimmed: Bool = false) -> [ArraySlice<Unicode.Scalar>] {
    var prepared = deburr(input.unicodeScalars).filter { $0 != "'" && $0 != "\u{2019}" }[...]
    if trimmed { prepared = JavaScriptText.trim(prepared) }
    return CaseWords.words(Array(prepared))
  }

  /// `capitalize`: the first code unit upper-cased, the rest lower-cased.
  static func capitalize(_ word: ArraySlice<Unicode.Scalar>) -> String {
    JavaScriptText.firstCodeUnitUpperCased(word) { JavaScriptText.lowerCased($0) }
  }

  /// `upperFirst`: the first code unit upper-cased, the rest as it is.
  static func upperFirst(_ text: ArraySlice<Unicode.Scalar>) -> String {
    JavaScriptText.firstCodeUnitUpperCased(text) { String(String.UnicodeScalarView($0)) }
  }

  /// es-toolkit's `deburr`: the text's NFD without the combining marks U+0300–U+036F,
  /// U+20D0–U+20FF and U+FE20–U+FE2F, and the letters NFD keeps whole spelled in ASCII (`ß` is
  /// `ss`, `Ø` is `O`).
  static func deburr(_ scalars: some Sequence<Unicode.Scalar>) -> [Unicode.Scalar] {
    var result: [Unicode.Scalar] = []
    for scalar in CanonicalDecomposition.nfd(scalars) {
      switch scalar.value {
      case 0x300...0x36F, 0x20D0...0x20FF, 0xFE20...0xFE2F: continue
      default: break
      }
      if scalar.value >= 0xC6, let spelled = spelling[scalar] {
        result.append(contentsOf: spelled.unicodeScalars)
      } else {
        result.append(scalar)
      }
    }
    return result
  }

  /// `deburr`'s map of letters without a decomposition.
  static let spelling: [Unicode.Scalar: String] = [
    "Æ": "Ae", "Ð": "D", "Ø": "O", "Þ": "Th", "ß": "ss", "æ": "ae", "ð": "d", "ø": "o", "þ": "th",
    "Đ": "D", "đ": "d", "Ħ": "H", "ħ": "h", "ı": "i", "Ĳ": "IJ", "ĳ": "ij", "ĸ": "k", "Ŀ": "L",
    "ŀ": "l", "Ł": "L", "ł": "l", "ŉ": "'n", "Ŋ": "N", "ŋ": "n", "Œ": "Oe", "œ": "oe", "Ŧ": "T",
    "ŧ": "t", "ſ": "s",
  ]
}
