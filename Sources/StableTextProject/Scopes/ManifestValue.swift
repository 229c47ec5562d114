import StableTextConventions
import StableTextCore
import StableTextJSON

/// A value the scope packages read from a manifest (JSON through jansson, YAML through libyaml),
/// with what their JavaScript asks of it: a property (`undefined` on anything but an object),
/// truthiness, and the type named in an error.
enum ManifestValue {
  case json(JSONRef)
  /// nil: JavaScript's `undefined` (a member that is not there, an empty YAML document).
  case yaml(CommitlintValue?)

  static let undefined = ManifestValue.yaml(nil)

  /// `value.name`: a member of an object; `undefined` on anything else (null and undefined are
  /// the callers' to refuse first: JavaScript throws there).
  subscript(name: String) -> ManifestValue {
    switch self {
    case .json(let ref):
      guard ref.isObject else { return .undefined }
      let member = ref[name]
      return member.isMissing ? .undefined : .json(member)
    case .yaml(.object(let members)?):
      return .yaml(members.last { $0.name == name }?.value)
    case .yaml:
      return .undefined
    }
  }

  var isUndefined: Bool {
    if case .yaml(nil) = self { return true }
    if case .json(let ref) = self { return ref.isMissing }
    return false
  }

  /// `null` or `undefined`: reading a property of it throws a TypeError.
  var isNullish: Bool {
    switch self {
    case .json(let ref): return ref.isAbsent
    case .yaml(let value): return value == nil || value == .null
    }
  }

  var string: String? {
    switch self {
    case .json(let ref): return ref.isString ? try? ref.string() : nil
    case .yaml(.string(let text)?): return text
    case .yaml: return nil
    }
  }

  var elements: [ManifestValue]? {
    switch self {
    case .json(let ref): return ref.isArray ? (try? ref.array())?.map(ManifestValue.json) : nil
    case .yaml(.array(let items)?): return items.map { .yaml($0) }
    case .yaml: return nil
    }
  }

  var isObject: Bool {
    switch self {
    case .json(let ref): return ref.isObject
    case .yaml(.object?): return true
    case .yaml: return false
    }
  }

  /// The value as a number, when it is one.
  private var number: Double? {
    switch self {
    case .json(let ref): return ref.isNumber ? try? ref.number() : nil
    case .yaml(.number(let value)?): return value
    case .yaml: return nil
    }
  }

  /// JavaScript's truthiness: `undefined`, `null`, `false`, `0`, `NaN` and `""` are falsy.
  var isTruthy: Bool {
    if isNullish { return false }
    if let number { return number != 0 && !number.isNaN }
    if let string { return !string.isEmpty }
    switch self {
    case .json(let ref): return (try? ref.bool()) ?? true
    case .yaml(.bool(let value)?): return value
    case .yaml: return true
    }
  }

  /// `value.length === 0`: an empty string or array, or an object whose `length` member is 0.
  var hasLengthZero: Bool {
    if let string { return string.utf16.isEmpty }
    if let elements { return elements.isEmpty }
    if isObject { return self["length"].number == 0 }
    return false
  }

  /// The type a JavaScript error would name (`typeof`, with null and arrays told apart).
  var typeName: String {
    if isUndefined { return "undefined" }
    if isNullish { return "null" }
    if number != nil { return "a number" }
    if string != nil { return "a string" }
    if elements != nil { return "an array" }
    if isObject { return "an object" }
    return "a boolean"
  }
}
