import StableTextSystem

/// Standard output, buffered: `check` prints a line per diagnostic, and a message with millions
/// of them is written 64 KiB at a time instead of a system call a line (or one string of them
/// all).
struct OutputBuffer {
  private var bytes: [UInt8] = []

  mutating func write(_ text: String) { write(Array(text.utf8)) }

  mutating func write(_ piece: [UInt8]) {
    bytes.append(contentsOf: piece)
    if bytes.count >= 1 << 16 { flush() }
  }

  mutating func flush() {
    guard !bytes.isEmpty else { return }
    FileDescriptorIO.writeAll(1, bytes)
    bytes.removeAll(keepingCapacity: true)
  }
}
