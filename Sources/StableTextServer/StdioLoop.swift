import Foundation
import StableTextJSON
import StableTextTransport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads the framed byte stream, turns it into messages and drives the server.
///
/// Two threads share the work: a reader thread reads stdin, splits frames and parses JSON
/// (jansson's parse is the largest single cost of a keystroke), and hands whole messages to the
/// main thread, which runs them in order. Everything already parsed is taken at once before
/// anything runs, so `$/cancelRequest` can reach a request that is waiting behind others.
/// Diagnostics and output are flushed whenever nothing parsed is waiting.
public final class StdioLoop {
  public struct Options: Sendable {
    public var maxMessageBytes = 64 * 1024 * 1024
    public init() {}
  }

  private let server: LanguageServer
  private let writer: MessageWriter
  private let log: Logger
  private let input: InputReader

  /// One unit of work: a message, a batch, or an error found while reading.
  fileprivate enum Work: Sendable {
    case single(IncomingMessage)
    case batch([IncomingMessage])
    case failure(ResponseError)
    /// A body that was not valid UTF-8 but, read leniently, is a change to a document: the
    /// document must not silently miss it.
    case unreadableChange(JSONHandle, detail: String)
  }

  public init(outputFileDescriptor: Int32, options: Options, log: Logger) {
    writer = MessageWriter(fileDescriptor: outputFileDescriptor)
    self.log = log
    server = LanguageServer(sink: writer, log: log)
    input = InputReader(maxMessageBytes: options.maxMessageBytes, log: log)
  }

  /// Runs until `exit` or end of input; returns the process exit code.
  public func run(inputFileDescriptor: Int32) -> Int32 {
    JSONParser.prepareForThreads()
    let queue = WorkQueue()
    let input = input
    let thread = Thread { input.readLoop(inputFileDescriptor, into: queue) }
    thread.stackSize = 8 << 20
    thread.start()
    while true {
      var (work, ended) = queue.take(wait: false)
      if work.isEmpty && !ended {
        // Nothing parsed is waiting: publish what is owed and write it out before blocking.
        server.flushDiagnostics()
        writer.flush()
        (work, ended) = queue.take(wait: true)
      }
      if let code = process(work) { return code }
      if ended && work.isEmpty { return finish(endOfInput: true) }
      // The reader thread allocated these; it frees them too, in its own malloc arena.
      queue.recycle(&work)
    }
  }

  private func finish(endOfInput: Bool) -> Int32 {
    server.flushDiagnostics()
    writer.flush()
    let code: Int32 = server.phase == .shutDown ? 0 : 1
    log.info("end of input; exiting with \(code)")
    return code
  }
  /// Runs the work in order; returns an exit code when `exit` arrived.
  private func process(_ work: [Work]) -> Int32? {
    let cancelled = cancellations(in: work)
    for item in work {
      switch item {
      case .failure(let error):
        server.flushDiagnostics()
        writer.send(["jsonrpc": "2.0", "id": nil, "error": error.json])
      case .unreadableChange(let handle, let detail):
        server.changeWasUnreadable(handle.ref(), detail: detail)
      case .single(let message):
        if let response = server.handle(message, cancelled: isCancelled(message, cancelled)) {
          server.flushDiagnostics()
          writer.send(response)
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
          writer.send(.array(responses))
        }
      }
      if let code = server.exitCode {
        server.flushDiagnostics()
        writer.flush()
        return code
      }
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
      case .failure, .unreadableChange: break
      }
    }
    return cancelled
  }
}

/// Parsed work handed from the reader thread to the main thread. Bounded, so a client that
/// writes faster than the server works is slowed down instead of filling memory.
private final class WorkQueue: @unchecked Sendable {
  private let condition = NSCondition()
  private var items: [StdioLoop.Work] = []
  private var ended = false
  static let capacity = 16_384

  private var garbage: [[StdioLoop.Work]] = []

  func put(_ work: [StdioLoop.Work]) {
    guard !work.isEmpty else { return }
    condition.lock()
    while items.count >= Self.capacity { condition.wait() }
    items.append(contentsOf: work)
    let done = garbage
    garbage.removeAll()
    condition.broadcast()
    condition.unlock()
    _ = done  // released here, on the reader thread
  }

  /// Hands processed work back so that the thread that allocated it frees it.
  func recycle(_ work: inout [StdioLoop.Work]) {
    guard !work.isEmpty else { return }
    condition.lock()
    garbage.append(work)
    condition.unlock()
    work = []
  }

  func end() {
    condition.lock()
    ended = true
    condition.broadcast()
    condition.unlock()
  }

  /// Everything waiting (blocking until something is, when `wait`), and whether input ended.
  func take(wait: Bool) -> ([StdioLoop.Work], Bool) {
    condition.lock()
    defer { condition.unlock() }
    while wait && items.isEmpty && !ended { condition.wait() }
    let taken = items
    items.removeAll(keepingCapacity: true)
    condition.broadcast()
    return (taken, ended)
  }
}

/// The reader thread's side: framing and JSON parsing, owned by that thread alone.
private final class InputReader: @unchecked Sendable {
  private var reader: FrameReader
  private let log: Logger

  init(maxMessageBytes: Int, log: Logger) {
    reader = FrameReader(maxMessageBytes: maxMessageBytes)
    self.log = log
  }

  /// The reader thread: stdin → frames → parsed messages, in order, until end of input.
  func readLoop(_ fd: Int32, into queue: WorkQueue) {
    let chunk = 1 << 18
    let readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunk, alignment: 1)
    defer { readBuffer.deallocate() }
    while true {
      let count = read(fd, readBuffer.baseAddress, chunk)
      if count < 0 {
        if errno == EINTR { continue }
        log.error("reading input failed (errno \(errno))")
        break
      }
      if count == 0 {
        if reader.hasPartialMessage { log.warning("input ended inside a message") }
        break
      }
      reader.append(UnsafeRawBufferPointer(rebasing: readBuffer[0..<count]))
      queue.put(readWork())
    }
    queue.end()
  }

  /// Parses every complete message that has been read.
  private func readWork() -> [StdioLoop.Work] {
    var work: [StdioLoop.Work] = []
    while let event = reader.next() {
      switch event {
      case .badHeader(let problem):
        log.warning("bad header: \(problem)")
        work.append(.failure(.parseError("bad header: \(problem)")))
      case .oversized(let length):
        log.warning("message of \(length) bytes skipped")
        work.append(
          .failure(
            .invalidRequest(
              "message of \(length) bytes is over the limit of \(reader.maxMessageBytes) bytes (--max-message-bytes); it was skipped"
            )))
      case .body(let range):
        let parsed = reader.buffer.withUnsafeBytes { bytes in
          Result { () throws(JSONParseError) in
            try JSONParser.parse(UnsafeRawBufferPointer(rebasing: bytes[range]))
          }
        }
        switch parsed {
        case .failure(let error):
          log.warning("body is not JSON: \(error)")
          work.append(.failure(.parseError("body is not JSON: \(error)")))
          if error.message.hasPrefix("unable to decode byte") {
            let lenient = String(decoding: reader.buffer[range], as: UTF8.self)
            if let handle = try? JSONParser.parse(lenient) {
              work.append(
                .unreadableChange(
                  handle, detail: "\(error.message) (line \(error.line), column \(error.column))"))
            }
          }
        case .success(let handle):
          let root = handle.ref()
          if root.isArray {
            let elements = (try? root.array()) ?? []
            if elements.isEmpty {
              work.append(.failure(.invalidRequest("empty batch")))
            } else {
              work.append(.batch(elements.map(IncomingMessage.classify)))
            }
          } else {
            work.append(.single(IncomingMessage.classify(root)))
          }
        }
      }
    }
    return work
  }
}
