import Foundation
import StableTextJSON

/// A JSON Schema validator for the subset our schemas use: `$ref` (within a file and to another
/// file), `type`, `properties`, `required`, `additionalProperties`, `items`, `enum`, `const`,
/// `minimum`, `maximum`, `minLength`, `maxLength`, `maxItems`, `pattern`, `anyOf`, `allOf`, `not`. A keyword it does not
/// know is an error, so a schema cannot silently check less than it says.
package struct SchemaValidator {
  package init() {}

  package static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Protocol/schemas")

  private var files: [String: JSONValue] = [:]
  private static let known: Set<String> = [
    "$schema", "$id", "$defs", "$ref", "title", "description", "type", "properties", "required",
    "additionalProperties", "items", "enum", "const", "minimum", "maximum", "minLength", "pattern", "anyOf",
    "allOf", "not", "maxLength", "maxItems", "exclusiveMinimum",
  ]

  private mutating func file(_ name: String) throws -> JSONValue {
    if let cached = files[name] { return cached }
    let text = try String(contentsOf: Self.directory.appendingPathComponent(name), encoding: .utf8)
    let value = try JSONValue(parsing: text)
    files[name] = value
    return value
  }

  /// Problems found validating `value` against the schema file `name`; empty when valid.
  package mutating func validate(_ value: JSONValue, against name: String) throws -> [String] {
    var problems: [String] = []
    try check(value, try file(name), file: name, path: "$", problems: &problems)
    return problems
  }

  private mutating func resolve(_ reference: String, from file: String) throws -> (JSONValue, String) {
    let parts = reference.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
    let target = parts[0].isEmpty ? file : String(parts[0])
    var node = try self.file(target)
    if parts.count > 1 {
      for component in parts[1].split(separator: "/") {
        guard let next = node[String(component)] else { throw SchemaError("unresolvable $ref \(reference)") }
        node = next
      }
    }
    return (node, target)
  }

  private mutating func check(
    _ value: JSONValue, _ schema: JSONValue, file: String, path: String, problems: inout [String]
  )
    throws
  {
    // Boolean schemas: `true` accepts anything (a member allowed as declared elsewhere), `false`
    // nothing.
    if case .bool(let accepts) = schema {
      if !accepts { problems.append("\(path): not allowed") }
      return
    }
    guard let object = schema.objectValue else { throw SchemaError("schema at \(path) is not an object") }
    for key in object.keys where !Self.known.contains(key) { throw SchemaError("unsupported keyword \(key)") }
    if let reference = object["$ref"]?.stringValue {
      let (target, targetFile) = try resolve(reference, from: file)
      try check(value, target, file: targetFile, path: path, problems: &problems)
    }
    if let type = object["type"] {
      let allowed = type.arrayValue?.compactMap(\.stringValue) ?? [type.stringValue!]
      if !allowed.contains(where: { Self.matches(value, type: $0) }) {
        problems.append("\(path): expected \(allowed.joined(separator: " or ")), got \(value.serialized)")
        return
      }
    }
    if let options = object["enum"]?.arrayValue, !options.contains(value) {
      problems.append("\(path): \(value.serialized) is not one of \(JSONValue.array(options).serialized)")
    }
    if let constant = object["const"], constant != value {
      problems.append("\(path): expected \(constant.serialized)")
    }
    if let minimum = object["minimum"]?.intValue, let number = value.intValue, number < minimum {
      problems.append("\(path): \(number) is below \(minimum)")
    }
    if let maximum = object["maximum"]?.intValue, let number = value.intValue, number > maximum {
      problems.append("\(path): \(number) is above \(maximum)")
    }
    if let bound = object["exclusiveMinimum"].flatMap(Self.number), let number = Self.number(value),
      number <= bound
    {
      problems.append("\(path): \(number) is not above \(bound)")
    }
    if let minLength = object["minLength"]?.intValue, let text = value.stringValue, text.count < minLength {
      problems.append("\(path): shorter than \(minLength)")
    }
    if let maxLength = object["maxLength"]?.intValue, let text = value.stringValue,
      text.unicodeScalars.count > maxLength
    {
      problems.append("\(path): longer than \(maxLength)")
    }
    if let maxItems = object["maxItems"]?.intValue, let items = value.arrayValue, items.count > maxItems {
      problems.append("\(path): more than \(maxItems) items")
    }
    if let pattern = object["pattern"]?.stringValue, let text = value.stringValue {
      let expression = try NSRegularExpression(pattern: pattern)
      if expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) == nil {
        problems.append("\(path): \(text.debugDescription) does not match \(pattern)")
      }
    }
    if let members = value.objectValue {
      let properties = object["properties"]?.objectValue ?? JSONObject()
      for name in object["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] where members[name] == nil {
        problems.append("\(path): missing required member \(name)")
      }
      for (name, member) in members.pairs {
        if let schema = properties[name] {
          try check(member, schema, file: file, path: "\(path).\(name)", problems: &problems)
        } else if let additional = object["additionalProperties"] {
          if additional == false {
            problems.append("\(path): unexpected member \(name)")
          } else if additional.objectValue != nil {
            try check(member, additional, file: file, path: "\(path).\(name)", problems: &problems)
          }
        }
      }
    }
    if let items = object["items"], let elements = value.arrayValue {
      for (index, element) in elements.enumerated() {
        try check(element, items, file: file, path: "\(path)[\(index)]", problems: &problems)
      }
    }
    if let any = object["anyOf"]?.arrayValue {
      var passed = false
      for option in any {
        var local: [String] = []
        try check(value, option, file: file, path: path, problems: &local)
        if local.isEmpty { passed = true }
      }
      if !passed { problems.append("\(path): matches none of anyOf") }
    }
    for part in object["allOf"]?.arrayValue ?? [] {
      try check(value, part, file: file, path: path, problems: &problems)
    }
    if let negated = object["not"] {
      var local: [String] = []
      try check(value, negated, file: file, path: path, problems: &local)
      if local.isEmpty { problems.append("\(path): matches a schema it must not") }
    }
  }

  private static func number(_ value: JSONValue) -> Double? {
    switch value {
    case .int(let number): return Double(number)
    case .double(let number): return number
    default: return nil
    }
  }

  private static func matches(_ value: JSONValue, type: String) -> Bool {
    switch (type, value) {
    case ("object", .object), ("array", .array), ("string", .string), ("boolean", .bool), ("null", .null),
      ("integer", .int), ("number", .int), ("number", .double):
      return true
    default:
      return false
    }
  }
}

package struct SchemaError: Error, CustomStringConvertible {
  package var description: String
  package init(_ description: String) { self.description = description }
}
