/// The fuzzer's bytes read as a stream of decisions. Running out of bytes always answers the
/// first option, so every input, however short, is a complete and deterministic program.
struct Choices {
  private let bytes: [UInt8]
  private var index = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  var isExhausted: Bool { index >= bytes.count }

  mutating func byte() -> UInt8 {
    guard index < bytes.count else { return 0 }
    defer { index += 1 }
    return bytes[index]
  }

  /// A number in `0..<count`.
  mutating func below(_ count: Int) -> Int {
    precondition(count > 0)
    if count <= 256 { return Int(byte()) % count }
    return (Int(byte()) << 8 | Int(byte())) % count
  }

  mutating func bool() -> Bool { byte() & 1 == 1 }

  mutating func pick<T>(_ options: [T]) -> T { options[below(options.count)] }
}
