import StableTextJSON

/// MCP's `tools/call`: a tool by name, and its arguments (an object). A tool's own failure (an
/// argument that is wrong, a configuration file that cannot be read) is a result with
/// `isError`; an unknown tool, or params that are not this shape, a JSON-RPC error.
public struct MCPCallToolRequest: RequestType {
  public static let method = "tools/call"
  public typealias Response = MCPCallToolResult

  public var name: String
  /// The arguments as sent (a missing member when none were: decoding always sets it), read by
  /// the tool with their paths (`params.arguments.message`).
  public var arguments: JSONRef?

  public init(name: String, arguments: JSONRef? = nil) {
    self.name = name
    self.arguments = arguments
  }

  public init(decoding params: JSONRef) throws(JSONFieldError) {
    let params = try params.object()
    name = try params["name"].string()
    let arguments = params["arguments"]
    if !arguments.isAbsent { _ = try arguments.object() }
    self.arguments = arguments
  }

  public var json: JSONValue {
    var params: JSONObject = ["name": .string(name)]
    if let value = arguments?.value { params["arguments"] = value }
    return .object(params)
  }
}

/// `tools/call`'s result: a short text for a model, the structured content (which the tool's
/// output schema describes) beside it, and whether the tool failed.
public struct MCPCallToolResult: ResponseType {
  public var text: String
  public var structuredContent: JSONValue?
  public var isError: Bool

  public init(text: String, structuredContent: JSONValue? = nil, isError: Bool = false) {
    self.text = text
    self.structuredContent = structuredContent
    self.isError = isError
  }

  public var json: JSONValue {
    var object: JSONObject = ["content": [["type": "text", "text": .string(text)]]]
    if let structuredContent { object["structuredContent"] = structuredContent }
    if isError { object["isError"] = true }
    return .object(object)
  }
}
