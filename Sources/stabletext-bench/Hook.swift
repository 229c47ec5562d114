import Foundation
import StableTextProject
import StableTextSystem

extension Benchmarks {
  /// The commit-msg hook's `stabletext check .git/COMMIT_EDITMSG` of one message, as git runs it
  /// (in the work tree's top, with the variables git sets for its hooks), in a repository with
  /// one commit: its wall time, median of N runs (50; 10 with `--quick`; `--count N`), beside
  /// the same check of the same message in a plain file outside any repository (git's
  /// `rev-parse` answers that there is none), the same with no `git` on `PATH` (no git at all),
  /// and `gitlint --msg-filename` of the message file (gitlint's own hook). The runs are
  /// interleaved, one of each in turn, so that the machine's load weighs on all alike; with
  /// `--baseline-daemon PATH`, that build's hook is run in turn too.
  func hook() {
    let root = Self.workspace() + "/hook"
    let repository = root + "/repository"
    let plain = root + "/plain"
    try? FileManager.default.removeItem(atPath: root)
    try? FileManager.default.createDirectory(atPath: plain, withIntermediateDirectories: true)
    let home = ["HOME": root, "GIT_CONFIG_NOSYSTEM": "1"]
    do {
      try FileManager.default.createDirectory(atPath: repository, withIntermediateDirectories: true)
      for arguments in [
        ["init", "-q"], ["config", "user.name", "Bench"], ["config", "user.email", "b@example.org"],
        ["commit", "-q", "--allow-empty", "-m", "Start"],
      ] {
        guard Git(folder: repository, adding: home)?.run(arguments).status == 0 else {
          report("hook: git \(arguments.joined(separator: " ")) failed (git on PATH?)")
          return
        }
      }
      let message =
        "Add the parser for trailers\n\nThe hook reads them as git does, so a team's rules see the same.\n"
      try message.write(toFile: repository + "/.git/COMMIT_EDITMSG", atomically: true, encoding: .utf8)
      try message.write(toFile: plain + "/COMMIT_EDITMSG", atomically: true, encoding: .utf8)
    } catch {
      report("hook: cannot make the repository: \(error)")
      return
    }
    // What git sets for a commit-msg hook run by `git commit -m`.
    var hookEnvironment = ProcessInfo.processInfo.environment.merging(home) { $1 }
    hookEnvironment.merge(
      [
        "GIT_INDEX_FILE": ".git/index", "GIT_EDITOR": ":", "GIT_PREFIX": "", "GIT_AUTHOR_NAME": "Bench",
        "GIT_AUTHOR_EMAIL": "b@example.org", "GIT_AUTHOR_DATE": "@1700000000 +0000",
      ]
    ) { $1 }
    var noGit = hookEnvironment
    noGit["PATH"] = "/nonexistent"
    let count = Benchmarks.countOverride ?? (quick ? 10 : 50)
    var runs: [(name: String, command: [String], folder: String, environment: [String: String])] = [
      (
        "stabletext check .git/COMMIT_EDITMSG in a repository (the hook)",
        [daemon, "check", ".git/COMMIT_EDITMSG"], repository, hookEnvironment
      ),
      (
        "the same check of a plain file outside a repository",
        [daemon, "check", "--preset", "gitCommit", "COMMIT_EDITMSG"], plain, hookEnvironment
      ),
      (
        "the same check with no git on PATH",
        [daemon, "check", "--preset", "gitCommit", "COMMIT_EDITMSG"], plain, noGit
      ),
    ]
    if let baseline = Self.baselineDaemon {
      runs.insert(
        (
          "the baseline's hook (--baseline-daemon)", [baseline, "check", ".git/COMMIT_EDITMSG"], repository,
          hookEnvironment
        ), at: 1)
    }
    if let gitlint = gitlintPath() {
      runs.append(
        (
          "gitlint --msg-filename .git/COMMIT_EDITMSG", [gitlint, "--msg-filename", ".git/COMMIT_EDITMSG"],
          repository, hookEnvironment
        ))
    } else {
      report("hook gitlint: not found (--gitlint PATH, or scripts/test's .build/venv-clients)")
    }
    // Each once before the timed runs: the page cache and git's files warm for all.
    for run in runs {
      let status = Self.timedRun(run.command, in: run.folder, environment: run.environment).status
      guard status == 0 else {
        report("hook: \(run.name) exited \(status)")
        return
      }
    }
    var times = Array(repeating: [Double](), count: runs.count)
    for _ in 0..<count {
      for (index, run) in runs.enumerated() {
        times[index].append(Self.timedRun(run.command, in: run.folder, environment: run.environment).seconds)
      }
    }
    let load =
      (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").first ?? "?"
    for (run, measured) in zip(runs, times) {
      let sorted = measured.sorted()
      report(
        "hook \(run.name): median \(Self.milliseconds(sorted[sorted.count / 2])) ms, min \(Self.milliseconds(sorted[0])) ms (\(count) runs interleaved, load \(load))"
      )
    }
  }

  /// Runs `command` in `folder` with `environment` (through `env -C`, which execs it), its output
  /// read and dropped: its status and wall time from start to exit. Not Foundation's `Process`,
  /// whose wait on Linux looks at the child every 50 ms.
  static func timedRun(_ command: [String], in folder: String, environment: [String: String])
    -> (status: Int32, seconds: Double)
  {
    let start = now()
    guard
      let child = try? ChildProcess(
        executable: "/usr/bin/env", arguments: ["-C", folder] + command, environment: environment)
    else { return (127, 0) }
    let outcome = child.streamOutput(within: ChildProcess.Bounds(maxOutputBytes: 1 << 20, seconds: 60)) { _ in
      true
    }
    return (outcome.status, now() - start)
  }
}
