import StableTextJSON
import StableTextProtocol
import StableTextSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the runner does as the client it stands for (Protocol/conformance/README.md, "The
/// runner as a client"): the `initialize` params a client must send, the answers a minimal
/// client gives the server's requests, and the file URIs of the run's folder.
extension ConformanceRunner {
  /// The params of the `initialize` directive before a session's overlay: the runner's process
  /// id, its name, and the session's folder as the root and the one workspace folder (some
  /// servers refuse to start without a root, others find no project for a document outside one).
  static func initializeParams(root: String) -> JSONObject {
    [
      "processId": .int(Int(getpid())),
      "clientInfo": ["name": "stabletext conformance"],
      "rootUri": .string(root),
      "workspaceFolders": workspaceFolders(root: root),
      "capabilities": [:],
    ]
  }

  static func workspaceFolders(root: String) -> JSONValue {
    [["uri": .string(root), "name": .string(lastComponent(of: root))]]
  }

  private static func lastComponent(of uri: String) -> String {
    String(uri.split(separator: "/").last ?? "conformance")
  }

  /// The answer a minimal client gives a request from the server: what the session scripted for
  /// its method (`answer`), else `null` to registering and unregistering capabilities and to
  /// creating a progress token, a `null` per item asked for to `workspace/configuration` (no
  /// settings), the run's folder to `workspace/workspaceFolders`, and `-32601` to anything else.
  static func clientAnswer(to request: JSONValue, root: String, scripted: JSONObject?) -> JSONValue {
    var answer: JSONObject = ["jsonrpc": "2.0", "id": request["id"] ?? .null]
    if let scripted {
      for (key, value) in scripted.pairs { answer[key] = value }
      return .object(answer)
    }
    switch request["method"]?.stringValue ?? "" {
    case ServerRequestMethod.registerCapability, ServerRequestMethod.unregisterCapability,
      ServerRequestMethod.workDoneProgressCreate:
      answer["result"] = .null
    case ServerRequestMethod.configuration:
      let items = request["params"]?["items"]?.arrayValue?.count ?? 0
      answer["result"] = .array(Array(repeating: .null, count: items))
    case ServerRequestMethod.workspaceFolders:
      answer["result"] = workspaceFolders(root: root)
    default:
      answer["error"] = [
        "code": -32601,
        "message": .string(
          "the conformance runner does not serve \(request["method"]?.stringValue ?? "this")"),
      ]
    }
    return .object(answer)
  }

  /// A `file` URI as compared: percent-encoding decoded (`%3A` and `:`, `%3a` and `%3A` are one),
  /// `file://localhost/` as `file:///`, a drive letter in lower case, no trailing `/`.
  static func normalizedURI(_ uri: Substring) -> String {
    var bytes: [UInt8] = []
    var index = uri.utf8.startIndex
    let utf8 = uri.utf8
    func hexValue(_ byte: UInt8) -> UInt8? {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
      default: nil
      }
    }
    while index != utf8.endIndex {
      let byte = utf8[index]
      let second = utf8.index(after: index)
      if byte == UInt8(ascii: "%"), second != utf8.endIndex, utf8.index(after: second) != utf8.endIndex,
        let high = hexValue(utf8[second]), let low = hexValue(utf8[utf8.index(after: second)])
      {
        bytes.append(high << 4 | low)
        index = utf8.index(second, offsetBy: 2)
      } else {
        bytes.append(byte)
        index = second
      }
    }
    var text = String(decoding: bytes, as: UTF8.self)
    if text.lowercased().hasPrefix("file://localhost/") { text = "file:///" + text.dropFirst(17) }
    if text.lowercased().hasPrefix("file:") { text = "file:" + text.dropFirst(5) }
    // file:///C:/ and file:///c%3A/ alike.
    let scalars = Array(text.unicodeScalars)
    if text.hasPrefix("file:///"), scalars.count >= 10, scalars[9] == ":",
      scalars[8].properties.isUppercase
    {
      text = "file:///" + String(scalars[8]).lowercased() + String(String.UnicodeScalarView(scalars[9...]))
    }
    while text.hasSuffix("/") && !text.hasSuffix(":///") { text.removeLast() }
    return text
  }

  /// `text` with every `file:` URI in it that names `uri` (once both are normalised) made
  /// `<uri>`, and the document's path made `<path>`: answers about two documents are compared
  /// with their own names left out, wherever in the answer they appear.
  static func replacingDocument(in text: String, uri: String, path: String) -> String {
    let target = normalizedURI(Substring(uri))
    if normalizedURI(Substring(text)) == target { return "<uri>" }
    guard text.contains("file:") || text.contains(path) else { return text }
    var result = ""
    var rest = Substring(text)
    let stops: Set<Character> = [
      " ", "\t", "\n", "\r", "\"", "'", "<", ">", "(", ")", "[", "]", "#", "?", "`",
    ]
    while let start = rest.firstRange(of: "file:") {
      result += rest[..<start.lowerBound]
      let token = rest[start.lowerBound...].prefix { !stops.contains($0) }
      result += normalizedURI(token) == target ? "<uri>" : String(token)
      rest = rest[token.endIndex...]
    }
    result += rest
    return result.replacing(path, with: "<path>")
  }
}
