import StableTextJSON
import StableTextProtocol
import StableTextServer
import StableTextTransport

/// One tool `stabletext mcp` offers (Protocol/README.md, "MCP": "Tools"): its name and JSON
/// Schemas as `tools/list` gives them, how its arguments are read (on the handler's thread, into
/// plain values: a missing, misspelt or wrong one is the failure naming it), and its run, which
/// may go off the handler's thread.
protocol MCPTool: SendableMetatype {
  associatedtype Arguments: Sendable
  static var name: String { get }
  static var title: String { get }
  static var description: String { get }
  /// The arguments' schema (JSON Schema 2020-12, `type: object`).
  static var inputSchema: JSONValue { get }
  /// The structured content's schema.
  static var outputSchema: JSONValue { get }
  static func read(_ arguments: ToolArguments) throws(JSONFieldError) -> Arguments
  static func run(_ arguments: Arguments, _ context: ToolContext) -> MCPCallToolResult
}

/// What a run may use besides its arguments: the repositories' histories (kept a minute, as the
/// daemon keeps them), and whether the client gave up on the call.
struct ToolContext: Sendable {
  let histories: GitHistories
  let cancellation: CancellationFlag
}

/// The tools, each listed once: `tools/list` gives them in this order and `tools/call` finds
/// them here.
enum MCPTools {
  /// A tool with its type forgotten: its listing, and its call read and made ready to run.
  struct Entry: Sendable {
    let name: String
    let listing: JSONValue
    let prepare:
      @Sendable (ToolArguments) throws(JSONFieldError) -> @Sendable (ToolContext) -> MCPCallToolResult
  }

  static let all: [Entry] = [
    entry(CheckMessageTool.self), entry(FixMessageTool.self), entry(ExplainRulesTool.self),
    entry(CompleteHeaderTool.self),
  ]

  static func named(_ name: String) -> Entry? { all.first { $0.name == name } }

  private static func entry<Tool: MCPTool>(_ tool: Tool.Type) -> Entry {
    Entry(
      name: Tool.name,
      listing: [
        "name": .string(Tool.name), "title": .string(Tool.title), "description": .string(Tool.description),
        "inputSchema": Tool.inputSchema, "outputSchema": Tool.outputSchema,
        // Every tool only reads: it writes nothing, and asks nothing outside this machine.
        "annotations": ["readOnlyHint": true, "idempotentHint": true, "openWorldHint": false],
      ],
      prepare: { arguments throws(JSONFieldError) in
        let read = try Tool.read(arguments)
        return { context in Tool.run(read, context) }
      })
  }
}
