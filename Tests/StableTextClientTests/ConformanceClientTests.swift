import StableTextJSON
import Testing

@testable import StableTextClient

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The conformance runner as a client (Protocol/conformance/README.md, "The runner as a
/// client"): its answers to the server's requests, URIs compared normalised, positions read in
/// the negotiated encoding.
@Suite struct ConformanceClientTests {
  static let root = "file:///tmp/stabletext-session-1"

  /// What `initialize` sends before a session's overlay: what the specification asks of a
  /// client, and a root and workspace folder (servers such as ccls refuse to start without).
  @Test func initializeSendsWhatAClientSends() {
    #expect(
      JSONValue.object(ConformanceRunner.initializeParams(root: Self.root))
        == [
          "processId": .int(Int(getpid())), "clientInfo": ["name": "stabletext conformance"],
          "rootUri": .string(Self.root),
          "workspaceFolders": [["uri": .string(Self.root), "name": "stabletext-session-1"]],
          "capabilities": [:],
        ])
  }

  /// A minimal client's answers, and a session's scripted one before them.
  @Test(
    arguments: [
      (
        ["id": 1, "method": "client/registerCapability", "params": ["registrations": []]], nil,
        ["result": nil]
      ),
      (["id": 2, "method": "client/unregisterCapability"], nil, ["result": nil]),
      (["id": "p", "method": "window/workDoneProgress/create"], nil, ["result": nil]),
      (
        ["id": 3, "method": "workspace/configuration", "params": ["items": [["section": "a"], [:], [:]]]],
        nil,
        ["result": [nil, nil, nil]]
      ),
      (
        ["id": 4, "method": "workspace/workspaceFolders"], nil,
        ["result": [["uri": .string(root), "name": "stabletext-session-1"]]]
      ),
      (
        ["id": 5, "method": "window/showDocument"], nil,
        ["error": ["code": -32601, "message": "the conformance runner does not serve window/showDocument"]]
      ),
      (["id": 6, "method": "workspace/configuration"], ["result": [1]], ["result": [1]]),
      (
        ["id": 7, "method": "client/registerCapability"], ["error": ["code": -32603]],
        ["error": ["code": -32603]]
      ),
    ] as [(JSONValue, JSONObject?, JSONObject)])
  func answersTheServersRequests(request: JSONValue, scripted: JSONObject?, expected: JSONObject) {
    var whole: JSONObject = ["jsonrpc": "2.0", "id": request["id"]!]
    for (key, value) in expected.pairs { whole[key] = value }
    #expect(
      ConformanceRunner.clientAnswer(to: request, root: Self.root, scripted: scripted) == .object(whole))
  }

  @Test(arguments: [
    ("file:///tmp/a%20b/x.txt", "file:///tmp/a b/x.txt"),
    ("file:///tmp/a%2fb/", "file:///tmp/a/b"),
    ("file:///C:/Users/x.c", "file:///c:/Users/x.c"),
    ("file:///c%3A/Users/x.c", "file:///c:/Users/x.c"),
    ("FILE://localhost/tmp/x", "file:///tmp/x"),
    ("file:///tmp/%E2%82%AC.txt", "file:///tmp/€.txt"),
  ])
  func urisAreComparedNormalised(uri: String, normal: String) {
    #expect(ConformanceRunner.normalizedURI(Substring(uri)) == normal)
  }

  /// A session's expected URI matches the server's however either spells it.
  @Test(
    arguments: [
      ("file:///tmp/s 1/a.txt", "file:///tmp/s%201/a.txt", nil),
      ("file:///C:/a.txt", "file:///c%3A/a.txt", nil),
      (
        "file:///tmp/a.txt", "file:///tmp/b.txt",
        #"$.uri: expected "file:///tmp/a.txt", got "file:///tmp/b.txt""#
      ),
    ] as [(String, String, String?)])
  func expectedURIsMatchNormalised(expected: String, actual: String, problem: String?) {
    #expect(JSONPattern.mismatch(["uri": .string(expected)], ["uri": .string(actual)]) == problem)
  }

  /// The document's URI and path are left out wherever they appear: whole, inside a message,
  /// spelt another way.
  @Test func theDocumentIsNamedWhereverItAppears() {
    let uri = ConformanceRunner.fileURI("/tmp/s 1/edited/a.c")
    #expect(uri == "file:///tmp/s%201/edited/a.c")
    let path = "/tmp/s 1/edited/a.c"
    #expect(
      ConformanceRunner.replacingDocument(in: "file:///tmp/s%201/edited/a.c", uri: uri, path: path) == "<uri>"
    )
    #expect(
      ConformanceRunner.replacingDocument(
        in: "see file:///tmp/s%201/edited/a.c#L3 or /tmp/s 1/edited/a.c", uri: uri, path: path)
        == "see <uri>#L3 or <path>")
    #expect(
      ConformanceRunner.replacingDocument(in: "file:///tmp/other.c", uri: uri, path: path)
        == "file:///tmp/other.c")
  }

  /// A position is read in the negotiated encoding against the client's copy; one that counts
  /// code points lands elsewhere than the same answer about the one-unit twin, or inside a
  /// character.
  @Test func positionsAreReadInTheNegotiatedEncoding() throws {
    let text = "a🙂b한c\nplain\n"
    let twin16 = try #require(ConformanceRunner.oneUnitTwin(of: text, encoding: "utf-16"))
    #expect(twin16 == "a\u{263A}b한c\nplain\n")
    #expect(ConformanceRunner.oneUnitTwin(of: text, encoding: "utf-8") == "a?bac\nplain\n")
    #expect(ConformanceRunner.oneUnitTwin(of: text, encoding: "utf-32") == nil)
    func range(_ end: Int) -> JSONValue {
      ["range": ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": .int(end)]]]
    }
    // The whole first line: 6 UTF-16 units, 5 code points; 5 units in the twin.
    #expect(
      ConformanceRunner.positionProblem(range(6), text: text, range(5), twin: twin16, encoding: "utf-16")
        == nil)
    #expect(
      ConformanceRunner.positionProblem(range(5), text: text, range(5), twin: twin16, encoding: "utf-16")
        == "the position (line 0, character 5) is character 4 of its line read in utf-16, where the same answer about the text with one-unit characters points at character 5: the answer does not count in utf-16"
    )
    #expect(
      ConformanceRunner.positionProblem(range(2), text: text, range(2), twin: twin16, encoding: "utf-16")
        == "the position (line 0, character 2) falls inside a character of the text in utf-16")
    // The same positions listed in another order (symbols as a hash table holds them) agree.
    let two: JSONValue = [range(6), ["line": 1, "character": 5]]
    let swapped: JSONValue = [["line": 1, "character": 5], range(5)]
    #expect(
      ConformanceRunner.positionProblem(two, text: text, swapped, twin: twin16, encoding: "utf-16") == nil)
    // Past the line's end: the overshoot compares as it is.
    #expect(
      ConformanceRunner.positionProblem(
        range(1006), text: text, range(1005), twin: twin16, encoding: "utf-16") == nil)
  }
}
