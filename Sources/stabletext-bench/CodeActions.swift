import Foundation
import StableTextClient
import StableTextCore
import StableTextJSON
import StableTextProtocol

extension Benchmarks {
  /// One `textDocument/codeAction` request on the 10 MB commit-like document with the
  /// `gitCommit` preset, over stdio: asked about one line (what an editor asks at its cursor),
  /// and about the whole document (a select-all). Code actions are scoped to the
  /// diagnostics the request meets, so the first computes one paragraph's rewrap; a daemon that
  /// offers every fix whatever the range computes every paragraph's for both.
  func codeActions() {
    let directory = Self.workspace()
    let text = Corpus.commitDocument(bytes: 10_000_000)
    let lines = text.utf8.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
    let peer = Peer(
      name: "stabletext", command: "exec '\(daemon)' --stdio --log-level error",
      uri: "file://\(directory)/COMMIT_EDITMSG", languageId: "gitcommit")
    do {
      let server = try start(peer, directory: directory)
      defer { server.terminate() }
      try openAndSettle(server, peer, text, timeout: 600)
      // A body line over 72 columns near the middle (the corpus' widths cycle through 40–100 and
      // a column is at least a cluster): what an editor asks about at its cursor.
      let all = text.split(separator: "\n", omittingEmptySubsequences: false)
      // One among the diagnostics published (the first lines up to the cap that break a rule),
      // and one in the middle, whose diagnostic is past the cap: no fix is offered for it.
      func longLine(from: Int) -> Int? {
        (from..<lines).first(where: { all[$0].count > 90 && !all[$0].hasPrefix("#") })
      }
      guard let early = longLine(from: 500), let middle = longLine(from: lines / 2) else {
        report("lines code action at 10MB, gitcommit: no long line in the corpus")
        return
      }
      let asks: [(String, TextRange)] = [
        ("one line among those published", range(early, 0, early, 200)),
        ("one line past the cap", range(middle, 0, middle, 200)),
        ("the whole document", range(0, 0, lines, 0)),
      ]
      for (what, asked) in asks {
        let count = quick ? 3 : 10
        var times: [Double] = []
        var actions = 0
        for _ in 0..<count {
          let start = Self.now()
          let answer = try server.request(
            CodeActionRequest(TextDocumentIdentifier(peer.uri), range: asked, diagnostics: []), timeout: 600)
          times.append(Self.now() - start)
          guard let result = answer["result"]?.arrayValue else {
            report("lines code action at 10MB, gitcommit, \(what): failed (\(answer.serialized))")
            return
          }
          actions = result.count
        }
        times.sort()
        report(
          "lines code action at 10MB, gitcommit, \(what): p50 \(String(format: "%.1f", times[count / 2] * 1000)) ms, max \(String(format: "%.1f", times[count - 1] * 1000)) ms (\(actions) actions, \(count) requests)"
        )
      }
    } catch {
      report("lines code action at 10MB, gitcommit: failed (\(error))")
    }
  }

  private func range(_ l1: Int, _ c1: Int, _ l2: Int, _ c2: Int) -> TextRange {
    TextRange(start: TextPosition(line: l1, character: c1), end: TextPosition(line: l2, character: c2))
  }
}
