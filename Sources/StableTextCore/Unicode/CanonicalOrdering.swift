/// Unicode's canonical ordering of combining marks, in n log n: each run of scalars whose
/// canonical combining class is not 0 sorted stably by that class (the algorithm only swaps
/// neighbours of different classes that are both not starters, so a stable sort by class gives
/// its result). The standard library's normaliser orders marks with an insertion sort, quadratic
/// in a run of alternating classes (U+0301, class 230, and U+0316, class 220, one after the
/// other: 100,000 marks took 20 s); the core's NFC of a long cluster ("Counting like X") and
/// commitlint's NFD (Protocol/README.md, "Team conventions") order their marks here first.
package enum CanonicalOrdering {
  /// `scalars` with each run of non-starters sorted by (class, place).
  package static func order(_ scalars: inout [Unicode.Scalar]) {
    var start = 0
    while start < scalars.count {
      guard combiningClass(scalars[start]) != 0 else {
        start += 1
        continue
      }
      var end = start + 1
      while end < scalars.count && combiningClass(scalars[end]) != 0 { end += 1 }
      if end - start > 1 {
        let run = scalars[start..<end].enumerated().sorted {
          let (a, b) = (combiningClass($0.element), combiningClass($1.element))
          return a != b ? a < b : $0.offset < $1.offset
        }
        scalars.replaceSubrange(start..<end, with: run.map(\.element))
      }
      start = end
    }
  }

  /// The scalar's canonical combining class (nothing below U+0300 has one but 0).
  package static func combiningClass(_ scalar: Unicode.Scalar) -> UInt8 {
    scalar.value < 0x300 ? 0 : scalar.properties.canonicalCombiningClass.rawValue
  }
}
