import StableTextJSON
import StableTextProtocol
import StableTextSystem

/// The reader thread's side of a connection: bytes → frames → work, in order, owned by that
/// thread alone. Each body goes first to the handler's decoder, then, when the decoder leaves it,
/// to jansson. (Unchecked `Sendable`: one thread uses it at a time, and a connection hands it
/// to its reader thread before that thread starts.)
public final class MessageReader<Decoder: EarlyDecoder, Framing: MessageFraming>: @unchecked Sendable {
  @usableFromInline var reader: Framing
  @usableFromInline var decoder = Decoder()
  @usableFromInline let log: Logger
  /// Bytes of the bodies `readWork` has parsed since the reader loop last handed work over: what
  /// the queue charges against its budget.
  @usableFromInline var bodyBytes = 0
  /// The protocol's cancellation and whether it has batches.
  @usableFromInline let dialect: JSONRPCDialect

  @inlinable
  public init(maxMessageBytes: Int, log: Logger, dialect: JSONRPCDialect = .languageServer) {
    reader = Framing(maxMessageBytes: maxMessageBytes)
    reader.watchedPhrases = Decoder.watchedPhrases
    self.log = log
    self.dialect = dialect
  }

  /// Reads `fd` until its end (or an error), handing the work of each read to `queue`.
  @inlinable
  public func readLoop(_ fd: Int32, into queue: WorkQueue<Decoder.Message>) {
    let chunk = 1 << 18
    let readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunk, alignment: 1)
    defer { readBuffer.deallocate() }
    while true {
      guard let count = FileDescriptorIO.readSome(fd, into: readBuffer) else {
        log.error("reading input failed")
        break
      }
      if count == 0 {
        if reader.hasPartialMessage { log.warning("input ended inside a message") }
        break
      }
      reader.append(UnsafeRawBufferPointer(rebasing: readBuffer[0..<count]))
      let work = readWork()
      queue.put(work, bytes: bodyBytes)
      bodyBytes = 0
    }
    queue.end()
  }

  /// Adds bytes (in-process connections; the reader thread reads them itself).
  @inlinable
  public func append(_ bytes: UnsafeRawBufferPointer) { reader.append(bytes) }

  /// Parses every complete message that has been read.
  @inlinable
  public func readWork() -> [Work<Decoder.Message>] {
    var work: [Work<Decoder.Message>] = []
    while let event = reader.next() {
      switch event {
      case .badHeader(let problem):
        log.warning("bad header: \(problem)")
        work.append(.failure(.parseError("bad header: \(problem)")))
      case .oversized(let length):
        log.warning("message of \(length) bytes skipped")
        work.append(.failure(oversized(length)))
      case .skippedWatched(let prefix):
        let reason = "its body is over the limit of \(reader.maxMessageBytes) bytes (--max-message-bytes)"
        work.append(.decoded(prefix.withUnsafeBytes { decoder.skipped(prefix: $0, reason: reason) }))
      case .body(let range):
        bodyBytes += range.count
        reader.buffer.withUnsafeBytes { bytes in
          let body = UnsafeRawBufferPointer(rebasing: bytes[range])
          if let message = decoder.decode(body) {
            work.append(.decoded(message))
          } else {
            parse(body, into: &work)
          }
        }
      }
    }
    // Every body is decoded or parsed into work of its own: the buffer's space can go.
    reader.releaseSpareCapacity()
    return work
  }

  @inlinable
  func oversized(_ length: Int) -> ResponseError {
    .invalidRequest(
      "message of \(length) bytes is over the limit of \(reader.maxMessageBytes) bytes (--max-message-bytes); it was skipped"
    )
  }

  /// A body's messages, or the error it deserves, and whatever the decoder must hear of it.
  @inlinable
  func parse(_ body: UnsafeRawBufferPointer, into work: inout [Work<Decoder.Message>]) {
    let parsed = Result { () throws(JSONParseError) in try JSONParser.parse(body) }
    switch parsed {
    case .failure(let error):
      log.warning("body is not JSON: \(error)")
      work.append(.failure(.parseError("body is not JSON: \(error)")))
      if let message = decoder.unreadable(body, reason: "its body is not JSON (\(error))") {
        work.append(.decoded(message))
      }
    case .success(let handle):
      let root = handle.ref()
      let cancellation = dialect.cancellation
      let member = cancellation.requestMember
      // Without batches, an array is one message that is not a request (`classify` says so).
      if root.isArray && dialect.batches {
        let elements = (try? root.array()) ?? []
        if elements.isEmpty {
          work.append(.failure(.invalidRequest("empty batch")))
          return
        }
        var messages = elements.map { IncomingMessage.classify($0.rerooted, cancellation: cancellation) }
        if messages.contains(where: \.hasNumericID) {
          let spellings = RawIDs.numbers(in: body)
          let cancelled =
            messages.contains(where: \.isCancellation)
            ? RawIDs.cancelledNumbers(in: body, member: member) : []
          if spellings.count == messages.count {
            messages = messages.enumerated().map { index, message in
              message.withIDSpelled(
                message.isCancellation ? (index < cancelled.count ? cancelled[index] : nil) : spellings[index]
              )
            }
          }
        }
        work.append(.batch(messages))
        for (element, message) in zip(elements, messages) {
          if let extra = decoder.alongside(element, message) { work.append(.decoded(extra)) }
        }
        return
      }
      var message = IncomingMessage.classify(root, cancellation: cancellation)
      if message.hasNumericID {
        let spellings =
          message.isCancellation
          ? RawIDs.cancelledNumbers(in: body, member: member) : RawIDs.numbers(in: body)
        message = message.withIDSpelled(spellings.first ?? nil)
      }
      work.append(.single(message))
      if let extra = decoder.alongside(root, message) { work.append(.decoded(extra)) }
    }
  }
}
