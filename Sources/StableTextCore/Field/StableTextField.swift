/// One text field's text and rules: the single source of truth that the daemon keeps per
/// document and that an app can keep in-process. All measurements here follow the rules
/// (unit, final newline, trimming) so that every frontend counts the same way.
///
/// The field keeps per-line indexes beside its text (the layout's rows, the line rules' lengths
/// and kinds). Edits only note which lines they touched; `catchUp()` measures those lines once,
/// however many edits touched them. Reading a figure without catching up still answers right
/// (from a caught-up copy of the index), only slower.
public struct StableTextField: Sendable {
  /// Read and changed in place: `field.text.replace(…)` edits the buffer itself, and reading
  /// `field.text.utf8Count` copies nothing either.
  public var text: TextBuffer {
    _read { yield storage }
    set {
      storage = newValue
      storage.tracksLines = rows != nil || lines != nil
    }
    _modify { yield &storage }
  }
  private var storage: TextBuffer
  /// The field's rules; setting them re-evaluates everything.
  public var rules: Rules {
    didSet {
      rulesGeneration &+= 1
      rulesChanged()
    }
  }
  /// Counts changes of `rules`: a remembered answer holds only for the rules it was found with.
  private(set) var rulesGeneration = 0
  /// Whether the rules leave one final line terminator out of the count: read from the rules'
  /// generic store once per change of rules, since every figure of a keystroke asks it.
  private(set) var leavesOutFinalTerminator = false
  /// Whether the rules read the text as message lines (`Rules.readsMessageLines`), found once per
  /// change of rules for the same reason.
  private(set) var readsMessageLines = false
  /// Row counts for the last wrap options a viewport asked for.
  var rows: RowIndex?
  /// How much of a layout is done before an answer (tests make them small).
  var layoutBudgets = RowIndex.Budgets()
  /// Where the text first passed the limit when last looked up (see `rememberFirstOver`).
  private var overLimitMemo: OverLimitMemo?
  /// The whole count of a unit counted whole, for the text and rules it was found with (see
  /// `rememberWholeCount`).
  var wholeCountMemo: WholeCountMemo?
  /// The composition under way, while an input method composes (`apply(_:in:policy:composing:)`).
  var composition: Composition?

  private struct OverLimitMemo: Sendable {
    var limit: Int
    var unit: LengthUnit
    var rulesGeneration: Int
    var offset: Int
    var dependsUpTo: Int
    var mark: TextBuffer.EditFloorMark
  }
  /// Lengths and kinds of lines, while the rules read lines (see `MessageLineIndex.Shape`).
  var lines: MessageLineIndex?
  /// Whether the field keeps per-line facts (`lines`, set with it): a stored flag, so that a
  /// caller holding the field in a class reads it in place (the daemon asks twice a keystroke).
  package private(set) var keepsLineFacts = false
  /// What one line's facts take.
  package static let lineFactsStride = MemoryLayout<LineFacts>.stride

  /// The memory the per-line facts of `rules` take for a text of `lineCount` lines (48 bytes a
  /// line while the rules read lines, none otherwise): what the daemon charges against its
  /// total, beside the text, since a text of empty lines costs far more in facts than in bytes.
  package static func lineFactsBytes(rules: Rules, lineCount: Int) -> Int {
    MessageLineIndex.Shape(rules) == nil ? 0 : lineFactsStride * lineCount
  }

  /// A field holding `text` under `rules`.
  public init(text: String = "", rules: Rules = .defaults) {
    self.init(buffer: TextBuffer(text), rules: rules)
  }

  /// A field holding a buffer already built (a large text opened once).
  public init(buffer: TextBuffer, rules: Rules) {
    self.storage = buffer
    self.rules = rules
    rulesChanged()
  }

  /// Measures the lines that edits touched since the last call, so the indexes describe the
  /// text again; every figure reads them. O(touched lines + log n).
  public mutating func catchUp() {
    rows?.update(to: storage)
    lines?.update(to: storage)
    storage.settleHistory()
    rememberFirstOver()
    rememberWholeCount()
  }

  private mutating func rulesChanged() {
    leavesOutFinalTerminator = rules.leavesOutFinalTerminator
    readsMessageLines = rules.readsMessageLines
    let shape = MessageLineIndex.Shape(rules)
    guard shape != lines?.base else { return }
    catchUp()
    // Edits record their lines only while an index needs them (turning that on or off starts
    // the history afresh, which nothing kept depends on: the rows have just caught up, and
    // turning it on only happens without them).
    storage.tracksLines = rows != nil || shape != nil
    lines = shape.map { MessageLineIndex(storage, shape: $0) }
    keepsLineFacts = shape != nil
  }

  /// The layout for `options`, from rows kept in step with the text; the first call for new
  /// options lays out the whole text.
  package mutating func layout(_ options: WrapOptions) -> TextLayout {
    catchUp()
    if rows?.options != options {
      storage.tracksLines = true
      rows = RowIndex(storage, options: options, budgets: layoutBudgets)
    }
    return TextLayout(rows!)
  }

  /// Lays out about `bytes` more of what the layout still estimates (see `TextLayout.isExact`);
  /// true while some remains. A daemon calls it between messages, so that a first layout of a
  /// large text never holds up other documents' requests.
  public mutating func refineLayout(bytes: Int = 16 << 10) -> Bool {
    guard rows != nil else { return false }
    catchUp()
    guard !rows!.isExact else { return false }
    rows!.advance(storage, budget: bytes)
    return !rows!.isExact
  }

  /// Whether some layout is still estimated.
  public var hasLayoutToRefine: Bool {
    mutating get {
      catchUp()
      return !(rows?.isExact ?? true)
    }
  }

  /// The UTF-8 range that is counted: everything, or everything but one final line terminator
  /// when the rules leave it out.
  public var countedRange: Range<Int> {
    let end = text.utf8Count
    return 0..<(leavesOutFinalTerminator ? text.terminatorStart(before: end) : end)
  }

  /// Length in the rules' unit, counted on the whole text (never by adding pieces, since a
  /// combining mark or a second regional indicator joins the cluster before it), or over the
  /// message lines from the per-line index (lines are clean boundaries: terminators end clusters).
  public var length: Int {
    if countsWhole { return rememberedWholeCount?.length ?? wholeLength }
    if needsMeasuring { return measuredLength }
    let dropped = text.utf8Count - countedRange.upperBound
    guard dropped > 0 else { return text.count(rules.lengthUnit) }
    // The dropped terminator is one cluster of one or two ASCII bytes.
    return text.count(rules.lengthUnit) - rules.lengthUnit.measure.terminatorLength(bytes: dropped)
  }

  /// Whether the length ("Counting") must be measured line by line (message lines, or a unit
  /// the rope does not keep, such as `columns`) rather than read from the rope's sums.
  var needsMeasuring: Bool { readsMessageLines || !rules.lengthUnit.isRopeMetric }

  /// Whether the unit is counted whole, in one pass over the counted text (`sms`).
  var countsWhole: Bool { rules.lengthUnit.measure.lineCount == .whole }

  /// True when the text is empty after trimming whitespace and newlines, whether or not the
  /// rules ask for a diagnostic of it. With comments or an end marker: when no message
  /// line is numbered (numbering starts at the first one that is not blank).
  public var isEmptyAfterTrim: Bool {
    guard readsMessageLines else { return text.isBlank }
    return messageIndex.firstNumbered == nil
  }

  /// UTF-8 offset of the first grapheme cluster that does not fit entirely within the limit,
  /// or `nil` when everything fits.
  public var firstClusterOverLimit: Int? {
    guard let limit = rules.limit else { return nil }
    if countsWhole { return rememberedWholeCount.map(\.firstOver) ?? wholeFirstOver(limit) }
    if needsMeasuring { return rememberedFirstOver(limit) ?? measuredFirstOver(limit) }
    guard isOverLimit else { return nil }
    return rememberedFirstOver(limit) ?? firstOver(at: limit).offset
  }

  /// The remembered first cluster over the limit, while it still holds for these rules and this text.
  private func rememberedFirstOver(_ limit: Int) -> Int? {
    guard let memo = overLimitMemo, memo.limit == limit, memo.unit == rules.lengthUnit,
      memo.rulesGeneration == rulesGeneration, storage.isUnchanged(before: memo.dependsUpTo, since: memo.mark)
    else { return nil }
    return memo.offset
  }

  /// The start of the cluster holding unit `limit` (0-based) of the whole text, and the offset
  /// up to which the answer depends on the text: the scalar where that cluster starts, or where
  /// the unit itself starts (an edit between the two changes which unit is the one).
  private func firstOver(at limit: Int) -> (offset: Int, dependsUpTo: Int) {
    // Clusters are the unit's own: the first cluster over is that cluster's start, found in O(log n) at once.
    if rules.lengthUnit == .graphemes {
      let start = text.clusterStart(limit)
      return (start, start)
    }
    // The cluster holding the first unit past the limit.
    let unit = text.utf8Offset(ofUnit: limit, rules.lengthUnit)
    return (text.clusterStart(containing: unit), unit)
  }

  /// Finds the first cluster over the limit again when edits reached before it (a publish follows every burst of
  /// keystrokes, and typing after it, the usual case, then costs nothing here).
  ///
  /// Measured line by line, the answer is remembered only when the lines up to the crossing
  /// line's content decide it (`measuredCut`): a unit counted whole, or a cut that falls on a
  /// terminator, is found afresh each time (the memo declines).
  private mutating func rememberFirstOver() {
    guard let limit = rules.limit, !countsWhole, rememberedFirstOver(limit) == nil else { return }
    let offset: Int
    let dependsUpTo: Int
    if needsMeasuring {
      guard let cut = measuredCut(limit), let depends = cut.dependsUpTo else { return }
      (offset, dependsUpTo) = (cut.offset, depends)
    } else {
      guard isOverLimit else { return }
      (offset, dependsUpTo) = firstOver(at: limit)
    }
    overLimitMemo = OverLimitMemo(
      limit: limit, unit: rules.lengthUnit, rulesGeneration: rulesGeneration, offset: offset,
      dependsUpTo: dependsUpTo,
      mark: storage.markEditFloor())
  }
}
