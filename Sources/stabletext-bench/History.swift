import Foundation
import StableTextConventions
import StableTextCore
import StableTextProject

extension Benchmarks {
  /// `--gitlint PATH`: the gitlint to race (default: the clients' venv's, then `PATH`'s).
  nonisolated(unsafe) static var gitlintOverride: String?

  /// The checkout this executable was built from (its sources' folder, two up), for the script
  /// that replays the history and the configuration files it is checked with.
  static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent().path

  /// commitlint's history.jsonl: others' data, kept beside the project (../shared/third-party/
  /// from its root, with its licence and a README saying where it comes from), not in it.
  static let historyFile = URL(fileURLWithPath: checkout)
    .appendingPathComponent("../shared/third-party/commitlint-history/history.jsonl").standardizedFileURL.path

  static var historyMissing: String {
    "../shared/third-party/commitlint-history/history.jsonl is missing (looked for \(historyFile)): "
      + "commitlint's history is kept beside the project, in ../shared/third-party/ (see its README.md)"
  }

  /// commitlint's history, as data kept beside the project (`historyFile`: 3,466 commits),
  /// replayed into a repository by scripts/replay-commitlint-history, with `.commitlintrc.json`
  /// extending `@commitlint/config-conventional` and the `.gitlint` of
  /// Tests/Oracles/commitlint-history at its root (Protocol/README.md, "Team conventions"). In one run, on the same range: `stabletext check --commits` beside
  /// `gitlint --commits` (the ratio must be at least 100), and the time per commit of `check`
  /// with the conventional configuration against today's length rules alone (the gitCommit
  /// preset's; within 2×), through the binary and in process. `--quick` takes the newest 500
  /// commits.
  func history() {
    let fixtures = Self.checkout + "/Tests/Oracles/commitlint-history"
    guard FileManager.default.fileExists(atPath: Self.historyFile) else {
      report("history: \(Self.historyMissing)")
      return
    }
    guard
      let folder = try? FileManager.default.url(
        for: .itemReplacementDirectory, in: .userDomainMask, appropriateFor: URL(fileURLWithPath: "/tmp"),
        create: true)
    else {
      report("history: cannot make a temporary folder")
      return
    }
    defer { try? FileManager.default.removeItem(at: folder) }
    let repository = folder.appendingPathComponent("history").path
    let replayStart = Self.now()
    guard
      run(["/usr/bin/env", "python3", Self.checkout + "/scripts/replay-commitlint-history", repository])
        .status
        == 0
    else {
      report("history: scripts/replay-commitlint-history failed (python3 and git on PATH?)")
      return
    }
    let replayed = Self.now() - replayStart
    let range = quick ? "main~500..main" : "main"
    let count = Int(Git(folder: repository)?.run(["rev-list", "--count", range]).text ?? "") ?? 0
    let all = Int(Git(folder: repository)?.run(["rev-list", "--count", "main"]).text ?? "") ?? 0
    report(
      "history replay of \(Self.commas(all)) commits (scripts/replay-commitlint-history, one git fast-import): \(String(format: "%.2f", replayed)) s"
    )

    // check --commits with no team configuration: the gitCommit preset's length rules alone.
    let plain = bestRun(3) { run([daemon, "check", "--commits", range, "--format", "json"], in: repository) }
    copy(fixtures + "/commitlintrc.json", to: repository + "/.commitlintrc.json")
    let conventional = bestRun(3) {
      run([daemon, "check", "--commits", range, "--format", "json"], in: repository)
    }
    copy(fixtures + "/gitlint.ini", to: repository + "/.gitlint")
    let both = bestRun(3) { run([daemon, "check", "--commits", range, "--format", "json"], in: repository) }
    func perCommit(_ seconds: Double) -> String {
      String(format: "%.1f µs", seconds * 1e6 / Double(max(count, 1)))
    }
    report(
      "history check --commits over \(Self.commas(count)) commits: \(String(format: "%.3f", plain)) s with the length rules alone (\(perCommit(plain)) a commit), \(String(format: "%.3f", conventional)) s with .commitlintrc.json config-conventional (\(perCommit(conventional)) a commit; \(String(format: "%.2f", conventional / plain))× the length rules), \(String(format: "%.3f", both)) s with .gitlint too"
    )

    // gitlint over the same range, once (it takes a minute or more over the whole history).
    guard let gitlint = gitlintPath() else {
      report("history gitlint: not found (--gitlint PATH, or scripts/test's .build/venv-clients)")
      return inProcess()
    }
    let version = run([gitlint, "--version"]).out.trimmed
    let gitlintStart = Self.now()
    let gitlintRun = run([gitlint, "--commits", range], in: repository)
    let gitlintSeconds = Self.now() - gitlintStart
    let violations = gitlintRun.err.split(separator: "\n").filter {
      $0.first?.isNumber == true || $0.hasPrefix("-:")
    }
    .count
    report(
      "history \(version) --commits over \(Self.commas(count)) commits: \(String(format: "%.2f", gitlintSeconds)) s (\(perCommit(gitlintSeconds)) a commit, \(violations) violations); check --commits with .commitlintrc.json and .gitlint is \(Int((gitlintSeconds / both).rounded()))× as fast"
    )
    inProcess()
  }

  /// The same messages in process, without git or the process: each message a field with the
  /// gitCommit preset's rules (as `check --commits` makes them: no comment lines in a stored
  /// message) and its diagnostics; then with config-conventional as the team's convention; and
  /// the core's commitlint port alone (is-ignored, parse, the 12 rules).
  func inProcess() {
    guard let text = try? String(contentsOfFile: Self.historyFile, encoding: .utf8) else {
      report("history in process: \(Self.historyMissing)")
      return
    }
    let messages: [String] = text.split(separator: "\n").compactMap { line in
      (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["message"] as? String
    }
    var lengthRules = Rules.defaults.applying(Preset.gitCommit.rules).applying(.storedMessage)
    lengthRules.keepInForce(.gitCommit)
    var conventionalRules = lengthRules
    let configuration = CommitlintSharedConfigurations.conventional
    conventionalRules.conventions = TeamConventions(
      commitlint: CommitlintSetup(configuration: configuration, file: "/history/.commitlintrc.json"),
      facts: CommitFacts(parentCount: 1))
    let rounds = quick ? 3 : 10
    func diagnostics(_ rules: Rules) -> (seconds: Double, count: Int) {
      var count = 0
      let seconds = best(rounds) {
        count = 0
        for message in messages {
          StableTextField(text: message, rules: rules).forEachDiagnostic { _ in count += 1 }
        }
      }
      return (seconds, count)
    }
    let rules = configuration.rules.filter { $0.setting.level > 0 }.compactMap { entry in
      CommitlintRules.named(entry.name).map { (entry, $0) }
    }
    var broken = 0
    let port = best(rounds) {
      broken = 0
      for message in messages where !CommitlintIgnores.isIgnored(message) {
        guard let parsed = ConventionalCommitParser(configuration.parserOptions).parse(message) else {
          continue
        }
        for (entry, rule) in rules
        where !rule.verdict(parsed, entry.setting.condition ?? rule.defaultCondition, entry.setting.value)
          .valid
        {
          broken += 1
        }
      }
    }
    // Where the port's time goes: is-ignored, the parse, each rule.
    let ignoring = best(rounds) {
      for message in messages { broken &+= CommitlintIgnores.isIgnored(message) ? 1 : 0 }
    }
    let parser = ConventionalCommitParser(configuration.parserOptions)
    var parsed: [ConventionalCommit] = []
    let parsing = best(rounds) { parsed = messages.compactMap { parser.parse($0) } }
    let perRule = rules.map { entry, rule in
      let condition = entry.setting.condition ?? rule.defaultCondition
      let seconds = best(rounds) {
        for commit in parsed { broken &+= rule.verdict(commit, condition, entry.setting.value).valid ? 0 : 1 }
      }
      return "\(entry.name) \(String(format: "%.2f", seconds * 1e6 / Double(max(parsed.count, 1))))"
    }
    let plain = diagnostics(lengthRules)
    let conventional = diagnostics(conventionalRules)
    func perMessage(_ seconds: Double) -> String {
      String(format: "%.2f µs", seconds * 1e6 / Double(max(messages.count, 1)))
    }
    report(
      "history in process, \(Self.commas(messages.count)) messages: length rules alone \(perMessage(plain.seconds)) a message (\(plain.count) diagnostics), with config-conventional \(perMessage(conventional.seconds)) (\(conventional.count) diagnostics; \(String(format: "%.2f", conventional.seconds / plain.seconds))×), commitlint's port alone \(perMessage(port)) (length rules plus the port: \(String(format: "%.2f", (plain.seconds + port) / plain.seconds))×)"
    )
    report(
      "history in process, the port's parts in µs a message: is-ignored \(String(format: "%.2f", ignoring * 1e6 / Double(messages.count))), parse \(String(format: "%.2f", parsing * 1e6 / Double(messages.count))), \(perRule.joined(separator: ", "))"
    )
  }

  func gitlintPath() -> String? {
    if let path = Self.gitlintOverride { return path }
    let venv = Self.checkout + "/.build/venv-clients/bin/gitlint"
    if FileManager.default.isExecutableFile(atPath: venv) { return venv }
    let found = run(["/usr/bin/env", "sh", "-c", "command -v gitlint"]).out.trimmed
    return found.isEmpty ? nil : found
  }

  /// The least of `rounds` timings of `body`.
  private func best(_ rounds: Int, _ body: () -> Void) -> Double {
    var least = Double.infinity
    for _ in 0..<rounds {
      let start = Self.now()
      body()
      least = min(least, Self.now() - start)
    }
    return least
  }

  private func bestRun(_ rounds: Int, _ body: () -> (status: Int32, out: String, err: String)) -> Double {
    best(rounds) { _ = body() }
  }

  private func copy(_ source: String, to destination: String) {
    try? FileManager.default.removeItem(atPath: destination)
    try? FileManager.default.copyItem(atPath: source, toPath: destination)
  }

  /// Runs `command` to completion in `folder`, its output read as it comes.
  private func run(_ command: [String], in folder: String? = nil) -> (status: Int32, out: String, err: String)
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: command[0])
    process.arguments = Array(command.dropFirst())
    if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return (127, "", "") }
    // Both pipes drained at once: gitlint writes its whole report to stderr.
    nonisolated(unsafe) var err = Data()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
      err = errors.fileHandleForReading.readDataToEndOfFile()
      group.leave()
    }
    let out = output.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return (
      process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self)
    )
  }

  static func commas(_ value: Int) -> String {
    let digits = Array(String(value))
    var text = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { text.append(",") }
      text.append(digit)
    }
    return text
  }
}

extension String {
  fileprivate var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
