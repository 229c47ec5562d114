import StableTextCore

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
  public static let maxPlaceholderBytes = Rules.maxPlaceholderBytes
  /// The WebSocket daemon's sessions share `maxTotalBytes`: each session's documents count
  /// against it beside the others' (nil: this session alone, as over stdio).
  public var sharedOpenText: SharedOpenText?

  public init(
    maxDocuments: Int = 100_000, maxDocumentBytes: Int = 128 * 1024 * 1024,
    maxTotalBytes: Int = 1024 * 1024 * 1024
  ) {
    self.maxDocuments = maxDocuments
    self.maxDocumentBytes = maxDocumentBytes
    self.maxTotalBytes = maxTotalBytes
  }

  /// Why a document charged `previous` may not become one charged `charge` while all open
  /// documents are charged `total` (its `previous` included), or `nil`. A document's charge is
  /// its text's bytes and its per-line facts' (`Document.charge`). No change may take a document's
  /// text past `maxDocumentBytes`, nor all the charges past `maxTotalBytes`; a change that does
  /// not grow the charge is always allowed, so a user can shrink their way back.
  func sizeProblem(_ charge: Charge, previous: Charge, total: Int) -> String? {
    guard charge.total > previous.total else { return nil }
    if charge.text > maxDocumentBytes && charge.text > previous.text {
      return
        "the document would have \(charge.text) bytes, over the limit of \(maxDocumentBytes) (--max-document-bytes)"
    }
    let newTotal = total - previous.total + charge.total
    if newTotal > maxTotalBytes {
      let facts = charge.lineFacts > 0 ? " of text and per-line facts (48 bytes a line under line rules)" : ""
      return
        "open documents would hold \(newTotal) bytes\(facts), over the limit of \(maxTotalBytes) for all of them (--max-total-bytes); close some first"
    }
    return nil
  }

  /// What a document counts against the limits: its text and its per-line facts, in bytes.
  struct Charge: Equatable {
    var text: Int
    var lineFacts: Int
    var total: Int { text + lineFacts }

    static let none = Charge(text: 0, lineFacts: 0)

    init(text: Int, lineFacts: Int) {
      self.text = text
      self.lineFacts = lineFacts
    }

    init(_ field: StableTextField) {
      text = field.text.utf8Count
      lineFacts = field.keepsLineFacts ? StableTextField.lineFactsStride * field.text.lineCount : 0
    }
  }
}
