import Foundation
import StableTextClient
import StableTextSessionSupport
import Testing

/// The conformance runner against servers that attack it (Protocol/conformance/README.md, "The
/// runner as a client"): one that stops reading cannot hold it past `--timeout` (it blocked for
/// as long as the server lived), one that announces a huge message cannot make it buffer one
/// (2.8 GB in 6 s), and whatever a server writes is printed escaped, in the text report and the
/// JUnit file, with and without `--verbose` (its ESC and BEL reached the terminal, and its
/// stderr lines became GitHub workflow commands).
@Suite struct ConformanceHostileServerTests {
  /// A shell script that is the server, in `folder`.
  static func server(_ script: String, in folder: String) throws -> String {
    let path = folder + "/server.sh"
    try ("#!/bin/sh\n" + script).write(toFile: path, atomically: true, encoding: .utf8)
    #expect(chmod(path, 0o755) == 0)
    return path
  }

  /// A server that reads nothing: the session's write of 1 MiB stalls once the pipe is full, and
  /// after `--timeout` the session fails saying so (the server lives on for 30 s: the old runner
  /// waited for it).
  @Test func aServerThatStopsReadingFailsItsSessionAfterTheTimeout() throws {
    let folder = try ConformanceCommandTests.folder([
      "s":
        "# a megabyte to a server that reads nothing\nrepeat 1024 \"\(String(repeating: "x", count: 1024))\"\n"
    ])
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let result = try runBinary(["conformance", "--timeout", "1", "--server", "exec sleep 30", folder])
    #expect(result.status == 1)
    let lines = result.out.split(separator: "\n").map(String.init)
    #expect(
      lines.first
        == "FAIL s: line 2: the server took no more of a 1048576-byte write for 1.0 s (--timeout): it stopped reading its input",
      "\(result.out)")
  }

  /// A server that announces more than `--max-message-bytes`: the body is skipped as it comes,
  /// never held, and the session fails at once saying what was announced.
  @Test(
    arguments: [
      (["--max-message-bytes", "1000"], 1001, 1000), ([], 99_999_999_999, 64 << 20),
    ] as [([String], Int, Int)])
  func anAnnouncedMessageOverTheLimitIsSkippedAndFailsTheSession(
    options: [String], announced: Int, limit: Int
  )
    throws
  {
    let folder = try ConformanceCommandTests.folder(["s": "# a huge announcement\ninitialize\n"])
    defer { try? FileManager.default.removeItem(atPath: folder) }
    // A body of as many bytes as announced, or 100 MB of it, then a server that lives on: what
    // the runner reads is the body it skips, and nothing else.
    let server = try Self.server(
      "printf 'Content-Length: \(announced)\\r\\n\\r\\n'\nhead -c \(min(announced, 100_000_000)) /dev/zero\nexec sleep 30\n",
      in: folder)
    let result = try runBinary(["conformance", "--timeout", "2", "--server", server] + options + [folder])
    #expect(result.status == 1)
    #expect(
      result.out.split(separator: "\n").first.map(String.init)
        == "FAIL s: line 2: the server announced a message of \(announced) bytes, more than the \(limit) a message may have (--max-message-bytes): skipped unread; nothing else arrived",
      "\(result.out)")
  }

  /// A server whose stderr and answers hold a terminal's controls and GitHub's workflow commands:
  /// every line the runner prints and the JUnit file quote them escaped.
  @Test(arguments: [false, true])
  func whatAServerWritesIsPrintedEscaped(verbose: Bool) throws {
    let folder = try ConformanceCommandTests.folder([
      "s": """
      # an answer that is not the one expected
      send {"jsonrpc":"2.0","id":1,"method":"conformance/probe","params":{}}
      expect {"id":1,"result":"something else"}

      """
    ])
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let server = try Self.server(
      #"""
      printf '\033]0;pwned\007\033[2J::error::from stderr\n##[error]also\n  ::warning file=x::indented\n\233\n' >&2
      # The runner reads stderr as it comes: give it the lines before the answer it fails on.
      sleep 2
      body='{"jsonrpc":"2.0","id":1,"result":"##[error]in an answer\n::error::x \u202e"}'
      printf 'Content-Length: %d\r\n\r\n%s' ${#body} "$body"
      exec sleep 30

      """#, in: folder)
    let junit = folder + "/junit.xml"
    let result = try runBinary(
      ["conformance", "--timeout", "2", "--server", server, "--junit", junit] + (verbose ? ["--verbose"] : [])
        + [folder])
    #expect(result.status == 1)
    let xml = try String(contentsOfFile: junit, encoding: .utf8)
    for (name, text) in [("the report", result.out), ("the JUnit file", xml)] {
      // Nothing a terminal acts on, and no line a CI log reads as a workflow command.
      #expect(
        !text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) },
        "\(name): \(text)")
      #expect(!text.contains("##["), "\(name): \(text)")
      for line in text.split(separator: "\n") {
        #expect(!line.drop { $0 == " " || $0 == "\t" }.hasPrefix("::"), "\(name): \(line)")
      }
      #expect(text.contains(#"##\[error]in an answer"#), "\(name): \(text)")
    }
    #expect(
      result.out.contains(
        ###"received: {"jsonrpc":"2.0","id":1,"result":"##\[error]in an answer\n::error::x \u{202E}"}"###))
    if verbose {
      #expect(result.out.contains(#"\u{1B}]0;pwned\u{7}\u{1B}[2J::error::from stderr"#), "\(result.out)")
      #expect(result.out.contains(#"##\[error]also"#))
      #expect(result.out.contains(#"  \::warning file=x::indented"#))
    }
  }
}
