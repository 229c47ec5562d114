import Foundation
import StableTextClient
import StableTextCore
import StableTextJSON
import StableTextProject
import StableTextProtocol
import StableTextSystem

extension Benchmarks {
  /// `--baseline-daemon PATH`: an earlier build of the daemon that `completion` and `inlayhints`
  /// measure interleaved with this one (the same requests, in turn), printing the ratios.
  nonisolated(unsafe) static var baselineDaemon: String?

  /// The daemons measured: this one, then `--baseline-daemon`'s.
  var measuredDaemons: [(name: String, path: String)] {
    [("", daemon)] + (Self.baselineDaemon.map { [("baseline ", $0)] } ?? [])
  }

  /// A daemon over pipes, initialized with `rootUri` `directory`, reading its output on the
  /// waiting thread (`PipeClient`): the figures are the daemon's turnaround, the pipes and
  /// jansson's parse of the answer (what a client in C pays), not a Swift tree built from it.
  func pipeSession(_ path: String, directory: String, options: JSONValue? = nil) throws -> PipeClient {
    let client = try PipeClient(executable: path, arguments: ["--stdio", "--log-level", "error"])
    guard case .object(var params) = InitializeRequest(processId: Int(getpid())).json else { return client }
    params["rootUri"] = .string("file://\(directory)")
    if let options { params["initializationOptions"] = options }
    let initialize = params
    guard
      client.request({
        [
          "jsonrpc": "2.0", "id": .int($0), "method": .string(InitializeRequest.method),
          "params": .object(initialize),
        ]
      })
    else { throw ServerProcess.ClientError.exited(InitializeRequest.method) }
    client.send(InitializedNotification().message)
    return client
  }

  /// Opens `uri` and waits until a pull of its diagnostics is answered.
  func openAndSettle(_ client: PipeClient, _ uri: String, _ text: String) throws {
    client.send(Self.didOpen(uri, text, languageId: "gitcommit"))
    guard client.request({ DocumentDiagnosticRequest(TextDocumentIdentifier(uri)).message(id: .int($0)) })
    else {
      throw ServerProcess.ClientError.exited("the first diagnostics")
    }
  }

  /// p50 and p99 of `times` in µs, as the benchmark lines write them.
  static func percentiles(_ times: [Double]) -> (p50: Double, p99: Double) {
    let sorted = times.sorted()
    return (sorted[sorted.count / 2] * 1e6, sorted[min(sorted.count - 1, sorted.count * 99 / 100)] * 1e6)
  }

  /// Runs each of `asks` on each client in turn, `rounds` times (interleaved: a slow stretch of
  /// the machine falls on all of them alike), and prints p50 and p99 of each, with the items and
  /// bytes of the last answer, the client's own part (jansson's parse of the answer), and each
  /// baseline's ratio to this daemon's.
  func interleaved(
    _ title: String, clients: [(name: String, client: PipeClient)], rounds: Int,
    asks: [(what: String, message: (Int) -> JSONValue, items: (JSONRef) -> Int?)]
  ) {
    var times = Array(repeating: Array(repeating: [Double](), count: asks.count), count: clients.count)
    var parses = times
    var items = Array(repeating: Array(repeating: 0, count: asks.count), count: clients.count)
    var bytes = items
    for round in 0..<rounds {
      // The asks rotate: the one after the slowest (a large answer, then a daemon idle while the
      // client parses it) is a different one each round.
      for a in (0..<asks.count).map({ ($0 + round) % asks.count }) {
        let ask = asks[a]
        // Each daemon goes first in every other round: neither gains from going second.
        for c in round % 2 == 0 ? Array(clients.indices) : clients.indices.reversed() {
          let client = clients[c]
          var count: Int?
          let start = Self.now()
          guard client.client.request(ask.message, reading: { count = ask.items($0) }) else {
            report("\(title), \(client.name)\(ask.what): failed (the daemon's output ended)")
            return
          }
          times[c][a].append(Self.now() - start)
          parses[c][a].append(client.client.lastParseSeconds)
          items[c][a] = count ?? -1
          bytes[c][a] = client.client.lastBodyBytes
        }
      }
    }
    for (a, ask) in asks.enumerated() {
      for (c, client) in clients.enumerated() {
        let (p50, p99) = Self.percentiles(times[c][a])
        let parse = Self.percentiles(parses[c][a]).p50
        var line =
          "\(title), \(client.name)\(ask.what): p50 \(String(format: "%.0f", p50)) µs, p99 \(String(format: "%.0f", p99)) µs (\(items[c][a] < 0 ? "" : "\(items[c][a]) items, ")\(bytes[c][a]) bytes, of which jansson's parse in the client p50 \(String(format: "%.0f", parse)) µs; \(rounds) requests)"
        if c > 0 {
          let (ours50, ours99) = Self.percentiles(times[0][a])
          line +=
            "; this build takes \(String(format: "%.2f", ours50 / p50))× its time at p50, \(String(format: "%.2f", ours99 / p99))× at p99"
        }
        report(line)
      }
    }
  }

  /// `textDocument/completion` on the 10 MB commit-like document, in a repository of 100,000
  /// commits made with `git fast-import` (scopes from 40, authors from 200, a co-author in each),
  /// over stdio, interleaved with `textDocument/hover` on the same document (Protocol/README.md,
  /// "Completion"): how long git takes to answer (off the handler thread), then p50 and p99 of
  /// each request once it has: a scope after `feat(`, a trailer token and a co-author in the last
  /// paragraph, and the budget: completion's p50 and p99 at most hover's. Then what a history at
  /// its bound holds in memory.
  func completion() {
    historyMemory()
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
      let uri = "file://\(directory)/.git/COMMIT_EDITMSG"
      var clients: [(name: String, client: PipeClient)] = []
      for (name, path) in measuredDaemons {
        let client = try pipeSession(path, directory: directory)
        try openAndSettle(client, uri, text)
        // The first asks git; the answer comes off the handler thread, which goes on answering.
        let asked = Self.now()
        var answers = 0
        var incomplete = true
        while incomplete {
          guard
            client.request(
              {
                CompletionRequest(TextDocumentIdentifier(uri), position: TextPosition(line: 0, character: 5))
                  .message(id: .int($0))
              },
              reading: { incomplete = (try? $0["result"]["isIncomplete"].bool()) != false })
          else { throw ServerProcess.ClientError.exited("completion") }
          answers += 1
          if incomplete { Thread.sleep(forTimeInterval: 0.01) }
        }
        report(
          "completion: \(name)git's history of the last 1,000 commits read off the handler thread in \(String(format: "%.2f", Self.now() - asked)) s (\(answers - 1) completions answered meanwhile, incomplete)"
        )
        clients.append((name, client))
      }
      func completion(_ line: Int, _ character: Int) -> (Int) -> JSONValue {
        {
          CompletionRequest(
            TextDocumentIdentifier(uri), position: TextPosition(line: line, character: character)
          )
          .message(id: .int($0))
        }
      }
      let items: (JSONRef) -> Int? = { (try? $0["result"]["items"].array())?.count }
      interleaved(
        "completion at 10MB in \(commits) commits", clients: clients, rounds: quick ? 50 : 1_000,
        asks: [
          (
            "hover on line 1",
            {
              HoverRequest(TextDocumentIdentifier(uri), position: TextPosition(line: 0, character: 5))
                .message(id: .int($0))
            }, { _ in nil }
          ),
          ("completion, scopes after feat(", completion(0, 5), items),
          ("completion, trailer tokens in the last paragraph", completion(lines - 1, 0), items),
          ("completion, people after Co-authored-by: ", completion(lines - 1, 16), items),
        ])
    } catch {
      report("completion: failed (\(error))")
    }
    try? FileManager.default.removeItem(atPath: directory)
  }

  /// What one repository's history holds at its bound (`CommitHistory.maxScopes` scopes and
  /// `maxPeople` people): glibc's allocated bytes (`mallinfo2().uordblks`) before the history is
  /// read from a log of twice as many names (each name twice, as git gives them) and after,
  /// once the log is gone and the history alone is kept (the median of five); beside it the
  /// names' own UTF-8, and an estimate from Swift's layout (each name over 15 bytes a heap
  /// object of 32 bytes of header, its bytes and a NUL, rounded to glibc's 16; each entry 24
  /// bytes of array). With names of a usual length and every name at `CommitHistory.maxNameBytes`.
  func historyMemory() {
    func name(_ prefix: String, _ i: Int, _ bytes: Int) -> String {
      let base = "\(prefix)\(i)"
      return base + String(repeating: "x", count: max(0, bytes - base.utf8.count))
    }
    func read(nameBytes: Int) -> CommitHistory {
      let scopes = (0..<CommitHistory.maxScopes * 2).map {
        name("scope", $0 % CommitHistory.maxScopes, nameBytes)
      }
      let people = (0..<CommitHistory.maxPeople * 2).map {
        name("Person ", $0 % CommitHistory.maxPeople, nameBytes)
      }
      return CommitHistory(
        scopes: CommitHistory.ranked(scopes, limit: CommitHistory.maxScopes),
        people: CommitHistory.ranked(people, limit: CommitHistory.maxPeople),
        committer: name("Me ", 0, nameBytes))
    }
    for bytes in [12, 40, CommitHistory.maxNameBytes] {
      var measured: [Int] = []
      var history = CommitHistory.none
      for _ in 0..<5 {
        history = .none
        let before = Allocator.allocatedBytes ?? 0
        history = read(nameBytes: bytes)
        measured.append((Allocator.allocatedBytes ?? 0) - before)
      }
      let names = history.scopes.map(\.name) + history.people.map(\.name) + [history.committer ?? ""]
      let utf8 = names.reduce(0) { $0 + $1.utf8.count }
      let estimate =
        names.reduce(0) { $0 + ($1.utf8.count > 15 ? (32 + $1.utf8.count + 1 + 15) / 16 * 16 : 0) }
        + 2 * 32 + (history.scopes.count + history.people.count) * 24
      let median = measured.sorted()[measured.count / 2]
      report(
        "completion history memory at the bound (\(history.scopes.count) scopes, \(history.people.count) people, names of \(bytes) bytes): \(median) bytes allocated (glibc mallinfo2, after minus before, median of 5; Swift's layout estimates \(estimate)), \(utf8) of them the names' UTF-8; at most \(CommitHistory.maxRepositories) repositories kept: \(median * CommitHistory.maxRepositories) bytes"
      )
    }
  }

  /// git in `folder` (through StableTextProject's `Git`, the one runner of git), `input` on its
  /// standard input; throws on failure.
  static func git(_ arguments: [String], in folder: String, input: String? = nil) throws {
    guard let git = Git(folder: folder) else {
      throw NSError(
        domain: "stabletext-bench", code: 1, userInfo: [NSLocalizedDescriptionKey: "no git on PATH"])
    }
    let bounds = ChildProcess.Bounds(maxOutputBytes: 64 << 20, seconds: nil)
    let result =
      input.map { git.run(arguments, input: Array($0.utf8), within: bounds) }
      ?? git.run(arguments, within: bounds)
    guard result.status == 0 else {
      throw NSError(
        domain: "stabletext-bench", code: Int(result.status),
        userInfo: [
          NSLocalizedDescriptionKey: "git \(arguments.joined(separator: " ")) failed: \(result.reason)"
        ])
    }
  }
}
