/// How a connection cuts message bodies out of its input, and frames what it writes. The daemon
/// speaks LSP's base protocol (`FrameReader`: `Content-Length` headers), `stabletext mcp` one
/// message a line (`LineFraming`); this is all a connection needs of any framing, so another one
/// fits in beside them.
public protocol MessageFraming: SendableMetatype {
  init(maxMessageBytes: Int)
  /// What goes on the wire before a body of `count` bytes (LSP's header).
  static func prefix(forBodyOf count: Int) -> [UInt8]
  /// What goes on the wire after a body (a line's end).
  static var suffix: [UInt8] { get }
  /// The largest body accepted; larger ones are reported (`FrameEvent.oversized`) and skipped.
  var maxMessageBytes: Int { get }
  /// Phrases to report when a skipped body holds one (`FrameEvent.skippedWatched`).
  var watchedPhrases: [[UInt8]] { get set }
  /// The bytes that `FrameEvent.body` ranges point into.
  var buffer: [UInt8] { get }
  /// Whether the input read so far ends inside a message.
  var hasPartialMessage: Bool { get }
  mutating func append(_ bytes: UnsafeRawBufferPointer)
  /// The next event of the input read so far, or `nil` when more must be read.
  mutating func next() -> FrameEvent?
  /// Gives back the space held for bodies already returned, once every one of them is done
  /// with (after a large message, the connection's buffer need not keep its size).
  mutating func releaseSpareCapacity()
}

extension MessageFraming {
  /// A framing that holds no spare space has nothing to give back.
  public mutating func releaseSpareCapacity() {}

  /// Adds bytes held in an array (tests and clients).
  public mutating func append(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { append($0) }
  }
}

/// What framing finds in the input.
public typealias FrameEvent = FrameReader.Event

extension FrameReader: MessageFraming {
  /// `Content-Length` only.
  public static func prefix(forBodyOf count: Int) -> [UInt8] { Array(MessageWriter.header(for: count).utf8) }
  public static let suffix: [UInt8] = []
}
