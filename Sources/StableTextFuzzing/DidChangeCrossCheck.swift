import StableTextCore
import StableTextJSON
import StableTextProtocol

/// The check the fuzzer and the tests run on arbitrary bytes: whenever the scanner reads a
/// keystroke, jansson must read the same message and decode the same keystroke from it.
public enum DidChangeCrossCheck {
  /// `nil` when the two agree (or the scanner declined); otherwise what differs.
  public static func disagreement(_ body: UnsafeRawBufferPointer) -> String? {
    var lastURI = ""
    guard let scanned = DidChangeTextDocumentNotification.decode(body, lastURI: &lastURI) else { return nil }
    // Read again with its URI remembered, as the next keystroke to the same document is.
    guard let again = DidChangeTextDocumentNotification.decode(body, lastURI: &lastURI),
      again.isIdentical(to: scanned)
    else {
      return "the scanner read \(scanned) once and something else with its URI remembered"
    }
    guard let reference = DidChangeTextDocumentNotification.decodeWithJansson(body) else {
      return "the scanner read \(scanned) but jansson's path did not"
    }
    return scanned.isIdentical(to: reference)
      ? nil : "the scanner read \(scanned) but jansson's path read \(reference)"
  }

  /// Whether the scanner reads `body` itself (tests use it to show the fast path is taken).
  public static func scans(_ body: UnsafeRawBufferPointer) -> Bool {
    var lastURI = ""
    return DidChangeTextDocumentNotification.decode(body, lastURI: &lastURI) != nil
  }
}
