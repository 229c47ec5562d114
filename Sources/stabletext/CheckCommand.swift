import Foundation
import StableTextCore
import StableTextJSON

/// `stabletext check`: the same rules as the daemon, for commit-msg hooks and CI. Output is
/// compiler-style so editors' quickfix lists can read it.
enum CheckCommand {
  static func run(_ arguments: [String]) -> Int32 {
    var rules = Rules.defaults
    var json = false
    var options = OptionReader(arguments)
    while let option = options.next() {
      switch option.name {
      case "--max-length":
        guard let value = options.value(for: option) else {
          return Usage.fail("--max-length needs a number or none")
        }
        if value == "none" {
          rules.maxLength = nil
        } else if let limit = Int(value), limit >= 0 {
          rules.maxLength = limit
        } else {
          return Usage.fail("--max-length needs a non-negative number or none, got \(value)")
        }
      case "--unit":
        guard let value = options.value(for: option), let unit = LengthUnit(rawValue: value) else {
          return Usage.fail("--unit needs one of graphemes, utf16, scalars, utf8")
        }
        rules.unit = unit
      case "--format":
        switch options.value(for: option) {
        case "text": json = false
        case "json": json = true
        default: return Usage.fail("--format needs text or json")
        }
      case "--ignore-final-newline": rules.ignoreFinalNewline = true
      case "--allow-empty": rules.requireNonEmpty = false
      default:
        return Usage.fail("unknown option \(option.name) for check")
      }
    }
    guard !options.operands.isEmpty else {
      return Usage.fail("check needs at least one FILE (or - for stdin)")
    }

    var foundError = false
    var reports: [JSONValue] = []
    var output = ""
    for path in options.operands {
      let data: Data?
      if path == "-" {
        data = FileHandle.standardInput.readDataToEndOfFile()
      } else {
        data = FileManager.default.contents(atPath: path)
      }
      let name = path == "-" ? "<stdin>" : path
      guard let data else {
        Standard.error("\(name): error: cannot read the file\n")
        return 2
      }
      guard let text = String(data: data, encoding: .utf8) else {
        Standard.error("\(name): error: not valid UTF-8 text\n")
        return 2
      }
      let field = StableTextField(text: text, rules: rules)
      var items: [JSONValue] = []
      for diagnostic in field.diagnostics {
        let position = field.text.position(of: diagnostic.range.lowerBound, in: .utf8)
        let severity = diagnostic.severity == .error ? "error" : "warning"
        if diagnostic.severity == .error { foundError = true }
        output +=
          "\(name):\(position.line + 1):\(position.character + 1): \(severity): \(diagnostic.message) [\(diagnostic.code.rawValue)]\n"
        items.append([
          "line": .int(position.line + 1), "column": .int(position.character + 1),
          "severity": .string(severity),
          "code": .string(diagnostic.code.rawValue), "message": .string(diagnostic.message),
        ])
      }
      reports.append([
        "path": .string(name), "length": .int(field.length), "limit": JSONValue(rules.maxLength),
        "unit": .string(rules.unit.rawValue), "counter": .string(field.counter), "diagnostics": .array(items),
      ])
    }
    if json {
      Standard.output(JSONValue.object(["files": .array(reports)]).serialized + "\n")
    } else {
      Standard.output(output)
    }
    return foundError ? 1 : 0
  }
}
