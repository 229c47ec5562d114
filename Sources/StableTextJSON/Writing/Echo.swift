/// Bounds what a reply repeats of the client's own input.
///
/// Error messages quote the value they refuse and log lines name URIs and methods; a client
/// that sends a 50 MB value must not get 50 MB back in every message that mentions it.
public enum Echo {
  /// The longest quotation of a client's value, in UTF-8 bytes, before it is cut with `…`.
  public static let maxQuotedBytes = 64
  /// The longest URI or method name repeated in a message.
  public static let maxNameBytes = 1_024

  /// `text` cut at a scalar boundary to at most `limit` bytes, with `…` when cut.
  public static func clipped(_ text: String, to limit: Int = maxNameBytes) -> String {
    guard text.utf8.count > limit else { return text }
    var end = text.unicodeScalars.startIndex
    var bytes = 0
    for index in text.unicodeScalars.indices {
      let width = UTF8.width(text.unicodeScalars[index])
      if bytes + width > limit { break }
      bytes += width
      end = text.unicodeScalars.index(after: index)
    }
    return String(text.unicodeScalars[..<end]) + "…"
  }
}

extension JSONRef {
  /// The value as compact JSON, cut to `Echo.maxQuotedBytes` (for "got …" in messages).
  public var brief: String {
    guard let value else { return "nothing" }
    return Echo.clipped(value.serialized, to: Echo.maxQuotedBytes)
  }
}
