import StableTextCore
import StableTextJSON

/// Rules written as JSON, exactly as `RulesDecoding` reads them back: what a client sends in
/// `initializationOptions`, `settings.stableText` and `stableText/configure`. Every rule is
/// written through the rule table, so a rule added there is written too.
package enum RulesEncoding {
  /// The rules a layer sets, in the table's order (an explicit `null` as `null`).
  package static func json(_ patch: RulePatch) -> JSONValue {
    var object: JSONObject = [:]
    for field in RuleTable.fields {
      guard let value = field.get(patch) else { continue }
      object[field.name] = json(value)
    }
    return .object(object)
  }

  package static func json(_ value: RuleValue) -> JSONValue {
    switch value {
    case .null: return .null
    case .int(let value): return .int(value)
    case .bool(let value): return .bool(value)
    case .string(let value): return .string(value)
    case .strings(let values): return .array(values.map { .string($0) })
    case .lineRules(let rules): return .array(rules.map(json))
    }
  }

  /// `{lines, maxLength?, blank?, unit, severity}`.
  package static func json(_ rule: LineRule) -> JSONValue {
    var object: JSONObject = ["lines": .string(rule.lines.description)]
    if let maxLength = rule.maxLength { object["maxLength"] = .int(maxLength) }
    if let minLength = rule.minLength { object["minLength"] = .int(minLength) }
    if rule.blank { object["blank"] = true }
    object["unit"] = .string(rule.unit.rawValue)
    object["severity"] = .string(rule.severity.name)
    return .object(object)
  }

  /// `{rules, overrides}`.
  package static func json(_ configuration: RuleConfiguration) -> JSONValue {
    var object: JSONObject = ["rules": json(configuration.rules)]
    if !configuration.overrides.isEmpty {
      object["overrides"] = .array(
        configuration.overrides.map { override in
          var entry: JSONObject = [:]
          if let languageId = override.languageId { entry["languageId"] = .string(languageId) }
          if let pattern = override.pattern { entry["pattern"] = .string(pattern) }
          entry["rules"] = json(override.rules)
          return .object(entry)
        })
    }
    return .object(object)
  }
}
