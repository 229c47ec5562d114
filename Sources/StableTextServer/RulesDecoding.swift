import StableTextCore
import StableTextJSON

/// Reads rules, overrides and settings from JSON. Unknown rule names are reported back as
/// warnings (a typo should not pass silently) but do not fail the request.
enum RulesDecoding {
  static let ruleNames: Set<String> = [
    "maxLength", "unit", "policy", "requireNonEmpty", "placeholder", "counterDigits", "ignoreFinalNewline",
  ]
  static let maxCounterDigits = 32

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
    return patch
  }

  static func overrides(_ ref: JSONRef, warnings: inout [String]) throws(JSONFieldError) -> [RuleOverride] {
    var result: [RuleOverride] = []
    for entry in try ref.array() {
      let object = try entry.object()
      let languageId = try object["languageId"].optionalString()
      let pattern = try object["pattern"].optionalString()
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
    guard !ref.isAbsent else { return nil }
    let names = E.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
    guard ref.isString, let value = E(rawValue: (try? ref.string()) ?? "") else {
      throw ref.fail("expected one of \(names), got \(ref.brief)")
    }
    return value
  }
}
