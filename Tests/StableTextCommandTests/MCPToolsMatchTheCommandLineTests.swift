import Foundation
import StableTextJSON
import StableTextProtocol
import StableTextSessionSupport
import Testing

/// The MCP tools answer what the command line answers for the same bytes and path
/// (Protocol/README.md, "MCP": "The same verdicts"): `check_message`'s structured content is the
/// bytes `stabletext check --format json` prints for the message in the repository's
/// `COMMIT_EDITMSG`, `explain_rules`'s the element `rules --format json` prints for that file,
/// `fix_message`'s the text `check --fix` leaves in it, the fixes it prints and the document it
/// prints; `complete_header`'s items those the daemon's completion gives at the header's end.
/// Through both real binaries, in real repositories, and nothing in the repository is written by
/// a tool.
@Suite struct MCPToolsMatchTheCommandLine {
  static let conventional = "{\"extends\": [\"@commitlint/config-conventional\"]}\n"
  static let signOff = "{\"rules\": {\"requiredTrailers\": [\"Signed-off-by\"]}}\n"
  static let scissors = "# ------------------------ >8 ------------------------\n"

  /// Each case: its repository's files and the message.
  static let cases: [(name: String, files: [String: String], message: String)] = [
    (
      "the commit preset alone", [:], "Add a subject line that is far too long for the fifty columns\nBody.\n"
    ),
    ("a clean message", [:], "Add the thing\n\nBecause it was missing.\n"),
    (
      "commitlint: an unknown type, comments and a scissors line", [".commitlintrc.json": conventional],
      "foo: Add It.\n\nBody\n# a comment\n" + scissors + "diff --git a/x b/x\n"
    ),
    ("a sign-off required", [".stabletext.json": signOff], "Feat: add the thing.\n\nBody text here.\n"),
    (
      "gitlint", [".gitlint": "[title-max-length]\nline-length=20\n"],
      "WIP: a title longer than twenty\n\nbody\n"
    ),
    ("non-ASCII and CRLF", [".commitlintrc.json": conventional], "feat: 한국어 제목 👋🏽 ok.\r\n\r\nbody\r\n"),
    ("empty", [:], ""),
    (
      "a configuration that cannot be read", [".stabletext.json": "{\"rules\": {\"maxLength\": \"x\"}}\n"],
      "Add it\n"
    ),
    (
      "a part not honoured",
      [
        ".commitlintrc.json":
          "{\"extends\": [\"@commitlint/config-conventional\"], \"plugins\": [\"commitlint-plugin-x\"]}\n"
      ],
      "foo: Add It.\n"
    ),
    (
      "a shareable configuration in node_modules",
      [
        "package.json": "{\n  \"commitlint\": {\"extends\": [\"@acme/commitlint-config\"]}\n}\n",
        "node_modules/@acme/commitlint-config/package.json": "{\"name\": \"@acme/commitlint-config\"}\n",
        "node_modules/@acme/commitlint-config/index.js":
          "module.exports = {\n  extends: ['@commitlint/config-conventional'],\n"
          + "  rules: {'header-max-length': [2, 'always', 20]},\n};\n",
      ],
      "feat: a header longer than twenty\n"
    ),
  ]

  /// The repository's message file, as git names it.
  static func messageFile(_ work: URL, _ environment: [String: String]) throws -> String {
    let gitDirectory = try runCommand(
      ["/usr/bin/env", "git", "rev-parse", "--absolute-git-dir"], in: work.path, environment: environment
    ).out.trimmingCharacters(in: .whitespacesAndNewlines)
    return gitDirectory + "/COMMIT_EDITMSG"
  }

  /// What `git status` says of the work tree and whether the message file exists: a tool must
  /// change neither.
  static func state(_ work: URL, _ file: String, _ environment: [String: String]) throws -> String {
    let status = try runCommand(
      ["/usr/bin/env", "git", "status", "--porcelain", "--ignored"], in: work.path, environment: environment)
    return status.out + (FileManager.default.fileExists(atPath: file) ? "message file" : "no message file")
  }

  @Test(arguments: 0..<cases.count) func checkMessageIsCheckFormatJSON(_ index: Int) throws {
    let test = Self.cases[index]
    let (work, environment) = try FixesThatWrite.repository(test.files)
    defer { try? FileManager.default.removeItem(at: work.deletingLastPathComponent()) }
    let file = try Self.messageFile(work, environment)
    let before = try Self.state(work, file, environment)
    let mcp = try MCPSession(environment: environment)
    let (body, response) = try mcp.call(
      "check_message", ["message": .string(test.message), "path": .string(work.path)])
    let explained = try mcp.call("explain_rules", ["path": .string(work.path + "/.git")])
    let fixed = try mcp.call("fix_message", ["message": .string(test.message), "path": .string(work.path)])
    #expect(try mcp.finish() == 0)
    #expect(try Self.state(work, file, environment) == before, "\(test.name): a tool wrote something")

    try test.message.write(toFile: file, atomically: true, encoding: .utf8)
    let cli = try runCommand([binaryPath, "check", "--format", "json", file], environment: environment)
    let rules = try runCommand([binaryPath, "rules", "--format", "json", file], environment: environment)
    guard cli.status != 2 else {
      // Neither can check: the command's error is the tool's failure, word for word.
      #expect(response["result"]?["isError"] == true, "\(test.name): \(body)")
      let said = response["result"]?["content"]?[0]?["text"]?.stringValue ?? ""
      #expect(said == cli.err.trimmingCharacters(in: .newlines), "\(test.name)")
      #expect(rules.status == 2)
      #expect(explained.response["result"]?["isError"] == true, "\(test.name): \(explained.body)")
      return
    }
    // What the command says on standard error (a part of a configuration file not honoured),
    // the tool says after its answer, word for word.
    let said = response["result"]?["content"]?[0]?["text"]?.stringValue ?? ""
    #expect(cli.err.contains("is not honoured") == test.name.hasSuffix("not honoured"), "\(test.name)")
    #expect(said.hasSuffix(cli.err.trimmingCharacters(in: .newlines)), "\(test.name): \(said)")
    let explainedText = explained.response["result"]?["content"]?[0]?["text"]?.stringValue ?? ""
    #expect(explainedText.hasSuffix(rules.err.trimmingCharacters(in: .newlines)), "\(test.name)")
    let document = String(cli.out.dropLast())
    #expect(cli.out.hasSuffix("}\n"))
    #expect(
      body.contains("\"structuredContent\":\(document),\"resultType\""),
      "\(test.name):\n cli: \(document)\n mcp: \(body)")
    #expect(rules.status == 0)
    let entry = String(rules.out.dropFirst().dropLast(2))
    #expect(rules.out.hasPrefix("[") && rules.out.hasSuffix("]\n"))
    #expect(
      explained.body.contains("\"structuredContent\":\(entry),\"resultType\""),
      "\(test.name):\n cli: \(entry)\n mcp: \(explained.body)")

    // check --fix writes the file; the tool said what it would hold.
    let fix = try runCommand(
      [binaryPath, "check", "--fix", "--format", "json", file], environment: environment)
    let written = try String(contentsOfFile: file, encoding: .utf8)
    let structured = fixed.response["result"]?["structuredContent"]
    #expect(structured?["message"]?.stringValue == written, "\(test.name)")
    let printed = fix.err.split(separator: "\n").compactMap { line -> JSONValue? in
      guard line.hasPrefix(file + ":"), let range = line.range(of: ": fixed ") else { return nil }
      let number = Int(line[line.index(line.startIndex, offsetBy: file.count + 1)..<range.lowerBound]) ?? -1
      return ["line": .int(number), "code": .string(String(line[range.upperBound...]))]
    }
    #expect(structured?["fixed"] == .array(printed), "\(test.name): \(fix.err)")
    #expect(
      fixed.body.contains("\"remaining\":\(String(fix.out.dropLast()))}"),
      "\(test.name):\n cli: \(fix.out)\n mcp: \(fixed.body)")
  }

  /// Without a path, the message is checked as standard input under the commit preset.
  @Test func withoutAPathTheCommitPresetAlone() throws {
    let mcp = try MCPSession()
    for test in Self.cases {
      let (body, _) = try mcp.call("check_message", ["message": .string(test.message)])
      let cli = try runBinary(
        ["check", "--format", "json", "--preset", "gitCommit", "-"], stdin: test.message)
      #expect(
        body.contains("\"structuredContent\":\(String(cli.out.dropLast())),\"resultType\""),
        "\(test.name):\n cli: \(cli.out)\n mcp: \(body)")
    }
    #expect(try mcp.finish() == 0)
  }

  /// `complete_header` lists what the daemon's completion lists at the end of the header, in
  /// the same repository: labels, the space each leaves, their descriptions, and the header each
  /// writes.
  @Test func completeHeaderIsTheDaemonsCompletion() throws {
    let files = [
      ".commitlintrc.json":
        "{\"extends\": [\"@commitlint/config-conventional\"], \"rules\": {\"scope-enum\": [2, \"always\", [\"ui\", \"api\", \"core\"]]}}\n"
    ]
    let (work, environment) = try FixesThatWrite.repository(files)
    defer { try? FileManager.default.removeItem(at: work.deletingLastPathComponent()) }
    let file = try Self.messageFile(work, environment)
    let mcp = try MCPSession(environment: environment)
    let session = try Session(options: ["defaults": "editor"], environment: environment)
    let uri = URL(fileURLWithPath: file).absoluteString
    var compared = 0
    for (version, header) in ["", "fe", "feat(", "feat(u", "fix(api", "chore: done", "docs(core): 한국어 "]
      .enumerated()
    {
      let content = try mcp.structured(
        "complete_header", ["header": .string(header), "path": .string(work.path)]
      )
      .content
      if version == 0 {
        session.open(uri, header, languageId: "gitcommit", version: 1)
      } else {
        session.change(uri, version: version + 1, fullText(header))
      }
      let listed = try session.result(
        "textDocument/completion",
        ["textDocument": ["uri": .string(uri)], "position": position(0, header.utf16.count)])
      let expected = (listed["items"]?.arrayValue ?? []).map { item -> JSONValue in
        let edit = item["textEdit"]!
        let start = edit["range"]!["start"]!["character"]!.intValue!
        let end = edit["range"]!["end"]!["character"]!.intValue!
        let units = Array(header.utf16)
        let written =
          String(decoding: units[..<start], as: UTF16.self) + edit["newText"]!.stringValue!
          + String(decoding: units[end...], as: UTF16.self)
        return [
          "label": item["label"]!, "kind": .string(item["kind"] == 20 ? "type" : "scope"),
          "detail": item["detail"] ?? .null, "documentation": item["documentation"] ?? .null,
          "header": .string(written),
        ]
      }
      #expect(content["items"] == .array(expected), "\(header)")
      #expect(content["isIncomplete"] == listed["isIncomplete"], "\(header)")
      compared += expected.count
    }
    #expect(compared == 17)
    #expect(try mcp.finish() == 0)
  }
}
