import StableTextCore
import StableTextJSON

/// Reads rules, overrides and settings from JSON. Unknown rule names are reported back as
/// warnings (a typo should not pass silently) but do not fail the request.
enum RulesDecoding {
  static let ruleNames: Set<String> = [
    "maxLength", "unit", "policy", "requireNonEmpty", "placeholder", "counterDigits", "ignoreFinalNewline",
    "commentPrefix", "endMarker", "lineRules", "tabSize", "preset",
  ]
  static let lineRuleNames: Set<String> = ["lines", "maxLength", "blank", "unit", "severity"]
  static let maxCounterDigits = 32
  /// Line rules in one layer; each line is checked against every rule covering it.
  static let maxLineRules = 100
  /// Longest comment prefix or end marker, in UTF-8 bytes.
  static let maxMarkerBytes = 1_024

  static func patch(_ ref: JSONRef, warnings: inout [String]) throws(JSONFieldError) -> RulePatch {
    let object = try ref.object()
    var patch = RulePatch()
    for key in object.keys where !ruleNames.contains(key) {
      warnings.append("\(object[key].path): unknown rule ignored")
    }
    let maxLength = object["maxLength"]
    if !maxLength.isMissing {
      if maxLength.isNull {
        patch.maxLength = .some(nil)
      } else {
        guard maxLength.isInteger, let value = try? maxLength.nonNegativeInt() else {
          throw maxLength.fail("expected a non-negative integer or null, got \(maxLength.typeName)")
        }
        patch.maxLength = .some(value)
      }
    }
    patch.unit = try enumeration(object["unit"], LengthUnit.self)
    patch.policy = try enumeration(object["policy"], LimitPolicy.self)
    if !object["requireNonEmpty"].isMissing { patch.requireNonEmpty = try object["requireNonEmpty"].bool() }
    if !object["placeholder"].isMissing {
      let placeholder = try object["placeholder"].string()
      guard placeholder.utf8.count <= ServerLimits.maxPlaceholderBytes else {
        throw object["placeholder"].fail(
          "expected a string of at most \(ServerLimits.maxPlaceholderBytes) UTF-8 bytes, got \(placeholder.utf8.count) bytes"
        )
      }
      patch.placeholder = placeholder
    }
    let digits = object["counterDigits"]
    if !digits.isMissing {
      guard digits.isInteger, let value = try? digits.int(), (0...maxCounterDigits).contains(value) else {
        throw digits.fail(
          "expected an integer from 0 to \(maxCounterDigits), got \(digits.brief)")
      }
      patch.counterDigits = value
    }
    if !object["ignoreFinalNewline"].isMissing {
      patch.ignoreFinalNewline = try object["ignoreFinalNewline"].bool()
    }
    patch.commentPrefix = try marker(object["commentPrefix"])
    patch.endMarker = try marker(object["endMarker"])
    let tabSize = object["tabSize"]
    if !tabSize.isMissing {
      guard tabSize.isInteger, let value = try? tabSize.int(), (1...WrapOptions.maxTabSize).contains(value)
      else {
        throw tabSize.fail("expected an integer from 1 to \(WrapOptions.maxTabSize), got \(tabSize.brief)")
      }
      patch.tabSize = value
    }
    let preset = object["preset"]
    if !preset.isMissing {
      patch.preset = preset.isNull ? .some(nil) : .some(try enumeration(preset, Preset.self))
    }
    let lineRules = object["lineRules"]
    if !lineRules.isMissing {
      let entries = try lineRules.array()
      guard entries.count <= maxLineRules else {
        throw lineRules.fail("expected at most \(maxLineRules) line rules, got \(entries.count)")
      }
      patch.lineRules = try entries.map { (entry) throws(JSONFieldError) in
        try lineRule(entry, warnings: &warnings)
      }
    }
    return patch
  }

  /// A comment prefix or end marker: a non-empty string, or `null` for none.
  private static func marker(_ ref: JSONRef) throws(JSONFieldError) -> String?? {
    guard !ref.isMissing else { return nil }
    if ref.isNull { return .some(nil) }
    guard ref.isString, let value = try? ref.string(), !value.isEmpty, value.utf8.count <= maxMarkerBytes,
      !value.contains(where: \.isNewline)
    else {
      throw ref.fail(
        "expected a non-empty string of at most \(maxMarkerBytes) bytes without line breaks, or null, got \(ref.brief)"
      )
    }
    return .some(value)
  }

  /// `{lines, maxLength?, blank?, unit?, severity?}`; it needs `maxLength` or `blank: true`.
  static func lineRule(_ ref: JSONRef, warnings: inout [String]) throws(JSONFieldError) -> LineRule {
    let object = try ref.object()
    for key in object.keys where !lineRuleNames.contains(key) {
      warnings.append("\(object[key].path): unknown line rule field ignored")
    }
    let linesRef = object["lines"]
    let linesText = try linesRef.string()
    guard let lines = LineSpan(linesText) else {
      throw linesRef.fail("expected \"N\", \"N-\" or \"N-M\" (digits, 1 ≤ N ≤ M), got \(linesRef.brief)")
    }
    var maxLength: Int?
    let maxRef = object["maxLength"]
    if !maxRef.isAbsent {
      guard maxRef.isInteger, let value = try? maxRef.nonNegativeInt() else {
        throw maxRef.fail("expected a non-negative integer or null, got \(maxRef.brief)")
      }
      maxLength = value
    }
    let blank = try object["blank"].optionalBool() ?? false
    guard maxLength != nil || blank else {
      throw ref.fail("expected maxLength or blank: true (a line rule must check something)")
    }
    return LineRule(
      lines: lines, maxLength: maxLength, blank: blank,
      unit: try enumeration(object["unit"], LengthUnit.self) ?? .columns,
      severity: try severity(object["severity"]) ?? .warning)
  }

  private static func severity(_ ref: JSONRef) throws(JSONFieldError) -> Severity? {
    try oneOf(ref, Severity.allCases.map { ($0.name, $0) })
  }

  static func overrides(_ ref: JSONRef, warnings: inout [String]) throws(JSONFieldError) -> [RuleOverride] {
    var result: [RuleOverride] = []
    for entry in try ref.array() {
      let object = try entry.object()
      let languageId = try object["languageId"].optionalString()
      let pattern = try object["pattern"].optionalString()
      if let pattern, Glob.alternativeCount(pattern) > Glob.maxAlternatives {
        throw object["pattern"].fail(
          "expected at most \(Glob.maxAlternatives) alternatives from {a,b} groups, got \(Glob.alternativeCount(pattern))"
        )
      }
      let rules = object["rules"].isAbsent ? RulePatch() : try patch(object["rules"], warnings: &warnings)
      result.append(RuleOverride(languageId: languageId, pattern: pattern, rules: rules))
    }
    return result
  }

  /// `{rules?, overrides?}` as found in `initializationOptions` and `settings.stableText`.
  static func configuration(_ ref: JSONRef, warnings: inout [String]) throws(JSONFieldError)
    -> RuleConfiguration
  {
    let object = try ref.object()
    let rules = object["rules"].isAbsent ? RulePatch() : try patch(object["rules"], warnings: &warnings)
    let overrides =
      object["overrides"].isAbsent ? [] : try self.overrides(object["overrides"], warnings: &warnings)
    return RuleConfiguration(rules: rules, overrides: overrides)
  }

  /// One of an enumeration's names; missing or `null` means not set.
  static func enumeration<E: RawRepresentable & CaseIterable>(_ ref: JSONRef, _ type: E.Type)
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
