// The standard library's own decomposition of one scalar, which it keeps behind this SPI (the
// package API has none); it is the data `String` comparison uses.
@_spi(_Unicode) import Swift

/// NFD, as JavaScript's `normalize("NFD")` gives it, which es-toolkit's `deburr` (and so every
/// case of commitlint's but lower, upper and sentence) applies first (Protocol/README.md, "Team
/// conventions"): each scalar replaced by its full canonical decomposition (the standard
/// library's, Hangul syllables included), then each run of non-starters put in canonical order
/// by a stable sort on the combining class. The standard library's normaliser orders marks with
/// an insertion sort, quadratic in a run of alternating classes; this stays n log n.
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
    var start = 0
    while start < result.count {
      guard combiningClass(result[start]) != 0 else {
        start += 1
        continue
      }
      var end = start + 1
      while end < result.count, combiningClass(result[end]) != 0 { end += 1 }
      if end - start > 1 {
        let sorted = result[start..<end].enumerated().sorted {
          let (a, b) = (combiningClass($0.element), combiningClass($1.element))
          return a != b ? a < b : $0.offset < $1.offset
        }
        result.replaceSubrange(start..<end, with: sorted.map(\.element))
      }
      start = end
    }
    return result
  }

  static func combiningClass(_ scalar: Unicode.Scalar) -> UInt8 {
    scalar.value < 0x300 ? 0 : scalar.properties.canonicalCombiningClass.rawValue
  }
}
