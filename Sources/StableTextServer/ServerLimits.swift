/// Resource limits, each enforced with a clear error (see Protocol/README.md, "Limits").
public struct ServerLimits: Sendable {
  /// Open documents at once; a `didOpen` past it is refused with a message.
  public var maxDocuments = 100_000
  /// Size of one document in UTF-8 bytes, on open and after any change.
  public var maxDocumentBytes = 128 * 1024 * 1024

  public init(maxDocuments: Int = 100_000, maxDocumentBytes: Int = 128 * 1024 * 1024) {
    self.maxDocuments = maxDocuments
    self.maxDocumentBytes = maxDocumentBytes
  }

  /// Why a document of `previous` bytes may not become one of `bytes` bytes, or `nil`: no
  /// change may take a document past `maxDocumentBytes` (one already past it may still shrink).
  func sizeProblem(_ bytes: Int, previous: Int) -> String? {
    bytes <= maxDocumentBytes || bytes <= previous
      ? nil
      : "the document would have \(bytes) bytes, over the limit of \(maxDocumentBytes) (--max-document-bytes)"
  }
}
