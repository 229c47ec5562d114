/// `window/logMessage`, server to client: a line for the client's log, sent when a notification
/// cannot be used (a notification has no answer to carry its error).
public typealias LogMessageNotification = WindowMessageNotification<LogMessage>

/// `window/logMessage`'s method (its params are every window message's).
public enum LogMessage: WindowMessageMethod {
  public static let method = "window/logMessage"
}
