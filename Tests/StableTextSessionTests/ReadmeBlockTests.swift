import Foundation
import StableTextJSON
import StableTextProject
import Testing

/// Every fenced block of the README says how it is kept true, in an HTML comment on the line
/// before it (`<!-- README block: KIND -->`), and this suite holds it to that: a transcript is
/// what the binary prints, a command block is run, a snippet is a verbatim part of a file some
/// test runs, and a block nothing here can run says why (`not run: …`).
@Suite struct ReadmeBlocks {
  struct Block {
    var kind: String
    var language: String
    var lines: [String]
    var line: Int
    var text: String { lines.map { $0 + "\n" }.joined() }
  }

  static func blocks() throws -> [Block] {
    let readme = try String(contentsOfFile: repositoryPath("README.md"), encoding: .utf8)
    let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var blocks: [Block] = []
    var index = 0
    while index < lines.count {
      defer { index += 1 }
      guard lines[index].hasPrefix("```") else { continue }
      let marker = index > 0 ? lines[index - 1] : ""
      let kind =
        marker.hasPrefix("<!-- README block: ") && marker.hasSuffix(" -->")
        ? String(marker.dropFirst("<!-- README block: ".count).dropLast(" -->".count)) : ""
      var body: [String] = []
      var end = index + 1
      while end < lines.count && lines[end] != "```" {
        body.append(lines[end])
        end += 1
      }
      blocks.append(
        Block(kind: kind, language: String(lines[index].dropFirst(3)), lines: body, line: index + 1))
      index = end
    }
    return blocks
  }

  /// The block's lines without whole-line comments (in its language), for comparing a snippet
  /// with the file it comes from.
  static func code(_ lines: [String], language: String) -> [String] {
    let prefix =
      ["lua": "--", "elisp": ";;", "vim": "\"", "swift": "//", "toml": "#", "sh": "#", "yaml": "#"][language]
      ?? "#"
    return lines.filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix(prefix) }
  }

  static func run(_ command: [String], in folder: String? = nil, environment: [String: String] = [:]) throws
    -> (status: Int32, output: String)
  {
    let result = try runCommand(
      ["/usr/bin/env"] + command, in: folder, environment: environment, merged: true)
    return (result.status, result.out)
  }

  @Test func everyBlockSaysHowItIsKeptTrue() throws {
    let blocks = try Self.blocks()
    #expect(blocks.count >= 20)
    let known: Set<String> = [
      "two commands", "demo", "package", "version", "stabletext.json", "ci job", "hook", "hook file",
      "pre-commit", "usage", "layout",
    ]
    for block in blocks {
      let fine =
        known.contains(block.kind) || block.kind.hasPrefix("in ")
        // An editor's whole configuration file, run by EditorSetupsAsPrinted on a fresh HOME.
        || block.kind.hasPrefix("run as ~/")
        || (block.kind.hasPrefix("not run: ") && block.kind.count > "not run: ".count + 10)
      #expect(fine, "README line \(block.line): a block without a known <!-- README block: … --> marker")
    }
    #expect(blocks.contains { $0.kind == "demo" } && blocks.contains { $0.kind == "usage" })
  }

  /// A snippet is a verbatim part of a file that a test runs (comment lines aside).
  @Test func snippetsAreInTheFilesTheTestsRun() throws {
    for block in try Self.blocks() where block.kind.hasPrefix("in ") {
      let path = String(block.kind.dropFirst(3))
      let file = try String(contentsOfFile: repositoryPath(path), encoding: .utf8)
      let fileCode = Self.code(
        file.split(separator: "\n", omittingEmptySubsequences: false).map(String.init),
        language: block.language)
      let snippet = Self.code(block.lines, language: block.language)
      let found = (0...max(0, fileCode.count - snippet.count)).contains {
        Array(fileCode[$0..<min(fileCode.count, $0 + snippet.count)]) == snippet
      }
      #expect(!snippet.isEmpty && found, "README line \(block.line) is not in \(path) as written")
    }
  }

  @Test func transcriptAndUsageAreWhatTheBinaryPrints() throws {
    let blocks = try Self.blocks()
    let demo = try runBinary(["demo"])
    #expect(demo.status == 0)
    let transcript = try #require(blocks.first { $0.kind == "demo" })
    #expect(transcript.text == demo.out, "the README's demo transcript is not what stabletext demo prints")

    let help = try runBinary(["--help"]).out
    let usage = try #require(
      help.components(separatedBy: "USAGE:\n").dropFirst().first?.components(separatedBy: "\n\n").first)
    let expected = usage.split(separator: "\n").map { String($0.dropFirst(2)) + "\n" }.joined()
    #expect(try #require(blocks.first { $0.kind == "usage" }).text == expected)

    // --version: the README shows a release build's (the figures vary); this debug build says
    // what it lacks.
    let version = try runBinary(["--version"]).out.split(separator: "\n").map(String.init)
    let shown = try #require(blocks.first { $0.kind == "version" }).lines
    #expect(shown.count == 3 && version.count == 3)
    #expect(Array(shown.prefix(2)) == Array(version.prefix(2)))
    let release =
      #/^build: commit [0-9a-f]{12}(-modified)? of \d{4}-\d{2}-\d{2}, release, Swift runtime static$/#
    #expect(shown.last?.wholeMatch(of: release) != nil)
    #expect(
      version.last
        == "build: commit not recorded (a development build; scripts/package records it), debug, Swift runtime shared (the toolchain's libraries)"
    )
  }

  /// The two commands are the scripts, and CI runs exactly the second; the package block's
  /// commands are the scripts the test command runs (scripts/test builds the package, and
  /// check-package installs the tarball with its `install`).
  @Test func commandBlocksAreWhatRuns() throws {
    let blocks = try Self.blocks()
    let two = try #require(blocks.first { $0.kind == "two commands" })
    let commands = Self.code(two.lines, language: "sh").map { String($0.split(separator: " ").first ?? "") }
      .filter { !$0.isEmpty }
    #expect(commands == ["scripts/demo", "scripts/test"])
    let ci = try String(contentsOfFile: repositoryPath(".ci/run"), encoding: .utf8)
    #expect(ci.split(separator: "\n").last == "exec scripts/test")
    let package = try #require(blocks.first { $0.kind == "package" })
    #expect(
      package.lines.map { String($0.split(separator: " ").prefix(3).joined(separator: " ")) } == [
        "scripts/package # dist/stabletext-0.1.0-linux-x86_64.tar.gz", "sudo apt install",
        "scripts/install # or:",
      ])
    let test = try String(contentsOfFile: repositoryPath("scripts/test"), encoding: .utf8)
    #expect(test.contains("scripts/package") && test.contains("scripts/check-package"))
    let check = try String(contentsOfFile: repositoryPath("scripts/check-package"), encoding: .utf8)
    #expect(check.contains(#"run "$work/$name/install" "$work/prefix""#))
    // The CI jobs' check lines are run by RepositoryConfigurationTests.readmeCIJobsRunAsWritten.
    for job in blocks where job.kind == "ci job" {
      #expect(job.lines.contains { $0.contains("stabletext check --commits") })
    }
    let hooks = try String(contentsOfFile: repositoryPath(".pre-commit-hooks.yaml"), encoding: .utf8)
    let id = { (text: String) in
      text.split(separator: "\n").first { $0.contains("- id: ") }?.split(separator: " ").last
    }
    #expect(id(try #require(blocks.first { $0.kind == "pre-commit" }).text) == id(hooks))
  }

  /// The hook block, run as written in a fresh repository, makes the hook that the hook-file
  /// block shows; git then refuses an 80-column subject and commits a good one.
  @Test func hookBlocksRunAsWritten() throws {
    let blocks = try Self.blocks()
    let hook = Self.code(try #require(blocks.first { $0.kind == "hook" }).lines, language: "sh")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "st-readme-\(UUID().uuidString)"
    ).path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let environment = [
      "PATH": pathWithBinary(), "HOME": folder, "GIT_CONFIG_NOSYSTEM": "1", "GIT_AUTHOR_NAME": "t",
      "GIT_AUTHOR_EMAIL": "t@example.com", "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.com",
    ]
    #expect(try Self.run(["git", "init", "-q"], in: folder, environment: environment).status == 0)
    for line in hook {
      let result = try Self.run(["/bin/sh", "-c", line], in: folder, environment: environment)
      #expect(result.status == 0, "\(line): \(result.output)")
    }
    let file = try String(contentsOfFile: folder + "/.git/hooks/commit-msg", encoding: .utf8)
    let shown = try #require(blocks.first { $0.kind == "hook file" })
    #expect(file == "#!/bin/sh\n" + Self.code(shown.lines, language: "sh").joined(separator: "\n") + "\n")
    let long = try Self.run(
      ["git", "commit", "-q", "--allow-empty", "-m", String(repeating: "x", count: 80)], in: folder,
      environment: environment)
    #expect(long.status != 0)
    #expect(
      long.output.contains(".git/COMMIT_EDITMSG:1:73: error: 80/72 columns: 8 over the limit [line-too-long]")
    )
    let good = try Self.run(
      ["git", "commit", "-q", "--allow-empty", "-m", "Keep the caret visible"], in: folder,
      environment: environment)
    #expect(good.status == 0, "\(good.output)")
  }

  /// The configuration file shown is valid: its schema accepts it and the daemon's reader reads it.
  @Test func configurationBlockIsValid() throws {
    let block = try #require(try Self.blocks().first { $0.kind == "stabletext.json" })
    var validator = SchemaValidator()
    #expect(try validator.validate(try JSONValue(parsing: block.text), against: "stabletext.json") == [])
    switch ProjectFile.parse(Array(block.text.utf8), path: "/r/.stabletext.json") {
    case .success: break
    case .failure(let problem): Issue.record("the README's .stabletext.json: \(problem)")
    }
  }

  /// The layout names every folder of Sources/, and nothing that is not there.
  @Test func layoutNamesEverySourceFolder() throws {
    let block = try #require(try Self.blocks().first { $0.kind == "layout" })
    let named = Set(
      block.lines.compactMap { line -> String? in
        guard line.hasPrefix("Sources/") else { return nil }
        return String(line.split(separator: " ").first!.dropFirst("Sources/".count))
      })
    let folders = Set(try FileManager.default.contentsOfDirectory(atPath: repositoryPath("Sources")))
    #expect(named == folders)
  }
}
