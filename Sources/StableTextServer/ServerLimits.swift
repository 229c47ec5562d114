/// Resource limits, each enforced with a clear error (see Protocol/README.md, "Limits").
public struct ServerLimits: Sendable {
  /// Open documents at once; a `didOpen` past it is refused with a message.
  public var maxDocuments = 100_000
  /// Size of one document in UTF-8 bytes, on open and after any change.
  public var maxDocumentBytes = 128 * 1024 * 1024
  /// Size of all open documents together. Open text costs at most 1.5 times its size, so the
  /// default keeps a daemon with every document at its limit near 1.5 GiB of a 24 GiB machine.
  public var maxTotalBytes = 1024 * 1024 * 1024
  /// Length of a document URI in UTF-8 bytes: URIs are repeated in every publish and state.
  public static let maxURIBytes = 64 * 1024
  /// Length of a placeholder in UTF-8 bytes: it is repeated in every state notification.
  public static let maxPlaceholderBytes = 4 * 1024

  public init(
    maxDocuments: Int = 100_000, maxDocumentBytes: Int = 128 * 1024 * 1024,
    maxTotalBytes: Int = 1024 * 1024 * 1024
  ) {
    self.maxDocuments = maxDocuments
    self.maxDocumentBytes = maxDocumentBytes
    self.maxTotalBytes = maxTotalBytes
  }

  /// Why a document of `previous` bytes may not become one of `bytes` bytes while all open
  /// documents hold `total` bytes (its `previous` included), or `nil`. No change may take a
  /// document past `maxDocumentBytes`, nor all of them past `maxTotalBytes`; a change that does
  /// not grow the document is always allowed, so a user can shrink their way back.
  func sizeProblem(_ bytes: Int, previous: Int, total: Int) -> String? {
    guard bytes > previous else { return nil }
    if bytes > maxDocumentBytes {
      return
        "the document would have \(bytes) bytes, over the limit of \(maxDocumentBytes) (--max-document-bytes)"
    }
    let newTotal = total - previous + bytes
    if newTotal > maxTotalBytes {
      return
        "open documents would hold \(newTotal) bytes, over the limit of \(maxTotalBytes) for all of them (--max-total-bytes); close some first"
    }
    return nil
  }
}
