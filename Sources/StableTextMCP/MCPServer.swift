import StableTextJSON
import StableTextProtocol
import StableTextServer
import StableTextSystem
import StableTextTransport

/// `stabletext mcp`: StableText's checks as tools for agents, over the Model Context Protocol
/// (Protocol/README.md, "MCP"). A `MessageHandler` like the LSP server, driven by the same
/// connection (one JSON-RPC message a line: `LineFraming`; MCP's cancellation and no batches:
/// `JSONRPCDialect.modelContext`); it knows nothing of bytes or threads.
///
/// It speaks both eras of the protocol, as the specification lets a server: a request that
/// names its revision in `_meta` (2026-07-28) is served on its own, with no session; an
/// `initialize` (2025-11-25, 2025-06-18) opens a session whose requests carry no revision.
public final class MCPServer: MessageHandler {
  public typealias Decoder = NoEarlyDecoder
  public typealias Framing = LineFraming
  public static var dialect: JSONRPCDialect { .modelContext }

  let log: Logger
  /// The handshake revision `initialize` settled on, once it did.
  public private(set) var session: MCPRevision?
  /// Whether the session's client said `notifications/initialized`.
  public private(set) var initialized = false
  /// The revision of the request being answered.
  private var revision = MCPRevision.v2026_07_28
  /// The repositories' histories `complete_header` reads, kept a minute as the daemon keeps them.
  let histories = GitHistories()

  /// MCP has no `exit`: the server ends with its input (status 0), as the specification's stdio
  /// transport says.
  public var exitCode: Int32? { nil }
  public var exitCodeAtEndOfInput: Int32 { 0 }

  /// How long a client may keep `tools/list` and `server/discover` (the tools never change while
  /// the server runs).
  static let cacheMilliseconds = 3_600_000

  public init(log: Logger) {
    self.log = log
  }

  /// Who the server is, in `serverInfo` and each stateless result's `_meta`.
  static let serverInfo: JSONValue = [
    "name": .string(ServerInfo.name), "title": "StableText", "version": .string(ServerInfo.version),
  ]

  static let instructions =
    "StableText checks commit messages exactly as the repository's commit-msg hook (stabletext check) does. Before committing, call check_message with the message and the repository's path; fix_message applies the fixes that have one right answer; explain_rules says which limits and team rules apply and why; complete_header lists the types and scopes a header may use. No tool writes anything."

  // MARK: - Dispatch

  /// Every method the server answers, registered once with its message type.
  static let methods: MethodTable<MCPServer> = {
    var table = MethodTable<MCPServer>()
    table.on(MCPInitializeRequest.self) { server, request throws(ResponseError) in
      try server.initialize(request)
    }
    table.on(MCPPingRequest.self) { _, _ in [:] }
    table.on(MCPDiscoverRequest.self) { _, _ in
      MCPDiscoverResult(
        capabilities: MCPServer.methods.capabilities, instructions: MCPServer.instructions,
        ttlMilliseconds: MCPServer.cacheMilliseconds)
    }
    table.on(MCPListToolsRequest.self) { server, _ in
      MCPListToolsResult(
        tools: MCPTools.all.map(\.listing),
        ttlMilliseconds: server.revision.isStateless ? MCPServer.cacheMilliseconds : nil)
    }
    table.on(
      reading: MCPCallToolRequest.self,
      { server, request throws(ResponseError) in try server.prepare(request) },
      deferral: { server, _, id, work in server.deferral(id: id, work) })
    table.on(MCPInitializedNotification.self) { server, _ in server.initialized = true }
    table.on(MCPCancelledNotification.self) { server, notification in
      server.log.info(
        "the client cancelled request \(notification.requestId.serialized)\(notification.reason.map { ": \($0)" } ?? "")"
      )
    }
    return table
  }()

  public func handle(request method: String, params: JSONRef, id: RequestID, cancelled: Bool) -> Result<
    JSONValue, ResponseError
  > {
    if cancelled {
      // Never answered (the dispatcher drops this): the client stopped waiting.
      log.info("\(Echo.clipped(method)) (id \(id)) was cancelled before it ran; not answered")
      return .failure(.requestCancelled)
    }
    let revision: MCPRevision
    switch self.revision(of: method, params) {
    case .success(let found): revision = found
    case .failure(let error):
      log.info("\(Echo.clipped(method)): \(error.message)")
      return .failure(error)
    }
    self.revision = revision
    do throws(ResponseError) {
      let result = try Self.methods.answer(method, params, for: self)
      return .success(Self.stamped(result, revision))
    } catch {
      if error.code == .invalidParams { log.info("\(method): \(error.message)") }
      return .failure(error)
    }
  }

  /// The revision `method` is answered under: the one its `_meta` names (2026-07-28, else
  /// `-32022`), else the session's; `initialize` opens one (once), `ping` needs none; anything
  /// else without either is refused naming the field that would say it.
  private func revision(of method: String, _ params: JSONRef) -> Result<MCPRevision, ResponseError> {
    if method == MCPInitializeRequest.method {
      guard session == nil else { return .failure(.invalidRequest("initialize may be sent only once")) }
      return .success(.v2025_11_25)
    }
    let meta: MCPRequestMeta?
    do throws(JSONFieldError) { meta = try MCPRequestMeta.read(params) } catch {
      return .failure(.invalidParams(error))
    }
    if let meta {
      guard let named = MCPRevision(rawValue: meta.protocolVersion), named.isStateless else {
        return .failure(.unsupportedProtocolVersion(meta.protocolVersion))
      }
      return .success(named)
    }
    if let session { return .success(session) }
    if method == MCPPingRequest.method { return .success(.v2025_11_25) }
    guard Self.methods.handles(method) else { return .failure(.methodNotFound(method)) }
    return .failure(
      .invalidParams(
        path: "params._meta.\(MCPRequestMeta.protocolVersionKey)",
        "missing; a request of revision \(MCPRevision.v2026_07_28.rawValue) names its revision there (or open a session with initialize: \(MCPRevision.v2025_11_25.rawValue), \(MCPRevision.v2025_06_18.rawValue))"
      ))
  }

  /// A result of the stateless revision says it is complete, and who answered it.
  static func stamped(_ result: JSONValue, _ revision: MCPRevision) -> JSONValue {
    guard revision.isStateless, case .object(var object) = result else { return result }
    object["resultType"] = "complete"
    object["_meta"] = [MCPRequestMeta.serverInfoKey: serverInfo]
    return .object(object)
  }

  public func deferral(request method: String, params: JSONRef, id: RequestID) -> DeferredRequest? {
    // Only a request whose revision is settled goes off the thread; any error is answered here.
    guard case .success(let revision) = revision(of: method, params) else { return nil }
    self.revision = revision
    return Self.methods.deferral(method, params, id: id, for: self)
  }

  /// A tool call's run, to go off the handler's thread: the tool's result (or its failure) whatever
  /// the revision, stamped on the way back.
  private func deferral(
    id: RequestID, _ work: () throws(ResponseError) -> @Sendable (CancellationFlag) -> MCPCallToolResult
  ) -> DeferredRequest? {
    let run: @Sendable (CancellationFlag) -> MCPCallToolResult
    do throws(ResponseError) { run = try work() } catch { return nil }
    let revision = revision
    let cancellation = CancellationFlag()
    return DeferredRequest(
      cancellation: cancellation,
      work: {
        let result = run(cancellation)
        return cancellation.isCancelled ? .failure(.requestCancelled) : .success(result.json)
      },
      finish: { result in result.map { Self.stamped($0, revision) } })
  }

  /// `tools/call`: the tool, and its arguments read here (a wrong one is the tool's failure, an
  /// unknown tool `-32602`); what is left runs on plain values.
  private func prepare(_ request: MCPCallToolRequest) throws(ResponseError)
    -> @Sendable (CancellationFlag) ->
    MCPCallToolResult
  {
    guard let tool = MCPTools.named(request.name) else {
      throw .invalidParams(
        path: "params.name",
        "unknown tool \(Echo.clipped(request.name)); the tools are \(MCPTools.all.map(\.name).joined(separator: ", "))"
      )
    }
    guard let given = request.arguments else { throw .invalidParams(path: "params.arguments", "missing") }
    let arguments = ToolArguments(object: given)
    let run: @Sendable (ToolContext) -> MCPCallToolResult
    do throws(JSONFieldError) {
      run = try tool.prepare(arguments)
    } catch {
      log.info("\(tool.name): \(error.description)")
      return { _ in MCPCallToolResult(text: error.description, isError: true) }
    }
    let histories = histories
    let log = log
    let name = tool.name
    return { cancellation in
      let started = MonotonicTime.now()
      let result = run(ToolContext(histories: histories, cancellation: cancellation))
      log.debug("\(name) answered in \(MonotonicTime.now().nanoseconds &- started.nanoseconds) ns")
      return result
    }
  }

  // MARK: - Lifecycle

  private func initialize(_ request: MCPInitializeRequest) throws(ResponseError) -> MCPInitializeResult {
    let settled = MCPRevision.handshake(for: request.protocolVersion)
    session = settled
    revision = settled
    log.info(
      "initialized by \(request.clientName.map { Echo.clipped($0) } ?? "a client") asking for \(Echo.clipped(request.protocolVersion)); speaking \(settled.rawValue)"
    )
    return MCPInitializeResult(
      protocolVersion: settled, capabilities: Self.methods.capabilities, serverInfo: Self.serverInfo,
      instructions: Self.instructions)
  }

  public func handle(notification method: String, params: JSONRef) {
    do throws(JSONFieldError) {
      if try !Self.methods.notify(method, params, for: self) {
        log.debug("ignored unknown notification \(Echo.clipped(method))")
      }
    } catch {
      // A notification is never answered: the log says what was wrong with it.
      log.warning("\(method): \(error.description); ignored")
    }
  }

  public func handle(response id: JSONValue?) {
    log.warning(
      "ignored a response (id \(Echo.clipped(id?.serialized ?? "none", to: Echo.maxQuotedBytes))): this server sends no requests"
    )
  }

  public func handle(invalid error: ResponseError) {
    log.warning("invalid message: \(error.message)")
  }

  public func handle(decoded: NoEarlyDecoder.Message) {}
  public func sendOwed() {}
  public func idle() -> Bool { false }
}
