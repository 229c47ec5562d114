import Foundation
import StableTextClient
import StableTextJSON
import StableTextProtocol
import StableTextTransport

extension Benchmarks {
  /// `stabletext mcp` (Protocol/README.md, "MCP"): tool calls through one server over its pipes,
  /// one message a line, in a repository with a commitlint configuration; each call timed from
  /// its write to its answer read (p50 and p95 of 1,000, after 20 not counted). Beside it, the
  /// same check as a process per message (`stabletext check --format json FILE`), as an agent
  /// without the server runs it.
  func mcp() {
    let root = Self.workspace() + "/mcp"
    let work = root + "/work"
    try? FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
    let environment = ["GIT_CONFIG_NOSYSTEM": "1", "HOME": root]
    for arguments in [
      ["init", "-q"], ["config", "user.name", "Bench"], ["config", "user.email", "b@example.org"],
    ] {
      _ = Self.run(["/usr/bin/env", "git"] + arguments, in: work, environment: environment)
    }
    try? "{\"extends\": [\"@commitlint/config-conventional\"]}\n".write(
      toFile: work + "/.commitlintrc.json", atomically: true, encoding: .utf8)
    let message = "feat(ui): add the thing that was missing\n\nBecause it was missing, and users asked.\n"
    let calls: [(String, String, JSONValue)] = [
      (
        "check_message with a repository path", "check_message",
        ["message": .string(message), "path": .string(work)]
      ),
      ("check_message without a path", "check_message", ["message": .string(message)]),
      ("fix_message", "fix_message", ["message": .string(message), "path": .string(work)]),
      ("explain_rules", "explain_rules", ["path": .string(work)]),
      ("complete_header", "complete_header", ["header": "feat(", "path": .string(work)]),
    ]
    let count = Benchmarks.countOverride ?? (quick ? 100 : 1_000)
    do {
      let client = try PipeClient(
        executable: daemon, arguments: ["mcp", "--log-level", "error"], framing: LineFraming.self,
        environment: environment)
      let meta = MCPRequestMeta(protocolVersion: MCPRevision.v2026_07_28.rawValue).json
      for (label, tool, arguments) in calls {
        var times: [Double] = []
        var failed = false
        for n in 0..<(count + 20) {
          let start = Self.now()
          let answered = client.request({ id in
            [
              "jsonrpc": "2.0", "id": .int(id), "method": .string(MCPCallToolRequest.method),
              "params": ["_meta": meta, "name": .string(tool), "arguments": arguments],
            ]
          }) { response in
            if !response["result"]["isError"].isMissing { failed = true }
          }
          guard answered else { throw ServerProcess.ClientError.exited(label) }
          if n >= 20 { times.append(Self.now() - start) }
        }
        times.sort()
        report(
          "mcp \(label): p50 \(Self.milliseconds(times[times.count / 2])) ms, p95 \(Self.milliseconds(times[times.count * 95 / 100])) ms over \(times.count) calls to one server\(failed ? " (a call failed)" : "")"
        )
      }
    } catch {
      report("mcp: failed (\(error))")
    }
    // The same check as a process a message.
    let file = work + "/.git/COMMIT_EDITMSG"
    try? message.write(toFile: file, atomically: true, encoding: .utf8)
    var times: [Double] = []
    for _ in 0..<(quick ? 20 : 100) {
      let start = Self.now()
      _ = Self.run([daemon, "check", "--format", "json", file], in: work, environment: environment)
      times.append(Self.now() - start)
    }
    times.sort()
    report(
      "mcp beside it: stabletext check --format json, a process a message: p50 \(Self.milliseconds(times[times.count / 2])) ms, p95 \(Self.milliseconds(times[times.count * 95 / 100])) ms over \(times.count) runs"
    )
    try? FileManager.default.removeItem(atPath: root)
  }

  static func milliseconds(_ seconds: Double) -> String { String(format: "%.2f", seconds * 1e3) }

  /// Runs `command` to its end in `folder`, its output dropped; its status.
  @discardableResult
  static func run(_ command: [String], in folder: String, environment: [String: String]) -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: command[0])
    process.arguments = Array(command.dropFirst())
    process.currentDirectoryURL = URL(fileURLWithPath: folder)
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return -1 }
    process.waitUntilExit()
    return process.terminationStatus
  }
}
