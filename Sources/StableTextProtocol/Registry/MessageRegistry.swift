/// Every message StableText speaks, by type: the one list the server's method table, the
/// client and the documentation tests agree with (a method the server registers and this list
/// lacks, or the other way round, fails `MessageRegistryTests`).
public enum MessageRegistry {
  public static let requests: [any RequestType.Type] = [
    InitializeRequest.self,
    ShutdownRequest.self,
    DocumentDiagnosticRequest.self,
    CodeActionRequest.self,
    HoverRequest.self,
    CompletionRequest.self,
    InlayHintRequest.self,
    StableTextStateRequest.self,
    StableTextShouldChangeTextRequest.self,
    StableTextEditRequest.self,
    StableTextConfigureRequest.self,
    StableTextScrollRequest.self,
  ]

  /// Client to server (`exit` included: the server handles it before any phase check).
  public static let notifications: [any NotificationType.Type] = [
    InitializedNotification.self,
    ExitNotification.self,
    SetTraceNotification.self,
    CancelRequestNotification.self,
    DidOpenTextDocumentNotification.self,
    DidChangeTextDocumentNotification.self,
    DidCloseTextDocumentNotification.self,
    DidSaveTextDocumentNotification.self,
    DidChangeWatchedFilesNotification.self,
    DidChangeConfigurationNotification.self,
  ]

  /// Server to client: what the server sends of its own accord (and `stableText/didChangeState`,
  /// `StableTextState.didChangeMethod`, whose params are the state `stableText/state` answers).
  public static let serverNotifications: [any NotificationType.Type] = [
    PublishDiagnosticsNotification.self,
    LogMessageNotification.self,
    ShowMessageNotification.self,
  ]

  /// Server to client requests: what the server asks of a client that says it can answer.
  public static let serverRequests: [any RequestType.Type] = [
    InlayHintRefreshRequest.self
  ]

  /// The type of request `method`.
  public static func request(_ method: String) -> (any RequestType.Type)? {
    requests.first { $0.method == method }
  }

  /// The type of notification `method`.
  public static func notification(_ method: String) -> (any NotificationType.Type)? {
    notifications.first { $0.method == method }
  }
}
