import StableTextJSON
import StableTextProtocol

/// `check_message`: a commit message checked as the commit-msg hook checks it
/// (Protocol/README.md, "MCP": "check_message"). The structured content is exactly what
/// `stabletext check --format json FILE` prints for the same bytes in FILE, the repository's
/// message file (without a path, `stabletext check --format json --preset gitCommit -` with the
/// bytes on standard input).
enum CheckMessageTool: MCPTool {
  struct Arguments: Sendable {
    var message: String
    /// Where the message will be committed from, when given.
    var path: PathArgument?
  }

  static let name = "check_message"
  static let title = "Check a commit message"
  static let description =
    "Checks a commit message exactly as the repository's commit-msg hook (stabletext check) would: the length limits, the blank line, the team's commitlint or gitlint rules. Give the message, and the path of the repository (or any folder or file in it) it will be committed from, so that its configuration applies. Returns every diagnostic with its line, column, severity and code; an error means the hook would refuse the commit."

  static let inputSchema: JSONValue = [
    "type": "object",
    "properties": [
      "message": [
        "type": "string",
        "description": "The whole commit message: the header, a blank line, the body, trailers",
      ],
      "path": [
        "type": "string",
        "description":
          "A folder or file in the repository the message will be committed from (its configuration applies); without it, the commit-message rules alone",
      ],
    ],
    "required": ["message"],
    "additionalProperties": false,
  ]

  static var outputSchema: JSONValue { MessageCheck.documentSchema }

  static func read(_ arguments: ToolArguments) throws(JSONFieldError) -> Arguments {
    try arguments.only(["message", "path"])
    let message = try arguments.string("message", required: true, maxBytes: MessageCheck.maxMessageBytes)!
    return Arguments(message: message, path: try PathArgument.read("path", of: arguments, required: false))
  }

  static func run(_ arguments: Arguments, _ context: ToolContext) -> MCPCallToolResult {
    guard let path = arguments.path else { return run(arguments.message, as: nil) }
    return path.withMessageFile { run(arguments.message, as: $0) }
  }

  static func run(_ message: String, as file: String?) -> MCPCallToolResult {
    let check = MessageCheck(message, as: file, fix: false)
    guard check.status == 0 else { return MCPCallToolResult(text: check.summary, isError: true) }
    return MCPCallToolResult(text: check.summary, structuredContent: check.structured)
  }
}
