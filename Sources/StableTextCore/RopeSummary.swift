/// Counts of a stretch of text in every unit StableText measures. Rope nodes add these up, so any
/// of them can be found by descending the tree instead of scanning the text.
public struct RopeSummary: Equatable, Sendable {
  public var utf8 = 0
  public var utf16 = 0
  public var scalars = 0
  /// Grapheme cluster starts in the stretch (a cluster that began earlier is not counted).
  public var graphemes = 0
  /// Line terminators ending in the stretch (`\r\n` counts once, at its `\n`).
  public var lineBreaks = 0
  /// Scalars outside the trimming set: zero means the text is blank after trimming.
  public var nonWhitespace = 0

  public init() {}

  @inline(__always)
  static func += (lhs: inout RopeSummary, rhs: RopeSummary) {
    lhs.utf8 += rhs.utf8
    lhs.utf16 += rhs.utf16
    lhs.scalars += rhs.scalars
    lhs.graphemes += rhs.graphemes
    lhs.lineBreaks += rhs.lineBreaks
    lhs.nonWhitespace += rhs.nonWhitespace
  }

  @inline(__always)
  static func -= (lhs: inout RopeSummary, rhs: RopeSummary) {
    lhs.utf8 -= rhs.utf8
    lhs.utf16 -= rhs.utf16
    lhs.scalars -= rhs.scalars
    lhs.graphemes -= rhs.graphemes
    lhs.lineBreaks -= rhs.lineBreaks
    lhs.nonWhitespace -= rhs.nonWhitespace
  }

  /// The count in a length unit.
  public func count(_ unit: LengthUnit) -> Int {
    switch unit {
    case .graphemes: return graphemes
    case .utf16: return utf16
    case .scalars: return scalars
    case .utf8: return utf8
    }
  }
}

/// What a descent through the rope measures by.
enum RopeMetric {
  case utf8, utf16, scalars, graphemes, lineBreaks

  @inline(__always)
  func value(_ summary: RopeSummary) -> Int {
    switch self {
    case .utf8: return summary.utf8
    case .utf16: return summary.utf16
    case .scalars: return summary.scalars
    case .graphemes: return summary.graphemes
    case .lineBreaks: return summary.lineBreaks
    }
  }
}

/// A leaf of the rope: up to a few KiB of UTF-8, never split inside a scalar or between `\r`
/// and `\n`, with the grapheme-breaking state at its start so that its cluster count can be
/// recomputed alone.
struct RopeChunk: Sendable {
  var text: String
  var summary: RopeSummary
  /// The recognizer's state before this chunk's first scalar.
  var startState: Unicode._CharacterRecognizer
  /// The state after its last scalar (the next chunk's start state).
  var endState: Unicode._CharacterRecognizer

  static let targetSize = 1024
  static let maxSize = 2048

  init(_ text: String, startState: Unicode._CharacterRecognizer) {
    var text = text
    text.makeContiguousUTF8()
    self.text = text
    (summary, endState) = Self.measure(text, from: startState)
    self.startState = startState
  }

  /// Re-measures after the start state changed (grapheme repair near an edit).
  mutating func restart(from state: Unicode._CharacterRecognizer) {
    startState = state
    (summary, endState) = Self.measure(text, from: state)
  }

  static func measure(_ text: String, from state: Unicode._CharacterRecognizer) -> (
    RopeSummary, Unicode._CharacterRecognizer
  ) {
    var summary = RopeSummary()
    var recognizer = state
    var previousWasCR = false
    for scalar in text.unicodeScalars {
      let value = scalar.value
      summary.scalars += 1
      if value < 0x80 {
        summary.utf8 += 1
        summary.utf16 += 1
      } else {
        summary.utf8 += UTF8.width(scalar)
        summary.utf16 += value > 0xFFFF ? 2 : 1
      }
      if recognizer.hasBreak(before: scalar) { summary.graphemes += 1 }
      if !Whitespace.contains(scalar) { summary.nonWhitespace += 1 }
      // `\r` is counted when the scalar after it is not `\n`; a lone final `\r` below.
      if previousWasCR && value != 0x0A { summary.lineBreaks += 1 }
      if value == 0x0A { summary.lineBreaks += 1 }
      previousWasCR = value == 0x0D
    }
    if previousWasCR { summary.lineBreaks += 1 }
    return (summary, recognizer)
  }
}
