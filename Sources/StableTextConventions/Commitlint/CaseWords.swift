/// es-toolkit's `words` (its lodash-compatible `es-toolkit/compat` build, 1.51.0, which
/// commitlint's cases use): the words of a text by lodash's Unicode word pattern, matched as
/// JavaScript's `match(/…/gu)` matches it — at each scalar the first of its alternatives that
/// matches, with a regular expression's backtracking; where none does, the next scalar
/// (Protocol/README.md, "Team conventions"). The alternatives, in order:
///
/// 1. `Lu? Ll+` followed by a break, an upper-case letter or the end;
/// 2. `(Lu | (Lm|Lo) M*)+` followed by a break, an upper-case letter before a lower-case or
///    caseless one, or the end;
/// 3. `Lu? (Ll | (Lm|Lo) M*)+`;
/// 4. `Lu+`;
/// 5. and 6. ordinals (`1ST`, `22nd`, `4th`), digits then a suffix in one case, not followed by a
///    letter of the other case's… exactly `(?=\b|[a-z_])` and `(?=\b|[A-Z_])`;
/// 7. ASCII digits;
/// 8. one `Emoji_Presentation` scalar; 9. one `Extended_Pictographic` scalar.
///
/// A break is a separator or punctuation (`\p{Z}`, `\p{P}`) or one of Latin-1's non-letters
/// (U+0000–U+002F, U+003A–U+0040, U+005B–U+0060, U+007B–U+00BF, `×`, `÷`). The pattern's
/// contractions (`'s`, `’ll`) never match here: every caller removes apostrophes first.
/// Caseless scripts (Han, Hangul, Arabic) are `Lo`, so they are words of their own, and cased
/// ones (Cyrillic, Greek) split like Latin.
struct CaseWords {
  private let scalars: [Unicode.Scalar]
  private let categories: [Unicode.GeneralCategory]

  init(_ scalars: [Unicode.Scalar]) {
    self.scalars = scalars
    self.categories = scalars.map(\.properties.generalCategory)
  }

  /// The words, in order.
  static func words(_ scalars: [Unicode.Scalar]) -> [ArraySlice<Unicode.Scalar>] {
    CaseWords(scalars).all()
  }

  private func all() -> [ArraySlice<Unicode.Scalar>] {
    var result: [ArraySlice<Unicode.Scalar>] = []
    var i = 0
    while i < scalars.count {
      if let end = match(at: i) {
        result.append(scalars[i..<end])
        i = end
      } else {
        i += 1
      }
    }
    return result
  }

  /// The end of the pattern's match at `i`, if any.
  private func match(at i: Int) -> Int? {
    lowerWord(at: i) ?? upperOrCaselessWord(at: i) ?? mixedWord(at: i) ?? upperRun(at: i)
      ?? ordinal(at: i, suffixes: ["1ST", "2ND", "3RD"], th: "TH", otherCase: Self.isASCIIUpperOrDigitLike)
      ?? ordinal(at: i, suffixes: ["1st", "2nd", "3rd"], th: "th", otherCase: Self.isASCIILowerOrDigitLike)
      ?? digits(at: i) ?? pictograph(at: i)
  }

  // MARK: The alternatives

  /// 1: `Lu? Ll+ (?=break|Lu|$)`, backtracking the `Ll+` to a place the lookahead accepts.
  private func lowerWord(at i: Int) -> Int? {
    for start in isUpper(i) ? [i + 1, i] : [i] {
      var end = start
      while isLower(end) { end += 1 }
      while end > start {
        if end == scalars.count || isBreak(end) || isUpper(end) { return end }
        end -= 1
      }
    }
    return nil
  }

  /// 2: `(Lu | Misc)+ (?=break|Lu (Ll|Misc)|$)`, where Misc is `(Lm|Lo) M*`: the longest run of
  /// units whose end the lookahead accepts (an end inside a unit's marks never is: a mark is no
  /// break and no letter).
  private func upperOrCaselessWord(at i: Int) -> Int? {
    var ends: [Int] = []
    var end = i
    while true {
      if isUpper(end) {
        end += 1
      } else if isMisc(end) {
        end = afterMarks(end + 1)
      } else {
        break
      }
      ends.append(end)
    }
    for end in ends.reversed() {
      if end == scalars.count || isBreak(end) || (isUpper(end) && (isLower(end + 1) || isMisc(end + 1))) {
        return end
      }
    }
    return nil
  }

  /// 3: `Lu? (Ll | Misc)+`, greedy (no lookahead).
  private func mixedWord(at i: Int) -> Int? {
    for start in isUpper(i) ? [i + 1, i] : [i] {
      var end = start
      while true {
        if isLower(end) {
          end += 1
        } else if isMisc(end) {
          end = afterMarks(end + 1)
        } else {
          break
        }
      }
      if end > start { return end }
    }
    return nil
  }

  /// 4: `Lu+`.
  private func upperRun(at i: Int) -> Int? {
    var end = i
    while isUpper(end) { end += 1 }
    return end > i ? end : nil
  }

  /// 5 and 6: `\d*(?:1ST|2ND|3RD|(?![123])\dTH)(?=\b|[a-z_])` and its lower-case twin. After the
  /// suffix's last letter, `\b` holds unless an ASCII word character follows; `[a-z_]` admits
  /// some: together, the match ends before anything but `otherCase`.
  private func ordinal(
    at i: Int, suffixes: [String], th: String, otherCase: (Unicode.Scalar) -> Bool
  ) -> Int? {
    var digitsEnd = i
    while isDigit(digitsEnd) { digitsEnd += 1 }
    // `\d*` gives back digits one by one; the suffix starts with a digit of its own.
    var start = digitsEnd
    while start >= i {
      var candidates: [String] = suffixes
      if isDigit(start), !"123".unicodeScalars.contains(scalars[start]) {
        candidates.append(String(scalars[start]) + th)
      }
      for suffix in candidates where hasPrefix(suffix, at: start) {
        let end = start + suffix.unicodeScalars.count
        if end == scalars.count || !otherCase(scalars[end]) { return end }
      }
      start -= 1
    }
    return nil
  }

  /// 7: `\d+` (ASCII digits: the pattern has no `i`, and `\d` is ASCII under `u`).
  private func digits(at i: Int) -> Int? {
    var end = i
    while isDigit(end) { end += 1 }
    return end > i ? end : nil
  }

  /// 8 and 9: `\p{Emoji_Presentation}`, `\p{Extended_Pictographic}`.
  private func pictograph(at i: Int) -> Int? {
    let scalar = scalars[i]
    return scalar.properties.isEmojiPresentation || ExtendedPictographic.contains(scalar) ? i + 1 : nil
  }

  // MARK: Classes

  private func category(_ i: Int) -> Unicode.GeneralCategory? {
    i < categories.count ? categories[i] : nil
  }

  private func isUpper(_ i: Int) -> Bool { category(i) == .uppercaseLetter }
  private func isLower(_ i: Int) -> Bool { category(i) == .lowercaseLetter }

  /// The start of a Misc unit: `[\p{Lm}\p{Lo}]`.
  private func isMisc(_ i: Int) -> Bool {
    let category = category(i)
    return category == .modifierLetter || category == .otherLetter
  }

  /// The index after the marks (`\p{M}*`) from `i` on.
  private func afterMarks(_ i: Int) -> Int {
    var end = i
    while let category = category(end),
      category == .nonspacingMark || category == .spacingMark || category == .enclosingMark
    {
      end += 1
    }
    return end
  }

  private func isDigit(_ i: Int) -> Bool {
    i < scalars.count && ("0"..."9").contains(scalars[i])
  }

  private func hasPrefix(_ text: String, at i: Int) -> Bool {
    var index = i
    for scalar in text.unicodeScalars {
      guard index < scalars.count, scalars[index] == scalar else { return false }
      index += 1
    }
    return true
  }

  /// `[\p{Z}\p{P}\x00-\x2f\x3a-\x40\x5b-\x60\x7b-\xbf\xd7\xf7]`.
  private func isBreak(_ i: Int) -> Bool {
    guard i < scalars.count else { return false }
    switch scalars[i].value {
    case 0x00...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0xBF, 0xD7, 0xF7: return true
    default: break
    }
    switch categories[i] {
    case .spaceSeparator, .lineSeparator, .paragraphSeparator, .connectorPunctuation, .dashPunctuation,
      .openPunctuation, .closePunctuation, .initialPunctuation, .finalPunctuation, .otherPunctuation:
      return true
    default:
      return false
    }
  }

  /// What `(?=\b|[a-z_])` refuses after an upper-case ordinal: `[A-Z0-9]`.
  private static func isASCIIUpperOrDigitLike(_ scalar: Unicode.Scalar) -> Bool {
    ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
  }

  /// What `(?=\b|[A-Z_])` refuses after a lower-case ordinal: `[a-z0-9]`.
  private static func isASCIILowerOrDigitLike(_ scalar: Unicode.Scalar) -> Bool {
    ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar)
  }
}
