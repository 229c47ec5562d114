import Foundation
import StableTextCore
import StableTextJSON

/// What the documents say of the rules, rendered from `RuleRegistry`: Protocol/README.md's
/// tables of rules and checks and README.md's rule table (between their `generated from
/// RuleRegistry` markers), the manual's entries for `check`'s rule options (between its `.\"`
/// markers) and the rules' part of `Protocol/schemas/common.json`. `GeneratedFromTheRegistry` fails when a file differs;
/// `scripts/generate-registry` rewrites them (docs/CONTRIBUTING.md, "Generated files").
enum RegistryDocuments {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  static let begin = "<!-- generated from RuleRegistry by scripts/generate-registry: do not edit -->"
  static let end = "<!-- end of what RuleRegistry generates -->"

  // MARK: Protocol/README.md

  /// The rule table and the check table, as Markdown.
  static var markdown: String {
    var lines = ["| rule | type | default | meaning |", "|---|---|---|---|"]
    for field in RuleTable.fields {
      lines.append(
        "| `\(field.name)` | \(type(field.kind)) | `\(json(field.value(in: Rules.defaults)))` | \(field.meaning) |"
      )
    }
    lines += [
      "",
      "Each rule belongs to one check (\"Every rule is a check\" below); the checks, in the order their",
      "diagnostics come:",
      "",
      "| check (`Sources/StableTextCore/Checks/Rules/`) | rules | measures | diagnostics | fixes | hover |",
      "|---|---|---|---|---|---|",
    ]
    for check in RuleRegistry.withConventions.checks {
      func list(_ items: [String]) -> String { items.isEmpty ? "—" : items.joined(separator: ", ") }
      let name = String(describing: Swift.type(of: check))
      lines.append(
        "| `\(name)` | \(list(check.fields.map { "`\($0.name)`" })) | \(list(check.measures.map(\.rawValue))) | "
          + "\(list(check.reports.map { "`\($0.code)`" + ($0.data.contains("line") ? " (a line's)" : "") })) | "
          + "\(list(check.offers.map { "`\($0.kind.rawValue)`" })) | \(hover(check.hoverPlace)) |")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  static func hover(_ place: HoverPlace) -> String {
    switch place {
    case .none: return "—"
    case .cursorLine: return "the line under the cursor"
    case .wholeText: return "the whole text"
    }
  }

  /// A kind as the rule table words it.
  static func type(_ kind: RuleKind) -> String {
    let orNull = kind.isNullable ? " or `null`" : ""
    switch kind {
    case .integer(let range, _):
      if range.upperBound == .max { return "integer ≥ \(range.lowerBound)\(orNull)" }
      return "integer \(number(range.lowerBound))–\(number(range.upperBound))\(orNull)"
    case .boolean: return "boolean"
    case .string(let maxBytes, let nonEmpty, let singleLine, _):
      return (nonEmpty ? "non-empty string" : "string") + " (at most \(grouped(maxBytes)) UTF-8 bytes"
        + (singleLine ? ", on one line)" : ")") + orNull
    case .choice(let names, _): return names.map { "`\"\($0)\"`" }.joined(separator: " \\| ") + orNull
    case .lineRules(let maxCount): return "array of at most \(maxCount) line rules"
    case .choiceList(let names, let maxCount):
      return "array of " + names.map { "`\"\($0)\"`" }.joined(separator: ", ")
        + " (at most \(maxCount) entries)"
    case .trailerTokens(let maxCount, let maxBytes):
      return "array of trailer tokens (at most \(maxCount), each at most \(maxBytes) bytes)"
    case .encoding:
      return CharacterEncoding.all.map { "`\"\($0.name)\"`" }.joined(separator: " \\| ") + " (case ignored)"
    }
  }

  /// `100,000`, but `1000` (four digits read at a glance).
  static func number(_ value: Int) -> String { value >= 10_000 ? grouped(value) : String(value) }

  /// `4,096`.
  static func grouped(_ value: Int) -> String {
    var digits = String(value)
    var grouped = ""
    while digits.count > 3 {
      grouped = "," + digits.suffix(3) + grouped
      digits.removeLast(3)
    }
    return digits + grouped
  }

  /// A value as a client writes it.
  static func json(_ value: RuleValue) -> String {
    switch value {
    case .null: return "null"
    case .int(let number): return String(number)
    case .bool(let flag): return String(flag)
    case .string(let text): return JSONSerializer.string(.string(text))
    case .strings(let texts): return JSONSerializer.string(.array(texts.map { .string($0) }))
    case .lineRules(let rules): return rules.isEmpty ? "[]" : "[…]"
    }
  }

  /// `text` with the part between the Markdown markers replaced by `generated` (Protocol/README.md's
  /// tables by default).
  static func replacingGenerated(in text: String, with generated: String = markdown) -> String? {
    replacing(in: text, from: begin, to: end, with: generated)
  }

  /// `text` with the part between the line `first` and `last` replaced by `generated`.
  static func replacing(in text: String, from first: String, to last: String, with generated: String)
    -> String?
  {
    guard let start = text.range(of: first + "\n"),
      let stop = text.range(of: last, range: start.upperBound..<text.endIndex)
    else { return nil }
    return String(text[..<start.upperBound]) + generated + String(text[stop.lowerBound...])
  }

  // MARK: README.md

  /// README.md's rule table: every field with the protocol's default, in the readers' words.
  static var readmeTable: String {
    var lines = ["| rule | default | meaning |", "|---|---|---|"]
    for field in RuleTable.fields {
      lines.append(
        "| `\(field.name)` | `\(json(field.value(in: Rules.defaults)))` | \(field.readme ?? field.meaning) |")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  // MARK: man/stabletext.1

  static let manualBegin = #".\" generated from RuleRegistry by scripts/generate-registry: do not edit"#
  static let manualEnd = #".\" end of what RuleRegistry generates"#

  /// The manual's entries for `check`'s rule options, in the registry's order: each a `.TP` with
  /// the option and what it takes, then its `manual` text (or its `help`).
  static var manualOptions: String {
    var lines: [String] = []
    for field in RuleTable.fields {
      guard let option = field.option else { continue }
      lines += [".TP", manualHead(roff(option), String(field.optionArgument.dropFirst()))]
      lines += roffParagraph(field.manual ?? field.help + ".")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `.B --flag`, `.BI --unit " UNIT"`, `.BR --max-length " \fIN\fP|none"`,
  /// `.BI --exempt " KIND" ,...`, `.B --preset gitCommit|none`: the option in bold, a word in
  /// capitals (what the reader writes) in italic.
  static func manualHead(_ option: String, _ argument: String) -> String {
    let argument = argument.replacingOccurrences(of: "…", with: "...")
    guard let word = argument.firstMatch(of: /^[A-Z]+/)?.output else {
      return ".B " + option + (argument.isEmpty ? "" : " " + roff(argument))
    }
    let rest = roff(String(argument.dropFirst(word.count)))
    if rest.hasPrefix("|") { return ".BR \(option) \" \\fI\(word)\\fP\(rest)\"" }
    return ".BI \(option) \" \(word)\"" + (rest.isEmpty ? "" : " " + rest)
  }

  /// Text as roff writes it: `-` is a minus (`\-`), a backslash escaped.
  static func roff(_ text: String) -> String {
    text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
  }

  /// A macro's argument, quoted when it holds a space.
  static func argument(_ text: String) -> String {
    let text = roff(text)
    return text.contains(" ") || text.isEmpty
      ? "\"" + text.replacingOccurrences(of: "\"", with: "\\(dq") + "\"" : text
  }

  /// A paragraph with `code` in bold and *words* in italic, as the manual writes one: each
  /// styled span on a line of its own (`.B x`, `.BR x ,`, `.RB ( x ;`), the text between on
  /// text lines.
  static func roffParagraph(_ text: String) -> [String] {
    // The spans: plain, bold (`…`) and italic (*…*), in order.
    var spans: [(font: Character, text: String)] = []
    var current = ""
    var font: Character = "R"
    for character in text {
      let closing: Character? = font == "B" ? "`" : font == "I" ? "*" : nil
      if character == closing || (font == "R" && (character == "`" || character == "*")) {
        spans.append((font, current))
        current = ""
        font = character == closing ? "R" : character == "`" ? "B" : "I"
      } else {
        current.append(character)
      }
    }
    spans.append((font, current))
    var lines: [String] = []
    func textLine(_ text: String) {
      let text = text.trimmingCharacters(in: .whitespaces)
      guard !text.isEmpty else { return }
      // A sentence a line, so that roff spaces sentences as it should.
      for sentence in roff(text).replacing(/\. (?=[A-Z])/, with: ".\n").split(separator: "\n") {
        lines.append(sentence.hasPrefix(".") || sentence.hasPrefix("'") ? "\\&" + sentence : String(sentence))
      }
    }
    var plain = ""
    var index = 0
    while index < spans.count {
      let span = spans[index]
      index += 1
      guard span.font != "R" else {
        plain += span.text
        continue
      }
      // Spans of the two fonts touching each other (`(cherry picked from commit `*hex*`)`) go
      // on one line, alternating (`.BI "(cherry picked from commit " hex )`).
      var run = [span]
      while index + 1 < spans.count, spans[index].font == "R", spans[index].text.isEmpty,
        spans[index + 1].font != run[run.count - 1].font, spans[index + 1].font != "R"
      {
        run.append(spans[index + 1])
        index += 2
      }
      let styled = run.map { argument($0.text) }.joined(separator: " ")
      if run.count > 1 {
        textLine(plain)
        plain = ""
        lines.append(".\(run[0].font)\(run[1].font) \(styled)")
        continue
      }
      // The punctuation touching a span on either side goes on its line, in roman.
      let head = String(plain.reversed().prefix { !$0.isWhitespace }.reversed())
      textLine(String(plain.dropLast(head.count)))
      var tail = ""
      if index < spans.count, spans[index].font == "R" {
        tail = String(spans[index].text.prefix { !$0.isWhitespace })
        spans[index].text.removeFirst(tail.count)
      }
      plain = ""
      switch (head.isEmpty, tail.isEmpty) {
      case (true, true): lines.append(".\(span.font) \(styled)")
      case (true, false): lines.append(".\(span.font)R \(styled) \(argument(tail))")
      case (false, true): lines.append(".R\(span.font) \(argument(head)) \(styled)")
      case (false, false): lines.append(".R\(span.font) \(argument(head)) \(styled) \(argument(tail))")
      }
    }
    textLine(plain)
    return lines
  }

  // MARK: Protocol/schemas/common.json

  /// The definitions the registry decides: `rules`' properties, and a definition of its own for
  /// each non-nullable choice and the encoding (named after the field, which the line rules'
  /// `unit` refers to too).
  static func schema(replacingIn common: JSONValue) -> JSONValue {
    guard case .object(var top) = common, case .object(var defs)? = top["$defs"],
      case .object(var rules)? = defs["rules"]
    else { return common }
    var properties = JSONObject()
    for field in RuleTable.fields {
      let (property, definition) = schema(field)
      properties[field.name] = property
      if let definition { defs[field.name] = definition }
    }
    rules["properties"] = .object(properties)
    defs["rules"] = .object(rules)
    top["$defs"] = .object(defs)
    return .object(top)
  }

  /// A field's property, and its own definition when it has one.
  static func schema(_ field: RuleField) -> (JSONValue, JSONValue?) {
    func nullable(_ schema: JSONValue) -> JSONValue {
      field.kind.isNullable ? ["anyOf": [schema, ["type": "null"]]] : schema
    }
    let reference: JSONValue = ["$ref": .string("#/$defs/\(field.name)")]
    // No definition of its own (`nil` alone would be JSON's `null`).
    let inline = JSONValue?.none
    switch field.kind {
    case .integer(let range, _):
      if range == 0...Int.max { return (nullable(["$ref": "#/$defs/uinteger"]), inline) }
      return (
        nullable(["type": "integer", "minimum": .int(range.lowerBound), "maximum": .int(range.upperBound)]),
        inline
      )
    case .boolean: return (["type": "boolean"], inline)
    case .string(let maxBytes, let nonEmpty, let singleLine, _):
      var object: JSONObject = ["type": "string"]
      if nonEmpty { object["minLength"] = 1 }
      object["maxLength"] = .int(maxBytes)
      if singleLine { object["pattern"] = "^[^\\n\\r]*$" }
      return (nullable(.object(object)), inline)
    case .choice(let names, let isNullable):
      let choice: JSONValue = ["enum": .array(names.map { .string($0) })]
      return isNullable ? (nullable(choice), inline) : (reference, choice)
    case .lineRules(let maxCount):
      return (["type": "array", "maxItems": .int(maxCount), "items": ["$ref": "#/$defs/lineRule"]], inline)
    case .choiceList(let names, let maxCount):
      return (
        ["type": "array", "maxItems": .int(maxCount), "items": ["enum": .array(names.map { .string($0) })]],
        inline
      )
    case .trailerTokens(let maxCount, let maxBytes):
      return (
        [
          "type": "array", "maxItems": .int(maxCount),
          "items": ["type": "string", "maxLength": .int(maxBytes), "pattern": "^[A-Za-z0-9][A-Za-z0-9-]*$"],
        ], inline
      )
    case .encoding:
      // Each letter either case: the names are compared ASCII-case-insensitively.
      let names = CharacterEncoding.all.map { encoding in
        encoding.name.map { $0.isLetter ? "[\($0.uppercased())\($0.lowercased())]" : String($0) }.joined()
      }
      return (
        reference,
        [
          "description":
            "An encoding the bytes unit counts in and every scalar must be writable in (unencodable); names compared ASCII-case-insensitively",
          "type": "string", "pattern": .string("^(?:" + names.joined(separator: "|") + ")$"),
        ]
      )
    }
  }

  /// JSON as Python's `json.dumps(value, indent=2, ensure_ascii=False)` writes it, the way the
  /// schemas are formatted.
  static func pretty(_ value: JSONValue, indent: String = "") -> String {
    let inner = indent + "  "
    switch value {
    case .array(let items):
      guard !items.isEmpty else { return "[]" }
      return "[\n" + items.map { inner + pretty($0, indent: inner) }.joined(separator: ",\n") + "\n\(indent)]"
    case .object(let object):
      guard !object.keys.isEmpty else { return "{}" }
      let members = object.keys.map { key in
        inner + JSONSerializer.string(.string(key)) + ": " + pretty(object[key] ?? .null, indent: inner)
      }
      return "{\n" + members.joined(separator: ",\n") + "\n\(indent)}"
    default: return JSONSerializer.string(value)
    }
  }
}
