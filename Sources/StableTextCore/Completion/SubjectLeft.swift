/// What the subject's limits leave for each item of a completion list, where every item writes
/// its own text between the same two parts of line 1 (`head`, what is before the item's range;
/// `tail`, what is after it): Protocol/README.md, "Completion". A list holds up to a hundred
/// items and line 1 up to `StableTextField.completionLineBytes`: counting the whole line again
/// for each item cost a measure of the line per item, and measuring through `Character`s cost
/// about a thousand instructions a character even on a short line.
///
/// So the line is counted in three parts that split at cluster boundaries: `head` without its
/// last character, counted once; that character, the item and `tail`'s first character,
/// counted per item (a few bytes); the rest of `tail`, counted once per tab-stop phase it starts
/// at. This is exact when the unit sums its clusters (`LengthMeasure.sumsClusters`) and the two
/// characters at the seams are single ASCII scalars other than controls: no grapheme rule looks
/// across an ASCII letter or punctuation mark (GB9–GB13 need an extending, joining, prepended or
/// regional-indicator scalar on their side of the break), so the clusters of the whole line are
/// the clusters of the parts. In `twitter`, which no cluster
/// sum gives (URLs weigh 23 whatever their length), the line splits instead at a space that is a
/// cluster of its own (`RunningTwitterWeight`'s rule): what lies before the last such space of
/// `head` and from the first such space of `tail` is weighed once, and only the word the item
/// goes into is weighed per item, when it is at most `maxTwitterWordBytes` (a 60 KB line of
/// combining marks, one word, was weighed whole for each item: 2.6 s a request); past that the
/// unit says nothing of what an item leaves. Otherwise (`sms`, a combining mark at a seam) the
/// whole line is counted for each item.
package struct SubjectLeft {
  /// The longest word (what lies between the spaces around an item) weighed per item in `twitter`.
  package static let maxTwitterWordBytes = 1_024

  private let limits: [SubjectLimit]
  private let head: Substring
  private let tail: Substring
  /// Per limit: the parts' counts, or nil to count whole lines (or to weigh `twitter`'s word).
  private let parts: [Parts?]
  /// Per limit in `twitter`: the line split at its spaces.
  private let spaced: [Spaced?]
  /// Per limit: the count of `tail`'s rest by the tab-stop phase it starts at.
  private var tailCounts: [[Int: Int]]
  /// Per limit: the words for what is left, by what is left.
  private var words: [[Int: String]]

  /// `head + item + tail` in `twitter`: `before` weighed once, `wordHead + item + wordTail`
  /// weighed per item (unless the word is over `maxTwitterWordBytes`), `after` weighed once.
  private struct Spaced {
    var weightBefore: Int
    var wordHead: Substring
    var wordTail: Substring
    var weightAfter: Int
    var isShort: Bool
  }

  private struct Parts {
    /// `head` without its last character: its count and the display column it ends at.
    var headCount: Int
    var headColumn: Int
    /// The characters at the seams (empty when `head` or `tail` is).
    var headLast: Substring
    var tailFirst: Substring
    /// `tail` without its first character.
    var tailRest: Substring
  }

  package init(_ limits: [SubjectLimit], head: Substring, tail: Substring) {
    self.limits = limits
    self.head = head
    self.tail = tail
    parts = limits.map { Self.parts($0, head: head, tail: tail) }
    spaced = limits.map { $0.unit == .twitter ? Self.spaced(head: head, tail: tail) : nil }
    tailCounts = Array(repeating: [:], count: limits.count)
    words = Array(repeating: [:], count: limits.count)
  }

  /// What the tightest limit leaves of `head + item + tail`, as `SubjectLimit.words` says it:
  /// nil when there is no limit.
  package mutating func words(with item: Substring) -> String? {
    var tightest: (index: Int, left: Int)?
    for index in limits.indices {
      guard let count = count(index, item) else { continue }
      let left = limits[index].limit - count
      if tightest.map({ left < $0.left }) ?? true { tightest = (index, left) }
    }
    guard let (index, left) = tightest else { return nil }
    if let known = words[index][left] { return known }
    let said = limits[index].words(left: left)
    words[index][left] = said
    return said
  }

  /// The line with `item` counted in limit `index`'s unit; nil when that is not known cheaply
  /// (`twitter`, in a word over `maxTwitterWordBytes`).
  private mutating func count(_ index: Int, _ item: Substring) -> Int? {
    let limit = limits[index]
    if let spaced = spaced[index] {
      guard spaced.isShort else { return nil }
      let word = String(spaced.wordHead) + item + spaced.wordTail
      return spaced.weightBefore + limit.unit.count(word[...], tabSize: limit.tabSize) + spaced.weightAfter
    }
    guard let parts = parts[index] else {
      return limit.unit.count(Substring(String(head) + item + tail), tabSize: limit.tabSize)
    }
    let measure = limit.unit.measure
    var total = parts.headCount
    var column = parts.headColumn
    if measure.countsASCIIAsBytes && Self.isPrintableASCII(item) {
      // The seams are printable ASCII too: one cluster and one column a byte.
      let bytes = parts.headLast.utf8.count + item.utf8.count + parts.tailFirst.utf8.count
      total += bytes
      column += bytes
    } else {
      let middle = String(parts.headLast) + item + parts.tailFirst
      Self.add(middle[...], measure, limit.tabSize, &total, &column)
    }
    // A tab in the rest goes to the next stop: its count depends on the column's phase alone.
    let phase = column % limit.tabSize
    if let known = tailCounts[index][phase] { return total + known }
    var rest = 0
    var restColumn = phase
    Self.add(parts.tailRest, measure, limit.tabSize, &rest, &restColumn)
    tailCounts[index][phase] = rest
    return total + rest
  }

  /// The parts of the line for `limit`, or nil when it must be counted whole.
  private static func parts(_ limit: SubjectLimit, head: Substring, tail: Substring) -> Parts? {
    let measure = limit.unit.measure
    guard measure.sumsClusters, limit.tabSize > 0 else { return nil }
    var headLast: Substring = ""
    var headRest = head
    if let last = head.last {
      guard isSeam(last) else { return nil }
      headLast = head[head.index(before: head.endIndex)...]
      headRest = head[..<headLast.startIndex]
    }
    var tailFirst: Substring = ""
    var tailRest = tail
    if let first = tail.first {
      guard isSeam(first) else { return nil }
      tailFirst = tail[..<tail.index(after: tail.startIndex)]
      tailRest = tail[tailFirst.endIndex...]
    }
    var count = 0
    var column = 0
    add(headRest, measure, limit.tabSize, &count, &column)
    return Parts(
      headCount: count, headColumn: column, headLast: headLast, tailFirst: tailFirst, tailRest: tailRest)
  }

  /// `head` and `tail` split for `twitter` at the last space of `head` and the first of `tail`
  /// that are clusters of their own with a character of theirs on the item's side (so that what
  /// the item writes cannot join the space to anything): the text weighs what the part before
  /// such a space and the part from it weigh, each alone.
  private static func spaced(head: Substring, tail: Substring) -> Spaced {
    var split = head.startIndex
    var index = head.startIndex
    while index < head.endIndex {
      let next = head.index(after: index)
      if head[index] == " " && next < head.endIndex { split = index }
      index = next
    }
    var after = tail.endIndex
    if let first = tail.indices.first {
      index = tail.index(after: first)
      while index < tail.endIndex, tail[index] != " " { index = tail.index(after: index) }
      after = index
    }
    let weigh = { (text: Substring) in LengthUnit.twitter.count(text, tabSize: 1) }
    let wordHead = head[split...]
    let wordTail = tail[..<after]
    return Spaced(
      weightBefore: weigh(head[..<split]), wordHead: wordHead, wordTail: wordTail,
      weightAfter: weigh(tail[after...]),
      isShort: wordHead.utf8.count + wordTail.utf8.count <= maxTwitterWordBytes)
  }

  /// A character a grapheme rule cannot look across: one printable ASCII scalar.
  private static func isSeam(_ character: Character) -> Bool {
    character.unicodeScalars.count == 1 && (0x20...0x7E).contains(character.unicodeScalars.first!.value)
  }

  private static func isPrintableASCII(_ text: Substring) -> Bool {
    text.utf8.allSatisfy { (0x20...0x7E).contains($0) }
  }

  /// Adds `text`'s clusters at `column` to `total`, moving `column` past them.
  private static func add(
    _ text: Substring, _ measure: any LengthMeasure, _ tabSize: Int, _ total: inout Int, _ column: inout Int
  ) {
    if measure.countsASCIIAsBytes && isPrintableASCII(text) {
      total += text.utf8.count
      column += text.utf8.count
      return
    }
    for character in text {
      total += measure.length(of: character, atColumn: column, tabSize: tabSize)
      column = ColumnsMeasure.column(after: character, at: column, tabSize: tabSize)
    }
  }
}
