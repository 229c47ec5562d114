/// MCP's stdio framing: one JSON-RPC message a line, each ended by `\n` (a `\r` before it is
/// JSON's white space, left to the parser), written the same way. A line of white space alone
/// is passed over. A line longer than `maxMessageBytes` is skipped as it arrives, never buffered
/// whole, and reported (`FrameEvent.oversized`, with its length) once its end is read, so the
/// next line is read as usual.
public struct LineFraming: MessageFraming {
  public let maxMessageBytes: Int
  public var watchedPhrases: [[UInt8]] = []
  public private(set) var buffer: [UInt8] = []
  /// Where the line being read starts in `buffer`.
  private var position = 0
  /// How far the line being read was searched for its end.
  private var searched = 0
  /// The bytes of the over-long line being skipped so far, while one is.
  private var skipped: Int?
  private var skipScan = SkippedBodyScan()
  /// What a skip that ended still has to report, in order.
  private var reports: [FrameEvent] = []

  public init(maxMessageBytes: Int) {
    self.maxMessageBytes = maxMessageBytes
  }

  public static func prefix(forBodyOf count: Int) -> [UInt8] { [] }
  public static let suffix: [UInt8] = [0x0A]

  public var hasPartialMessage: Bool {
    skipped != nil || buffer[min(position, buffer.count)...].contains { !Self.isSpace($0) }
  }

  public mutating func append(_ bytes: UnsafeRawBufferPointer) {
    compact()
    guard let count = skipped else {
      buffer.append(contentsOf: bytes)
      return
    }
    // Skipping: the line's bytes up to its end go by unbuffered; only what follows is kept.
    let end = bytes.firstIndex(of: 0x0A)
    let piece = UnsafeRawBufferPointer(rebasing: bytes[..<(end ?? bytes.count)])
    skipScan.feed(piece, phrases: watchedPhrases)
    guard let end else {
      skipped = count + bytes.count
      return
    }
    finishSkip(length: count + end)
    buffer.append(contentsOf: bytes[(end + 1)...])
  }

  public mutating func next() -> FrameEvent? {
    while true {
      if !reports.isEmpty { return reports.removeFirst() }
      guard skipped == nil else { return nil }
      let from = max(position, searched)
      guard let end = buffer[from...].firstIndex(of: 0x0A) else {
        searched = buffer.count
        if buffer.count - position > maxMessageBytes {
          // Too long already: what is buffered goes, and the rest of the line as it comes.
          let count = buffer.count - position
          buffer.withUnsafeBytes {
            skipScan.feed(UnsafeRawBufferPointer(rebasing: $0[position...]), phrases: watchedPhrases)
          }
          position = buffer.count
          skipped = count
        }
        return nil
      }
      let line = position..<end
      position = end + 1
      searched = position
      if line.count > maxMessageBytes {
        buffer.withUnsafeBytes {
          skipScan.feed(UnsafeRawBufferPointer(rebasing: $0[line]), phrases: watchedPhrases)
        }
        finishSkip(length: line.count)
        continue
      }
      if buffer[line].allSatisfy(Self.isSpace) { continue }
      return .body(line)
    }
  }

  /// Gives back the space a long line needed once it is consumed (as `FrameReader` does).
  public mutating func releaseSpareCapacity() {
    compact()
    buffer.giveBackSpareCapacity(keeping: FrameReader.keptCapacity)
  }

  /// Ends a skip of a line of `length` bytes: it is reported, then what it held if watched.
  private mutating func finishSkip(length: Int) {
    skipped = nil
    reports.append(.oversized(length: length))
    if skipScan.matched { reports.append(.skippedWatched(prefix: skipScan.prefix)) }
    skipScan = SkippedBodyScan()
  }

  /// Drops the lines already consumed.
  private mutating func compact() {
    guard position > 0 else { return }
    let dropped = min(position, buffer.count)
    buffer.removeSubrange(0..<dropped)
    position -= dropped
    searched = max(0, searched - dropped)
  }

  private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D }
}
