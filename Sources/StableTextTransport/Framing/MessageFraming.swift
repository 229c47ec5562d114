/// How a connection cuts message bodies out of its input. The daemon speaks LSP's base protocol
/// (`FrameReader`: `Content-Length` headers); this is all a connection's reader needs of any
/// framing, so another one (a test's, a different base protocol's) fits in beside it.
public protocol MessageFraming {
  init(maxMessageBytes: Int)
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
}

/// What framing finds in the input.
public typealias FrameEvent = FrameReader.Event

extension FrameReader: MessageFraming {}
