import Foundation
import StableTextClient
import StableTextCore
import StableTextJSON
import StableTextProtocol

extension Benchmarks {
  /// `textDocument/inlayHint` on the 10 MB commit-like document (Protocol/README.md, "Inlay
  /// hints"), over stdio: the document is open twice, under the rule's modes `"subject"` and
  /// `"all"` (with `maxLength` set, so that the whole-text counter is drawn too; each by
  /// `stableText/configure`), and each is asked for a screen's range (lines 0–59) and for the
  /// whole document, interleaved: p50 and p99 of each, with the hints and bytes of the answer.
  func inlayHintRequests() {
    let directory = Self.workspace() + "/inlay-hints"
    try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let text = Corpus.commitDocument(bytes: 10_000_000)
    let lines = text.utf8.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
    let modes = ["subject", "all"]
    func uri(_ mode: String) -> String { "file://\(directory)/\(mode)/.git/COMMIT_EDITMSG" }
    var clients: [(name: String, client: PipeClient)] = []
    do {
      for (name, path) in measuredDaemons {
        let client = try pipeSession(path, directory: directory)
        for mode in modes {
          try openAndSettle(client, uri(mode), text)
          let rules: JSONValue = [InlayHintsMode.rule: .string(mode), "maxLength": 20_000_000]
          guard
            client.request({
              [
                "jsonrpc": "2.0", "id": .int($0), "method": .string(StableTextConfigureRequest.method),
                "params": ["textDocument": ["uri": .string(uri(mode))], "rules": rules],
              ]
            })
          else { throw ServerProcess.ClientError.exited(StableTextConfigureRequest.method) }
        }
        clients.append((name, client))
      }
    } catch {
      report("inlay hints: failed (\(error))")
      return
    }
    func hints(_ mode: String, to end: Int) -> (Int) -> JSONValue {
      {
        InlayHintRequest(
          TextDocumentIdentifier(uri(mode)),
          range: TextRange(
            start: TextPosition(line: 0, character: 0), end: TextPosition(line: end, character: 0))
        ).message(id: .int($0))
      }
    }
    let count: (JSONRef) -> Int? = { (try? $0["result"].array())?.count }
    interleaved(
      "inlay hints at 10MB (\(lines + 1) lines)", clients: clients, rounds: quick ? 20 : 200,
      asks: modes.flatMap { mode in
        [
          ("\(InlayHintsMode.rule) \(mode), lines 0-59", hints(mode, to: 60), count),
          ("\(InlayHintsMode.rule) \(mode), the whole document", hints(mode, to: lines + 1), count),
        ]
      })
  }
}
