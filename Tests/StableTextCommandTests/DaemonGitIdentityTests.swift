import Foundation
import StableTextJSON
import StableTextSessionSupport
import Testing

/// The daemon learns git's identity with the comment character, in the same `git config` call
/// off its thread, and gives it to a team's rules as the author of the commit being written
/// (Protocol/README.md, "Team conventions: what is known of a commit, in CI, the hook and the
/// editor"): the editor then says what the hook says.
@Suite struct DaemonGitIdentity {
  /// The codes published for `uri` once they are `expected` (at most 10 s: git answers after
  /// the first publish, which knows no author), or the last ones published.
  static func codesOnceSettled(_ session: Session, _ uri: String, _ expected: [String]) throws -> [String] {
    let deadline = Date().addingTimeInterval(10)
    var codes: [String]? = nil
    while codes != expected && Date() < deadline {
      let published = try session.publish()
      guard published["uri"]?.stringValue == uri else { continue }
      codes = (published["diagnostics"]?.arrayValue ?? []).compactMap { $0["code"]?.stringValue }
    }
    return codes ?? []
  }

  /// Each identity, the `.gitlint` that reads it, and the codes the hook and the editor give.
  @Test func theEditorReadsTheAuthorTheHookReads() throws {
    let gitlint =
      "[general]\nignore=B6\n\n[title-max-length]\nline-length=20\n\n"
      + "[ignore-by-author-name]\nregex=^Ann Example$\nignore=T1,B6\n"
    let cases: [(name: String, email: String, expected: [String])] = [
      ("Ann Example", "ann@example.com", []),
      ("Bob Example", "bob@example.com", ["T1"]),
      ("Ann Example", "nobody", ["M1"]),
    ]
    for (name, email, expected) in cases {
      let root = FileManager.default.temporaryDirectory.appendingPathComponent("st-id-\(UUID().uuidString)")
      defer { try? FileManager.default.removeItem(at: root) }
      try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
      for arguments in [["init", "-q"], ["config", "user.name", name], ["config", "user.email", email]] {
        #expect(try runCommand(["/usr/bin/env", "git"] + arguments, in: root.path).status == 0)
      }
      try gitlint.write(to: root.appendingPathComponent(".gitlint"), atomically: true, encoding: .utf8)
      let message = root.appendingPathComponent(".git/COMMIT_EDITMSG").path
      let text = "Add the parser to the project\n"
      try text.write(toFile: message, atomically: true, encoding: .utf8)
      // The hook's verdict: `check FILE` in the repository.
      let checked = try runBinary(["check", message])
      let hookCodes = checked.out.split(separator: "\n").compactMap {
        $0.split(separator: "[").last?.dropLast()
      }
      .map(String.init)
      #expect(hookCodes == expected, "\(name) <\(email)>: \(checked.out)")
      let session = try Session(
        options: ["defaults": "editor"], environment: ["GIT_AUTHOR_NAME": "", "GIT_AUTHOR_EMAIL": ""])
      let uri = URL(fileURLWithPath: message).absoluteString
      session.open(uri, text, languageId: "gitcommit")
      #expect(try Self.codesOnceSettled(session, uri, expected) == expected, "\(name) <\(email)>")
      try session.finish()
    }
  }
}
