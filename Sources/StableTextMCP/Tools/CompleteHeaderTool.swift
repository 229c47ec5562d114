import StableTextCheck
import StableTextCore
import StableTextJSON
import StableTextProtocol
import StableTextSystem

/// `complete_header`: what the editor's completion offers at the end of a partial header
/// (Protocol/README.md, "MCP": "complete_header", and "Completion"): the types before the colon,
/// the scopes after `type(`, each with the space it leaves in the subject's limit; computed by
/// the daemon's own completion, the repository's history read as the daemon reads it.
enum CompleteHeaderTool: MCPTool {
  struct Arguments: Sendable {
    var header: String
    var path: PathArgument
  }

  static let name = "complete_header"
  static let title = "Complete a commit header"
  static let description =
    "Lists what may come next in a commit message's header (its first line) as typed so far: the commit types (feat, fix, …, or the team's type-enum) before the colon, the scopes (the team's scope-enum, else those of the repository's last commits) after 'type(', each with how much of the subject's limit it leaves. Each item gives the header with it written in."

  static let inputSchema: JSONValue = [
    "type": "object",
    "properties": [
      "header": ["type": "string", "description": "The header typed so far, such as 'fe' or 'feat('"],
      "path": ["type": "string", "description": "A folder or file in the repository"],
    ],
    "required": ["header", "path"],
    "additionalProperties": false,
  ]

  static let outputSchema: JSONValue = [
    "type": "object",
    "properties": [
      "items": [
        "type": "array",
        "items": [
          "type": "object",
          "properties": [
            "label": ["type": "string"], "kind": ["enum": ["type", "scope", "trailer", "person"]],
            "detail": ["type": ["string", "null"], "description": "What it leaves of the subject's limit"],
            "documentation": ["type": ["string", "null"]],
            "header": ["type": "string", "description": "The header with the item written in"],
          ],
          "required": ["label", "kind", "detail", "documentation", "header"],
        ],
      ],
      "isIncomplete": ["type": "boolean", "description": "More matched than the 100 listed"],
    ],
    "required": ["items", "isIncomplete"],
  ]

  /// The longest header taken: the daemon reads no longer line for completion.
  static let maxHeaderBytes = StableTextField.completionLineBytes

  static func read(_ arguments: ToolArguments) throws(JSONFieldError) -> Arguments {
    try arguments.only(["header", "path"])
    let header = try arguments.string("header", required: true, maxBytes: maxHeaderBytes)!
    if header.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) {
      throw arguments.object["header"].fail("holds a line break; give the first line alone")
    }
    return Arguments(header: header, path: try PathArgument.read("path", of: arguments, required: true)!)
  }

  static func run(_ arguments: Arguments, _ context: ToolContext) -> MCPCallToolResult {
    arguments.path.withMessageFile { completed(arguments.header, as: $0, context) }
  }

  static func completed(_ header: String, as file: String, _ context: ToolContext) -> MCPCallToolResult {
    let resolved = CheckRules(options: RulePatch()).rules(forPath: file)
    var warnings: [String] = []
    if let refused = MCPCallToolResult.refusal(resolved.problems, said: &warnings) { return refused }
    let field = StableTextField(buffer: TextBuffer(header), rules: resolved.rules)
    // The history of the work tree the message file stands for, as the daemon asks for it.
    let history = context.histories.historyWaiting(forFolder: FileSystem.folder(of: resolved.lookup))
    let list = field.commitCompletion(at: header.utf8.count, history: history)
    let bytes = Array(header.utf8)
    var items: [JSONValue] = []
    var lines: [String] = []
    for item in list.items {
      let written =
        String(decoding: bytes[..<item.range.lowerBound], as: UTF8.self) + item.newText
        + String(decoding: bytes[item.range.upperBound...], as: UTF8.self)
      items.append([
        "label": .string(item.label), "kind": .string(kindName(item.kind)),
        "detail": item.detail.map(JSONValue.string) ?? .null,
        "documentation": item.documentation.map(JSONValue.string) ?? .null, "header": .string(written),
      ])
      lines.append(
        "\"\(written)\" — \(item.detail ?? "")\(item.documentation.map { " (\($0))" } ?? "")")
    }
    let said =
      lines.isEmpty
      ? "Nothing to complete at the end of this header (types come before the colon, scopes after 'type(')."
      : lines.joined(separator: "\n")
    // A part of a configuration file not honoured is said after the items, as `check` says it.
    return MCPCallToolResult(
      text: ([said] + warnings).joined(separator: "\n"),
      structuredContent: ["items": .array(items), "isIncomplete": .bool(list.truncated)])
  }

  static func kindName(_ kind: CommitCompletionItem.Kind) -> String {
    switch kind {
    case .type: return "type"
    case .scope: return "scope"
    case .trailer: return "trailer"
    case .person: return "person"
    }
  }
}
