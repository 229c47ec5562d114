import Foundation
import StableTextJSON
import StableTextProject
import StableTextSessionSupport
import Testing

/// Every fenced block of the README and of the documents in `docs/` says how it is kept true, in
/// an HTML comment on the line before it (`<!-- README block: KIND -->`), and this suite holds it
/// to that: a transcript is what the binary prints, a command block is run, a snippet is a
/// verbatim part of a file some test runs, and a block nothing here can run says why (`not run:
/// …`). A block moved from the README to `docs/` keeps its marker and its check.
@Suite struct ReadmeBlocks {
  typealias Block = DocumentBlock

  static func blocks() throws -> [Block] { try DocumentBlock.all() }

  static func blocks(in file: String) throws -> [Block] { try DocumentBlock.blocks(in: file) }

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
      "pre-commit", "usage", "layout", "refusal",
    ]
    for block in blocks {
      let fine =
        known.contains(block.kind) || block.kind.hasPrefix("in ")
        // An editor's whole configuration file, run by EditorSetupsAsPrinted on a fresh HOME.
        || block.kind.hasPrefix("run as ~/")
        || (block.kind.hasPrefix("not run: ") && block.kind.count > "not run: ".count + 10)
      #expect(fine, "\(block.place): a block without a known <!-- README block: … --> marker")
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
      #expect(!snippet.isEmpty && found, "\(block.place) is not in \(path) as written")
    }
  }

  @Test func transcriptAndUsageAreWhatTheBinaryPrints() throws {
    let blocks = try Self.blocks()
    let demo = try runBinary(["demo"])
    #expect(demo.status == 0)
    let transcript = try #require(blocks.first { $0.kind == "demo" })
    #expect(
      transcript.text == demo.out,
      "\(transcript.place): the demo transcript is not what stabletext demo prints")

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
    #expect(two.file == "README.md")
    #expect(blocks.first { $0.kind == "usage" }?.file == "README.md")
    let commands = Self.code(two.lines, language: "sh").map { String($0.split(separator: " ").first ?? "") }
      .filter { !$0.isEmpty }
    #expect(commands == ["scripts/demo", "scripts/test"])
    let ci = try String(contentsOfFile: repositoryPath(".ci/run"), encoding: .utf8)
    #expect(ci.split(separator: "\n").last == "exec scripts/test")
    let package = try #require(blocks.first { $0.kind == "package" })
    #expect(
      package.lines.map { String($0.split(separator: " ").prefix(3).joined(separator: " ")) } == [
        "scripts/package # dist/stabletext-0.1.0-linux-x86_64.tar.gz", "$(command -v sudo)",
        "scripts/install # or:",
      ])
    // The package's install line runs as written from a root shell, which has no sudo, and
    // through sudo where there is one: an `apt` (and a `sudo`) that say how they were called.
    let install = Self.code([package.lines[1]], language: "sh").joined()
    let stubs = FileManager.default.temporaryDirectory.appendingPathComponent("st-apt-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: stubs) }
    try FileManager.default.createDirectory(at: stubs, withIntermediateDirectories: true)
    func stub(_ name: String) throws {
      let path = stubs.appendingPathComponent(name).path
      try "#!/bin/sh\necho \(name) \"$@\"\n".write(toFile: path, atomically: true, encoding: .utf8)
      #expect(chmod(path, 0o755) == 0)
    }
    try stub("apt")
    let asRoot = try Self.run(["PATH=\(stubs.path)", "/bin/sh", "-c", install])
    #expect(
      asRoot.status == 0 && asRoot.output == "apt install ./dist/stabletext_0.1.0_amd64.deb\n", "\(asRoot)")
    try stub("sudo")
    let withSudo = try Self.run(["PATH=\(stubs.path)", "/bin/sh", "-c", install])
    #expect(
      withSudo.status == 0 && withSudo.output == "sudo apt install ./dist/stabletext_0.1.0_amd64.deb\n",
      "\(withSudo)")
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
    // Where .git/hooks is not where git looks: a linked worktree (.git is a file) and a
    // repository with core.hooksPath. The block puts the hook where git looks, and it refuses.
    let worktree = folder + "-worktree"
    defer { try? FileManager.default.removeItem(atPath: worktree) }
    #expect(
      try Self.run(["git", "worktree", "add", "-q", worktree], in: folder, environment: environment).status
        == 0)
    let hooksPath = folder + "-hookspath"
    defer { try? FileManager.default.removeItem(atPath: hooksPath) }
    try FileManager.default.createDirectory(atPath: hooksPath, withIntermediateDirectories: true)
    #expect(try Self.run(["git", "init", "-q"], in: hooksPath, environment: environment).status == 0)
    #expect(
      try Self.run(["git", "config", "core.hooksPath", ".githooks"], in: hooksPath, environment: environment)
        .status
        == 0)
    for place in [worktree, hooksPath] {
      for line in hook {
        let result = try Self.run(["/bin/sh", "-c", line], in: place, environment: environment)
        #expect(result.status == 0, "\(place): \(line): \(result.output)")
      }
      let refused = try Self.run(
        ["git", "commit", "-q", "--allow-empty", "-m", String(repeating: "x", count: 80)], in: place,
        environment: environment)
      #expect(refused.status != 0, "\(place): \(refused.output)")
      #expect(
        refused.output.contains("1:73: error: 80/72 columns: 8 over the limit [line-too-long]"), "\(place)")
    }
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

  /// The layout names every folder of Sources/, and nothing that is not there; and every folder
  /// inside a module, by its path under the module (`Checks/Rules`), in that module's entry.
  @Test func layoutNamesEverySourceFolder() throws {
    let block = try #require(try Self.blocks().first { $0.kind == "layout" })
    // Each module's entry: its line and the indented lines that continue it.
    var entries: [String: String] = [:]
    var current: String?
    for line in block.lines {
      if line.hasPrefix("Sources/") {
        let name = String(line.split(separator: " ").first!.dropFirst("Sources/".count))
        entries[name] = line
        current = name
      } else if let name = current, line.hasPrefix(" ") {
        entries[name, default: ""] += " " + line.trimmingCharacters(in: .whitespaces)
      } else {
        current = nil
      }
    }
    let folders = Set(try FileManager.default.contentsOfDirectory(atPath: repositoryPath("Sources")))
    #expect(Set(entries.keys) == folders)
    var unnamed: [String] = []
    var inside = 0
    for module in folders.sorted() {
      let entry = entries[module] ?? ""
      let walk = FileManager.default.enumerator(atPath: repositoryPath("Sources/\(module)"))
      while let path = walk?.nextObject() as? String {
        var isFolder: ObjCBool = false
        guard
          FileManager.default.fileExists(
            atPath: repositoryPath("Sources/\(module)/\(path)"), isDirectory: &isFolder),
          isFolder.boolValue
        else { continue }
        // A catalog's own folders are the catalog's; naming the catalog is enough.
        if path.contains(".docc/") { continue }
        inside += 1
        let word = try Regex("(^|[\\s,(])\(NSRegularExpression.escapedPattern(for: path))($|[\\s,);:])")
        if !entry.contains(word) { unnamed.append("Sources/\(module)/\(path)") }
      }
    }
    #expect(inside > 60, "folders inside the modules: \(inside)")
    #expect(unnamed.isEmpty, "docs/layout.md does not name: \(unnamed)")
  }

  /// The README is a newcomer's page: under 500 lines; its first screen says what the tool is,
  /// how to install it (with the Swift toolchain's version, at least what Package.swift asks
  /// for) and the two commands; editor set-ups come next, then configuration and commit
  /// messages; the long reference sections live in docs/.
  @Test func readmeIsANewcomersPage() throws {
    let readme = try String(contentsOfFile: repositoryPath("README.md"), encoding: .utf8)
    let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines.count < 500, "the README has \(lines.count) lines")
    let headings = lines.filter { $0.hasPrefix("## ") }
    let order = [
      "## Install", "## The two commands", "## Using it from an editor", "## Configuration",
      "## Commit messages",
    ]
    let found = order.map { wanted in headings.firstIndex { $0.hasPrefix(wanted) } }
    #expect(found.allSatisfy { $0 != nil } && found.compactMap { $0 } == found.compactMap { $0 }.sorted())
    #expect(found.first == 0, "Install is the first section")
    // The first screen: the two commands' block starts within its first 70 lines.
    let two = try #require(try Self.blocks(in: "README.md").first { $0.kind == "two commands" })
    #expect(two.line <= 70, "the two commands start at line \(two.line)")
    // The Swift version it names is at least the manifest's tools version.
    let manifest = try String(contentsOfFile: repositoryPath("Package.swift"), encoding: .utf8)
    let tools = try #require(manifest.firstMatch(of: #/swift-tools-version:(\d+)\.(\d+)/#))
    let named = try #require(readme.firstMatch(of: #/\*\*Swift (\d+)\.(\d+) or later\*\*/#))
    let version = { (major: Substring, minor: Substring) in Int(major)! * 100 + Int(minor)! }
    #expect(version(named.1, named.2) >= version(tools.1, tools.2))
    #expect(named.range.lowerBound < readme.range(of: "## The two commands")!.lowerBound)
    #expect(readme.contains("`scripts/setup`"))
    for moved in ["## Performance", "## Fast paths", "## Checked arithmetic", "## Bounds", "## Layout"] {
      #expect(!headings.contains { $0.hasPrefix(moved) }, "\(moved) belongs in docs/")
    }
  }

  /// The README's `.stabletext.json`, in a repository, checks what it names and nothing else: a
  /// commit message without a sign-off gets the warning, a long line of a Markdown file under
  /// docs/ its 100-column limit, and a Markdown file elsewhere with lines of any length nothing.
  @Test func configurationBlockChecksWhatItNames() throws {
    let block = try #require(try Self.blocks().first { $0.kind == "stabletext.json" })
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "st-readme-config-\(UUID().uuidString)"
    ).path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    for sub in [".git", "docs/guide"] {
      try FileManager.default.createDirectory(atPath: folder + "/" + sub, withIntermediateDirectories: true)
    }
    let long = String(repeating: "word ", count: 40) + "end\n"
    let files = [
      ".stabletext.json": block.text,
      ".git/COMMIT_EDITMSG": "Keep the caret visible\n\nThe view moves one row.\n",
      "README.md": "# Title\n\n" + long,
      "docs/guide/intro.md": "# Intro\n\n" + long,
    ]
    for (name, text) in files {
      try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
    }
    let cases: [(file: String, status: Int32, out: String)] = [
      (
        ".git/COMMIT_EDITMSG", 0,
        ".git/COMMIT_EDITMSG:3:24: warning: missing trailer \"Signed-off-by:\" [missing-trailer]\n"
      ),
      ("README.md", 0, ""),
      (
        "docs/guide/intro.md", 0,
        "docs/guide/intro.md:3:101: warning: 203/100 columns: 103 over the limit [line-too-long]\n"
      ),
    ]
    for expected in cases {
      let result = try runBinary(["check", expected.file], in: folder)
      #expect(result.status == expected.status, "\(expected.file): \(result.err)")
      #expect(result.out == expected.out, "\(expected.file)")
    }
    // CI's `check --commits` reads the same file: an unsigned commit gets the warning, a signed
    // one nothing.
    let environment = [
      "PATH": pathWithBinary(), "HOME": folder, "GIT_CONFIG_NOSYSTEM": "1", "GIT_AUTHOR_NAME": "t",
      "GIT_AUTHOR_EMAIL": "t@example.com", "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.com",
    ]
    for command in [
      ["git", "init", "-q"], ["git", "add", "."],
      ["git", "commit", "-q", "-m", "Add the guide", "-m", "Signed-off-by: t <t@example.com>"],
      ["git", "commit", "-q", "--allow-empty", "-m", "Keep the caret visible"],
    ] {
      let result = try Self.run(command, in: folder, environment: environment)
      #expect(result.status == 0, "\(command): \(result.output)")
    }
    let head = try Self.run(["git", "rev-parse", "--short=12", "HEAD"], in: folder, environment: environment)
      .output.trimmingCharacters(in: .whitespacesAndNewlines)
    let commits = try runBinary(["check", "--commits", "HEAD"], in: folder)
    #expect(commits.status == 0, "\(commits.err)")
    #expect(commits.out == "\(head):1:23: warning: missing trailer \"Signed-off-by:\" [missing-trailer]\n")
  }

  /// Every relative link of the README, the documents in docs/ and the protocol's README names a
  /// file or folder of the repository (scripts/check-package checks the installed copies).
  @Test func relativeLinksResolve() throws {
    let documents = try DocumentBlock.documents() + ["Protocol/README.md", "Protocol/conformance/README.md"]
    var checked = 0
    for document in documents {
      let text = try String(contentsOfFile: repositoryPath(document), encoding: .utf8)
      let folder = URL(fileURLWithPath: repositoryPath(document)).deletingLastPathComponent()
      var inFence = false
      for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        if line.hasPrefix("```") { inFence.toggle() }
        if inFence { continue }
        let prose = line.split(separator: "`", omittingEmptySubsequences: false).enumerated()
          .filter { $0.offset % 2 == 0 }.map(\.element).joined(separator: " ")
        for match in prose.matches(of: #/\]\(([^)\s]+)\)/#) {
          let target = String(match.1)
          if target.hasPrefix("#") || target.contains("://") || target.hasPrefix("mailto:") { continue }
          let path = String(target.split(separator: "#", maxSplits: 1)[0])
          let resolved = folder.appendingPathComponent(path).standardized.path
          #expect(FileManager.default.fileExists(atPath: resolved), "\(document): \(target)")
          checked += 1
        }
      }
    }
    #expect(checked >= 20)
  }
}
