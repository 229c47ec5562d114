#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Records separated by one byte (`git log -z`'s NUL), found in a stream that arrives in pieces
/// cut anywhere: each record is handed on as soon as its separator arrives, so what is held is
/// at most the one record not yet complete, never the stream; and at most `maxRecordBytes` of it:
/// a longer record is handed on cut to that length, and said to be cut (a commit of a 30 MB
/// subject costs the reader 64 KiB, not 30 MB).
public struct RecordSplitter {
  public let separator: UInt8
  /// The most bytes of a record kept.
  public let maxRecordBytes: Int
  /// The start of the record not yet complete.
  private var pending: [UInt8] = []
  /// Whether the record not yet complete is longer than `maxRecordBytes`.
  private var cut = false

  public init(separator: UInt8, maxRecordBytes: Int = .max) {
    self.separator = separator
    self.maxRecordBytes = maxRecordBytes
  }

  /// The bytes held for the record not yet complete.
  public var held: Int { pending.count }

  /// Reads `piece`, calling `body` with each record it completes, in order (empty records
  /// included). A record that lies whole in `piece` is handed on in place, without a copy.
  public mutating func read(_ piece: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) -> Void) {
    readRecords(piece) { record, _ in body(record) }
  }

  /// As `read`, with whether each record is whole (false: cut to `maxRecordBytes`).
  public mutating func readRecords(
    _ piece: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer, _ whole: Bool) -> Void
  ) {
    var start = 0
    while let end = Self.index(of: separator, in: piece, from: start) {
      if pending.isEmpty && !cut {
        let length = end - start
        body(
          UnsafeRawBufferPointer(rebasing: piece[start..<start + min(length, maxRecordBytes)]),
          length <= maxRecordBytes)
      } else {
        keep(piece[start..<end])
        pending.withUnsafeBytes { body($0, !cut) }
        pending.removeAll(keepingCapacity: true)
        cut = false
      }
      start = end + 1
    }
    keep(piece[start...])
    // A long record's space is not kept for the records after it.
    if pending.isEmpty && pending.capacity > 1 << 20 { pending = [] }
  }

  /// Where `byte` first is in `piece` from `start` (`memchr`: a record of 30 MB is scanned at the
  /// speed of memory, not a byte at a time).
  private static func index(of byte: UInt8, in piece: UnsafeRawBufferPointer, from start: Int) -> Int? {
    // Fits: a byte, 0–255.
    guard start < piece.count, let base = piece.baseAddress,
      let found = memchr(base + start, Int32(byte), piece.count - start)
    else { return nil }
    return base.distance(to: UnsafeRawPointer(found))
  }

  /// Adds `bytes` to the record not yet complete, up to `maxRecordBytes`.
  private mutating func keep(_ bytes: Slice<UnsafeRawBufferPointer>) {
    let room = maxRecordBytes - pending.count
    if bytes.count > room { cut = true }
    pending += bytes.prefix(max(room, 0))
  }

  /// The end of the stream: the last record when it had no separator after it and is not empty.
  public mutating func finish(_ body: (UnsafeRawBufferPointer) -> Void) {
    finishRecords { record, _ in body(record) }
  }

  /// As `finish`, with whether the record is whole.
  public mutating func finishRecords(_ body: (UnsafeRawBufferPointer, _ whole: Bool) -> Void) {
    guard !pending.isEmpty || cut else { return }
    pending.withUnsafeBytes { body($0, !cut) }
    pending = []
    cut = false
  }
}
