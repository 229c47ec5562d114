/// Everything the core knows of one length unit, in one place: its name and word, how a text is
/// counted in it (the plain model every fast path is tested against), whether the rope keeps the
/// count, and how the line index measures a line in it. The core asks a unit's measure; nothing
/// switches over the set of units.
protocol LengthMeasure: Sendable {
  /// The unit's name in rules and documents.
  var name: String { get }
  /// The word a message uses for a count in this unit.
  var word: String { get }

  /// The plain model: how many of this unit one cluster at display column `column` of its line
  /// takes (a line terminator is one cluster, `\n`, `\r` or `\r\n`).
  func length(of character: Character, atColumn column: Int, tabSize: Int) -> Int

  /// Counts `text`: the plain model summed, unless the measure has a faster way that agrees.
  func count(_ text: Substring, tabSize: Int) -> Int

  /// The rope's count that is this unit's, when the rope keeps one: the whole text's length in
  /// O(1) and where a limit falls in O(log n). `nil`: the unit is counted line by line through
  /// the line index ("Counting").
  var ropeCount: RopeCount? { get }

  /// The UTF-8 offset where unit `index` (0-based) of `buffer` starts, snapped back to a scalar
  /// boundary (`buffer.utf8Count` past the end): where the first unit past a limit lies.
  func utf8Offset(ofUnit index: Int, in buffer: TextBuffer, tabSize: Int) -> Int

  /// A line terminator of `bytes` bytes (1 or 2) in this unit: what dropping a final newline
  /// takes off, and what a line adds to the running length after its content. At most 15 when
  /// `lineCount` is `.clusters` (the line index keeps four bits of it per line).
  func terminatorLength(bytes: Int) -> Int

  /// The UTF-8 offset of the first cluster at which `limit` units are passed in `text`, or `nil`
  /// when all of it fits (by default the plain model, counting from the start).
  func firstCluster(pastUnits limit: Int, in text: Substring, tabSize: Int) -> Int?

  /// Where the line index takes a line's length from.
  var lineCount: LineCount { get }

  /// With `lineCount == .clusters`: the length of one cluster of a line's content as the
  /// layout's cluster reader gives it (`bytes`: its UTF-8; `width`: its cells, -1 for a tab) at
  /// display column `column`. Agrees with `length(of:atColumn:tabSize:)` for the same cluster.
  func length(ofCluster bytes: UnsafeBufferPointer<UInt8>, width: Int, atColumn column: Int, tabSize: Int)
    -> Int

  /// The same as `length(ofCluster:width:atColumn:tabSize:)` without a call, when it is that
  /// simple (`measured` otherwise).
  var clusterLength: ClusterLength { get }

  /// `length(ofCluster:width:atColumn:tabSize:)` reads the cluster's bytes (else it may be given
  /// none: a reader streaming from the rope has no cluster's bytes in one piece).
  var readsClusterBytes: Bool { get }

  /// A line's count in this unit can pass its UTF-8 bytes (a tab is one byte and up to 1,000
  /// columns): the line index keeps it in its 48-bit slot.
  var exceedsBytes: Bool { get }

  /// Every ASCII scalar other than a tab counts exactly 1 (and so a line of them counts its
  /// bytes): fast paths on such lines may read the byte count. A measure for which this is false
  /// makes them decline.
  var countsASCIIAsBytes: Bool { get }

  /// The largest limit rules may set in this unit, or `nil` for any (`twitter`'s 10,000).
  var maxLimit: Int? { get }

  /// A text's count is its clusters' `length(of:atColumn:tabSize:)` summed, each at its display
  /// column from the start: a line split at cluster boundaries can be counted in parts (what
  /// completion does for a hundred items that each change a few bytes of one line). False where
  /// the whole decides (`twitter`'s URLs, `sms`'s segments).
  var sumsClusters: Bool { get }
}

extension LengthMeasure {
  func count(_ text: Substring, tabSize: Int) -> Int {
    var total = 0
    var column = 0
    for character in text {
      total += length(of: character, atColumn: column, tabSize: tabSize)
      column = Self.column(after: character, at: column, tabSize: tabSize)
    }
    return total
  }

  var ropeCount: RopeCount? { nil }

  func firstCluster(pastUnits limit: Int, in text: Substring, tabSize: Int) -> Int? {
    var total = 0
    var column = 0
    var offset = 0
    for character in text {
      let length = length(of: character, atColumn: column, tabSize: tabSize)
      if total + length > limit { return offset }
      total += length
      column = Self.column(after: character, at: column, tabSize: tabSize)
      offset += character.utf8.count
    }
    return nil
  }

  /// Counted from the start with the plain model, for units the rope does not keep.
  func utf8Offset(ofUnit index: Int, in buffer: TextBuffer, tabSize: Int) -> Int {
    firstCluster(pastUnits: index, in: buffer.string[...], tabSize: tabSize) ?? buffer.utf8Count
  }

  func length(ofCluster bytes: UnsafeBufferPointer<UInt8>, width: Int, atColumn column: Int, tabSize: Int)
    -> Int
  {
    0
  }

  var exceedsBytes: Bool { false }

  var clusterLength: ClusterLength { .measured }

  var readsClusterBytes: Bool { false }

  var countsASCIIAsBytes: Bool { true }

  var sumsClusters: Bool { true }

  var maxLimit: Int? { nil }

  static func isTerminator(_ character: Character) -> Bool {
    character == "\n" || character == "\r" || character == "\r\n"
  }

  /// The display column after `character` at `column`: columns restart after a line terminator
  /// (only `\n`, `\r` and `\r\n` end a line, "Positions and lines", not a form feed or U+2028).
  static func column(after character: Character, at column: Int, tabSize: Int) -> Int {
    isTerminator(character)
      ? 0 : column + ColumnsMeasure.advance(of: character, atColumn: column, tabSize: tabSize)
  }
}
