import Foundation
import StableTextJSON
import StableTextTransport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The reader thread's side: framing and JSON parsing, owned by that thread alone.
final class InputReader: @unchecked Sendable {
  fileprivate var reader: FrameReader
  private let log: Logger
  /// The URI of the last keystroke, handed out again for the next one to the same document.
  private var lastURI = ""

  init(maxMessageBytes: Int, log: Logger) {
    reader = FrameReader(maxMessageBytes: maxMessageBytes)
    reader.watchedPhrases = LostChange.methodNames
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
  func readWork() -> [Work] {
    var work: [Work] = []
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
      case .skippedWatched(let prefix):
        // A change too large to read: its document (or every one) is out of sync.
        let reason =
          "a textDocument/didChange was skipped unread: its body is over the limit of \(reader.maxMessageBytes) bytes (--max-message-bytes)"
        work.append(.lostChange(prefix.withUnsafeBytes { LostChange.named(in: $0, reason: reason) }))
      case .body(let range):
        reader.buffer.withUnsafeBytes { bytes in
          let body = UnsafeRawBufferPointer(rebasing: bytes[range])
          if let keystroke = Keystroke.decode(body, lastURI: &lastURI) {
            work.append(.keystroke(keystroke))
          } else {
            work += Self.parseBody(body, log: log)
          }
        }
      }
    }
    return work
  }
}

extension InputReader {
  /// A message that names `textDocument/didChange` but will not be handled as that
  /// notification (it has an id, or is not a valid message): its change is lost.
  static func lostChange(_ element: JSONRef, _ message: IncomingMessage) -> LostChange? {
    guard element.isObject, (try? element["method"].string()) == "textDocument/didChange" else { return nil }
    let why: String
    switch message {
    case .notification: return nil
    case .request: why = "it was sent as a request (with an id), and a change must be a notification"
    case .invalid(_, let error): why = "it is not a valid message (\(error.message))"
    case .response: why = "it was read as a response"
    }
    let uri = try? element["params"]["textDocument"]["uri"].string()
    return LostChange(uri: uri, reason: "a textDocument/didChange could not be applied: \(why)")
  }

  /// Adds bytes (in-process sessions; the reader thread reads them itself).
  func append(_ bytes: UnsafeRawBufferPointer) { reader.append(bytes) }
}

extension InputReader {
  /// A body's messages, or the error it deserves.
  static func parseBody(_ body: UnsafeRawBufferPointer, log: Logger) -> [Work] {
    let parsed = Result { () throws(JSONParseError) in try JSONParser.parse(body) }
    switch parsed {
    case .failure(let error):
      log.warning("body is not JSON: \(error)")
      var work: [Work] = [.failure(.parseError("body is not JSON: \(error)"))]
      if let lost = LostChange.find(
        in: body, reason: "a textDocument/didChange could not be read: its body is not JSON (\(error))")
      {
        work.append(.lostChange(lost))
      }
      return work
    case .success(let handle):
      let root = handle.ref()
      if root.isArray {
        let elements = (try? root.array()) ?? []
        if elements.isEmpty { return [.failure(.invalidRequest("empty batch"))] }
        var messages = elements.map(IncomingMessage.classify)
        if messages.contains(where: \.hasNumericID) {
          let spellings = RawIDs.numbers(in: body)
          if spellings.count == messages.count {
            messages = zip(messages, spellings).map { $0.withIDSpelled($1) }
          }
        }
        return [.batch(messages)]
          + zip(elements, messages).compactMap { Self.lostChange($0, $1) }.map(Work.lostChange)
      }
      var message = IncomingMessage.classify(root)
      if message.hasNumericID { message = message.withIDSpelled(RawIDs.numbers(in: body).first ?? nil) }
      return [.single(message)] + (Self.lostChange(root, message).map { [Work.lostChange($0)] } ?? [])
    }
  }
}
