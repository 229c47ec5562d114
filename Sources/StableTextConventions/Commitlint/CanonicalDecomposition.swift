import StableTextCore
// The standard library's own decomposition of one scalar, which it keeps behind this SPI (the
// package API has none); it is the data `String` comparison uses.
@_spi(_Unicode) import Swift

/// NFD, as JavaScript's `normalize("NFD")` gives it, which es-toolkit's `deburr` (and so every
/// case of commitlint's but lower, upper and sentence) applies first (Protocol/README.md, "Team
/// conventions"): each scalar replaced by its full canonical decomposition (the standard
/// library's, Hangul syllables included), then each run of non-starters put in canonical order
/// by a stable sort on the combining class (`CanonicalOrdering`, n log n where the standard
/// library's normaliser is quadratic).
enum CanonicalDecomposition {
  static func nfd(_ scalars: some Sequence<Unicode.Scalar>) -> [Unicode.Scalar] {
    var result: [Unicode.Scalar] = []
    result.reserveCapacity(scalars.underestimatedCount)
    var cache: [Unicode.Scalar: [Unicode.Scalar]] = [:]
    for scalar in scalars {
      // Nothing below U+00C0 has a canonical decomposition.
      if scalar.value < 0xC0 {
        result.append(scalar)
      } else if let known = cache[scalar] {
        result.append(contentsOf: known)
      } else {
        let decomposed = Array(String(scalar)._nfd)
        cache[scalar] = decomposed
        result.append(contentsOf: decomposed)
      }
    }
    // Canonical ordering: each run of scalars of a class other than 0, sorted stably by class.
    CanonicalOrdering.order(&result)
    return result
  }
}
