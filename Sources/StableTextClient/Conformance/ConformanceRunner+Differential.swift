import StableTextCore
import StableTextJSON
import StableTextProtocol

/// A text in a language the server under test serves, for the `differential` step: its
/// languageId, a file name (its extension tells servers such as clangd what the file is) and the
/// text, which should hold emoji, CJK and `\r\n` lines so that every encoding's arithmetic shows.
public struct ConformanceSample: Sendable {
  public var languageId: String
  public var fileName: String
  public var text: String

  public init(languageId: String, fileName: String, text: String) {
    self.languageId = languageId
    self.fileName = fileName
    self.text = text
  }

  /// The plain-text sample used when no language is given and no samples folder holds one.
  public static let plainText = ConformanceSample(
    languageId: "plaintext", fileName: "sample.txt",
    text:
      "Conformance sample 🙂 with emoji\r\n한국어 줄과 日本語の行\n👨‍👩‍👧‍👦 a family, 🇰🇷 a flag, e\u{301} an accent\r\nplain ASCII line at the end\n"
  )
}

extension ConformanceRunner {
  /// The requests whose answers depend on a document's text, as the server's capabilities
  /// announce them: (method, extra params).
  static func observingRequests(_ capabilities: JSONValue, hoverAt positions: [JSONValue]) -> [(
    String, JSONObject
  )] {
    func offered(_ value: JSONValue?) -> Bool {
      guard let value else { return false }
      return value != .bool(false) && value != .null
    }
    var requests: [(String, JSONObject)] = []
    if offered(capabilities["documentSymbolProvider"]) {
      requests.append((UnservedMethod.documentSymbol, [:]))
    }
    if offered(capabilities["foldingRangeProvider"]) { requests.append((UnservedMethod.foldingRange, [:])) }
    if let tokens = capabilities["semanticTokensProvider"], offered(tokens["full"]) {
      requests.append((UnservedMethod.semanticTokensFull, [:]))
    }
    if offered(capabilities["diagnosticProvider"]) {
      requests.append((DocumentDiagnosticRequest.method, [:]))
    }
    if offered(capabilities["documentFormattingProvider"]) {
      requests.append((UnservedMethod.formatting, ["options": ["tabSize": 4, "insertSpaces": true]]))
    }
    if offered(capabilities["hoverProvider"]) {
      for position in positions { requests.append((HoverRequest.method, ["position": position])) }
    }
    return requests
  }

  /// The code units of `text` in the negotiated encoding.
  static func units(_ text: Substring, _ encoding: String) -> Int {
    switch encoding {
    case "utf-8": return text.utf8.count
    case "utf-32": return text.unicodeScalars.count
    default: return text.utf16.count
    }
  }

  /// An answer's result or error, with the document's URI made `<uri>` and result ids dropped,
  /// for comparing the answers about two documents (the envelope's id and version are the
  /// request's, not the answer's).
  static func normalized(answer: JSONValue, uri: String) -> JSONValue {
    var kept = JSONObject()
    for key in ["result", "error"] {
      if let value = answer[key] { kept[key] = normalized(value, uri: uri) }
    }
    return .object(kept)
  }

  static func normalized(_ value: JSONValue, uri: String) -> JSONValue {
    switch value {
    case .string(let text) where text == uri: return "<uri>"
    case .array(let items): return .array(items.map { normalized($0, uri: uri) })
    case .object(let object):
      var result = JSONObject()
      for (key, item) in object.pairs where key != "resultId" { result[key] = normalized(item, uri: uri) }
      return .object(result)
    default: return value
    }
  }

  /// The `differential` step: document 1 is opened with text A and edited to text B in the
  /// negotiated encoding (a deletion, insertions one notification each and two in one), document
  /// 2 is opened with B, document 3 with A; every request of `observingRequests` is sent about
  /// each. Documents 1 and 2 must get the same answers, and at least one answer must differ
  /// between 2 and 3, or the server's sync cannot be told from none.
  func differential(
    _ server: ServerProcess, options: DifferentialOptions, encoding: String, capabilities: JSONValue,
    line: Int
  ) throws {
    func fail(_ problem: String) -> Failure { Failure(line: line, problem: problem) }
    // Lines of B with their terminators; each line's content split in two at its middle cluster.
    var pieces: [(prefix: Substring, suffix: Substring, terminator: Substring)] = []
    var rest = Substring(sample.text)
    while !rest.isEmpty {
      let end = rest.firstIndex { $0 == "\n" || $0 == "\r\n" || $0 == "\r" } ?? rest.endIndex
      let content = rest[..<end]
      let terminatorEnd = end == rest.endIndex ? end : rest.index(after: end)
      let middle = content.index(content.startIndex, offsetBy: content.count / 2)
      pieces.append((content[..<middle], content[middle...], rest[end..<terminatorEnd]))
      rest = rest[terminatorEnd...]
    }
    let junk = "ZZ😀한ZZ"
    let textA = junk + pieces.map { String($0.prefix) + $0.terminator }.joined()
    let textB = sample.text
    guard textA != textB else { throw fail("the sample's text is too short to edit") }
    let base = "file:///conformance-differential"
    let uris = [
      "\(base)/edited/\(sample.fileName)", "\(base)/direct/\(sample.fileName)",
      "\(base)/before/\(sample.fileName)",
    ]
    func open(_ uri: String, _ text: String) {
      server.send(
        DidOpenTextDocumentNotification(
          TextDocumentItem(uri: uri, languageId: sample.languageId, version: 1, text: text)))
    }
    func position(_ line: Int, _ character: Int) -> TextPosition {
      TextPosition(line: line, character: character)
    }
    open(uris[0], textA)
    var version = 1
    func change(_ changes: [ContentChange]) {
      version += 1
      server.send(DidChangeTextDocumentNotification(uri: uris[0], version: version, changes: changes))
    }
    change([
      ContentChange(
        range: TextRange(start: position(0, 0), end: position(0, Self.units(Substring(junk), encoding))),
        text: "")
    ])
    var inserts: [ContentChange] = []
    for (index, piece) in pieces.enumerated() where !piece.suffix.isEmpty {
      let at = Self.units(piece.prefix, encoding) + (options.pastTheEnd ? 1_000 : 0)
      inserts.append(
        ContentChange(
          range: TextRange(start: position(index, at), end: position(index, at)), text: String(piece.suffix)))
    }
    // The last two insertions in one notification (applied in order), the others one each.
    let single = inserts.count >= 2 ? inserts.dropLast(2) : inserts[...]
    for insert in single { change([insert]) }
    if inserts.count >= 2 { change(Array(inserts.suffix(2))) }
    open(uris[1], textB)
    open(uris[2], textA)
    let hovers = pieces.enumerated().filter { !$0.element.suffix.isEmpty }.prefix(4).map {
      position($0.offset, Self.units($0.element.prefix, encoding)).json
    }
    let requests = Self.observingRequests(capabilities, hoverAt: hovers)
    guard !requests.isEmpty else {
      throw fail(
        "the server announces none of documentSymbol, foldingRange, semanticTokens/full, diagnostic, formatting, hover: its document sync cannot be observed"
      )
    }
    var differs = false
    var counter = 0
    for (method, extra) in requests {
      var answers: [JSONValue] = []
      for uri in uris {
        counter += 1
        let id = JSONValue.string("differential-\(counter)")
        var params = extra
        params["textDocument"] = ["uri": .string(uri)]
        server.send(["jsonrpc": "2.0", "id": id, "method": .string(method), "params": .object(params)])
        let answer = try failing(line, server) {
          try server.receive(timeout: timeout, what: "the answer to \(method) about \(uri)") {
            $0["method"] == nil && $0["id"] == id
          }
        }
        answers.append(Self.normalized(answer: answer, uri: uri))
      }
      if answers[0] != answers[1] {
        throw fail(
          "\(method)\(extra["position"].map { " at \($0.serialized)" } ?? ""): the document edited to the text (in \(encoding)) is answered \(Self.brief(answers[0].serialized)), the document opened with it \(Self.brief(answers[1].serialized))"
        )
      }
      if answers[1] != answers[2] { differs = true }
    }
    if !differs {
      throw fail(
        "no answer (\(Set(requests.map(\.0)).sorted().joined(separator: ", "))) differs between the text before and after the edits: the sync cannot be observed"
      )
    }
    for uri in uris { server.send(DidCloseTextDocumentNotification(TextDocumentIdentifier(uri))) }
  }
}
