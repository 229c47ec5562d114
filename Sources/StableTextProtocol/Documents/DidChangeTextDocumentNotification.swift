import StableTextCore
import StableTextJSON

/// A `textDocument/didChange` notification in its common shape, read straight from its bytes.
///
/// Keystrokes are nearly all of a session's messages, and building jansson's tree for each one
/// cost more than everything else the daemon does for it. `decode` reads them with
/// `JSONScanner`; anything it does not fully understand (a request id, escapes in keys, reals,
/// duplicate keys, a field of the wrong type, …) returns `nil` and goes through jansson and
/// `init(_:)`, which names the offending field, so errors are reported as for any other message.
public struct DidChangeTextDocumentNotification: NotificationType {
  public static let method = "textDocument/didChange"
  /// Full and incremental changes (`TextDocumentSyncKind.Incremental`).
  public static var capabilities: JSONObject { ["textDocumentSync": ["change": 2]] }

  public var uri: String
  public var version: Int
  public var changes: [ContentChange]

  public init(uri: String, version: Int, changes: [ContentChange]) {
    self.uri = uri
    self.version = version
    self.changes = changes
  }

  /// The notification in `body`, or `nil` to let jansson read it. `lastURI` is the URI of the
  /// keystroke decoded before: the same URI comes back as that very string.
  public static func decode(_ body: UnsafeRawBufferPointer, lastURI: inout String)
    -> DidChangeTextDocumentNotification?
  {
    guard var scanner = JSONScanner(body) else { return nil }
    var seen: UInt8 = 0
    var params: DidChangeTextDocumentNotification?
    let read = scanner.object { scanner, key in
      let bit: UInt8
      let ok: Bool
      if key == "method" {
        (bit, ok) = (1, scanner.string(equalTo: "textDocument/didChange"))
      } else if key == "jsonrpc" {
        (bit, ok) = (2, scanner.string(equalTo: "2.0"))
      } else if key == "params" {
        params = decodeParams(&scanner, lastURI: &lastURI)
        (bit, ok) = (4, params != nil)
      } else if key == "id" {
        return false  // a request (an error for this method) or a response: jansson's path
      } else {
        (bit, ok) = (0, scanner.skipValue())
      }
      guard ok, seen & bit == 0 else { return false }
      seen |= bit
      return true
    }
    guard read, seen == 7, scanner.isAtEnd() else { return nil }
    return params
  }

  private static func decodeParams(_ scanner: inout JSONScanner, lastURI: inout String)
    -> DidChangeTextDocumentNotification?
  {
    var uri: String?
    var version: Int?
    var changes: [ContentChange]?
    let read = scanner.object { scanner, key in
      if key == "textDocument" {
        guard uri == nil else { return false }
        return scanner.object { scanner, key in
          if key == "uri" {
            guard uri == nil, let value = scanner.string(reusing: lastURI) else { return false }
            uri = value
            lastURI = value
          } else if key == "version" {
            guard version == nil, let value = scanner.int() else { return false }
            version = value
          } else if key == "text" {
            // A didOpen whose params come before its method (clients need not order keys):
            // leave it to jansson rather than check a whole document's UTF-8 twice.
            return false
          } else {
            return scanner.skipValue()
          }
          return true
        } && uri != nil && version != nil
      }
      if key == "contentChanges" {
        guard changes == nil else { return false }
        var list: [ContentChange] = []
        guard
          scanner.array({ scanner in
            guard let change = decodeChange(&scanner) else { return false }
            list.append(change)
            return true
          })
        else { return false }
        changes = list
        return true
      }
      return scanner.skipValue()
    }
    guard read, let uri, let version, let changes else { return nil }
    return DidChangeTextDocumentNotification(uri: uri, version: version, changes: changes)
  }

  private static func decodeChange(_ scanner: inout JSONScanner) -> ContentChange? {
    var text: String?
    var range: TextRange?
    var sawRange = false
    let read = scanner.object { scanner, key in
      if key == "text" {
        guard text == nil, let value = scanner.string() else { return false }
        text = value
        return true
      }
      if key == "range" {
        guard !sawRange else { return false }
        sawRange = true
        var start: TextPosition?
        var end: TextPosition?
        let read = scanner.object { scanner, key in
          if key == "start" {
            guard start == nil else { return false }
            start = decodePosition(&scanner)
            return start != nil
          }
          if key == "end" {
            guard end == nil else { return false }
            end = decodePosition(&scanner)
            return end != nil
          }
          return scanner.skipValue()
        }
        guard read, let start, let end else { return false }
        range = TextRange(start: start, end: end)
        return true
      }
      return scanner.skipValue()
    }
    guard read, let text else { return nil }
    return ContentChange(range: range, text: text)
  }

  private static func decodePosition(_ scanner: inout JSONScanner) -> TextPosition? {
    var line = -1
    var character = -1
    let read = scanner.object { scanner, key in
      if key == "line" {
        guard line < 0, let value = scanner.int(), value >= 0 else { return false }
        line = value
      } else if key == "character" {
        guard character < 0, let value = scanner.int(), value >= 0 else { return false }
        character = value
      } else {
        return scanner.skipValue()
      }
      return true
    }
    guard read, line >= 0, character >= 0 else { return nil }
    return TextPosition(line: line, character: character)
  }
}

extension DidChangeTextDocumentNotification {
  /// Equal to the byte: `String`'s `==` would let canonically equivalent texts (`é` and
  /// `e\u{301}`) pass, and the document must receive exactly the bytes the client sent.
  public func isIdentical(to other: DidChangeTextDocumentNotification) -> Bool {
    uri.utf8.elementsEqual(other.uri.utf8) && version == other.version
      && changes.count == other.changes.count
      && zip(changes, other.changes).allSatisfy {
        $0.range == $1.range && $0.text.utf8.elementsEqual($1.text.utf8)
      }
  }

  /// The same notification read from jansson's tree, with field paths: how a `didChange` the
  /// scanner declined is read, and the reference the cross-check compares the scanner with.
  public init(decoding params: JSONRef) throws(JSONFieldError) {
    let params = try params.object()
    let identifier = try params["textDocument"].object()
    uri = try identifier["uri"].string()
    version = try identifier["version"].int()
    changes = []
    for entry in try params["contentChanges"].array() {
      let object = try entry.object()
      let text = try object["text"].string()
      let rangeRef = object["range"]
      changes.append(
        ContentChange(range: rangeRef.isMissing ? nil : try TextRange(decoding: rangeRef), text: text))
    }
  }

  /// What jansson and `init(_:)` make of the same bytes.
  public static func decodeWithJansson(_ body: UnsafeRawBufferPointer) -> DidChangeTextDocumentNotification? {
    guard let handle = try? JSONParser.parse(body),
      case .notification(method, let params) = IncomingMessage.classify(handle.ref())
    else { return nil }
    return try? DidChangeTextDocumentNotification(decoding: params)
  }
}

extension DidChangeTextDocumentNotification {
  public var json: JSONValue {
    [
      "textDocument": ["uri": .string(uri), "version": .int(version)],
      "contentChanges": .array(
        changes.map { change in
          guard let range = change.range else { return ["text": .string(change.text)] }
          return ["range": range.json, "text": .string(change.text)]
        }),
    ]
  }
}
