import StableTextProtocol

/// One unit of work found in the input, in the order it was read: a message, a batch, an error
/// found while reading, or what the handler's decoder read straight from a body.
public enum Work<Decoded: Sendable>: Sendable {
  case single(IncomingMessage)
  case batch([IncomingMessage])
  /// An error the connection answers with `id: null` (a bad header, a body that is not JSON, …).
  case failure(ResponseError)
  case decoded(Decoded)
  /// A deferred request finished on the background thread: its result is waiting to be sent.
  case completed
}
