import Foundation
import StableTextJSON
import StableTextProtocol
import StableTextSessionSupport
import StableTextSystem
import Testing

/// The daemon asks git for a repository's comment character (`core.commentChar`), as `check` does,
/// so that git's template written with `;` is not counted as the message in the editor while
/// the hook leaves it out (Protocol/README.md, "Which lines git keeps"). git is asked off the
/// daemon's thread: a slow git delays no other document.
@Suite struct DaemonAsksGitForTheCommentCharacter {
  /// A repository whose git writes comments with `;`, and a message of 20 characters above git's
  /// template under a whole-message limit of 20.
  final class Repository {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("st-cc-\(UUID().uuidString)")
    var message: String { root.appendingPathComponent(".git/COMMIT_EDITMSG").path }
    static let text =
      "12345678901234567890\n\n; Please enter the commit message for your changes. Lines starting\n; with ';' will be ignored.\n"

    init() throws {
      try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
      for arguments in [["init", "-q"], ["config", "core.commentChar", ";"]] {
        #expect(try runCommand(["/usr/bin/env", "git"] + arguments, in: root.path).status == 0)
      }
      try Self.text.write(toFile: message, atomically: true, encoding: .utf8)
    }

    deinit { try? FileManager.default.removeItem(at: root) }
  }

  static let options: JSONValue = [
    "defaults": "editor", "overrides": [["languageId": "gitcommit", "rules": ["maxLength": 20]]],
  ]

  /// The publishes of `uri` until one has no diagnostics (at most 10 s): git's answer comes
  /// after the first publish, which counts git's `;` lines.
  static func diagnosticsOnceSettled(_ session: Session, _ uri: String) throws -> [JSONValue] {
    let deadline = Date().addingTimeInterval(10)
    var diagnostics: [JSONValue]? = nil
    while diagnostics != [] && Date() < deadline {
      let published = try session.publish()
      if published["uri"]?.stringValue == uri { diagnostics = published["diagnostics"]?.arrayValue ?? [] }
    }
    return diagnostics ?? []
  }

  @Test func theEditorCountsWhatTheHookCounts() throws {
    let repository = try Repository()
    let checked = try runBinary(["check", repository.message])
    #expect(checked.status == 0 && checked.out == "", "\(checked.out)")
    let session = try Session(options: Self.options)
    let uri = URL(fileURLWithPath: repository.message).absoluteString
    session.open(uri, Repository.text, languageId: "gitcommit")
    #expect(try Self.diagnosticsOnceSettled(session, uri) == [])
    let state = try session.result(StableTextStateRequest(TextDocumentIdentifier(uri)))
    #expect(state["length"] == 20)
    try session.finish()
  }

  /// A `git` that takes 2 s to answer: another document's request is answered first, and the
  /// message file's rules follow git's answer once it comes.
  @Test func aSlowGitDelaysNoOtherDocument() throws {
    let repository = try Repository()
    let bin = repository.root.appendingPathComponent("slow-bin")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    let real = try runCommand(["/bin/sh", "-c", "command -v git"], in: repository.root.path).out
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let wrapper = bin.appendingPathComponent("git").path
    // Slow for the daemon's one question (`git config -z --get-regexp`: the comment character
    // and the identity), as a git on a slow disk would be.
    try "#!/bin/sh\ncase \"$*\" in *--get-regexp*) sleep 2 ;; esac\nexec \(real) \"$@\"\n".write(
      toFile: wrapper, atomically: true, encoding: .utf8)
    #expect(chmod(wrapper, 0o755) == 0)
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    let session = try Session(options: Self.options, environment: ["PATH": bin.path + ":" + path])
    let uri = URL(fileURLWithPath: repository.message).absoluteString
    session.open(uri, Repository.text, languageId: "gitcommit")
    // Before git answers: the preset's `#`, so git's `;` lines are counted.
    let first = try session.publish()
    #expect(first["diagnostics"]?[0]?["code"] == "over-limit")
    session.open("untitled:other", "another document", languageId: "plaintext")
    let other = try session.result(StableTextStateRequest(TextDocumentIdentifier("untitled:other")))
    #expect(other["length"] == 16)
    // git has not answered yet (it sleeps 2 s): the message file still counts the `;` lines.
    let before = try session.result(StableTextStateRequest(TextDocumentIdentifier(uri)))
    #expect(before["overLimit"] == true)
    #expect(try Self.diagnosticsOnceSettled(session, uri) == [])
    try session.finish()
  }
}
