/// What JavaScript does with strings, where Swift's `String` would do otherwise (Protocol/README.md,
/// "Team conventions"), for scalars: JavaScript compares code units where `String`'s `==` compares
/// canonical equivalents (`é` as one scalar and as `e` + U+0301 differ for commitlint, so they
/// differ here), its `trim` removes its own set of white space (`isWhitespace`), its case mappings
/// are Unicode's full ones. The byte-level half, for the parser, is in JavaScriptText.swift.
extension JavaScriptText {
  /// JavaScript's `a === b` on strings: the same code units (the same scalars).
  package static func equal(_ a: String, _ b: String) -> Bool {
    a.unicodeScalars.elementsEqual(b.unicodeScalars)
  }

  /// `a === b` on scalar sequences.
  static func equal<A: Sequence<Unicode.Scalar>, B: Sequence<Unicode.Scalar>>(_ a: A, _ b: B) -> Bool {
    a.elementsEqual(b)
  }

  /// `s.trim()`.
  package static func trim(_ s: String) -> String {
    let scalars = s.unicodeScalars
    guard let first = scalars.firstIndex(where: { !isWhitespace($0.value) }) else { return "" }
    let last = scalars.lastIndex(where: { !isWhitespace($0.value) })!
    return String(scalars[first...last])
  }

  /// `s.trim()` on scalars.
  static func trim(_ s: ArraySlice<Unicode.Scalar>) -> ArraySlice<Unicode.Scalar> {
    guard let first = s.firstIndex(where: { !isWhitespace($0.value) }) else { return s[s.endIndex...] }
    return s[first...s.lastIndex(where: { !isWhitespace($0.value) })!]
  }

  /// `s.toUpperCase()`: Unicode's full mappings, locale-independent (`ß` is `SS`).
  package static func upperCased<S: Sequence<Unicode.Scalar>>(_ s: S) -> String {
    String(String.UnicodeScalarView(s)).uppercased()
  }

  /// `s.toLowerCase()`: the full mappings, and Unicode's Final_Sigma context, which JavaScript
  /// applies (`ΟΔΟΣ` is `οδος` with a final `ς`).
  package static func lowerCased<S: Sequence<Unicode.Scalar>>(_ s: S) -> String {
    let scalars = Array(s)
    guard scalars.contains("\u{03A3}") else { return String(String.UnicodeScalarView(scalars)).lowercased() }
    var result = ""
    for (index, scalar) in scalars.enumerated() {
      if scalar == "\u{03A3}" && isFinalSigma(scalars, index) {
        result.unicodeScalars.append("\u{03C2}")
      } else {
        result += scalar.properties.lowercaseMapping
      }
    }
    return result
  }

  /// Final_Sigma: a cased letter before, past case-ignorable scalars, and none after.
  private static func isFinalSigma(_ scalars: [Unicode.Scalar], _ index: Int) -> Bool {
    func casedBeyondIgnorable(_ indices: some Sequence<Int>) -> Bool {
      for other in indices {
        // As ICU decides (JavaScript's engines use it): a scalar both cased and case-ignorable
        // (`ʰ`) is passed over.
        let properties = scalars[other].properties
        if properties.isCaseIgnorable { continue }
        return properties.isCased
      }
      return false
    }
    return casedBeyondIgnorable((0..<index).reversed())
      && !casedBeyondIgnorable((index + 1)..<scalars.count)
  }

  /// `s.substring(0, 1).toUpperCase() + s.substring(1)`: the first code unit upper-cased, which
  /// leaves a first scalar outside the Basic Multilingual Plane as it is (its code units are
  /// surrogates, which have no case), and `rest` applied to what follows.
  static func firstCodeUnitUpperCased(
    _ s: ArraySlice<Unicode.Scalar>, rest: (ArraySlice<Unicode.Scalar>) -> String
  ) -> String {
    guard let first = s.first else { return "" }
    let head = first.value <= 0xFFFF ? upperCased(CollectionOfOne(first)) : String(first)
    return head + rest(s.dropFirst())
  }
}
