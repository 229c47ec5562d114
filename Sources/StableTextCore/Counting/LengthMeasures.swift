/// The registry of length units: one line per unit, in the order rules, schemas and documents
/// list them. A new unit is a file in `Counting/Units` (its measure and its `LengthUnit`
/// constant) and a line here; the rule table, the JSON decoder, `check`'s `--unit`, the schema
/// test and the docs' unit list read this array.
enum LengthMeasures {
  /// The units rules name, in order.
  static let named: [any LengthMeasure] = [
    GraphemesMeasure(),
    UTF16Measure(),
    ScalarsMeasure(),
    UTF8Measure(),
    ColumnsMeasure(),
    BytesMeasure(encoding: .utf8),
    SMSMeasure(),
    TwitterMeasure(),
  ]

  /// The named units, then `bytes` in each encoding but UTF-8 (rules write those as `bytes` with
  /// an `encoding`; a unit's place here is its identity).
  static let all: [any LengthMeasure] =
    named + CharacterEncoding.all.dropFirst().map { BytesMeasure(encoding: $0) }

  /// The place of `bytes` in `encoding`.
  static func bytesIndex(_ encoding: CharacterEncoding) -> Int {
    encoding == .utf8 ? bytesInUTF8 : named.count + encoding.index - 1
  }

  private static let bytesInUTF8 = index(named: "bytes")!

  /// The rope's count of each unit, by registry position (asked on every keystroke).
  static let ropeCounts = all.map(\.ropeCount)

  /// Each measure's name and word, by registry position (written into every diagnostic).
  static let names = all.map(\.name)
  static let words = all.map(\.word)

  /// The registry position of the measure named `name` (a named unit's: the encodings' `bytes`
  /// share its name).
  static func index(named name: String) -> Int? { names.firstIndex(of: name) }
}
