/// The length in one unit of a text that grows at its end, kept as it grows: appending a piece
/// costs the piece, not the text (the rewrap fix tries each word on the end of its line, and
/// counting the whole candidate line again for every word made a long paragraph quadratic).
///
/// Exact in every unit: a piece can join the cluster before it (a combining mark after a space,
/// anything after a prepended concatenation mark), so a unit measured by cluster follows the
/// grapheme breaking state across the join and measures the open cluster only once it closes
/// (or when asked); a unit the line index counts per scalar adds the piece's own count.
struct RunningLength {
  let unit: LengthUnit
  let tabSize: Int
  private let measure: any LengthMeasure
  private let byCluster: Bool
  /// The length of every cluster before the open one (and, per scalar, of everything).
  private var closed = 0
  /// The open (last) cluster's scalars.
  private var open = ""
  /// The display column where the open cluster starts on its line.
  private var column = 0

  init(_ unit: LengthUnit, tabSize: Int) {
    self.unit = unit
    self.tabSize = tabSize
    measure = unit.measure
    // `sms` and `twitter` are not sums of their clusters' lengths, but each has a state that
    // grows a closed cluster at a time: SMS's tally (its greedy packing), twitter's weight
    // split at spaces (`RunningTwitterWeight`).
    if measure is SMSMeasure {
      tally = SMSMeasure.Tally()
    } else if measure is TwitterMeasure {
      twitter = RunningTwitterWeight()
    } else if measure.lineCount == .whole || measure.lineCount == .lines {
      // Any other unit counted whole or by line is counted again on the whole.
      whole = ""
    }
    byCluster = measure.lineCount == .clusters || tally != nil || twitter != nil
  }

  /// Everything appended, for a unit counted whole or by line without a state of its own.
  private var whole: String?
  /// `sms`: the closed clusters' tally.
  private var tally: SMSMeasure.Tally?
  /// `twitter`: the closed clusters' weight.
  private var twitter: RunningTwitterWeight?
  /// Last, as the recognizer in it is resilient (see `BreakScanner.recognizer`).
  private var scanner = BreakScanner(Unicode._CharacterRecognizer())

  /// The length of everything appended so far.
  var length: Int {
    if let whole { return measure.count(whole[...], tabSize: tabSize) }
    if var tally {
      if !open.isEmpty { tally.add(Character(open)) }
      return tally.segments
    }
    if let twitter { return twitter.length(open: open) }
    return closed + openLength
  }

  private var openLength: Int {
    guard byCluster, !open.isEmpty else { return 0 }
    return measure.length(of: Character(open), atColumn: column, tabSize: tabSize)
  }

  mutating func append(_ piece: Substring) {
    if whole != nil {
      whole!.append(contentsOf: piece)
      return
    }
    guard byCluster else {
      closed += measure.count(piece, tabSize: tabSize)
      return
    }
    for scalar in piece.unicodeScalars {
      // The scanner sees every scalar, the first too: it carries the breaking state.
      let isBreak = scanner.hasBreak(before: scalar)
      if isBreak || open.isEmpty {
        if !open.isEmpty {
          let cluster = Character(open)
          if tally != nil {
            tally!.add(cluster)
          } else if twitter != nil {
            twitter!.close(cluster)
          } else {
            closed += measure.length(of: cluster, atColumn: column, tabSize: tabSize)
          }
          // A line terminator (`\n`, `\r`, `\r\n`: a cluster of its own) starts a new line.
          column = ColumnsMeasure.column(after: cluster, at: column, tabSize: tabSize)
        }
        open = String(scalar)
      } else {
        open.unicodeScalars.append(scalar)
      }
    }
  }

  /// The length with `piece` appended, this value unchanged.
  func length(appending piece: Substring) -> Int {
    var copy = self
    copy.append(piece)
    return copy.length
  }
}
