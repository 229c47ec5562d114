/// A rule's value read from JSON or a command line, before it is put into a layer.
package enum RuleValue: Sendable, Hashable {
  case null
  case int(Int)
  case bool(Bool)
  case string(String)
  case lineRules([LineRule])
  case strings([String])

  var int: Int? {
    if case .int(let value) = self { return value }
    return nil
  }
  var bool: Bool? {
    if case .bool(let value) = self { return value }
    return nil
  }
  var string: String? {
    if case .string(let value) = self { return value }
    return nil
  }
  var lineRules: [LineRule]? {
    if case .lineRules(let value) = self { return value }
    return nil
  }
  var strings: [String]? {
    if case .strings(let value) = self { return value }
    return nil
  }
}
