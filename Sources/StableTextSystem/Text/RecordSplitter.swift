/// Records separated by one byte (`git log -z`'s NUL), found in a stream that arrives in pieces
/// cut anywhere: each record is handed on as soon as its separator arrives, so what is held is
/// at most the one record not yet complete, never the stream.
public struct RecordSplitter {
  public let separator: UInt8
  /// The start of the record not yet complete.
  private var pending: [UInt8] = []

  public init(separator: UInt8) {
    self.separator = separator
  }

  /// The bytes held for the record not yet complete.
  public var held: Int { pending.count }

  /// Reads `piece`, calling `body` with each record it completes, in order (empty records
  /// included). A record that lies whole in `piece` is handed on in place, without a copy.
  public mutating func read(_ piece: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) -> Void) {
    var start = 0
    while let end = piece[start...].firstIndex(of: separator) {
      if pending.isEmpty {
        body(UnsafeRawBufferPointer(rebasing: piece[start..<end]))
      } else {
        pending += piece[start..<end]
        pending.withUnsafeBytes { body($0) }
        pending.removeAll(keepingCapacity: true)
      }
      start = end + 1
    }
    pending += piece[start...]
    // A long record's space is not kept for the records after it.
    if pending.isEmpty && pending.capacity > 1 << 20 { pending = [] }
  }

  /// The end of the stream: the last record when it had no separator after it and is not empty.
  public mutating func finish(_ body: (UnsafeRawBufferPointer) -> Void) {
    guard !pending.isEmpty else { return }
    pending.withUnsafeBytes { body($0) }
    pending = []
  }
}
