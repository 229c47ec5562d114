/// How a stretch's cluster count depends on the regional-indicator run it continues.
///
/// Regional indicators pair up left to right (`🇰🇷` is one cluster), so whether an indicator
/// starts a cluster depends on how many indicators run before it, however far back the run
/// began. Every other piece of grapheme state settles within a few scalars of an edit; this one
/// never does: an indicator put in front of a megabyte of flags re-pairs all of them. So the rope
/// measures every chunk as if the run it continues had even length (its *canonical* count), and
/// keeps this profile beside the counts: how many clusters fewer the stretch holds when the run
/// before it is odd, and the parity it hands on. Profiles compose left to right (an empty stretch
/// is the identity), so nodes hold their children's composition, and the true count of any
/// prefix is its canonical count minus its composed correction, found in the same O(log n)
/// descent. An edit re-measures only its own chunk; nothing after it changes.
struct RegionalParity: Equatable, Sendable {
  /// Every scalar of the stretch is a regional indicator (an empty stretch too).
  var isWhole = true
  /// Whether the indicators of the stretch (when whole) or of its trailing run are odd.
  var isOdd = false
  /// Clusters the canonical count holds beyond the true one when the run before is odd: the
  /// stretch's leading run then pairs from its first indicator on, one cluster fewer when that
  /// run is odd. (Even runs before need no correction: that is the canonical count.)
  var correctionAfterOdd = 0
  /// The same when the run before is even, which only a composition can make non-zero.
  var correctionAfterEven = 0

  init() {}

  /// The profile of a stretch with `leading` indicators before its first other scalar (all of
  /// them when `isWhole`) and `trailing` after its last.
  init(leading: Int, trailing: Int, isWhole: Bool) {
    self.isWhole = isWhole
    isOdd = (isWhole ? leading : trailing) & 1 == 1
    correctionAfterOdd = leading & 1
  }

  /// The correction for a stretch continuing a run of that parity.
  @inline(__always)
  func correction(afterOdd odd: Bool) -> Int { odd ? correctionAfterOdd : correctionAfterEven }

  /// The parity of the run after the stretch, given the one before it.
  @inline(__always)
  func parity(afterOdd odd: Bool) -> Bool { isWhole ? odd != isOdd : isOdd }

  /// The profile of this stretch followed by `next`.
  @inline(__always)
  func followed(by next: RegionalParity) -> RegionalParity {
    var result = RegionalParity()
    result.correctionAfterEven = correctionAfterEven + next.correction(afterOdd: parity(afterOdd: false))
    result.correctionAfterOdd = correctionAfterOdd + next.correction(afterOdd: parity(afterOdd: true))
    result.isWhole = isWhole && next.isWhole
    result.isOdd = next.isWhole ? isOdd != next.isOdd : next.isOdd
    return result
  }

  @inline(__always)
  static func isIndicator(_ scalar: UInt32) -> Bool { scalar &- 0x1F1E6 < 26 }

  /// The grapheme state a chunk starts from after an even run of indicators, whatever the run's
  /// last indicator: breaking depends on the property, not on which flag letter it was.
  static let evenRunState: Unicode._CharacterRecognizer = {
    var recognizer = Unicode._CharacterRecognizer()
    _ = recognizer.hasBreak(before: "\u{1F1E6}")
    _ = recognizer.hasBreak(before: "\u{1F1E6}")
    return recognizer
  }()

  /// The state after an odd run: the next indicator completes a pair.
  static let oddRunState: Unicode._CharacterRecognizer = {
    var recognizer = Unicode._CharacterRecognizer()
    _ = recognizer.hasBreak(before: "\u{1F1E6}")
    return recognizer
  }()
}

extension RegionalParity {
  /// Whether the four bytes at `i` of well-formed UTF-8 are an indicator (F0 9F 87 A6...BF).
  @inline(__always)
  static func isIndicator(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
    i >= 0 && i + 4 <= bytes.count && bytes[i] == 0xF0 && bytes[i + 1] == 0x9F && bytes[i + 2] == 0x87
      && bytes[i + 3] >= 0xA6 && bytes[i + 3] <= 0xBF
  }

  /// How many indicators run from `i`: two at a step (eight bytes, `F0 9F 87 xx` twice, each
  /// `xx` from A6 to BF), then one.
  static func indicators(_ bytes: UnsafeBufferPointer<UInt8>, from i: Int) -> Int {
    guard i >= 0 else { return 0 }
    var at = i
    while at + 8 <= bytes.count {
      let word = ByteWord(bytes, at: at).word
      // The fixed bytes of both (the first byte lowest), and both last bytes in A6...BF.
      guard word & 0x00FF_FFFF_00FF_FFFF == 0x0087_9FF0_0087_9FF0,
        (word >> 24) & 0xFF &- 0xA6 < 26, (word >> 56) &- 0xA6 < 26
      else { break }
      at += 8
    }
    while isIndicator(bytes, at: at) { at += 4 }
    return (at - i) / 4
  }

  /// Whether well-formed UTF-8 is regional indicators and nothing else (none at all too).
  static func allIndicators(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    bytes.count % 4 == 0 && indicators(bytes, from: 0) * 4 == bytes.count
  }

  /// The profile of well-formed UTF-8, reading only its leading and trailing indicators.
  init(of bytes: UnsafeBufferPointer<UInt8>) {
    func isIndicator(at i: Int) -> Bool { Self.isIndicator(bytes, at: i) }
    let leading = Self.indicators(bytes, from: 0)
    if leading * 4 == bytes.count {
      self.init(leading: leading, trailing: leading, isWhole: true)
      return
    }
    var trailing = 0
    while bytes.count - (trailing + 1) * 4 >= leading * 4 && isIndicator(at: bytes.count - (trailing + 1) * 4)
    {
      trailing += 1
    }
    self.init(leading: leading, trailing: trailing, isWhole: false)
  }
}
