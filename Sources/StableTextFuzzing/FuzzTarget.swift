import StableTextJSON
import StableTextServer
import StableTextTransport

/// The fuzz target's work, shared by the libFuzzer executable and the replay tests: it returns
/// what went wrong instead of crashing, so the tests can name the input.
///
/// An input whose first byte is `0xFF` is a program for `MessageGenerator`: the rest of its
/// bytes choose well-formed messages with extreme values, one after another, and the
/// invariants are checked after each. Any other input is a raw byte stream fed after a fixed
/// prelude, as well as one message body for the keystroke scanner and the JSON writer.
///
/// Invariants: the process survives (a trap is the fuzzer's finding); every body the daemon
/// writes is JSON that jansson reads, and holds no infinite or NaN number; every open
/// document's kept counts equal a fresh count, and the open bytes their sum; and a message that
/// did not change a document's version left its text as it was.
public enum FuzzTarget {
  public static let structuredMarker: UInt8 = 0xFF
  static let uri = "file:///fuzz.txt"

  static let prelude: [UInt8] = {
    func frame(_ body: String) -> [UInt8] { MessageWriter.frame(Array(body.utf8)) }
    return frame(
      #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"capabilities":{},"initializationOptions":{"rules":{"maxLength":20}}}}"#
    ) + open
  }()

  static let open: [UInt8] = MessageWriter.frame(
    Array(
      #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///fuzz.txt","languageId":"plaintext","version":1,"text":"안녕 👋🏽\r\nline two e\u0301 🇰🇷\nend"}}}"#
        .utf8))

  /// What went wrong with this input, or `nil`.
  public static func check(_ bytes: UnsafeRawBufferPointer) -> String? {
    if bytes.first == structuredMarker {
      return checkProgram(Array(bytes.dropFirst()))
    }
    return checkStream(bytes)
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
      let (body, _, _) = generator.message(method: "initialize")
      session.feed(MessageWriter.frame(body))
      session.feed(open)
    }
    if let problem = outputProblem(session) { return problem }
    var count = 0
    while !generator.choices.isExhausted && count < 16 {
      count += 1
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
      if method == "textDocument/didOpen" || method == "textDocument/didClose" { continue }
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
    if let bad = session.nonFiniteNumbers.first { return "a non-finite number in \(bad)" }
    for body in session.takeOutputBodies() {
      if (try? JSONParser.parse(body)) == nil {
        return "wrote a body that is not JSON: \(String(decoding: body.prefix(300), as: UTF8.self))"
      }
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
