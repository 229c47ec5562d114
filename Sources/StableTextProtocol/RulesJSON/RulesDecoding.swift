import StableTextCore
import StableTextJSON

/// Reads rules, overrides and settings from JSON. Unknown rule names are reported back as
/// warnings (a typo should not pass silently) but do not fail the request.
package enum RulesDecoding {
  package static let lineRuleNames: Set<String> = [
    "lines", "maxLength", "minLength", "blank", "unit", "severity",
  ]

  /// One layer of rules: each name in `RuleTable` read by its kind.
  package static func patch(_ ref: JSONRef, warnings: inout [String]) throws(JSONFieldError) -> RulePatch {
    let object = try ref.object()
    var patch = RulePatch()
    for key in object.keys where RuleTable.field(named: key) == nil {
      warnings.append("\(object[key].path): unknown rule ignored")
    }
    for field in RuleTable.fields {
      let member = object[field.name]
      guard !member.isMissing else { continue }
      field.set(&patch, try value(member, field.kind, warnings: &warnings))
    }
    if let problem = patch.boundsProblem() { throw object["minLength"].fail(problem) }
    if let problem = patch.unitLimitProblem { throw object["maxLength"].fail(problem) }
    return patch
  }

  /// A rule's value checked against its kind; errors name the field and say what was expected.
  package static func value(_ ref: JSONRef, _ kind: RuleKind, warnings: inout [String]) throws(JSONFieldError)
    -> RuleValue
  {
    if ref.isNull && kind.isNullable { return .null }
    switch kind {
    case .integer(let range, let nullable):
      guard ref.isInteger, let value = try? ref.int(), kind.accepts(.int(value)) else {
        throw ref.fail("expected \(describe(range))\(nullable ? " or null" : ""), got \(ref.brief)")
      }
      return .int(value)
    case .boolean:
      return .bool(try ref.bool())
    case .string(let maxBytes, let nonEmpty, let singleLine, let nullable):
      guard ref.isString, let value = try? ref.string(), kind.accepts(.string(value)) else {
        let what =
          [nonEmpty ? "a non-empty string" : "a string", "of at most \(maxBytes) UTF-8 bytes"]
          + (singleLine ? ["without line breaks"] : [])
        throw ref.fail(
          "expected \(what.joined(separator: " "))\(nullable ? ", or null" : ""), got \(describe(ref))")
      }
      return .string(value)
    case .choice(let names, let nullable):
      guard ref.isString, let text = try? ref.string(), kind.accepts(.string(text)) else {
        let list = names.map { "\"\($0)\"" }.joined(separator: ", ")
        throw ref.fail("expected one of \(list)\(nullable ? " or null" : ""), got \(ref.brief)")
      }
      return .string(text)
    case .lineRules(let maxCount):
      let entries = try ref.array()
      guard entries.count <= maxCount else {
        throw ref.fail("expected at most \(maxCount) line rules, got \(entries.count)")
      }
      return .lineRules(
        try entries.map { (entry) throws(JSONFieldError) in try lineRule(entry, warnings: &warnings) })
    case .encoding:
      guard ref.isString, let text = try? ref.string(), let encoding = CharacterEncoding(named: text) else {
        let list = CharacterEncoding.all.map { "\"\($0.name)\"" }.joined(separator: ", ")
        throw ref.fail("expected one of \(list) (case ignored), got \(ref.brief)")
      }
      return .string(encoding.name)
    case .choiceList(let names, let maxCount):
      let entries = try ref.array()
      guard entries.count <= maxCount else {
        throw ref.fail("expected at most \(maxCount) names, got \(entries.count)")
      }
      var chosen: [String] = []
      for entry in entries {
        guard entry.isString, let text = try? entry.string(), kind.accepts(.strings([text])) else {
          let list = names.map { "\"\($0)\"" }.joined(separator: ", ")
          throw entry.fail("expected one of \(list), got \(entry.brief)")
        }
        if !chosen.contains(text) { chosen.append(text) }
      }
      return .strings(chosen)
    case .trailerTokens(let maxCount, let maxBytes):
      let entries = try ref.array()
      guard entries.count <= maxCount else {
        throw ref.fail("expected at most \(maxCount) trailer tokens, got \(entries.count)")
      }
      var tokens: [String] = []
      for entry in entries {
        guard entry.isString, let text = try? entry.string(), kind.accepts(.strings([text])) else {
          throw entry.fail(
            "expected a trailer token (ASCII letters, digits and -, not starting with -, at most \(maxBytes) bytes; no colon), got \(describe(entry))"
          )
        }
        tokens.append(text)
      }
      return .strings(tokens)
    }
  }

  /// `an integer from 1 to 1000`, `a non-negative integer`.
  private static func describe(_ range: ClosedRange<Int>) -> String {
    if range.upperBound == .max {
      return range.lowerBound == 0 ? "a non-negative integer" : "an integer of at least \(range.lowerBound)"
    }
    return "an integer from \(range.lowerBound) to \(range.upperBound)"
  }

  /// A string by its size (a long one is not echoed whole), anything else briefly.
  private static func describe(_ ref: JSONRef) -> String {
    guard ref.isString, let value = try? ref.string() else { return ref.brief }
    return value.utf8.count > 64 ? "a string of \(value.utf8.count) bytes" : ref.brief
  }

  /// `{lines, maxLength?, blank?, unit?, severity?}`; it needs `maxLength` or `blank: true`.
  package static func lineRule(_ ref: JSONRef, warnings: inout [String]) throws(JSONFieldError) -> LineRule {
    let object = try ref.object()
    for key in object.keys where !lineRuleNames.contains(key) {
      warnings.append("\(object[key].path): unknown line rule field ignored")
    }
    let linesRef = object["lines"]
    let linesText = try linesRef.string()
    let lines: LineSpan
    switch LineSpan.parse(linesText) {
    case .success(let span): lines = span
    case .failure(let problem): throw linesRef.fail("\(problem.text), got \(linesRef.brief)")
    }
    let maxLength = try optionalLength(object["maxLength"])
    let minRef = object["minLength"]
    let minLength = try optionalLength(minRef)
    let blank = try object["blank"].optionalBool() ?? false
    guard maxLength != nil || minLength != nil || blank else {
      throw ref.fail("expected maxLength, minLength or blank: true (a line rule must check something)")
    }
    if let minLength, let maxLength, minLength > maxLength {
      throw minRef.fail("expected at most maxLength (\(maxLength)), got \(minLength)")
    }
    let unit = try enumeration(object["unit"], LengthUnit.self) ?? .columns
    if let problem = unit.limitProblem(maxLength) { throw object["maxLength"].fail(problem) }
    var rule = LineRule(
      lines: lines, maxLength: maxLength, blank: blank, unit: unit,
      severity: try severity(object["severity"]) ?? .warning)
    rule.minLength = minLength
    return rule
  }

  /// A line rule's bound: a non-negative integer, or absent or `null` for none.
  private static func optionalLength(_ ref: JSONRef) throws(JSONFieldError) -> Int? {
    guard !ref.isAbsent else { return nil }
    guard ref.isInteger, let value = try? ref.nonNegativeInt() else {
      throw ref.fail("expected a non-negative integer or null, got \(ref.brief)")
    }
    return value
  }

  private static func severity(_ ref: JSONRef) throws(JSONFieldError) -> Severity? {
    try oneOf(ref, Severity.allCases.map { ($0.name, $0) })
  }

  package static func overrides(_ ref: JSONRef, warnings: inout [String]) throws(JSONFieldError)
    -> [RuleOverride]
  {
    var result: [RuleOverride] = []
    for entry in try ref.array() {
      let object = try entry.object()
      let languageId = try object["languageId"].optionalString()
      let pattern = try object["pattern"].optionalString()
      if let pattern, let refusal = Glob.tooManyAlternatives(pattern) {
        throw object["pattern"].fail(refusal)
      }
      let rules = object["rules"].isAbsent ? RulePatch() : try patch(object["rules"], warnings: &warnings)
      result.append(RuleOverride(languageId: languageId, pattern: pattern, rules: rules))
    }
    return result
  }

  /// `{rules?, overrides?}` as found in `initializationOptions` and `settings.stableText`.
  package static func configuration(_ ref: JSONRef, warnings: inout [String]) throws(JSONFieldError)
    -> RuleConfiguration
  {
    let object = try ref.object()
    let rules = object["rules"].isAbsent ? RulePatch() : try patch(object["rules"], warnings: &warnings)
    let overrides =
      object["overrides"].isAbsent ? [] : try self.overrides(object["overrides"], warnings: &warnings)
    return RuleConfiguration(rules: rules, overrides: overrides)
  }

  /// One of an enumeration's names; missing or `null` means not set.
  package static func enumeration<E: RawRepresentable & CaseIterable>(_ ref: JSONRef, _ type: E.Type)
    throws(JSONFieldError) -> E? where E.RawValue == String
  {
    try oneOf(ref, E.allCases.map { ($0.rawValue, $0) })
  }

  /// The value whose name is the string at `ref`; missing or `null` means not set.
  private static func oneOf<T>(_ ref: JSONRef, _ named: [(name: String, value: T)]) throws(JSONFieldError)
    -> T?
  {
    guard !ref.isAbsent else { return nil }
    guard ref.isString, let text = try? ref.string(), let found = named.first(where: { $0.name == text })
    else {
      let names = named.map { "\"\($0.name)\"" }.joined(separator: ", ")
      throw ref.fail("expected one of \(names), got \(ref.brief)")
    }
    return found.value
  }
}
