/// Grapheme breaks with a fast path for ASCII and for the common letters and emoji of other
/// scripts (`isSimple`), which the recognizer of the standard library (a few hundred
/// instructions a scalar past ASCII) is not asked about: a cluster starts before an ASCII or a
/// simple scalar that follows an ASCII or a simple one (but a `\n` after a `\r`), and the
/// recognizer's state after a scalar that a cluster started at does not depend on what came
/// before it. Common marks that join any letter (`isJoining`: accents, variation selectors,
/// skin tones, the keycap) are followed too, so `e` + U+0301 and 👋🏽 ask nothing either. The
/// recognizer is consulted only around the other scalars (joiners, Indic letters and viramas,
/// jamo, regional indicators, prepended scalars, and marks that pile up).
struct BreakScanner {
  /// True while `recognizer` is stale: a cluster started at `last`, an ASCII or a simple scalar,
  /// and at most two joining scalars followed it (`joined`), all handled by the fast path; the
  /// true state is that of a fresh recognizer fed those (`fastState`).
  private var fast = false
  private var last: UInt32 = 0
  /// The joining scalars fed after `last` in the fast state, in order (0: none).
  private var joined: (UInt32, UInt32) = (0, 0)
  /// A non-ASCII scalar that, fed in the current state, left it unchanged (0: none), and whether
  /// a cluster started before it.
  private var repeated: UInt32 = 0
  private var repeatedBreak = false
  /// Last: the recognizer is the standard library's and resilient (its size is known only at
  /// run time), so every field after it would be found through the type's metadata on each
  /// access: a call per scalar.
  private var recognizer: Unicode._CharacterRecognizer

  init(_ state: Unicode._CharacterRecognizer) { recognizer = state }

  /// A scanner in the state after the ASCII scalar `byte` (whatever came before it), which
  /// asks the recognizer nothing until a scalar that needs it.
  init(afterASCII byte: UInt8) {
    fast = true
    // Fits: a byte widens.
    last = UInt32(byte)
    recognizer = Unicode._CharacterRecognizer()
  }

  /// The state after an ASCII scalar, independent of history.
  static func state(afterASCII byte: UInt8) -> Unicode._CharacterRecognizer {
    asciiStates[Int(byte)]
  }

  /// The state after each ASCII scalar, made once: leaving the fast path after ASCII (text
  /// meeting a joiner or a flag) would otherwise ask the recognizer for it every time.
  private static let asciiStates: [Unicode._CharacterRecognizer] = (0..<0x80).map { fed($0) }

  /// A fresh recognizer fed `value`.
  private static func fed(_ value: UInt32) -> Unicode._CharacterRecognizer {
    var recognizer = Unicode._CharacterRecognizer()
    _ = recognizer.hasBreak(before: Unicode.Scalar(value)!)
    return recognizer
  }

  /// The state after a scalar that a cluster started at (ASCII's always do), independent of
  /// history: the recognizer's promise that after a break it is one fed the scalar alone.
  static func state(afterStart value: UInt32) -> Unicode._CharacterRecognizer {
    value < 0x80 ? asciiStates[Int(value)] : fed(value)
  }

  /// Scalars of grapheme cluster break class Other, LV or LVT (Hangul syllables), no Indic
  /// consonant, no regional indicator, not a prepended scalar: a cluster starts before one
  /// whenever the cluster before it started at ASCII or another of them and holds nothing but
  /// joining marks (UAX #29: only a prepended scalar, a carriage return before a line feed, a
  /// leading jamo before a syllable, and the rules for marks, joiners, emoji sequences, regional
  /// indicators and Indic conjuncts keep two scalars together, and none applies), and the state
  /// after one is that of a fresh recognizer fed it. Latin-1's and Latin Extended-A's and -B's
  /// letters, Cyrillic's letters, kana, CJK Unified Ideographs, Hangul syllables and the
  /// pictographs of emoji (their skin tones excluded): most text past ASCII. The tests
  /// `simpleScalarsStartClustersAfterEachOther` and `joiningScalarsStayInTheirCluster` check
  /// every one against the recognizer.
  @inline(__always)
  static func isSimple(_ value: UInt32) -> Bool {
    switch value {
    case 0xC0...0x24F, 0x400...0x482, 0x3041...0x3096, 0x30A1...0x30FA, 0x4E00...0x9FFF, 0xAC00...0xD7A3,
      0x1F300...0x1F3FA, 0x1F400...0x1F64F, 0x1F680...0x1F6FF, 0x1F900...0x1F9FF:
      return true
    default:
      return false
    }
  }

  /// Marks of class Extend that join whatever cluster they follow unless it is a control (UAX
  /// #29's GB9): the combining diacritics, the keycap U+20E3, the variation selectors and the
  /// emoji skin tones. None is a joiner or an Indic linker, so after one the next ASCII or
  /// simple scalar still starts a cluster.
  @inline(__always)
  static func isJoining(_ value: UInt32) -> Bool {
    switch value {
    case 0x300...0x36F, 0x20E3, 0xFE00...0xFE0F, 0x1F3FB...0x1F3FF: return true
    default: return false
    }
  }

  /// The true state while `fast`: `last`'s, then the joining scalars after it.
  private var fastState: Unicode._CharacterRecognizer {
    var state = Self.state(afterStart: last)
    if joined.0 != 0 { _ = state.hasBreak(before: Unicode.Scalar(joined.0)!) }
    if joined.1 != 0 { _ = state.hasBreak(before: Unicode.Scalar(joined.1)!) }
    return state
  }

  @inline(__always)
  mutating func hasBreak(beforeASCII byte: UInt8) -> Bool {
    // Fits: a byte widens.
    defer { last = UInt32(byte) }
    joined = (0, 0)
    if fast { return !(last == 0x0D && byte == 0x0A) }
    fast = true
    return recognizer.hasBreak(before: Unicode.Scalar(byte))
  }

  /// A cluster started at an ASCII or a simple scalar, and only joining marks followed it: one
  /// starts before each ASCII scalar that follows but a `\n` after a `\r`, which a caller may
  /// count without feeding them (`skippedASCII`).
  @inline(__always)
  var breaksBeforeASCII: Bool { fast }

  /// Notes ASCII scalars that the caller counted itself while `breaksBeforeASCII`, the last
  /// being `byte`: the state after them is the one after `byte`.
  @inline(__always)
  mutating func skippedASCII(endingWith byte: UInt8) {
    precondition(fast && byte < 0x80)
    // Fits: a byte widens.
    last = UInt32(byte)
    joined = (0, 0)
  }

  @inline(__always)
  mutating func hasBreak(before scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    // Fits: below 0x80.
    if value < 0x80 { return hasBreak(beforeASCII: UInt8(value)) }
    let simple = Self.isSimple(value)
    if fast {
      if simple {
        last = value
        joined = (0, 0)
        return true
      }
      // A joining mark after anything but a control (which a cluster always ends after).
      if joined.1 == 0 && Self.isJoining(value) && last >= 0x20 && last != 0x7F {
        if joined.0 == 0 { joined.0 = value } else { joined.1 = value }
        return false
      }
      recognizer = fastState
      fast = false
      repeated = 0
    }
    if value == repeated { return repeatedBreak }
    let before = recognizer
    let result = recognizer.hasBreak(before: scalar)
    if simple && result {
      // A cluster started at it: the state after it is known without history.
      fast = true
      last = value
      joined = (0, 0)
      return true
    }
    if recognizer == before {
      repeated = value
      repeatedBreak = result
    } else {
      repeated = 0
    }
    return result
  }

  /// The state after a letter (`a`), which the pair rule below asks about each scalar.
  private static let afterLetter = state(afterASCII: 0x61)

  /// The state after `b` when `a` is followed by `b` and a cluster starts at `b` whatever came
  /// before `a`; `nil` when that is not known from the two. The rules that look further back
  /// than the pair (UAX #29's GB9c for Indic conjuncts, GB11 for emoji ZWJ sequences, GB12 and
  /// GB13 for regional indicators) all need `a` to be an extending mark, a joiner or a regional
  /// indicator; a letter before `a` is followed by a break unless `a` is an extending mark, a
  /// joiner or a spacing mark. Otherwise the pair alone decides, as a fresh recognizer fed the two
  /// does, and after a break the recognizer is one fed `b` alone (its documented promise).
  static func state(after a: Unicode.Scalar, breakingBefore b: Unicode.Scalar) -> Unicode
    ._CharacterRecognizer?
  {
    if RegionalParity.isIndicator(a.value) { return nil }
    var letter = afterLetter
    guard letter.hasBreak(before: a) else { return nil }
    var fresh = Unicode._CharacterRecognizer()
    _ = fresh.hasBreak(before: a)
    guard fresh.hasBreak(before: b) else { return nil }
    return fresh
  }

  var state: Unicode._CharacterRecognizer {
    fast ? fastState : recognizer
  }

  /// Feeds the scalars that start in `bytes[range]` (well-formed UTF-8) to the scanner, calling
  /// `body` with each one's offset, the scalar, and whether a cluster starts before it.
  @inline(__always)
  mutating func scan(
    _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ body: (Int, Unicode.Scalar, Bool) -> Void
  ) {
    var i = range.lowerBound
    while i < range.upperBound {
      let (scalar, length) = UTF8Lead.decode(bytes, at: i)
      body(i, scalar, hasBreak(before: scalar))
      i += length
    }
  }
}
