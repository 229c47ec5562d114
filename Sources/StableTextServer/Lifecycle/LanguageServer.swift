import StableTextCore
import StableTextJSON
import StableTextProject
import StableTextProtocol
import StableTextSystem
import StableTextTransport

/// The LSP server proper: lifecycle, documents and the handlers, driven by a connection
/// (`Connection`, `InProcessConnection`) as its `MessageHandler`; it knows nothing of bytes,
/// file descriptors or threads. One thread drives it; nothing here blocks.
public final class LanguageServer: MessageHandler {
  public typealias Decoder = DidChangeDecoder

  public enum Phase: Equatable {
    case uninitialized
    case running
    case shutDown
  }

  public private(set) var phase = Phase.uninitialized
  /// Set when `exit` arrives: 0 after `shutdown`, 1 otherwise.
  public private(set) var exitCode: Int32?

  let log: Logger
  let sink: MessageSink
  var encoding = PositionEncoding.utf16
  var configuration = RuleConfiguration()
  var stateNotifications = false
  /// Whether hover text is Markdown: the first of the client's `contentFormat` that the
  /// server writes, plain text when it lists neither.
  var hoverMarkdown = false
  /// Whether the client takes `workspace/inlayHint/refresh`, and how many were sent.
  var inlayHintRefresh = false
  var refreshRequests = 0
  var documents: [String: Document] = [:] {
    didSet { lastChanged = nil }
  }
  /// The document the last `didChange` went to: keystrokes come in runs to one document, found
  /// again without hashing its URI. Any change to `documents` forgets it.
  var lastChanged: Document?
  /// What all open documents together count against `--max-total-bytes` (their text's UTF-8
  /// bytes and their per-line facts), kept in step with every change to any of them (checked
  /// against a fresh sum by `consistencyProblem`).
  var openBytes = 0 {
    // Over WebSocket, every change reaches the total of all sessions: what `sizeProblem` took
    // ahead for it is settled, and a growth it did not check (or a shrink) is added.
    didSet {
      guard let shared = limits.sharedOpenText else { return }
      shared.settle(openBytes - oldValue - reservedOpenBytes)
      reservedOpenBytes = 0
    }
  }
  /// What `sizeProblem` took from the sessions' shared total for a growth not yet applied.
  var reservedOpenBytes = 0
  let publisher = DiagnosticsPublisher()
  private var revisionCounter = 0
  /// The repositories' configuration files of the open `file:` documents.
  let projects = ProjectConfigurations()
  /// When documents whose configuration files were looked at less than a second before a
  /// message about them are due their look (`wakeTime`), and which.
  var configurationDue: MonotonicTime?
  var configurationWaiters: [String] = []
  /// git's comment character for git's message files, asked off this thread.
  let gitComments = GitCommentPrefixes()
  /// The repositories' histories completion offers, asked off this thread.
  let gitHistories = GitHistories()
  /// Whether this session may be given what git knows of people (Protocol/README.md,
  /// "Completion"; "WebSocket"): completion's authors, co-authors, scopes from the history and
  /// git's identity, the sign-off fix's identity and the author a team's rules read. True for
  /// the editor's own daemon (stdio and the socket transports); a WebSocket session is a page of
  /// any loopback or `file://` origin, and is given none of it unless the daemon was started
  /// with `--allow-git-history`.
  public var offersGitPeople = true

  let limits: ServerLimits
  /// Told the client's process id from `initialize`'s `processId`, so that whoever runs the
  /// server can end it when that process is gone (LSP's rule); `nil` in process.
  public var onClientProcessID: ((Int32) -> Void)?
  /// `--position-encoding`: the encoding for a client that lists none in
  /// `general.positionEncodings` and sends no `initializationOptions.positionEncoding`
  /// (Protocol: "initialize", Position encodings for clients that list none).
  public var commandLineEncoding: PositionEncoding?

  public init(sink: MessageSink, log: Logger, limits: ServerLimits = ServerLimits()) {
    self.sink = sink
    self.log = log
    self.limits = limits
  }

  /// The text of an open document (tests and the fuzzer check it against their models).
  public func text(of uri: String) -> String? { documents[uri]?.field.text.string }

  /// Configuration files read, and stats made looking for them, so far (the tests and the
  /// benchmark count them).
  public var configurationFileReads: Int { projects.reads }
  public var configurationFileStats: Int { projects.stats }

  /// Documents whose layout is still partly estimated (a first layout of a large text, or an
  /// edit in a long line whose rows did not fall back in step nearby).
  private var layoutsToRefine: Set<String> = []

  /// A scroll answer for `document` left some of its layout estimated: go on with it between
  /// messages.
  func noteLayout(of document: Document) {
    if document.field.hasLayoutToRefine { layoutsToRefine.insert(document.uri) }
  }

  /// Lays out one slice (a few milliseconds) of a layout that is still estimated; false when
  /// none is. The stdio loop calls it only while no message is waiting, so a layout of any size
  /// never holds up a request.
  public func refineLayouts() -> Bool {
    while let uri = layoutsToRefine.first {
      guard let document = documents[uri], document.field.refineLayout() else {
        layoutsToRefine.remove(uri)
        continue
      }
      return true
    }
    return false
  }

  /// Nil when the open document's kept counts equal a fresh count of its text; otherwise what
  /// differs (the fuzzer's invariant).
  public func consistencyProblem(_ uri: String) -> String? {
    let sum = documents.values.reduce(0) { $0 + $1.charge.total }
    if sum != openBytes { return "open bytes kept as \(openBytes), but the documents hold \(sum)" }
    guard let document = documents[uri] else { return nil }
    if let broken = document.field.invariantViolations().first { return broken }
    let kept = document.field.text.summary
    let fresh = TextBuffer(document.field.text.string).summary
    return kept == fresh ? nil : "kept \(kept), fresh \(fresh)"
  }

  /// Why a document charged `previous` may not become one charged `charge` while this server's
  /// documents are charged `total` (its `previous` included), or nil: the limits of this
  /// server, then the total of every session sharing `--max-total-bytes` (WebSocket), of which
  /// the growth is taken at once (so that two sessions growing together cannot both pass).
  func sizeProblem(_ charge: ServerLimits.Charge, previous: ServerLimits.Charge, total: Int) -> String? {
    if let problem = limits.sizeProblem(charge, previous: previous, total: total) { return problem }
    guard let shared = limits.sharedOpenText else { return nil }
    // What this server holds after the change, against what it holds now.
    let growth = total - previous.total + charge.total - openBytes
    guard let would = shared.reserve(growth) else {
      reservedOpenBytes += max(growth, 0)
      return nil
    }
    return
      "the open documents of all WebSocket sessions would hold \(would) bytes, over the limit of \(shared.limit) for all of them (--max-total-bytes); close some first"
  }

  /// The session is over: its documents' bytes go back to the total every session shares.
  public func releaseSharedOpenText() {
    limits.sharedOpenText?.settle(-(openBytes + reservedOpenBytes))
    reservedOpenBytes = 0
  }

  /// The open document's version.
  public func version(of uri: String) -> Int? { documents[uri]?.version }

  /// Whether the open document is out of sync (`nil` when it is not open).
  public func isOutOfSync(_ uri: String) -> Bool? { documents[uri]?.isOutOfSync }

  func nextRevision() -> Int {
    revisionCounter += 1
    return revisionCounter
  }

  // MARK: - Dispatch

  // The connection builds every envelope; diagnostics owed for earlier changes go out through
  // `sendOwed()`, which it calls before sending a response.

  /// Every method the server handles, registered once with its message type; `initialize`'s
  /// capabilities are the table's.
  static let methods: MethodTable<LanguageServer> = {
    var table = MethodTable<LanguageServer>()
    table.on(InitializeRequest.self) { server, request throws(ResponseError) in try server.initialize(request)
    }
    table.on(ShutdownRequest.self) { server, _ in server.shutdown() }
    table.on(InitializedNotification.self) { _, _ in }
    table.on(ExitNotification.self) { server, _ in server.exit() }
    table.on(SetTraceNotification.self) { _, _ in }
    table.on(CancelRequestNotification.self) { _, _ in }
    table.on(DidOpenTextDocumentNotification.self) { server, notification in server.didOpen(notification) }
    table.on(
      DidChangeTextDocumentNotification.self, { server, notification in server.didChange(notification) },
      unreadable: { server, params, error throws(JSONFieldError) in try server.unreadableChange(params, error)
      })
    table.on(DidCloseTextDocumentNotification.self) { server, notification in server.didClose(notification) }
    table.on(DidSaveTextDocumentNotification.self) { server, notification in server.didSave(notification) }
    table.on(DidChangeWatchedFilesNotification.self) { server, notification in
      server.didChangeWatchedFiles(notification)
    }
    table.on(DidChangeConfigurationNotification.self) { server, notification in
      server.didChangeConfiguration(notification)
    }
    table.onReading(DocumentDiagnosticRequest.self) { server, request throws(ResponseError) in
      try server.pullDiagnosticsWork(request)
    }
    table.onReading(CodeActionRequest.self) { server, request throws(ResponseError) in
      try server.codeActionsWork(request)
    }
    table.on(HoverRequest.self) { server, request throws(ResponseError) in try server.hover(request) }
    table.on(CompletionRequest.self) { server, request throws(ResponseError) in try server.completion(request)
    }
    table.on(InlayHintRequest.self) { server, request throws(ResponseError) in try server.inlayHints(request)
    }
    table.onReading(StableTextStateRequest.self) { server, request throws(ResponseError) in
      try server.stateWork(request)
    }
    table.onReading(StableTextShouldChangeTextRequest.self) { server, request throws(ResponseError) in
      try server.shouldChangeTextWork(request)
    }
    table.on(StableTextEditRequest.self) { server, request throws(ResponseError) in try server.edit(request) }
    table.on(StableTextConfigureRequest.self) { server, request throws(ResponseError) in
      try server.configure(request)
    }
    table.on(StableTextScrollRequest.self) { server, request throws(ResponseError) in
      try server.scroll(request)
    }
    return table
  }()

  public func handle(request method: String, params: JSONRef, id: RequestID, cancelled: Bool) -> Result<
    JSONValue, ResponseError
  > {
    switch phase {
    case .uninitialized where method != InitializeRequest.method:
      return .failure(.serverNotInitialized)
    case .running where method == InitializeRequest.method:
      return .failure(.invalidRequest("initialize may be sent only once"))
    case .shutDown:
      return .failure(.invalidRequest("the server has shut down; only 'exit' is accepted"))
    default:
      break
    }
    if cancelled { return .failure(.requestCancelled) }
    do throws(ResponseError) {
      return .success(try Self.methods.answer(method, params, for: self))
    } catch {
      if error.code == .invalidParams || error.code == .contentModified {
        log.info("\(method): \(error.message)")
      }
      return .failure(error)
    }
  }

  private func shutdown() -> NullResult {
    phase = .shutDown
    log.info("shutdown requested")
    return NullResult()
  }

  private func exit() {
    exitCode = phase == .shutDown ? 0 : 1
    log.info("exit (code \(exitCode!))")
  }

  /// Documents from this size on have their read-only requests answered on the background thread
  /// (a quick fix over a huge paragraph, every diagnostic of a huge text, the whole text, a huge
  /// paste checked against it): they can take long, and every other document, and a
  /// `$/cancelRequest` for them, must be answered meanwhile. Smaller ones are answered at once.
  public static let backgroundBytes = 256 * 1024

  /// A document counted in `twitter` or `sms` (its limit or a line rule) costs several times a
  /// byte what one in another unit does (URLs, NFC and weights; SMS's packing): its read-only
  /// requests go to the background from 16 KiB, so a rewrap of a large paragraph in them never
  /// blocks the other documents and a `$/cancelRequest` for it is answered at once (240 KB ran
  /// inline, 5.25 s, deaf to cancellation).
  public static let slowUnitBackgroundBytes = 16 * 1024

  /// Where `rules`' documents go to the background.
  static func backgroundBytes(for rules: Rules) -> Int {
    let slow: [LengthUnit] = [.twitter, .sms]
    return slow.contains(rules.lengthUnit) || rules.countsLines(inAnyOf: slow)
      ? slowUnitBackgroundBytes : backgroundBytes
  }

  public func deferral(request method: String, params: JSONRef, id: RequestID) -> DeferredRequest? {
    guard phase == .running else { return nil }
    return Self.methods.deferral(method, params, id: id, for: self)
  }

  /// The deferred form of a read-only request on its document, when the document (with the
  /// request's pasted bytes more) is large enough to be worth a thread; `nil` answers it at once.
  func deferral<R: ReadingRequest>(
    _ request: R, id: RequestID,
    _ work: () throws(ResponseError) -> @Sendable (CancellationFlag) -> R.Response
  ) -> DeferredRequest? {
    let uri = request.textDocument.uri
    guard let document = documents[uri],
      document.field.text.utf8Count + request.pastedBytes >= Self.backgroundBytes(for: document.field.rules)
    else {
      return nil
    }
    let answer: @Sendable (CancellationFlag) -> R.Response
    do throws(ResponseError) {
      answer = try work()
    } catch {
      // Answered as usual, with its error.
      return nil
    }
    log.debug("\(R.method) (id \(id)) for \(uri) runs in the background")
    let revision = document.revision
    let version = document.version
    let cancellation = CancellationFlag()
    let log = log
    let method = R.method
    let work: @Sendable () -> Result<JSONValue, ResponseError> = {
      let response = answer(cancellation)
      // Stopped early, its answer is partial; nobody reads it (the client was answered -32800).
      guard !cancellation.isCancelled else {
        log.debug("\(method) (id \(id)) stopped: the client cancelled it")
        return .failure(.requestCancelled)
      }
      return .success(response.json)
    }
    return DeferredRequest(cancellation: cancellation, work: work) { [weak self] result in
      // Quick fixes are edits of the text they were computed for: stale, they would corrupt it.
      guard R.self == CodeActionRequest.self, let self else { return result }
      let now = self.documents[uri]
      if let now, now === document, now.revision == revision { return result }
      guard let now else {
        return .failure(
          ResponseError(code: .contentModified, message: "\(uri) was closed while the request ran"))
      }
      return .failure(
        ResponseError(
          code: .contentModified,
          message:
            "\(uri) changed while the request ran (version \(version), now \(now.version)); ask again",
          data: ["version": .int(now.version)]))
    }
  }

  public func handle(response id: JSONValue?) {
    if let sent = id?.stringValue, sent.hasPrefix(Self.refreshIDPrefix) {
      log.debug("the client answered \(sent)")
      return
    }
    log.warning(
      "ignored a response (id \(Echo.clipped(id?.serialized ?? "none", to: Echo.maxQuotedBytes))): the server sends no requests"
    )
  }

  public func handle(invalid error: ResponseError) {
    log.warning("invalid message: \(error.message)")
  }

  public func handle(decoded message: DidChangeDecoder.Message) {
    switch message {
    case .change(let change): handle(change)
    case .lost(let lost): changeWasLost(lost)
    }
  }

  public func sendOwed() { publishOwedDiagnostics() }

  public func idle() -> Bool { wakeForConfiguration() || takeGitAnswers() || refineLayouts() }

  /// The next configuration look due, if any: the connection wakes the handler then.
  public var wakeTime: MonotonicTime? {
    // While git is asked, a look every 20 ms for its answer.
    guard gitComments.isAsking else { return configurationDue }
    let soon = MonotonicTime(nanoseconds: MonotonicTime.now().nanoseconds &+ 20_000_000)
    return min(configurationDue ?? soon, soon)
  }

  public var exitCodeAtEndOfInput: Int32 { phase == .shutDown ? 0 : 1 }

  public func handle(notification method: String, params: JSONRef) {
    // `exit` counts in every phase; the others only while running.
    guard method == ExitNotification.method || acceptsNotification(method) else { return }
    do throws(JSONFieldError) {
      if try !Self.methods.notify(method, params, for: self) {
        log.debug("ignored unknown notification \(method)")
      }
    } catch {
      reportNotificationError(method: method, error.description)
    }
  }

  /// A `textDocument/didChange` the reader decoded from its bytes: the same as the notification
  /// handled through JSON.
  func handle(_ notification: DidChangeTextDocumentNotification) {
    guard acceptsNotification(DidChangeTextDocumentNotification.method) else { return }
    didChange(notification)
  }

  /// Notifications other than `exit` count only while running.
  private func acceptsNotification(_ method: String) -> Bool {
    switch phase {
    case .uninitialized:
      log.debug("dropped \(method): not initialized")
      return false
    case .shutDown:
      log.debug("dropped \(method): shut down")
      return false
    case .running:
      return true
    }
  }

  /// A notification cannot be answered, so a bad one is logged and shown in the client's log.
  func reportNotificationError(method: String, _ message: String) {
    log.error("\(method): \(message)")
    sink.notify(LogMessageNotification(type: .error, message: "stabletext: \(method): \(message)"))
  }

  func showMessage(type: MessageKind, _ message: String) {
    sink.notify(ShowMessageNotification(type: type, message: message))
  }

  // MARK: - Lifecycle

  /// Only ever called before `initialize` succeeded (`handle(request:…)` refuses a second one).
  private func initialize(_ request: InitializeRequest) throws(ResponseError) -> InitializeResult {
    hoverMarkdown = request.wantsMarkdownHover
    inlayHintRefresh = request.inlayHintRefresh
    let options = request.options ?? InitializationOptions()
    for warning in options.warnings { log.warning(warning) }
    if let value = request.processId {
      if let pid = Int32(exactly: value), pid > 0 {
        onClientProcessID?(pid)
      } else {
        // An integer, so not refused; but no process here has that id (ids are 1 to 2^31 − 1).
        log.warning(
          "processId \(value) cannot be a process id here (1 to \(Int32.max)); the client is not watched")
      }
    }
    // The client's list decides when it has one; else the option, then the flag.
    let preferences = request.positionEncodings
    let fallback = options.positionEncoding ?? commandLineEncoding
    if preferences.isEmpty, let fallback {
      encoding = fallback
    } else {
      encoding = PositionEncoding.negotiate(clientPreferences: preferences)
      if let fallback {
        log.info(
          "the client lists position encodings \(preferences); \(options.positionEncoding != nil ? "initializationOptions.positionEncoding" : "--position-encoding") \(fallback.rawValue) is ignored"
        )
      }
    }
    configuration = options.configuration
    stateNotifications = options.stateNotifications
    phase = .running
    log.info("initialized; position encoding \(encoding.rawValue)")
    var capabilities: JSONObject = ["positionEncoding": .string(encoding.rawValue)]
    for key in Self.methods.capabilities.keys { capabilities[key] = Self.methods.capabilities[key] }
    return InitializeResult(
      capabilities: capabilities, serverName: ServerInfo.name, serverVersion: ServerInfo.version)
  }

  // MARK: - Shared look-ups

  /// The open document `identifier` names, or `-32602` naming its URI's field.
  func document(_ identifier: TextDocumentIdentifier) throws(ResponseError) -> Document {
    guard let document = documents[identifier.uri] else {
      throw .invalidParams(
        path: identifier.uriPath.description,
        "unknown document \(Echo.clipped(identifier.uri)); open it with textDocument/didOpen first")
    }
    watchConfiguration(of: document)
    // A request reads the field: measure the lines edits touched since the last one.
    document.field.catchUp()
    return document
  }

  /// Resolves a client range in `document`, or `-32602` naming the field.
  func offsets(_ range: Located<TextRange>, in document: Document) throws(ResponseError) -> Range<Int> {
    do throws(PositionError) {
      return try document.field.text.offsets(of: range.value, in: encoding)
    } catch {
      throw .invalidParams(error.fieldError(in: range.value, at: range.path))
    }
  }
}
