import Testing

@testable import StableTextCore

/// A rule declared with no stored property (`RuleField(_:_:default:…)`, what a new rule's check
/// declares) lives in the rules' generic store: a layer sets and reads it, a later layer wins,
/// resolved rules hold it, and until a layer sets it they hold its default. No check is
/// registered for it: the field is exercised on its own.
@Suite struct RuleFieldStore {
  static let field = RuleField(
    "maxSubjectWords", .integer(1...50, nullable: true), default: .null, option: "--max-subject-words",
    help: "The most words a subject may hold", meaning: "the most words a subject may hold")
  static let flag = RuleField(
    "requireTicket", .boolean, default: .bool(false), option: nil, help: "A ticket must be named",
    meaning: "a ticket must be named")

  @Test func aLayerSetsAndReadsIt() {
    var patch = RulePatch()
    #expect(Self.field.get(patch) == nil)
    Self.field.set(&patch, .int(12))
    #expect(Self.field.get(patch) == .int(12))
    #expect(Self.flag.get(patch) == nil, "each field has its own entry")
    Self.field.set(&patch, .null)
    #expect(Self.field.get(patch) == .null, "an explicit null is a value the layer sets")
    #expect(patch != RulePatch(), "the store takes part in equality")
  }

  @Test func aLaterLayerWinsOnlyWhereItSetsIt() {
    var early = RulePatch()
    Self.field.set(&early, .int(7))
    Self.flag.set(&early, .bool(true))
    var late = RulePatch()
    Self.field.set(&late, .int(9))
    var merged = early
    for field in [Self.field, Self.flag] { field.merge(&merged, late) }
    #expect(Self.field.get(merged) == .int(9))
    #expect(Self.flag.get(merged) == .bool(true))
  }

  @Test func resolvedRulesHoldItOrItsDefault() {
    var rules = Rules.defaults
    #expect(Self.field.value(in: rules) == .null)
    #expect(Self.flag.value(in: rules) == .bool(false))
    var patch = RulePatch()
    Self.flag.set(&patch, .bool(true))
    Self.flag.apply(&rules, patch)
    Self.field.apply(&rules, patch)
    #expect(Self.flag.value(in: rules) == .bool(true))
    #expect(Self.field.value(in: rules) == .null, "a field the layer leaves keeps its default")
    #expect(rules != Rules.defaults)
    // A registered field's stored property is untouched by the store.
    #expect(rules.maxLength == Rules.defaults.maxLength)
  }
}
