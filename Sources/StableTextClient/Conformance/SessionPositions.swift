import StableTextCore
import StableTextJSON
import StableTextProtocol

/// The positions of a session written in one encoding (`positions codepoints`), converted to the
/// encoding `initialize` negotiated in what the runner sends and in what it expects
/// (Protocol/conformance/README.md, "Positions in code points"). To convert a position it needs
/// the text of the line it is on, so it keeps a copy of every document the session opens, with
/// the session's own edits applied (counted in the session's encoding).
struct SessionPositions {
  /// The encoding the session writes positions in.
  let written: PositionEncoding
  /// The encoding the server counts in.
  var negotiated: PositionEncoding = .utf16
  /// Each open document's text, by URI.
  private var documents: [String: [Unicode.Scalar]] = [:]
  /// The document each request sent was about, by its id's JSON text, for its response.
  private var requestDocuments: [String: String] = [:]

  init(written: PositionEncoding) { self.written = written }

  /// `message` as sent: its positions converted in the text of the document it is about
  /// (`params.textDocument.uri`); `didOpen`, `didChange` and `didClose` keep the copy up to date.
  /// A message about a document the session has not opened is sent as written.
  mutating func outgoing(_ message: JSONValue) -> JSONValue {
    if case .array(let items) = message { return .array(items.map { outgoing($0) }) }
    guard case .object(var object) = message, case .object(var params)? = object["params"] else {
      return message
    }
    let uri = params["textDocument"]?["uri"]?.stringValue ?? params["uri"]?.stringValue
    switch object["method"]?.stringValue {
    case DidOpenTextDocumentNotification.method:
      if let uri, let text = params["textDocument"]?["text"]?.stringValue {
        documents[uri] = Array(text.unicodeScalars)
      }
      return message
    case DidCloseTextDocumentNotification.method:
      if let uri { documents[uri] = nil }
      return message
    case DidChangeTextDocumentNotification.method:
      guard let uri, var text = documents[uri], case .array(let changes)? = params["contentChanges"] else {
        return message
      }
      // Each change's range is in the text the changes before it made.
      var converted: [JSONValue] = []
      for change in changes {
        guard case .object(var fields) = change, let replacement = change["text"]?.stringValue else {
          converted.append(change)
          continue
        }
        if let range = change["range"], let start = range["start"], let end = range["end"] {
          fields["range"] = Self.converting(range, in: text, from: written, to: negotiated)
          let from = Self.offset(of: start, in: text, encoding: written)
          let to = Self.offset(of: end, in: text, encoding: written)
          if let from, let to, from <= to {
            text.replaceSubrange(from..<to, with: replacement.unicodeScalars)
          }
        } else {
          text = Array(replacement.unicodeScalars)
        }
        converted.append(.object(fields))
      }
      documents[uri] = text
      params["contentChanges"] = .array(converted)
      object["params"] = .object(params)
      return .object(object)
    default:
      if let uri, let id = object["id"] { requestDocuments[id.serialized] = uri }
      guard let uri, let text = documents[uri] else { return message }
      object["params"] = Self.converting(.object(params), in: text, from: written, to: negotiated)
      return .object(object)
    }
  }

  /// `pattern` with its positions converted to the negotiated encoding, in the text of the
  /// document the message it matches is about: the request a response answers, or a
  /// notification's `params.uri` (`publishDiagnostics`).
  func expected(_ pattern: JSONValue) -> JSONValue {
    guard case .object(var object) = pattern else { return pattern }
    let uri: String?
    if object["method"] != nil {
      uri = pattern["params"]?["uri"]?.stringValue ?? pattern["params"]?["textDocument"]?["uri"]?.stringValue
    } else {
      uri = object["id"].flatMap { requestDocuments[$0.serialized] }
    }
    guard let uri, let text = documents[uri] else { return pattern }
    for key in ["result", "params"] {
      if let value = object[key] {
        object[key] = Self.converting(value, in: text, from: written, to: negotiated)
      }
    }
    return .object(object)
  }

  /// `value` with every position in it (an object whose `line` and `character` are whole
  /// numbers) counted in `to` instead of `from`.
  static func converting(
    _ value: JSONValue, in text: [Unicode.Scalar], from: PositionEncoding, to: PositionEncoding
  ) -> JSONValue {
    guard from != to else { return value }
    switch value {
    case .array(let items): return .array(items.map { converting($0, in: text, from: from, to: to) })
    case .object(var object):
      if case .int(let line)? = object["line"], case .int(let character)? = object["character"] {
        object["character"] = .int(convert(line: line, character: character, in: text, from: from, to: to))
        return .object(object)
      }
      for (key, item) in object.pairs { object[key] = converting(item, in: text, from: from, to: to) }
      return .object(object)
    default: return value
    }
  }

  /// A line's `character` counted in `from`, counted in `to`. Past the line's end the excess
  /// is kept (a position past the end still is, by as much); a line past the text's last is
  /// left as it is.
  static func convert(
    line: Int, character: Int, in text: [Unicode.Scalar], from: PositionEncoding, to: PositionEncoding
  ) -> Int {
    guard let bounds = lineBounds(line, in: text), character >= 0 else { return character }
    var counted = 0
    var result = 0
    for scalar in text[bounds] {
      if counted >= character { return result }
      counted += width(scalar, from)
      result += width(scalar, to)
    }
    return result + max(0, character - counted)
  }

  /// Where `position` (in `encoding`) is in `text`, a position past its line's end meaning
  /// the end (as LSP says); `nil` for a line that does not exist or a negative number.
  static func offset(of position: JSONValue, in text: [Unicode.Scalar], encoding: PositionEncoding) -> Int? {
    guard case .int(let line)? = position["line"], case .int(let character)? = position["character"],
      character >= 0
    else { return nil }
    guard let bounds = lineBounds(line, in: text) else {
      return line >= 0 ? text.count : nil
    }
    var counted = 0
    var offset = bounds.lowerBound
    while offset < bounds.upperBound && counted < character {
      counted += width(text[offset], encoding)
      offset += 1
    }
    return offset
  }

  /// The scalars of line `line` without its terminator (`\n`, `\r\n` or `\r`).
  static func lineBounds(_ line: Int, in text: [Unicode.Scalar]) -> Range<Int>? {
    guard line >= 0 else { return nil }
    var start = 0
    var current = 0
    var index = 0
    while index < text.count {
      let scalar = text[index]
      if scalar == "\n" || scalar == "\r" {
        if current == line { return start..<index }
        if scalar == "\r" && index + 1 < text.count && text[index + 1] == "\n" { index += 1 }
        current += 1
        start = index + 1
      }
      index += 1
    }
    return current == line ? start..<text.count : nil
  }

  static func width(_ scalar: Unicode.Scalar, _ encoding: PositionEncoding) -> Int {
    switch encoding {
    case .utf8: UTF8.width(scalar)
    case .utf16: UTF16.width(scalar)
    case .utf32: 1
    }
  }
}
