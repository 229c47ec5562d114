import StableTextCheck
import StableTextJSON
import StableTextProtocol

/// `fix_message`: the message with every fix that has one right answer applied, as `check --fix`
/// applies them to a file, and what remains (Protocol/README.md, "MCP": "fix_message"). Nothing
/// is written: `message` is the text `check --fix` would leave in the file, `fixed` the lines it
/// prints (`FILE:LINE: fixed CODE`), `remaining` exactly the document it prints with
/// `--format json`.
enum FixMessageTool: MCPTool {
  typealias Arguments = CheckMessageTool.Arguments

  static let name = "fix_message"
  static let title = "Fix a commit message"
  static let description =
    "Applies to a commit message every fix that has one right answer, as stabletext check --fix does (the Signed-off-by trailer from git's identity when the rules require it, a type's case, a trailing full stop, white space around the header), and checks what remains. Writes nothing: returns the fixed message, the fixes, and the diagnostics left."

  static let inputSchema: JSONValue = [
    "type": "object",
    "properties": [
      "message": ["type": "string", "description": "The whole commit message"],
      "path": [
        "type": "string",
        "description": "A folder or file in the repository the message will be committed from",
      ],
    ],
    "required": ["message", "path"],
    "additionalProperties": false,
  ]

  static let outputSchema: JSONValue = [
    "type": "object",
    "properties": [
      "message": ["type": "string", "description": "The message with every fix applied"],
      "fixed": [
        "type": "array",
        "description": "The fixes applied, in order: the line each edited and the code of what it fixed",
        "items": [
          "type": "object",
          "properties": ["line": ["type": "integer", "minimum": 1], "code": ["type": "string"]],
          "required": ["line", "code"],
        ],
      ],
      "remaining": MessageCheck.documentSchema,
    ],
    "required": ["message", "fixed", "remaining"],
  ]

  static func read(_ arguments: ToolArguments) throws(JSONFieldError) -> Arguments {
    try arguments.only(["message", "path"])
    let message = try arguments.string("message", required: true, maxBytes: MessageCheck.maxMessageBytes)!
    return Arguments(message: message, path: try PathArgument.read("path", of: arguments, required: true))
  }

  static func run(_ arguments: Arguments, _ context: ToolContext) -> MCPCallToolResult {
    arguments.path!.withMessageFile { fixed(arguments.message, as: $0) }
  }

  static func fixed(_ message: String, as file: String) -> MCPCallToolResult {
    let check = MessageCheck(message, as: file, fix: true)
    guard check.status == 0, let text = check.text else {
      return MCPCallToolResult(text: check.summary, isError: true)
    }
    let fixed = check.applied.map { JSONValue.object(["line": .int($0.line), "code": .string($0.code)]) }
    let said =
      check.applied.isEmpty
      ? "Nothing to fix."
      : "Fixed: " + check.applied.map { "\($0.code) (line \($0.line))" }.joined(separator: ", ") + "."
    return MCPCallToolResult(
      text: "\(said)\n\(check.summary)\n\nThe message:\n\(text.string)",
      structuredContent: [
        "message": .string(text.string), "fixed": .array(fixed), "remaining": check.structured,
      ])
  }
}
