/// What commitlint's JavaScript does with strings, where Swift's `String` would do otherwise
/// (Protocol/README.md, "Team conventions"): JavaScript compares code units where `String`'s `==`
/// compares canonical equivalents (`é` as one scalar and as `e` + U+0301 differ for commitlint, so
/// they differ here), its `trim` removes its own set of white space, and a number prints without
/// `.0`.
enum JavaScriptString {
  /// JavaScript's `a === b` on strings: the same code units (the same scalars).
  static func equal(_ a: String, _ b: String) -> Bool {
    a.unicodeScalars.elementsEqual(b.unicodeScalars)
  }

  /// `a === b` on scalar sequences.
  static func equal<A: Sequence<Unicode.Scalar>, B: Sequence<Unicode.Scalar>>(_ a: A, _ b: B) -> Bool {
    a.elementsEqual(b)
  }

  /// A line terminator of JavaScript's grammar (what `.` in a regular expression does not match).
  static func isLineTerminator(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0A, 0x0D, 0x2028, 0x2029: true
    default: false
    }
  }

  /// What `String.prototype.trim` and `\s` take for white space: WhiteSpace (tab, vertical tab,
  /// form feed, space, U+00A0, U+FEFF and the space separators) and the line terminators.
  static func isWhiteSpace(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09, 0x0B, 0x0C, 0x20, 0xA0, 0xFEFF: return true
    case 0x0A, 0x0D, 0x2028, 0x2029: return true
    case ..<0x80: return false
    default: return scalar.properties.generalCategory == .spaceSeparator
    }
  }

  /// `s.trim()`.
  static func trim(_ s: String) -> String {
    let scalars = s.unicodeScalars
    guard let first = scalars.firstIndex(where: { !isWhiteSpace($0) }) else { return "" }
    let last = scalars.lastIndex(where: { !isWhiteSpace($0) })!
    return String(scalars[first...last])
  }

  /// `s.trim()` on scalars.
  static func trim(_ s: ArraySlice<Unicode.Scalar>) -> ArraySlice<Unicode.Scalar> {
    guard let first = s.firstIndex(where: { !isWhiteSpace($0) }) else { return s[s.endIndex...] }
    return s[first...s.lastIndex(where: { !isWhiteSpace($0) })!]
  }

  /// `` `${x}` `` of a number as a configuration gives it: an integral value without a fraction
  /// (`72`, not `72.0`); others as Swift's shortest form, which is JavaScript's but for the
  /// exponent's spelling of very large or small values.
  static func number(_ x: Double) -> String {
    if x.isNaN { return "NaN" }
    if x.isInfinite { return x < 0 ? "-Infinity" : "Infinity" }
    if let integral = Int64(exactly: x) { return String(integral) }
    return x.description
  }

  /// `s.toUpperCase()`: Unicode's full mappings, locale-independent (`ß` is `SS`).
  static func upperCased<S: Sequence<Unicode.Scalar>>(_ s: S) -> String {
    String(String.UnicodeScalarView(s)).uppercased()
  }

  /// `s.toLowerCase()`: the full mappings, and Unicode's Final_Sigma context, which JavaScript
  /// applies (`ΟΔΟΣ` is `οδος` with a final `ς`).
  static func lowerCased<S: Sequence<Unicode.Scalar>>(_ s: S) -> String {
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
