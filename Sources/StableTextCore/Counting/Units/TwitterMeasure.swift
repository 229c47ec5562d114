extension LengthUnit {
  /// twitter-text's weighted length, version 3, as X counts a post ("Counting like X"): URLs 23,
  /// emoji 2, CJK and most other scripts 2, Latin, Cyrillic, Greek and much punctuation 1.
  public static let twitter = LengthUnit(registered: "twitter")
}

/// A line's weight is its own: a URL, an emoji and NFC's compositions never cross a line
/// terminator (which weighs its code points, 1 each), so the line index keeps each line's
/// weight and the whole text's is their sum (`LineCount.lines`); a keystroke weighs its line.
struct TwitterMeasure: LengthMeasure {
  var name: String { "twitter" }
  var word: String { "weighted characters" }

  /// The most a `twitter` limit may be: X's 280 and its 4,000 for long posts fit; a larger one
  /// is a mistake in the rules, refused ("Counting like X").
  var maxLimit: Int? { 10_000 }

  func length(of character: Character, atColumn column: Int, tabSize: Int) -> Int {
    TwitterWeights().count(Substring(String(character)))
  }

  func count(_ text: Substring, tabSize: Int) -> Int { TwitterWeights().count(text) }

  func firstCluster(pastUnits limit: Int, in text: Substring, tabSize: Int) -> Int? {
    var total = 0
    var found: Int?
    TwitterWeights().forEachCluster(in: text) { offset, weight in
      total += weight
      if total > limit { found = offset }
      return found == nil
    }
    return found
  }

  func terminatorLength(bytes: Int) -> Int { bytes }

  var lineCount: LineCount { .lines }

  /// A URL of four bytes weighs 23.
  var exceedsBytes: Bool { true }

  /// A line of ASCII may hold a URL.
  var countsASCIIAsBytes: Bool { false }

  /// The whole decides: a count is not its parts' sum.
  var sumsClusters: Bool { false }
}
