import StableTextJSON

/// MCP's `server/discover` (2026-07-28): the revisions, capabilities and identity of the
/// server, asked by a client of the stateless revision (or as its probe of which kind of server
/// it started). Its params hold nothing but `_meta`.
public struct MCPDiscoverRequest: RequestType {
  public static let method = "server/discover"
  public typealias Response = MCPDiscoverResult

  public init() {}
  public init(decoding params: JSONRef) throws(JSONFieldError) {}
  public var json: JSONValue { [:] }
}

/// `server/discover`'s result (a cacheable one: `ttlMs`, `cacheScope`).
public struct MCPDiscoverResult: ResponseType {
  public var capabilities: JSONObject
  public var instructions: String
  public var ttlMilliseconds: Int

  public init(capabilities: JSONObject, instructions: String, ttlMilliseconds: Int) {
    self.capabilities = capabilities
    self.instructions = instructions
    self.ttlMilliseconds = ttlMilliseconds
  }

  public var json: JSONValue {
    [
      "supportedVersions": .array(MCPRevision.supported.map { .string($0.rawValue) }),
      "capabilities": .object(capabilities), "instructions": .string(instructions),
      "ttlMs": .int(ttlMilliseconds), "cacheScope": "public",
    ]
  }
}
