import Foundation
import StableTextCore
import StableTextJSON
import StableTextProtocol
import StableTextTransport

/// The figures of docs/bounds.md: what must stay near-linear or capped whatever the text is.
extension Benchmarks {
  func bounds() {
    rewrap()
    cappedPublish()
    checkOfAHugeMessage()
    hardening()
  }

  /// The rewrap fix of one paragraph of 1 MB (and 10 MB): linear in the paragraph.
  func rewrap() {
    for bytes in quick ? [1_000_000] : [1_000_000, 10_000_000] {
      var body = ""
      body.reserveCapacity(bytes + 100)
      var n = 0
      while body.utf8.count < bytes {
        body += n % 30 == 29 ? "paragraph\n" : "words in a "
        n += 1
      }
      let field = StableTextField(
        text: "Subject\n\n" + body + "\n",
        rules: RuleConfiguration().resolve(uri: "file:///x/COMMIT_EDITMSG", languageId: "text"))
      let start = Self.now()
      let fix = field.quickFixes.first { $0.kind == .rewrap }
      let elapsed = Self.now() - start
      report(
        "bounds rewrap of a \(bytes / 1_000_000) MB paragraph: \(String(format: "%.1f", elapsed * 1000)) ms (all quick fixes of the message; the rewrap fix \(fix == nil ? "missing" : "found"))"
      )
    }
  }

  /// A keystroke in a 10 MB commit message whose every line is over the limit: its publish holds
  /// the cap of line diagnostics and one `too-many-diagnostics`, and costs about the cap;
  /// another document's request, sent right after each keystroke, waits that long at most.
  func cappedPublish() {
    let size = quick ? 1_000_000 : 10_000_000
    let line = String(repeating: "long line ", count: 8) + "\n"
    let text = "Subject\n\n" + String(repeating: line, count: size / line.utf8.count)
    do {
      let client = try PipeClient(executable: daemon, arguments: ["--stdio", "--log-level", "error"])
      client.send(InitializeRequest().message(id: 0))
      _ = client.wait { $0["id"].isNumber }
      let big = "file:///bench/.git/COMMIT_EDITMSG"
      let small = "file:///bench/other.txt"
      for (uri, content) in [(big, text), (small, "hello")] {
        client.send(Self.didOpen(uri, content))
      }
      var diagnostics = 0
      _ = client.wait { message in
        guard (try? message["params"]["uri"].string()) == big else { return false }
        diagnostics = (try? message["params"]["diagnostics"].array().count) ?? 0
        return true
      }
      var publishes: [Double] = []
      var waits: [Double] = []
      let count = quick ? 50 : 200
      for n in 0..<count {
        let start = Self.now()
        client.send(Self.insertion(uri: big, version: n + 2, line: 5, character: n, text: "x"))
        client.send(StableTextStateRequest(TextDocumentIdentifier(small)).message(id: .int(n + 1)))
        _ = client.wait { (try? $0["params"]["uri"].string()) == big }
        publishes.append(Self.now() - start)
        _ = client.wait { (try? $0["id"].int()) == n + 1 }
        waits.append(Self.now() - start)
      }
      publishes.sort()
      waits.sort()
      report(
        "bounds publish after a keystroke in a \(size / 1_000_000) MB message with every line over the limit: p50 \(String(format: "%.2f", publishes[count / 2] * 1000)) ms, max \(String(format: "%.2f", publishes.last! * 1000)) ms (\(diagnostics) diagnostics a publish); another document's request answered within \(String(format: "%.2f", waits.last! * 1000)) ms of the keystroke (max of \(count))"
      )
    } catch {
      report("bounds capped publish: failed (\(error))")
    }
  }

  /// `check` of a 300 MB commit message of 3.9 M lines each over the limit (30 MB with
  /// `--quick`): time and peak memory against the file's size.
  func checkOfAHugeMessage() {
    let lines = quick ? 390_000 : 3_896_103
    let directory = Self.workspace() + "/.git"
    try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let path = directory + "/COMMIT_EDITMSG"
    let line = "This body line is long enough to be over the seventy-two column limit: yes.x\n"
    guard FileManager.default.createFile(atPath: path, contents: nil),
      let handle = FileHandle(forWritingAtPath: path)
    else {
      report("bounds check: cannot write \(path)")
      return
    }
    handle.write(Data("Subject\n\n".utf8))
    let block = Data(String(repeating: line, count: 10_000).utf8)
    for _ in 0..<lines / 10_000 { handle.write(block) }
    handle.write(Data(String(repeating: line, count: lines % 10_000).utf8))
    try? handle.close()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
    process.arguments = ["-f", "%e %M", daemon, "check", path]
    process.standardOutput = FileHandle.nullDevice
    let errors = Pipe()
    process.standardError = errors
    do {
      try process.run()
      let output = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      let figures = output.split(separator: "\n").last?.split(separator: " ") ?? []
      let seconds = figures.first.flatMap { Double($0) } ?? 0
      let peak = (figures.dropFirst().first.flatMap { Int($0) } ?? 0) * 1024
      report(
        "bounds check of a \(size / 1_000_000) MB message of \(lines) lines over the limit: \(String(format: "%.1f", seconds)) s, peak RSS \(peak >> 20) MiB (\(String(format: "%.2f", Double(peak) / Double(max(1, size))))× the file)"
      )
    } catch {
      report("bounds check: failed (\(error))")
    }
  }
}
