import StableTextClient
import StableTextJSON
import StableTextProtocol
import StableTextServer
import StableTextTransport

/// The fuzz target's work, shared by the libFuzzer executable and the replay tests: it returns
/// what went wrong instead of crashing, so the tests can name the input.
///
/// An input whose first byte is `0xFF` is a program for `MessageGenerator`: the rest of its
/// bytes choose well-formed messages with extreme values, one after another, and the
/// invariants are checked after each. One whose first byte is `0xFE` is a conformance session
/// file for the runner's parser (which must refuse, never crash on, a step too large to make),
/// with extreme `repeat` and `bytes` lines chosen by its first bytes. One whose first byte is
/// `0xFD` is a client's WebSocket bytes for the frame parser (`checkWebSocket`); `0xFC`, frames
/// sent to a WebSocket peer that reads a little and then stops (`checkStalledPeer`). Any other input is a raw
/// byte stream fed after a fixed prelude, as well as one message body for the keystroke scanner
/// and the JSON writer.
///
/// Invariants: the process survives (a trap is the fuzzer's finding); every body the daemon
/// writes is JSON that jansson reads, and holds no infinite or NaN number; every open
/// document's kept counts equal a fresh count, and the open bytes their sum; and a message that
/// did not change a document's version left its text as it was.
public enum FuzzTarget {
  public static let structuredMarker: UInt8 = 0xFF
  public static let sessionMarker: UInt8 = 0xFE
  public static let webSocketMarker: UInt8 = 0xFD
  public static let stalledPeerMarker: UInt8 = 0xFC
  static let uri = "file:///fuzz.txt"

  static let prelude: [UInt8] = {
    func frame(_ body: String) -> [UInt8] { MessageWriter.frame(Array(body.utf8)) }
    return frame(
      #"{"jsonrpc":"2.0","id":0,"method":"\#(InitializeRequest.method)","params":{"capabilities":{},"initializationOptions":{"rules":{"maxLength":20}}}}"#
    ) + open
  }()

  static let open: [UInt8] = MessageWriter.frame(
    Array(
      #"{"jsonrpc":"2.0","method":"\#(DidOpenTextDocumentNotification.method)","params":{"textDocument":{"uri":"file:///fuzz.txt","languageId":"plaintext","version":1,"text":"안녕 👋🏽\r\nline two e\u0301 🇰🇷\nend"}}}"#
        .utf8))

  /// What went wrong with this input, or `nil`.
  public static func check(_ bytes: UnsafeRawBufferPointer) -> String? {
    if bytes.first == structuredMarker {
      return checkProgram(Array(bytes.dropFirst()))
    }
    if bytes.first == sessionMarker {
      return checkSessionFile(Array(bytes.dropFirst()))
    }
    if bytes.first == webSocketMarker {
      return checkWebSocket(Array(bytes.dropFirst()))
    }
    if bytes.first == stalledPeerMarker {
      return WebSocketPeerCheck.stalledPeer(Array(bytes.dropFirst()))
    }
    return checkStream(bytes)
  }

  /// A client's bytes through the WebSocket frame parser, whole and then in pieces of the sizes
  /// its second byte chooses: both give the same events; a text message is UTF-8 and within the
  /// limit; a ping's payload fits a control frame; nothing follows a close or a failure.
  static func checkWebSocket(_ input: [UInt8]) -> String? {
    guard let first = input.first else { return nil }
    let limit = [0, 1, 125, 126, 65_535, 65_536, 1 << 20][Int(first) % 7]
    let bytes = Array(input.dropFirst())
    func events(pieces: Int) -> [WebSocketFrameParser.Event] {
      var parser = WebSocketFrameParser(maxMessageBytes: limit)
      var events: [WebSocketFrameParser.Event] = []
      var start = 0
      while start < bytes.count {
        let end = min(bytes.count, start + pieces)
        bytes[start..<end].withUnsafeBytes { parser.append($0) }
        while let event = parser.next() { events.append(event) }
        start = end
      }
      return events
    }
    let whole = events(pieces: max(1, bytes.count))
    let size = 1 + Int(bytes.first ?? 0) % 17
    if events(pieces: size) != whole {
      return "the frame parser read the bytes differently in pieces of \(size) than whole"
    }
    for (index, event) in whole.enumerated() {
      switch event {
      case .text(let body):
        if body.count > limit { return "a text message of \(body.count) bytes passed the limit of \(limit)" }
        if String(validating: body, as: UTF8.self) == nil { return "a text message that is not UTF-8 passed" }
      case .ping(let payload):
        if payload.count > 125 { return "a ping of \(payload.count) bytes passed" }
      case .close, .failure:
        if index != whole.count - 1 { return "an event followed the end of the connection" }
      case .pong: break
      }
    }
    return nil
  }

  /// A session file is parsed, or refused with its line; a parsed `repeat` never holds more
  /// than a step may send.
  private static func checkSessionFile(_ bytes: [UInt8]) -> String? {
    var choices = Choices(Array(bytes.prefix(4)))
    let count = choices.pick(MessageGenerator.numbers + ["100000000000", "268435456", "268435457", "1", "3"])
    let piece = choices.pick([
      "\"x\"", "\"\"", "\"ab\"", "\"\\u00e9\"", "1", "\"Content-Length: 5\\r\\n\\r\\n\"",
    ])
    let text = "# fuzz\nrepeat \(count) \(piece)\n" + String(decoding: bytes.dropFirst(4), as: UTF8.self)
    guard let session = try? ConformanceSession(name: "fuzz", text: text) else { return nil }
    var total = 0
    for (line, step) in session.steps {
      guard case .repeated(let bytes, let count) = step else { continue }
      let (size, overflow) = bytes.count.multipliedReportingOverflow(by: count)
      if overflow || size > ConformanceSession.maxStepBytes {
        return "line \(line) of a session sends \(bytes.count) × \(count) bytes, more than a step may"
      }
      total += size
    }
    return total > ConformanceSession.maxSessionBytes
      ? "a session sends \(total) bytes, more than a session may" : nil
  }

  private static func checkStream(_ bytes: UnsafeRawBufferPointer) -> String? {
    // The input as one message body: the keystroke scanner must never read what jansson's
    // path reads differently (or refuses).
    if let problem = DidChangeCrossCheck.disagreement(bytes) {
      return "keystroke scanner disagrees with jansson: \(problem)"
    }
    // When it is JSON, the Swift writer must write it exactly as jansson dumps it.
    if let handle = try? JSONParser.parse(bytes) {
      let value = JSONValue(handle)
      var jansson: [UInt8] = []
      JSONSerializer.write(JSONSerializer.makeHandle(value), to: &jansson)
      if JSONSerializer.bytes(value) != jansson {
        return "the JSON writer differs from jansson for \(String(decoding: jansson, as: UTF8.self))"
      }
    }
    let session = InProcessSession(maxMessageBytes: 1 << 16)
    session.feed(prelude)
    session.feed(bytes)
    return outputProblem(session) ?? consistency(session)
  }

  private static func checkProgram(_ program: [UInt8]) -> String? {
    var generator = MessageGenerator(Choices(program))
    let session = InProcessSession(
      maxMessageBytes: 1 << 20,
      limits: ServerLimits(maxDocuments: 3, maxDocumentBytes: 1 << 16, maxTotalBytes: 1 << 17))
    // Either the usual start, or a generated initialize (rules, overrides and globs of its own).
    if generator.choices.bool() {
      session.feed(prelude)
    } else {
      let (body, _, _) = generator.message(method: InitializeRequest.method)
      session.feed(MessageWriter.frame(body))
      session.feed(open)
    }
    if let problem = outputProblem(session) { return problem }
    var count = 0
    while !generator.choices.isExhausted && count < 16 {
      count += 1
      if generator.choices.below(8) == 0 {
        if let problem = checkCancellation(&generator, session) {
          return "request and cancel #\(count): \(problem)"
        }
        continue
      }
      let (body, method, _) = generator.message()
      let before = MessageGenerator.uris.map {
        (session.server.text(of: $0), session.server.version(of: $0), session.server.isOutOfSync($0) ?? false)
      }
      let framed = MessageWriter.frame(body)
      // Sometimes in two reads, split anywhere.
      let split = generator.choices.below(framed.count + 1)
      session.feed(Array(framed[..<split]))
      session.feed(Array(framed[split...]))
      if let problem = outputProblem(session) ?? consistency(session) {
        return "after \(method) #\(count): \(problem)"
      }
      if [DidOpenTextDocumentNotification.method, DidCloseTextDocumentNotification.method].contains(method) {
        continue
      }
      // An in-sync document changes its text only with a new version (out of sync, a full
      // text may resynchronise it at any version).
      for (uri, (text, version, wasOutOfSync)) in zip(MessageGenerator.uris, before)
      where !wasOutOfSync && session.server.version(of: uri) == version
        && session.server.text(of: uri) != text
      {
        return "\(method) #\(count) changed \(uri) without a new version (\(String(describing: version)))"
      }
    }
    return nil
  }

  /// Every body written is JSON jansson reads, and no number in it was infinite or NaN.
  private static func outputProblem(_ session: InProcessSession) -> String? {
    outputProblem(session.takeOutputBodies(), session)
  }

  private static func outputProblem(_ bodies: [[UInt8]], _ session: InProcessSession) -> String? {
    if let bad = session.nonFiniteNumbers.first { return "a non-finite number in \(bad)" }
    for body in bodies {
      if (try? JSONParser.parse(body)) == nil {
        return "wrote a body that is not JSON: \(String(decoding: body.prefix(300), as: UTF8.self))"
      }
    }
    return nil
  }

  /// A request and a `$/cancelRequest` in one write, their ids spelled from a few numbers'
  /// several spellings: the request is answered `-32800` exactly when the two name the same
  /// number (compared exactly, not as doubles), unless the server refuses it for its state.
  private static func checkCancellation(_ generator: inout MessageGenerator, _ session: InProcessSession)
    -> String?
  {
    let requestID = generator.choices.pick(MessageGenerator.idSpellings)
    let cancelID = generator.choices.pick(MessageGenerator.idSpellings)
    let request =
      #"{"jsonrpc":"2.0","id":\#(requestID),"method":"\#(StableTextStateRequest.method)","params":{"textDocument":{"uri":"file:///fuzz.txt"}}}"#
    let cancel =
      #"{"jsonrpc":"2.0","method":"\#(CancelRequestNotification.method)","params":{"id":\#(cancelID)}}"#
    session.feed(MessageWriter.frame(Array(request.utf8)) + MessageWriter.frame(Array(cancel.utf8)))
    let bodies = session.takeOutputBodies()
    if let problem = outputProblem(bodies, session) { return problem }
    let echoed = Array(#""id":\#(requestID),"#.utf8)
    guard let answer = bodies.first(where: { $0.firstRange(of: echoed) != nil }),
      let parsed = try? JSONParser.parse(answer)
    else { return "request \(requestID) was not answered with its id as spelled" }
    let code = (try? parsed.ref()["error"]["code"].int()) ?? 0
    let same = NumberValue.canonical(requestID) == NumberValue.canonical(cancelID)
    if same && code != -32800 && code != -32002 && code != -32600 {
      return "request \(requestID) cancelled as \(cancelID) was answered with code \(code), not -32800"
    }
    if !same && code == -32800 {
      return "request \(requestID) was cancelled by a cancellation of \(cancelID)"
    }
    return nil
  }

  private static func consistency(_ session: InProcessSession) -> String? {
    for uri in MessageGenerator.uris + ["file:///conformance/doc.txt"] {
      if let problem = session.server.consistencyProblem(uri) { return "\(uri): \(problem)" }
    }
    return nil
  }
}
