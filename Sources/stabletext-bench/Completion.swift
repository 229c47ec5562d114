import Foundation
import StableTextClient
import StableTextCore
import StableTextJSON
import StableTextProtocol

extension Benchmarks {
  /// `textDocument/completion` on the 10 MB commit-like document, in a repository of 100,000
  /// commits made with `git fast-import` (scopes from 40, authors from 200, a co-author in each),
  /// over stdio, beside `textDocument/hover` on the same document (Protocol/README.md,
  /// "Completion"): how long git takes to answer (off the handler thread), then p50 and p99 of
  /// each request once it has: a scope after `feat(`, a trailer token and a co-author in the last
  /// paragraph.
  func completion() {
    let directory = Self.workspace() + "/completion-repo"
    let commits = 100_000
    do {
      try? FileManager.default.removeItem(atPath: directory)
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
      let made = Self.now()
      try Self.git(["init", "-q", "-b", "main"], in: directory)
      try Self.git(["config", "user.name", "Bench Committer"], in: directory)
      try Self.git(["config", "user.email", "bench@example.com"], in: directory)
      var stream = ""
      stream.reserveCapacity(commits * 220)
      for i in 0..<commits {
        let message =
          "feat(scope\(i % 40)): change \(i)\n\nCo-authored-by: Helper \(i % 30) <helper\(i % 30)@example.com>\n"
        let who = "Author \(i % 200) <author\(i % 200)@example.com> \(1_700_000_000 + i) +0000"
        stream +=
          "commit refs/heads/main\nauthor \(who)\ncommitter \(who)\ndata \(message.utf8.count)\n\(message)\n"
      }
      try Self.git(["fast-import", "--quiet"], in: directory, input: stream)
      report(
        "completion: a repository of \(commits) commits made with git fast-import in \(String(format: "%.1f", Self.now() - made)) s"
      )

      var text = Corpus.commitDocument(bytes: 10_000_000)
      text.replaceSubrange(text.startIndex..<text.firstIndex(of: "\n")!, with: "feat(")
      text += "\nCo-authored-by: \n"
      let lines = text.utf8.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
      let peer = Peer(
        name: "stabletext", command: "exec '\(daemon)' --stdio --log-level error",
        uri: "file://\(directory)/.git/COMMIT_EDITMSG", languageId: "gitcommit")
      let server = try start(peer, directory: directory)
      defer { server.terminate() }
      try openAndSettle(server, peer, text, timeout: 600)
      func completion(_ line: Int, _ character: Int) throws -> JSONValue {
        try server.request(
          CompletionRequest(
            TextDocumentIdentifier(peer.uri), position: TextPosition(line: line, character: character)),
          timeout: 600)
      }
      // The first asks git; the answer comes off the handler thread, which goes on answering.
      let asked = Self.now()
      var answers = 0
      while try completion(0, 5)["result"]?["isIncomplete"]?.boolValue != false {
        answers += 1
        Thread.sleep(forTimeInterval: 0.01)
      }
      report(
        "completion: git's history of the last 1,000 commits read off the handler thread in \(String(format: "%.2f", Self.now() - asked)) s (\(answers) completions answered meanwhile, incomplete)"
      )
      let asks: [(String, () throws -> JSONValue)] = [
        (
          "hover on line 1",
          {
            try server.request(
              HoverRequest(TextDocumentIdentifier(peer.uri), position: TextPosition(line: 0, character: 5)),
              timeout: 600)
          }
        ),
        ("completion, scopes after feat(", { try completion(0, 5) }),
        ("completion, trailer tokens in the last paragraph", { try completion(lines - 1, 0) }),
        ("completion, people after Co-authored-by: ", { try completion(lines - 1, 16) }),
      ]
      for (what, ask) in asks {
        let count = quick ? 20 : 200
        var times: [Double] = []
        var items = 0
        for _ in 0..<count {
          let start = Self.now()
          let answer = try ask()
          times.append(Self.now() - start)
          guard let result = answer["result"] else {
            report("completion at 10MB, \(what): failed (\(answer.serialized.prefix(300)))")
            return
          }
          items = result["items"]?.arrayValue?.count ?? -1
        }
        times.sort()
        report(
          "completion at 10MB in \(commits) commits, \(what): p50 \(String(format: "%.0f", times[count / 2] * 1e6)) µs, p99 \(String(format: "%.0f", times[count * 99 / 100] * 1e6)) µs (\(items < 0 ? "" : "\(items) items, ")\(count) requests)"
        )
      }
    } catch {
      report("completion: failed (\(error))")
    }
    try? FileManager.default.removeItem(atPath: directory)
  }

  /// git in `folder`, `input` on its standard input; throws on failure.
  static func git(_ arguments: [String], in folder: String, input: String? = nil) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git"] + arguments
    process.currentDirectoryURL = URL(fileURLWithPath: folder)
    let pipe = Pipe()
    process.standardInput = input == nil ? FileHandle.nullDevice : pipe
    try process.run()
    if let input {
      pipe.fileHandleForWriting.write(Data(input.utf8))
      try pipe.fileHandleForWriting.close()
    }
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw NSError(
        domain: "git", code: Int(process.terminationStatus),
        userInfo: [NSLocalizedDescriptionKey: "git \(arguments.joined(separator: " ")) failed"])
    }
  }
}
