import Foundation
import StableTextJSON
import StableTextTransport

/// A client that writes to the daemon's stdin and reads its stdout with blocking `read` on the
/// calling thread. The latency benchmark uses it so that the figure is the daemon's turnaround
/// plus the pipes, not `ServerProcess`'s hand-off from its reading thread to the waiting one.
final class PipeClient {
  private let process = Process()
  private let input = Pipe()
  private let output = Pipe()
  private var reader: any MessageFraming
  private let framing: any MessageFraming.Type
  private let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 1)
  /// The bytes of the last message's body `wait(for:)` read, and the seconds jansson took to
  /// parse it (the client's part of the figure).
  private(set) var lastBodyBytes = 0
  private(set) var lastParseSeconds = 0.0
  private var nextID = 1

  /// `framing`: LSP's (the daemon), or MCP's lines (`stabletext mcp`).
  init(
    executable: String, arguments: [String], framing: any MessageFraming.Type = FrameReader.self,
    environment: [String: String] = [:]
  ) throws {
    self.framing = framing
    reader = framing.init(maxMessageBytes: 1 << 30)
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if !environment.isEmpty {
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
  }

  deinit {
    if process.isRunning { process.terminate() }
    buffer.deallocate()
  }

  func send(_ message: JSONValue) {
    let body = JSONSerializer.bytes(message)
    (framing.prefix(forBodyOf: body.count) + body + framing.suffix).withUnsafeBytes { bytes in
      var offset = 0
      while offset < bytes.count {
        let written = write(
          input.fileHandleForWriting.fileDescriptor, bytes.baseAddress! + offset, bytes.count - offset)
        guard written > 0 else { return }
        offset += written
      }
    }
  }

  /// Reads until a message for which `matches` is true arrives (earlier ones are dropped);
  /// false when the daemon's output ends first.
  func wait(for matches: (JSONRef) -> Bool) -> Bool {
    while true {
      while let event = reader.next() {
        guard case .body(let range) = event else { continue }
        lastBodyBytes = range.count
        let found = reader.buffer.withUnsafeBytes { bytes -> Bool in
          let start = Benchmarks.now()
          guard let handle = try? JSONParser.parse(UnsafeRawBufferPointer(rebasing: bytes[range])) else {
            return false
          }
          lastParseSeconds = Benchmarks.now() - start
          return matches(handle.ref())
        }
        if found { return true }
      }
      let count = read(output.fileHandleForReading.fileDescriptor, buffer.baseAddress, buffer.count)
      if count <= 0 { return false }
      reader.append(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
    }
  }

  /// Sends the request `message(id)` makes with a new id and waits for its response, which
  /// `reading` reads; false when the daemon's output ends first.
  func request(_ message: (Int) -> JSONValue, reading: (JSONRef) -> Void = { _ in }) -> Bool {
    let id = nextID
    nextID += 1
    send(message(id))
    return wait { response in
      guard (try? response["id"].int()) == id else { return false }
      reading(response)
      return true
    }
  }
}
