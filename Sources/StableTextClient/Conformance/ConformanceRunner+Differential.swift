import StableTextCore
import StableTextJSON
import StableTextProtocol
import StableTextSystem

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

  /// An answer's result or error, with the document's URI made `<uri>` (and its path `<path>`)
  /// wherever it appears, and result ids dropped, for comparing the answers about two documents
  /// (the envelope's id and version are the request's, not the answer's).
  static func normalized(answer: JSONValue, uri: String, path: String) -> JSONValue {
    var kept = JSONObject()
    for key in ["result", "error"] {
      if let value = answer[key] { kept[key] = normalized(value, uri: uri, path: path) }
    }
    return .object(kept)
  }

  static func normalized(_ value: JSONValue, uri: String, path: String) -> JSONValue {
    switch value {
    case .string(let text): return .string(replacingDocument(in: text, uri: uri, path: path))
    case .array(let items): return .array(items.map { normalized($0, uri: uri, path: path) })
    case .object(let object):
      var result = JSONObject()
      for (key, item) in object.pairs where key != "resultId" {
        result[key] = normalized(item, uri: uri, path: path)
      }
      return .object(result)
    default: return value
    }
  }

  /// How the server asked for documents to be synced (`textDocumentSync`): `nil` when it asked
  /// for none (the kind `None`, the member omitted, or an object without `openClose: true`),
  /// else 1 (`Full`: each change sends the whole text) or 2 (`Incremental`).
  static func syncKind(_ capabilities: JSONValue) -> Int? {
    guard let sync = capabilities["textDocumentSync"] else { return nil }
    if let kind = sync.intValue { return kind == 1 || kind == 2 ? kind : nil }
    guard sync["openClose"] == .bool(true) else { return nil }
    let kind = sync["change"]?.intValue ?? 0
    return kind == 1 || kind == 2 ? kind : nil
  }

  /// The `differential` step: document 1 is opened with text A and edited to text B in the
  /// negotiated encoding (a deletion, insertions one notification each and two in one; the
  /// whole text each time to a server that asked for `Full` sync), document 2 is opened with B,
  /// document 3 with A, document 4 with B's one-unit twin; every request of `observingRequests`
  /// is sent about each. Documents 1 and 2 must get the same answers; the positions of 2's and
  /// 4's answers must land on the same characters; and at least one answer must differ between
  /// 2 and 3, or the server's sync is not observable (`NotObservable`, neither pass nor failure).
  func differential(
    _ server: ServerProcess, options: DifferentialOptions, encoding: String, capabilities: JSONValue,
    folder: PrivateFolder, line: Int
  ) throws {
    func fail(_ problem: String) -> Failure { Failure(line: line, problem: problem) }
    func unobservable(_ problem: String) -> NotObservable { NotObservable(line: line, problem: problem) }
    guard let syncKind = Self.syncKind(capabilities) else {
      throw unobservable(
        "the server asks for no document sync (textDocumentSync \(capabilities["textDocumentSync"]?.serialized ?? "omitted")): its sync cannot be observed"
      )
    }
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
    let twin = Self.oneUnitTwin(of: textB, encoding: encoding)
    // Files that exist, in folders of the session's own folder (a server may look for the
    // project a document is in), each holding the text it is opened with.
    var documents = [("edited", textA), ("direct", textB), ("before", textA)]
    if let twin { documents.append(("twin", twin)) }
    var uris: [String] = []
    var paths: [String] = []
    for (name, text) in documents {
      guard folder.write(Array(text.utf8), to: [name], name: sample.fileName) else {
        throw fail("the document \(name)/\(sample.fileName) could not be written in the session's folder")
      }
      paths.append(folder.path + "/" + name + "/" + sample.fileName)
      uris.append(Self.fileURI(paths[paths.count - 1]))
    }
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
    // The text after each change, for a server that asked for the whole of it: every line's
    // first part, and the second part of the lines inserted so far.
    var inserted = Set<Int>()
    func wholeText() -> String {
      pieces.enumerated().map { index, piece in
        String(piece.prefix) + (inserted.contains(index) ? String(piece.suffix) : "") + piece.terminator
      }.joined()
    }
    if syncKind == 1 {
      change([ContentChange(range: nil, text: wholeText())])
    } else {
      change([
        ContentChange(
          range: TextRange(start: position(0, 0), end: position(0, Self.units(Substring(junk), encoding))),
          text: "")
      ])
    }
    var inserts: [(line: Int, change: ContentChange)] = []
    for (index, piece) in pieces.enumerated() where !piece.suffix.isEmpty {
      let at = Self.units(piece.prefix, encoding) + (options.pastTheEnd ? 1_000 : 0)
      inserts.append(
        (
          index,
          ContentChange(
            range: TextRange(start: position(index, at), end: position(index, at)), text: String(piece.suffix)
          )
        ))
    }
    // The last two insertions in one notification (applied in order), the others one each.
    let groups: [[(line: Int, change: ContentChange)]] =
      inserts.count >= 2
      ? inserts.dropLast(2).map { [$0] } + [Array(inserts.suffix(2))] : inserts.map { [$0] }
    for group in groups {
      if syncKind == 1 {
        for insert in group { inserted.insert(insert.line) }
        change([ContentChange(range: nil, text: wholeText())])
      } else {
        change(group.map(\.change))
      }
    }
    for (uri, (_, text)) in zip(uris, documents).dropFirst() { open(uri, text) }
    func hovers(_ text: String) -> [JSONValue] {
      let twinLines = text.split(omittingEmptySubsequences: false) {
        $0 == "\n" || $0 == "\r\n" || $0 == "\r"
      }
      return pieces.enumerated().filter { !$0.element.suffix.isEmpty }.prefix(4).map { index, piece in
        // The same character of the line in every document (the twin's units differ).
        let characters = piece.prefix.unicodeScalars.count
        let line = index < twinLines.count ? twinLines[index] : ""
        let prefix = Substring(String(String.UnicodeScalarView(line.unicodeScalars.prefix(characters))))
        return position(index, Self.units(prefix, encoding)).json
      }
    }
    let requests = Self.observingRequests(capabilities, hoverAt: hovers(textB))
    let twinRequests = Self.observingRequests(capabilities, hoverAt: hovers(twin ?? textB))
    guard !requests.isEmpty else {
      throw unobservable(
        "the server announces none of documentSymbol, foldingRange, semanticTokens/full, diagnostic, formatting, hover: its document sync cannot be observed"
      )
    }
    var differs = false
    var counter = 0
    for ((method, extra), (_, twinExtra)) in zip(requests, twinRequests) {
      var answers: [JSONValue] = []
      var raw: [JSONValue] = []
      for (index, uri) in uris.enumerated() {
        counter += 1
        let id = JSONValue.string("differential-\(counter)")
        var params = index == 3 ? twinExtra : extra
        params["textDocument"] = ["uri": .string(uri)]
        server.send(["jsonrpc": "2.0", "id": id, "method": .string(method), "params": .object(params)])
        let answer = try failing(line, server) {
          try server.receive(timeout: timeout, what: "the answer to \(method) about \(uri)") {
            $0["method"] == nil && $0["id"] == id
          }
        }
        raw.append(answer)
        answers.append(Self.normalized(answer: answer, uri: uri, path: paths[index]))
      }
      let about = "\(method)\(extra["position"].map { " at \($0.serialized)" } ?? "")"
      if answers[0] != answers[1] {
        throw fail(
          "\(about): the document edited to the text (in \(encoding)) is answered \(Self.brief(answers[0].serialized)), the document opened with it \(Self.brief(answers[1].serialized))"
        )
      }
      // Every answer's positions fall between characters; those of the structure's requests
      // land where the twin's do.
      let twinResult = Self.structuralMethods.contains(method) && raw.count > 3 ? raw[3]["result"] : nil
      if let result = raw[1]["result"],
        let problem = Self.positionProblem(result, text: textB, twinResult, twin: twin, encoding: encoding)
      {
        throw fail("\(about): \(problem)\n      answered: \(Self.brief(result.serialized))")
      }
      if answers[1] != answers[2] { differs = true }
    }
    for uri in uris { server.send(DidCloseTextDocumentNotification(TextDocumentIdentifier(uri))) }
    if !differs {
      throw unobservable(
        "no answer (\(Set(requests.map(\.0)).sorted().joined(separator: ", "))) differs between the text before and after the edits: the sync cannot be observed"
      )
    }
  }
}
