import StableTextCore
import StableTextJSON
import StableTextProject
import StableTextProtocol
import StableTextSessionSupport
import Testing

@testable import StableTextServer

/// The rule table (the fields the registry's checks declare) is the one description of every
/// rule: the schemas must say the same (same names, same accepted values), the decoder must accept and refuse exactly what the kind says,
/// and a value read back from a layer must be the one written.
@Suite struct RuleTableAgreement {
  /// Values a kind accepts and refuses, picked at its edges.
  static func samples(_ kind: RuleKind) -> (valid: [JSONValue], invalid: [JSONValue]) {
    var valid: [JSONValue] = []
    var invalid: [JSONValue] = ["x", [:]]
    switch kind {
    case .integer(let range, _):
      valid += [.int(range.lowerBound), .int(range.lowerBound + 1)]
      invalid += [.int(range.lowerBound - 1), 1.5, true]
      if range.upperBound != .max {
        valid.append(.int(range.upperBound))
        invalid.append(.int(range.upperBound + 1))
      }
    case .boolean:
      valid += [true, false]
      invalid += [1]
    case .string(let maxBytes, let nonEmpty, let singleLine, _):
      invalid.removeFirst()
      valid += ["a", .string(String(repeating: "é", count: maxBytes / 2))]
      invalid += [.string(String(repeating: "a", count: maxBytes + 1)), 3]
      if nonEmpty { invalid.append("") } else { valid.append("") }
      if singleLine { invalid.append("a\nb") } else { valid.append("a\nb") }
    case .choice(let names, _):
      valid += names.map { .string($0) }
      invalid += ["nope", 1]
    case .lineRules(let maxCount):
      valid += [[], [["lines": "1", "maxLength": 5]]]
      invalid += [
        .array(Array(repeating: ["lines": "1", "blank": true], count: maxCount + 1)), [["lines": "0-"]],
      ]
    case .choiceList(let names, let maxCount):
      valid += [[], .array(names.map { .string($0) }), [.string(names[0])]]
      invalid += [["nope"], [1], .array(Array(repeating: .string(names[0]), count: maxCount + 1))]
    case .encoding:
      valid += CharacterEncoding.all.map { .string($0.name) }
      invalid += ["UTF8", "utf-8 ", 1]
    case .trailerTokens(let maxCount, let maxBytes):
      valid += [
        [], ["Signed-off-by"], ["Co-authored-by", "Change-Id", "X1"],
        [.string(String(repeating: "a", count: maxBytes))],
      ]
      invalid += [
        ["Signed off"], ["Signed-off-by:"], ["-x"], [""], [1],
        [.string(String(repeating: "a", count: maxBytes + 1))],
        .array(Array(repeating: "A", count: maxCount + 1)),
      ]
    }
    if kind.isNullable { valid.append(nil) } else { invalid.append(nil) }
    return (valid, invalid)
  }

  @Test func schemaDecoderAndTableAgree() throws {
    var validator = SchemaValidator()
    let common = try JSONValue(
      parsing: String(
        contentsOf: SchemaValidator.directory.appendingPathComponent("common.json"), encoding: .utf8))
    let properties = common["$defs"]?["rules"]?["properties"]?.objectValue?.keys ?? []
    #expect(Set(properties) == Set(RuleTable.fields.map(\.name)), "the schema's rules are the table's")
    for field in RuleTable.fields {
      let (valid, invalid) = Self.samples(field.kind)
      for value in valid {
        let rules: JSONValue = [field.name: value]
        #expect(
          try validator.validate(["rules": rules], against: "initializationOptions.json") == [],
          "\(field.name) \(value)")
        let handle = try JSONParser.parse(Array(JSONSerializer.bytes(rules)))
        var warnings: [String] = []
        let patch = try RulesDecoding.patch(handle.ref(), warnings: &warnings)
        // Read back through the table: the value written is the value decoded.
        let expected = try RulesDecoding.value(handle.ref()[field.name], field.kind, warnings: &warnings)
        #expect(field.get(patch) == expected, "\(field.name) \(value)")
        #expect(warnings == [])
      }
      for value in invalid {
        let rules: JSONValue = [field.name: value]
        #expect(
          try !validator.validate(["rules": rules], against: "initializationOptions.json").isEmpty,
          "\(field.name) \(value)")
        let handle = try JSONParser.parse(Array(JSONSerializer.bytes(rules)))
        var warnings: [String] = []
        #expect(throws: JSONFieldError.self, "\(field.name) \(value)") {
          _ = try RulesDecoding.patch(handle.ref(), warnings: &warnings)
        }
      }
    }
  }

  /// Merging and applying go field by field through the table: a later layer wins exactly on
  /// the fields it sets, `null` included.
  @Test func layersMergeFieldByField() {
    let early = RulePatch(maxLength: .some(10), unit: .utf8, commentPrefix: .some("#"), tabSize: 4)
    let late = RulePatch(maxLength: .some(nil), commentPrefix: .some(nil), preset: .some(.gitCommit))
    let merged = early.merging(late)
    #expect(
      merged
        == RulePatch(
          maxLength: .some(nil), unit: .utf8, commentPrefix: .some(nil), tabSize: 4, preset: .some(.gitCommit)
        ))
    let rules = Rules.defaults.applying(merged)
    #expect(rules.maxLength == nil && rules.unit == .utf8 && rules.commentPrefix == nil && rules.tabSize == 4)
    #expect(RuleTable.field(named: "preset")?.get(merged) == .string("gitCommit"))
    #expect(RuleTable.field(named: "maxLength")?.get(merged) == .null)
    #expect(RuleTable.field(named: "placeholder")?.get(merged) == nil)
  }
}
