/// A small deterministic generator for session tests.
package struct SplitMix {
  package var state: UInt64
  package init(seed: UInt64) { state = seed }
  package mutating func next(upTo bound: Int) -> Int {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    // Fits: a remainder below `bound`, which is an Int.
    return bound <= 0 ? 0 : Int((z ^ (z >> 31)) % UInt64(bound))
  }
}
