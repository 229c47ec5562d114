import StableTextCore
import StableTextJSON
import StableTextSystem

/// `stabletext check`: the same rules as the daemon, for commit-msg hooks and CI. Output is
/// compiler-style so editors' quickfix lists can read it.
///
/// Rules resolve exactly as the daemon resolves them, the file's name standing for its URI
/// path (so git's message files get the `gitCommit` preset through the built-in overrides); the
/// options form one layer after the built-in overrides.
enum CheckCommand {
  enum ColumnUnit {
    /// Display columns, tabs every 8 whatever `tabSize` says (as GCC prints since version 11).
    case display
    case byte
  }

  static func run(_ arguments: [String]) -> Int32 {
    var layer = RulePatch()
    var json = false
    var columnUnit = ColumnUnit.display
    var options = OptionReader(arguments)
    while let option = options.next() {
      switch option.name {
      case "--max-line-length":
        guard let value = options.value(for: option), let limit = Int(value), limit >= 0 else {
          return Usage.fail("--max-line-length needs a non-negative number")
        }
        layer.lineRules = [LineRule(lines: LineSpan(first: 1, last: nil), maxLength: limit, severity: .error)]
      case "--column-unit":
        switch options.value(for: option) {
        case "display": columnUnit = .display
        case "byte": columnUnit = .byte
        default: return Usage.fail("--column-unit needs display or byte")
        }
      case "--format":
        switch options.value(for: option) {
        case "text": json = false
        case "json": json = true
        default: return Usage.fail("--format needs text or json")
        }
      case "--allow-empty": layer.requireNonEmpty = false
      default:
        // The rules' own options, from the rule table.
        guard let field = RuleTable.fields.first(where: { $0.option == option.name }) else {
          return Usage.fail("unknown option \(option.name) for check")
        }
        switch ruleValue(field, option, &options) {
        case .success(let value): field.set(&layer, value)
        case .failure(let problem): return Usage.fail("\(option.name) needs \(problem.text)")
        }
      }
    }
    guard !options.operands.isEmpty else {
      return Usage.fail("check needs at least one FILE (or - for stdin)")
    }

    var foundError = false
    var reports: [JSONValue] = []
    var output = ""
    for path in options.operands {
      let data = path == "-" ? FileSystem.readAll(0) : FileSystem.contents(of: path)
      let name = path == "-" ? "<stdin>" : path
      guard let data else {
        Standard.error("\(name): error: cannot read the file\n")
        return 2
      }
      guard let text = String(validating: data, as: UTF8.self) else {
        Standard.error("\(name): error: not valid UTF-8 text\n")
        return 2
      }
      let rules = RuleConfiguration().resolve(uri: uri(of: path), languageId: "", configured: layer)
      let field = StableTextField(text: text, rules: rules)
      var items: [JSONValue] = []
      for diagnostic in field.diagnostics {
        let (line, column) = place(diagnostic.range.lowerBound, in: field.text, columnUnit)
        let severity =
          diagnostic.severity == .error ? "error" : diagnostic.severity == .warning ? "warning" : "note"
        if diagnostic.severity == .error { foundError = true }
        output +=
          "\(name):\(line):\(column): \(severity): \(diagnostic.message) [\(diagnostic.code.rawValue)]\n"
        items.append([
          "line": .int(line), "column": .int(column), "severity": .string(severity),
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

  struct Problem: Error {
    var text: String
  }

  /// A rule option's value, read by the rule's kind: booleans are flags, `none` is `null`.
  static func ruleValue(_ field: RuleField, _ option: OptionReader.Option, _ options: inout OptionReader)
    -> Result<RuleValue, Problem>
  {
    if case .boolean = field.kind { return .success(.bool(true)) }
    let expected = Usage.expectation(field.kind)
    guard let text = options.value(for: option) else { return .failure(Problem(text: expected)) }
    if field.kind.isNullable && text == "none" { return .success(.null) }
    switch field.kind {
    case .integer(let range, _):
      guard let value = Int(text), range.contains(value) else {
        return .failure(Problem(text: "\(expected), got \(text)"))
      }
      return .success(.int(value))
    case .string(let maxBytes, let nonEmpty, let singleLine, _):
      guard !(nonEmpty && text.isEmpty), text.utf8.count <= maxBytes,
        !(singleLine && text.contains(where: \.isNewline))
      else { return .failure(Problem(text: expected)) }
      return .success(.string(text))
    case .choice(let names, _):
      guard names.contains(text) else { return .failure(Problem(text: expected)) }
      return .success(.string(text))
    case .boolean, .lineRules:
      return .failure(Problem(text: expected))
    }
  }

  /// The URI a file stands for: its absolute path (so anchored patterns match), `%` escaped.
  static func uri(of path: String) -> String {
    guard path != "-" else { return "untitled:stdin" }
    let absolute = path.hasPrefix("/") ? path : FileSystem.join(FileSystem.currentDirectory() ?? "/", path)
    return "file://"
      + absolute.split(separator: "%", omittingEmptySubsequences: false).joined(separator: "%25")
  }

  /// 1-based line and column of UTF-8 `offset`.
  static func place(_ offset: Int, in text: TextBuffer, _ unit: ColumnUnit) -> (line: Int, column: Int) {
    let position = text.position(of: offset, in: .utf8)
    switch unit {
    case .byte:
      return (position.line + 1, position.character + 1)
    case .display:
      let start = text.lineStart(position.line)
      let before = text.slice(start..<offset)
      return (position.line + 1, LengthUnit.columns.count(before, tabSize: 8) + 1)
    }
  }
}
