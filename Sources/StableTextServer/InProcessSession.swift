import StableTextJSON
import StableTextTransport

/// The daemon's whole input path (framing, JSON, dispatch, the server) without threads or file
/// descriptors: bytes in, messages out. The fuzzer and the replay tests drive it.
public final class InProcessSession {
  private let input: InputReader
  private let dispatcher: Dispatcher
  private let output = MemorySink()

  /// `readsBack: false` keeps only the bytes each message would go out as, as the daemon's
  /// writer does (benchmarks); by default every message is also parsed back for inspection.
  public init(
    maxMessageBytes: Int = 1 << 20, limits: ServerLimits = ServerLimits(),
    log: Logger = Logger(level: .error, fileDescriptor: -1), readsBack: Bool = true
  ) {
    JSONParser.prepareForThreads()
    input = InputReader(maxMessageBytes: maxMessageBytes, log: log)
    output.readsBack = readsBack
    dispatcher = Dispatcher(server: LanguageServer(sink: output, log: log, limits: limits), sink: output)
  }

  public var server: LanguageServer { dispatcher.server }

  /// Feeds bytes as if read from stdin; returns the exit status once `exit` was processed.
  @discardableResult
  public func feed(_ bytes: UnsafeRawBufferPointer) -> Int32? {
    input.append(bytes)
    let code = dispatcher.process(input.readWork())
    server.flushDiagnostics()
    return code
  }

  @discardableResult
  public func feed(_ bytes: [UInt8]) -> Int32? {
    bytes.withUnsafeBytes { feed($0) }
  }

  /// Every message sent so far, each serialized by jansson and parsed back.
  public func takeOutput() -> [JSONValue] {
    defer {
      output.messages.removeAll()
      output.bodies.removeAll()
    }
    return output.messages
  }

  /// Every message body written so far, as the bytes that would go out (and takes them).
  public func takeOutputBodies() -> [[UInt8]] {
    defer {
      output.messages.removeAll()
      output.bodies.removeAll()
    }
    return output.bodies
  }

  /// Numbers the server tried to send that JSON cannot hold (infinity, NaN): the writer puts
  /// `null` in their place, and the fuzzer fails on any.
  public var nonFiniteNumbers: [String] { output.nonFinite }
}

/// Collects outgoing messages, passing each through the serializer as the daemon would.
final class MemorySink: FlushingSink {
  var messages: [JSONValue] = []
  var bodies: [[UInt8]] = []
  var nonFinite: [String] = []
  var readsBack = true

  func send(_ message: JSONValue) {
    let bytes = JSONSerializer.bytes(message)
    bodies.append(bytes)
    guard readsBack else { return }
    if Self.hasNonFinite(message) { nonFinite.append(String(decoding: bytes.prefix(300), as: UTF8.self)) }
    messages.append((try? JSONValue(parsing: String(decoding: bytes, as: UTF8.self))) ?? message)
  }

  private static func hasNonFinite(_ value: JSONValue) -> Bool {
    switch value {
    case .double(let number): return !number.isFinite
    case .array(let items): return items.contains(where: hasNonFinite)
    case .object(let object): return object.pairs.contains { hasNonFinite($0.value) }
    default: return false
    }
  }

  func flush() {}
}
