import StableTextCheck
import StableTextCore
import StableTextJSON
import StableTextProtocol

/// `explain_rules`: the rules the repository's commit-msg hook applies to a message, each with
/// where its value came from (Protocol/README.md, "MCP": "explain_rules"): exactly the element
/// `stabletext rules --format json FILE` prints for the repository's message file.
enum ExplainRulesTool: MCPTool {
  struct Arguments: Sendable {
    var path: PathArgument
  }

  static let name = "explain_rules"
  static let title = "Explain the commit-message rules"
  static let description =
    "Explains the rules a repository's commit-msg hook (stabletext check) applies to a commit message, before one is written: each limit and setting with where it came from (the commit preset, .stabletext.json, .editorconfig, git's configuration), and the team's commitlint or gitlint rules."

  static let inputSchema: JSONValue = [
    "type": "object",
    "properties": [
      "path": ["type": "string", "description": "A folder or file in the repository"]
    ],
    "required": ["path"],
    "additionalProperties": false,
  ]

  static let outputSchema: JSONValue = [
    "type": "object",
    "properties": [
      "path": ["type": "string", "description": "The repository's message file"],
      "covered": ["type": "boolean"],
      "rules": [
        "type": "object",
        "description": "Every rule field: its value and the layer it came from",
        "additionalProperties": [
          "type": "object", "properties": ["value": [:], "from": ["type": "string"]],
          "required": ["value", "from"],
        ],
      ],
      "conventions": ["type": "object", "description": "The team's commitlint and gitlint configuration"],
    ],
    "required": ["path", "covered", "rules"],
  ]

  static func read(_ arguments: ToolArguments) throws(JSONFieldError) -> Arguments {
    try arguments.only(["path"])
    return Arguments(path: try PathArgument.read("path", of: arguments, required: true)!)
  }

  static func run(_ arguments: Arguments, _ context: ToolContext) -> MCPCallToolResult {
    arguments.path.withMessageFile(explained)
  }

  static func explained(_ file: String) -> MCPCallToolResult {
    let found = CheckRules(options: RulePatch()).provenance(forPath: file)
    var said: [String] = []
    if let refused = MCPCallToolResult.refusal(found.resolved.problems, said: &said) { return refused }
    let warnings = said + found.resolved.warnings.map { "stabletext: warning: \($0)" }
    let entry = JSONSerializer.string(RulesReport.json(path: file, found))
    return MCPCallToolResult(
      text: ([RulesReport.text(path: file, found)] + warnings).joined(separator: "\n"),
      structuredContent: .verbatim(entry))
  }
}
