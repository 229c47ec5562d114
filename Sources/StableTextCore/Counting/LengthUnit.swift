/// What one "character" of the length limit is: a name from the registry of measures
/// (`LengthMeasures`), each matching a real system's idea of length. A value, not a closed
/// enum: a unit is added by one file in `Counting/Units` and one line in the registry, and code
/// outside the core asks a unit what it needs (`word`, `count`, `width`) instead of switching
/// over the set ("Counting").
public struct LengthUnit: RawRepresentable, Hashable, Sendable, CaseIterable, CustomStringConvertible {
  /// The unit's place in the registry: equality and hashing compare it alone (not `rawValue`,
  /// as `RawRepresentable`'s defaults would: `bytes` in each encoding share one name).
  let index: Int

  public static func == (lhs: LengthUnit, rhs: LengthUnit) -> Bool { lhs.index == rhs.index }

  public func hash(into hasher: inout Hasher) { hasher.combine(index) }

  /// The unit's name in rules (`"graphemes"`, `"utf16"`, …).
  public var rawValue: String { LengthMeasures.names[index] }

  /// The registered unit named `rawValue`, or `nil` when no measure has that name.
  public init?(rawValue: String) {
    guard let index = LengthMeasures.index(named: rawValue) else { return nil }
    self.index = index
  }

  /// The unit a measure file declares: its name must be in the registry (a unit declared and
  /// not registered is a mistake in the core, found by the first test that uses it).
  init(registered name: String) {
    guard let index = LengthMeasures.index(named: name) else {
      preconditionFailure("the length unit \(name) has no line in LengthMeasures.all")
    }
    self.index = index
  }

  /// Every unit rules name, in the registry's order (the order rules and documents list them).
  public static var allCases: [LengthUnit] { LengthMeasures.named.indices.map { LengthUnit(index: $0) } }

  /// Every registered unit: the named ones, then `bytes` in each other encoding.
  static var registered: [LengthUnit] { LengthMeasures.all.indices.map { LengthUnit(index: $0) } }

  init(index: Int) { self.index = index }

  /// How this unit counts.
  var measure: any LengthMeasure { LengthMeasures.all[index] }

  /// The unit's name, as rules write it.
  public var description: String { rawValue }

  /// The rope keeps this count: totals and where a limit falls need no line index.
  var isRopeMetric: Bool { ropeCount != nil }

  /// The rope's count that is this unit's, if any.
  var ropeCount: RopeCount? { LengthMeasures.ropeCounts[index] }

  /// Every ASCII scalar but a tab counts 1 (`LengthMeasure.countsASCIIAsBytes`).
  /// Asked of the measure (not a table of every unit's: a legacy encoding's answer is read from
  /// its table, built when that unit is first used).
  var countsASCIIAsBytes: Bool { measure.countsASCIIAsBytes }

  /// The largest limit rules may set in this unit, or `nil` for any.
  public var maxLimit: Int? { measure.maxLimit }

  /// What is wrong with `limit` as a limit in this unit, if anything: `expected at most 10000
  /// in twitter, got 20000`.
  package func limitProblem(_ limit: Int?) -> String? {
    guard let limit, let most = maxLimit, limit > most else { return nil }
    return "expected at most \(most) in \(rawValue), got \(limit)"
  }

  /// The word a message uses for a count in this unit ("characters", "bytes", …).
  public var word: String { LengthMeasures.words[index] }

  /// Counts `text` in this unit (`columns` with tab stops every `tabSize`, from the start of
  /// `text` and of each line in it).
  public func count(_ text: Substring, tabSize: Int = 8) -> Int { measure.count(text, tabSize: tabSize) }

  /// How many of this unit one cluster at `column` of its line takes.
  public func width(of character: Character, atColumn column: Int, tabSize: Int) -> Int {
    measure.length(of: character, atColumn: column, tabSize: tabSize)
  }
}
