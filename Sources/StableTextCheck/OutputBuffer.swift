import StableTextSystem

/// Standard output, buffered: `check` prints a line per diagnostic, and a message with millions
/// of them is written 64 KiB at a time instead of a system call a line (or one string of them
/// all). Or memory: an MCP tool answers with what the command would have printed (its standard
/// output as bytes, its standard error as lines), and prints nothing.
package struct OutputBuffer {
  private var bytes: [UInt8] = []
  private let inMemory: Bool
  /// What went to standard error, in memory: each message as written.
  package private(set) var errors: [String] = []

  package init(inMemory: Bool = false) {
    self.inMemory = inMemory
  }

  /// Everything written to standard output, in memory.
  package var written: [UInt8] { bytes }

  package mutating func write(_ text: String) { write(Array(text.utf8)) }

  package mutating func write(_ piece: [UInt8]) {
    bytes.append(contentsOf: piece)
    if bytes.count >= 1 << 16 { flush() }
  }

  package mutating func flush() {
    guard !bytes.isEmpty, !inMemory else { return }
    FileDescriptorIO.writeAll(1, bytes)
    bytes.removeAll(keepingCapacity: true)
  }

  /// A message for standard error, after what standard output holds so far.
  package mutating func error(_ text: String) {
    guard !inMemory else {
      errors.append(text)
      return
    }
    flush()
    FileDescriptorIO.writeAll(2, text)
  }
}
