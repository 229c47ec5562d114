import StableTextJSON
import StableTextProtocol
import StableTextTransport

/// The server's hook into the connection's reader thread: `textDocument/didChange`, the one
/// message that arrives thousands of times a second, read straight from its bytes; and every
/// body that shows a change the server could not read or use, so its document goes out of sync
/// instead of silently missing it.
public struct DidChangeDecoder: EarlyDecoder {
  public enum Message: Sendable {
    /// A `didChange` read straight from its bytes.
    case change(DidChangeTextDocumentNotification)
    /// A change that arrived but cannot be applied.
    case lost(LostChange)
  }

  /// The URI of the last change, handed out again for the next one to the same document.
  private var lastURI = ""

  public init() {}

  public static var watchedPhrases: [[UInt8]] { LostChange.methodNames }

  public mutating func decode(_ body: UnsafeRawBufferPointer) -> Message? {
    DidChangeTextDocumentNotification.decode(body, lastURI: &lastURI).map(Message.change)
  }

  public func unreadable(_ body: UnsafeRawBufferPointer, reason: String) -> Message? {
    LostChange.find(in: body, reason: "a textDocument/didChange could not be read: \(reason)").map(
      Message.lost)
  }

  public func skipped(prefix: UnsafeRawBufferPointer, reason: String) -> Message {
    .lost(LostChange.named(in: prefix, reason: "a textDocument/didChange was skipped unread: \(reason)"))
  }

  /// A message that names `textDocument/didChange` but will not be handled as that
  /// notification (it has an id, or is not a valid message): its change is lost.
  public func alongside(_ element: JSONRef, _ message: IncomingMessage) -> Message? {
    guard element.isObject, (try? element["method"].string()) == DidChangeTextDocumentNotification.method
    else { return nil }
    let why: String
    switch message {
    case .notification, .cancelRequest: return nil
    case .request: why = "it was sent as a request (with an id), and a change must be a notification"
    case .invalid(_, let error): why = "it is not a valid message (\(error.message))"
    case .response: why = "it was read as a response"
    }
    let uri = try? element["params"]["textDocument"]["uri"].string()
    return .lost(LostChange(uri: uri, reason: "a textDocument/didChange could not be applied: \(why)"))
  }
}
