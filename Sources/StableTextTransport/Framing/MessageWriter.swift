import StableTextJSON
import StableTextSystem

/// Frames outgoing messages (LSP's `Content-Length` only, or MCP's lines: `framing`) and writes
/// them to a file descriptor. Output is buffered and written when the server is about to wait
/// for input, or when the buffer grows large, so a burst of replies costs few system calls.
public final class MessageWriter {
  private let fd: Int32
  private let framing: any MessageFraming.Type
  private var pending: [UInt8] = []
  private var scratch: [UInt8] = []
  public private(set) var failed = false

  /// `framing` must be the one the connection reads with (its handler's).
  public init(fileDescriptor: Int32, framing: any MessageFraming.Type = FrameReader.self) {
    fd = fileDescriptor
    self.framing = framing
  }

  public func send(_ message: JSONValue) {
    scratch.removeAll(keepingCapacity: true)
    JSONSerializer.write(message, to: &scratch)
    pending.append(contentsOf: framing.prefix(forBodyOf: scratch.count))
    scratch.append(contentsOf: framing.suffix)
    if scratch.count >= 1 << 16 {
      // A large body (a publish of many diagnostics) is written from where it was serialized.
      flush()
      writeAll(scratch)
      if scratch.capacity > 1 << 26 { scratch = [] }
      return
    }
    pending.append(contentsOf: scratch)
    if pending.count >= 1 << 16 { flush() }
  }

  /// Writes everything buffered. A closed pipe makes later writes no-ops.
  public func flush() {
    guard !pending.isEmpty else { return }
    defer { pending.removeAll(keepingCapacity: pending.count <= 1 << 20) }
    writeAll(pending)
  }

  private func writeAll(_ buffer: [UInt8]) {
    guard !failed else { return }
    if !FileDescriptorIO.writeAll(fd, buffer) { failed = true }
  }
}

extension MessageWriter {
  /// The base protocol's header for a body of `count` bytes (`Content-Length` only).
  public static func header(for count: Int) -> String { "Content-Length: \(count)\r\n\r\n" }

  /// One message framed for the wire: its header, then its body (clients and tools).
  public static func frame(_ body: [UInt8]) -> [UInt8] { Array(header(for: body.count).utf8) + body }

  public static func frame(_ message: JSONValue) -> [UInt8] { frame(JSONSerializer.bytes(message)) }
}
