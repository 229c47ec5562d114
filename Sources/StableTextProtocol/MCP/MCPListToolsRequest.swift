import StableTextJSON

/// MCP's `tools/list`: every tool, in one page (the server's tools are few and fixed), each with
/// its input and output JSON Schemas.
public struct MCPListToolsRequest: RequestType {
  public static let method = "tools/list"
  public typealias Response = MCPListToolsResult
  /// The tools never change while the server runs.
  public static var capabilities: JSONObject { ["tools": ["listChanged": false]] }

  /// `cursor`: read, and a wrong type refused; there is one page, so it moves nothing.
  public var cursor: String?

  public init(cursor: String? = nil) { self.cursor = cursor }

  public init(decoding params: JSONRef) throws(JSONFieldError) {
    guard !params.isAbsent else { return }
    cursor = try params.object()["cursor"].optionalString()
  }

  public var json: JSONValue { cursor.map { ["cursor": .string($0)] } ?? [:] }
}

/// `tools/list`'s result; under the stateless revision a cacheable one (`ttlMs`, `cacheScope`).
public struct MCPListToolsResult: ResponseType {
  public var tools: [JSONValue]
  /// `ttlMs` for the stateless revision; nil for a handshake one, whose result has no such field.
  public var ttlMilliseconds: Int?

  public init(tools: [JSONValue], ttlMilliseconds: Int?) {
    self.tools = tools
    self.ttlMilliseconds = ttlMilliseconds
  }

  public var json: JSONValue {
    var object: JSONObject = ["tools": .array(tools)]
    if let ttlMilliseconds {
      object["ttlMs"] = .int(ttlMilliseconds)
      object["cacheScope"] = "public"
    }
    return .object(object)
  }
}
