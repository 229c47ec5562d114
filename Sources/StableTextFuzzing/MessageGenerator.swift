import StableTextCore
import StableTextProtocol

/// Writes well-formed LSP and `stableText/*` messages as JSON text, each field drawn from
/// values that have broken servers before: ±0, ±1e308, 1e400, 2^53, 2^63−1, 2^63, 2^64,
/// numbers spelled with exponents, huge and deeply nested strings and arrays, lone surrogate
/// escapes, every method and field of the extension, and every rule.
///
/// The text is built by hand rather than through a JSON library, so that spellings a library
/// would normalise (`-0`, `1E2`, `1e400`) reach the daemon as they are.
struct MessageGenerator {
  var choices: Choices
  /// The URIs documents are opened with; most messages name one of them.
  static let uris = ["file:///fuzz.txt", "file:///a/b/COMMIT_EDITMSG", "untitled:other"]

  init(_ choices: Choices) { self.choices = choices }

  // MARK: - Values

  static let numbers = [
    "0", "-0", "1", "-1", "2", "3", "7", "0.5", "-0.5", "1.0", "1e308", "-1e308", "1.7976931348623157e308",
    "1e400", "-1e400", "5e-324", "1e-400", "9007199254740992", "9007199254740993", "9223372036854775807",
    "9223372036854775808", "-9223372036854775808", "18446744073709551616", "4611686018427387904",
    "2147483647",
    "1E2", "1e15", "1e16", "100", "4096",
  ]

  mutating func number() -> String { choices.pick(Self.numbers) }

  mutating func smallInt() -> String { choices.pick(["0", "1", "2", "3", "5", "8", "40", "100"]) }

  /// A field that is usually an integer but sometimes anything at all.
  mutating func integer() -> String {
    switch choices.below(8) {
    case 0: return number()
    case 1: return anyValue(depth: 1)
    default: return smallInt()
    }
  }

  static let texts = [
    "", "a", "x", " ", "\\n", "\\r\\n", "\\r", "\\t", "한", "👋🏽", "🇰🇷", "e\\u0301", "\\u200d", "\\u0000",
    "\\ud800", "\\udc00x", "\\ud83d\\ude00", "# comment\\n", "line\\nline\\n", "\\u2028", "\\ufeff",
    // Terminators an edit joins or splits (a deletion between a lone `\\r` and a `\\n`), keycaps
    // and variation selectors after ASCII, form feeds and vertical tabs inside words.
    "a\\rXYZ\\nb", "\\r\\r\\n\\n", "1\\ufe0f\\u20e3", "#\\ufe0f\\u20e3", "1\\ufe0f", "\\u000b", "\\f",
    "\\u0085", "\\u2029", "\\t\\t\\t\\t",
  ]

  /// A JSON string literal: usually short pieces, sometimes long runs or escapes that are not text.
  mutating func string() -> String {
    var body = ""
    switch choices.below(10) {
    case 0:
      let piece = choices.pick([
        "a", " ", "한", "👨‍👩‍👧", "\\u0301", "\\t", "ab ", "\\t\\t\\t\\t", "\\r", "1\\ufe0f\\u20e3",
      ])
      body = String(repeating: piece, count: choices.pick([100, 1_000, 5_000]))
    case 1:
      body = String(repeating: "*a/", count: choices.pick([10, 100, 1_000])) + "b"
    default:
      for _ in 0..<choices.below(4 + 1) { body += choices.pick(Self.texts) }
    }
    return "\"\(body)\""
  }

  /// Any JSON value, nesting up to `depth` (sometimes far deeper, as one string of brackets).
  mutating func anyValue(depth: Int) -> String {
    switch choices.below(depth > 0 ? 9 : 6) {
    case 0: return "null"
    case 1: return choices.bool() ? "true" : "false"
    case 2, 3: return number()
    case 4: return string()
    case 5: return String(repeating: "[", count: 40) + String(repeating: "]", count: 40)
    case 6:
      var items: [String] = []
      for _ in 0..<choices.below(3 + 1) { items.append(anyValueNested(depth - 1)) }
      return "[" + items.joined(separator: ",") + "]"
    default:
      var members: [String] = []
      for _ in 0..<choices.below(3 + 1) { members.append("\(string()):\(anyValueNested(depth - 1))") }
      return "{" + members.joined(separator: ",") + "}"
    }
  }

  private mutating func anyValueNested(_ depth: Int) -> String { anyValue(depth: max(0, depth)) }

  /// An object from `fields`, each present or not, occasionally with a stray extra member.
  mutating func object(_ fields: [(String, (inout MessageGenerator) -> String)]) -> String {
    var members: [String] = []
    for (name, value) in fields where choices.below(5) != 0 {
      members.append("\"\(name)\":\(value(&self))")
    }
    if choices.below(8) == 0 { members.append("\"extra\":\(anyValue(depth: 1))") }
    return "{" + members.joined(separator: ",") + "}"
  }

  // MARK: - Protocol pieces

  mutating func uri() -> String {
    switch choices.below(12) {
    case 0: return string()
    case 1: return "\"file://" + String(repeating: "/a", count: choices.pick([50, 2_000])) + "/b\""
    case 2:
      // Segments that climb, stay or repeat (`..` past `/`, `%2E%2E`, `//`): made normal before
      // any file is read for them, never written outside the daemon's private folder.
      var segments: [String] = []
      for _ in 0..<choices.pick([1, 3, 40]) {
        segments.append(choices.pick(["..", ".", "", "a", "%2E%2E", "tmp"]))
      }
      return "\"file:///" + segments.joined(separator: "/") + "/x.txt\""
    default: return "\"\(choices.pick(Self.uris))\""
    }
  }

  mutating func position() -> String {
    object([("line", { $0.integer() }), ("character", { $0.integer() })])
  }

  mutating func range() -> String {
    object([("start", { $0.position() }), ("end", { $0.position() })])
  }

  mutating func rules() -> String {
    object([
      ("maxLength", { g in g.choices.below(4) == 0 ? "null" : g.integer() }),
      (
        "unit",
        {
          g in
          g.choices.pick([
            "\"graphemes\"", "\"utf16\"", "\"scalars\"", "\"utf8\"", "\"bytes\"", "\"columns\"", "1",
          ])
        }
      ),
      ("policy", { g in g.choices.pick(["\"reject\"", "\"truncate\"", "\"allow\"", "\"x\""]) }),
      (RuleField.blankTextReport.name, { g in g.choices.pick(["true", "false", "0"]) }),
      ("placeholder", { g in g.string() }),
      (RuleField.counterPadding.name, { $0.integer() }),
      (RuleField.finalTerminator.name, { g in g.choices.pick(["true", "false", "null"]) }),
      // Tabs are one byte and up to `tabSize` columns: the widest stops, with the columns unit.
      ("tabSize", { g in g.choices.pick(["1", "8", "1000", "1001", "0", "9223372036854775807"]) }),
      (RuleField.lineDiagnosticsCap.name, { g in g.choices.pick(["1", "2", "100000", "0", "100001"]) }),
      (RuleField.commentLines.name, { g in g.choices.pick(["\"#\"", "null", "\";\""]) }),
      ("preset", { g in g.choices.pick(["\"gitCommit\"", "null"]) }),
      ("lineRules", { $0.lineRules() }),
    ])
  }

  mutating func lineRules() -> String {
    var entries: [String] = []
    for _ in 0..<choices.below(3 + 1) {
      entries.append(
        object([
          (
            "lines",
            { g in
              g.choices.pick([
                "\"1\"", "\"2\"", "\"3-\"", "\"1-\"", "\"1234567890123456789\"", "\"0\"", "\"2-1\"",
              ])
            }
          ),
          ("maxLength", { g in g.choices.bool() ? g.smallInt() : g.integer() }),
          ("blank", { g in g.choices.pick(["true", "false"]) }),
          ("unit", { g in g.choices.pick(["\"columns\"", "\"graphemes\"", "\"utf8\"", "\"utf16\""]) }),
          ("severity", { g in g.choices.pick(["\"error\"", "\"warning\"", "\"hint\""]) }),
        ]))
    }
    return "[" + entries.joined(separator: ",") + "]"
  }

  mutating func overrides() -> String {
    var entries: [String] = []
    for _ in 0..<choices.below(3 + 1) {
      entries.append(
        object([
          ("languageId", { g in g.choices.pick(["\"plaintext\"", "\"gitcommit\"", "2"]) }),
          (
            "pattern",
            { g in
              g.choices.pick([
                "\"*.txt\"", "\"**/**/**/**/**/**/**/**/*a\"", "\"*a*a*a*a*a*a*b\"", "\"/a/**\"",
                "\"COMMIT_EDITMSG\"",
              ])
            }
          ),
          ("rules", { $0.rules() }),
        ]))
    }
    return "[" + entries.joined(separator: ",") + "]"
  }

  mutating func insets() -> String { object([("top", { $0.number() }), ("bottom", { $0.number() })]) }

  mutating func viewport() -> String {
    object([
      ("height", { g in g.choices.bool() ? g.smallInt() : g.number() }),
      ("lineHeight", { $0.number() }), ("lineSpacing", { $0.number() }),
      ("columns", { g in g.choices.below(3) == 0 ? "null" : g.integer() }),
      ("wrap", { g in g.choices.pick(["\"char\"", "\"word\"", "\"line\""]) }),
      ("tabSize", { $0.integer() }), ("padding", { $0.insets() }), ("obscured", { $0.insets() }),
      ("margin", { $0.insets() }),
    ])
  }

  /// `offset`, `affinity`, `reveal`, `farThreshold` and `caret` (scroll and edit share them).
  mutating func scrollFields() -> [(String, (inout MessageGenerator) -> String)] {
    [
      ("caret", { $0.position() }),
      ("affinity", { g in g.choices.pick(["\"downstream\"", "\"upstream\"", "0"]) }),
      ("offset", { $0.number() }), ("viewport", { $0.viewport() }),
      ("reveal", { g in g.choices.pick(["\"nearest\"", "\"center\""]) }), ("farThreshold", { $0.number() }),
    ]
  }

  mutating func textDocument(version: Bool) -> String {
    version
      ? object([("uri", { $0.uri() }), ("version", { $0.integer() })])
      : object([("uri", { $0.uri() })])
  }

  mutating func contentChange() -> String {
    object([("range", { $0.range() }), ("rangeLength", { $0.number() }), ("text", { $0.string() })])
  }

  // MARK: - Messages

  /// The methods messages are made for, by type (the same list, in the same order, as when they
  /// were spelled out), and one no server has; methods added later go at the end (completion and
  /// inlay hints, issue 43), which moves what an older generated input means but not the kept
  /// regressions, which are raw streams.
  static let methods = [
    DidChangeTextDocumentNotification.method, DidChangeTextDocumentNotification.method,
    DidChangeTextDocumentNotification.method, StableTextEditRequest.method, StableTextEditRequest.method,
    StableTextScrollRequest.method, StableTextScrollRequest.method, DidOpenTextDocumentNotification.method,
    DidCloseTextDocumentNotification.method, DidChangeConfigurationNotification.method, HoverRequest.method,
    CodeActionRequest.method, DocumentDiagnosticRequest.method, StableTextStateRequest.method,
    StableTextShouldChangeTextRequest.method, StableTextConfigureRequest.method,
    CancelRequestNotification.method,
    InitializeRequest.method, ShutdownRequest.method, UnservedMethod.unknownDollar,
    InitializedNotification.method, CompletionRequest.method, InlayHintRequest.method,
  ]

  /// The methods above that the registry says are notifications (sent without an id).
  static let notifications = Set(MessageRegistry.notifications.map { $0.method }).intersection(methods)

  mutating func params(for method: String) -> String {
    switch method {
    case DidChangeTextDocumentNotification.method:
      var changes: [String] = []
      for _ in 0..<choices.below(3 + 1) { changes.append(contentChange()) }
      return
        "{\"textDocument\":\(textDocument(version: true)),\"contentChanges\":[\(changes.joined(separator: ","))]}"
    case DidOpenTextDocumentNotification.method:
      return
        "{\"textDocument\":{\"uri\":\(uri()),\"languageId\":\"\(choices.pick(["plaintext", "gitcommit"]))\",\"version\":\(integer()),\"text\":\(string())}}"
    case DidCloseTextDocumentNotification.method, StableTextStateRequest.method:
      return object([("textDocument", { $0.textDocument(version: false) }), ("includeText", { _ in "true" })])
    case DidChangeConfigurationNotification.method:
      return "{\"settings\":{\"stableText\":{\"rules\":\(rules()),\"overrides\":\(overrides())}}}"
    case HoverRequest.method:
      return object([("textDocument", { $0.textDocument(version: false) }), ("position", { $0.position() })])
    case CompletionRequest.method:
      return object([
        ("textDocument", { $0.textDocument(version: false) }), ("position", { $0.position() }),
        ("context", { g in "{\"triggerKind\":\(g.integer()),\"triggerCharacter\":\(g.string())}" }),
      ])
    case InlayHintRequest.method:
      return object([("textDocument", { $0.textDocument(version: false) }), ("range", { $0.range() })])
    case CodeActionRequest.method:
      return object([
        ("textDocument", { $0.textDocument(version: false) }), ("range", { $0.range() }),
        (
          "context",
          { g in "{\"diagnostics\":[],\"only\":[\(g.choices.pick(["\"quickfix\"", "\"\"", "1"]))]}" }
        ),
      ])
    case DocumentDiagnosticRequest.method:
      return object([
        ("textDocument", { $0.textDocument(version: false) }), ("previousResultId", { $0.string() }),
      ])
    case StableTextShouldChangeTextRequest.method:
      return object([
        ("textDocument", { $0.textDocument(version: false) }), ("range", { $0.range() }),
        ("text", { $0.string() }),
      ])
    case StableTextEditRequest.method:
      var edits: [String] = []
      for _ in 0..<choices.below(3 + 1) {
        edits.append(object([("range", { $0.range() }), ("text", { $0.string() })]))
      }
      return object(
        [
          ("textDocument", { $0.textDocument(version: true) }),
          ("edits", { _ in "[\(edits.joined(separator: ","))]" }),
          ("policy", { g in g.choices.pick(["\"reject\"", "\"truncate\"", "\"allow\""]) }),
        ] + scrollFields())
    case StableTextScrollRequest.method:
      return object([("textDocument", { $0.textDocument(version: false) })] + scrollFields())
    case StableTextConfigureRequest.method:
      return object([("textDocument", { $0.textDocument(version: false) }), ("rules", { $0.rules() })])
    case CancelRequestNotification.method:
      return "{\"id\":\(id())}"
    case InitializeRequest.method:
      return
        "{\"capabilities\":{\"general\":{\"positionEncodings\":[\"\(choices.pick(["utf-8", "utf-16", "utf-32"]))\"]}},\"initializationOptions\":{\"rules\":\(rules()),\"overrides\":\(overrides()),\"stateNotifications\":\(choices.bool())}}"
    default:
      return choices.bool() ? "null" : anyValue(depth: 2)
    }
  }

  mutating func id() -> String {
    choices.below(3) == 0 ? string() : choices.pick(Self.idSpellings + ["9223372036854775807", "\"7\""])
  }

  /// Spellings of few numbers, several spellings each (1000, 0, 1e-400, 1e-401), so that a
  /// request and a cancellation often name one id differently, and sometimes two ids alike.
  static let idSpellings = [
    "1000", "1000.0", "1e3", "1.000E3", "10000e-1", "1000.5", "-0", "0.0", "0", "1e-400", "1E-400", "1e-401",
    "1", "1.0", "1e0", "10E-1", "1E2", "100",
  ]

  /// One message as its body; `isRequest` tells whether an answer is owed.
  mutating func message(method chosen: String? = nil) -> (body: [UInt8], method: String, id: String?) {
    let method = chosen ?? choices.pick(Self.methods)
    var id: String?
    if !Self.notifications.contains(method) || choices.below(16) == 0 {
      id = "\(choices.below(1_000) + 1_000)"
    }
    var body = "{\"jsonrpc\":\"2.0\","
    if let id { body += "\"id\":\(id)," }
    body += "\"method\":\"\(method)\",\"params\":\(params(for: method))}"
    var bytes = Array(body.utf8)
    // Now and then, damage the body after building it.
    switch choices.below(24) {
    case 0 where !bytes.isEmpty: bytes[choices.below(bytes.count)] = choices.byte()
    case 1: bytes.append(choices.pick([0x78, 0x00, 0xFF, 0x7D]))
    case 2 where bytes.count > 2: bytes.removeLast(choices.below(bytes.count / 2) + 1)
    case 3: bytes = [0xEF, 0xBB, 0xBF] + bytes
    default: break
    }
    return (bytes, method, id)
  }
}
