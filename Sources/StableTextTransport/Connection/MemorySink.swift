import StableTextJSON

/// Collects outgoing messages, passing each through the serializer as a connection's writer
/// would.
public final class MemorySink: MessageSink {
  public var messages: [JSONValue] = []
  public var bodies: [[UInt8]] = []
  public var nonFinite: [String] = []
  /// Parse every message back for inspection (off for benchmarks: only the bytes are kept).
  public var readsBack = true

  public init() {}

  public func send(_ message: JSONValue) {
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

  public func flush() {}
}
