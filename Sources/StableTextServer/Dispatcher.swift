import Foundation
import StableTextJSON
import StableTextTransport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One unit of work found in the input: a message, a batch, or an error found while reading.
enum Work: Sendable {
  case single(IncomingMessage)
  case batch([IncomingMessage])
  case failure(ResponseError)
  /// A change to a document that could not be read or applied: the document must not
  /// silently miss it.
  case lostChange(LostChange)
  /// A `textDocument/didChange` read straight from its bytes.
  case keystroke(Keystroke)
}

/// Where replies go, and how to push them out.
public protocol FlushingSink: MessageSink {
  func flush()
}

extension MessageWriter: FlushingSink {}

/// Runs parsed work against the server in order and sends the replies. Shared by the stdio loop
/// and by in-process sessions (fuzzing, tests).
final class Dispatcher {
  let server: LanguageServer
  let sink: FlushingSink

  init(server: LanguageServer, sink: FlushingSink) {
    self.server = server
    self.sink = sink
  }

  /// Runs the work in order; returns an exit code when `exit` arrived.
  func process(_ work: [Work]) -> Int32? {
    let cancelled = cancellations(in: work)
    for item in work {
      if let code = run(item, cancelled) { return code }
    }
    return nil
  }

  private func run(_ item: Work, _ cancelled: Set<RequestID>) -> Int32? {
    switch item {
    case .failure(let error):
      server.flushDiagnostics()
      sink.send(["jsonrpc": "2.0", "id": nil, "error": error.json])
    case .lostChange(let lost):
      server.changeWasLost(lost)
    case .keystroke(let keystroke):
      server.handle(keystroke)
    case .single(let message):
      if let response = server.handle(message, cancelled: isCancelled(message, cancelled)) {
        server.flushDiagnostics()
        sink.send(response)
      }
    case .batch(let messages):
      var responses: [JSONValue] = []
      for message in messages {
        if let response = server.handle(message, cancelled: isCancelled(message, cancelled)) {
          responses.append(response)
        }
        if server.exitCode != nil { break }
      }
      if !responses.isEmpty {
        server.flushDiagnostics()
        sink.send(.array(responses))
      }
    }
    if let code = server.exitCode {
      server.flushDiagnostics()
      sink.flush()
      return code
    }
    return nil
  }

  private func isCancelled(_ message: IncomingMessage, _ cancelled: Set<RequestID>) -> Bool {
    if case .request(let id, _, _) = message { return cancelled.contains(id) }
    return false
  }

  /// Ids named by `$/cancelRequest` that refer to requests read earlier in the same input.
  private func cancellations(in work: [Work]) -> Set<RequestID> {
    var seen: Set<RequestID> = []
    var cancelled: Set<RequestID> = []
    func visit(_ message: IncomingMessage) {
      switch message {
      case .request(let id, _, _):
        seen.insert(id)
      case .notification("$/cancelRequest", let params):
        if let id = RequestID(params["id"]), seen.contains(id) { cancelled.insert(id) }
      default:
        break
      }
    }
    for item in work {
      switch item {
      case .single(let message): visit(message)
      case .batch(let messages): messages.forEach(visit)
      case .failure, .lostChange, .keystroke: break
      }
    }
    return cancelled
  }
}
