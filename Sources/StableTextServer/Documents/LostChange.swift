import StableTextJSON
import StableTextProtocol
import StableTextTransport

/// A `textDocument/didChange` that arrived but could not be applied or even read: the document
/// it names (or, when no name can be read, every open document) no longer matches the editor.
///
/// Found from the body's bytes rather than from the JSON parser's error, so that it does not
/// matter why the body failed (invalid UTF-8, a lone surrogate escape, a number out of range, a
/// byte after the value, …).
public struct LostChange: Sendable {
  /// The document named, or `nil` when no URI could be read.
  var uri: String?
  /// What went wrong, for the out-of-sync diagnostic.
  var reason: String

  /// The method name as a JSON string, written plainly or with `\/`.
  static let methodNames: [[UInt8]] = {
    let name = DidChangeTextDocumentNotification.method
    let escaped = name.split(separator: "/").joined(separator: "\\/")
    return [Array("\"\(name)\"".utf8), Array("\"\(escaped)\"".utf8)]
  }()
  private static let uriKey = Array(#""uri""#.utf8)

  /// The lost change in `body`, or `nil` when the bytes do not show a `didChange`.
  static func find(in body: UnsafeRawBufferPointer, reason: String) -> LostChange? {
    let bytes = body.bindMemory(to: UInt8.self)
    guard methodNames.contains(where: { ByteSearch.firstIndex(of: $0, in: bytes) != nil }) else { return nil }
    return LostChange(uri: readURI(bytes), reason: reason)
  }

  /// A change known to be lost (its method was seen), naming the document of the first
  /// `"uri"` in `bytes` (the start of a body that was skipped), if one can be read.
  static func named(in bytes: UnsafeRawBufferPointer, reason: String) -> LostChange {
    LostChange(uri: readURI(bytes.bindMemory(to: UInt8.self)), reason: reason)
  }

  /// The string after the first `"uri"` key (not inside another string's escapes), read by
  /// `JSONScanner`, which is strict: any doubt (an unknown or lone surrogate escape, invalid
  /// UTF-8, a control character, no closing quote) means no URI, and then every document is
  /// treated as named. A lenient reading could name another document.
  private static func readURI(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    var from = 0
    while let found = ByteSearch.firstIndex(of: uriKey, in: bytes, from: from) {
      from = found + 1
      if found > 0 && bytes[found - 1] == UInt8(ascii: "\\") { continue }
      let rest = UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[(found + uriKey.count)...]))
      guard var scanner = JSONScanner(rest), scanner.consume(UInt8(ascii: ":")) else { continue }
      return scanner.string()
    }
    return nil
  }
}
