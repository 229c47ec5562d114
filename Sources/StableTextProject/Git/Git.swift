import StableTextSystem

/// git, run as `git -C FOLDER …` from `PATH`, with what it printed: the one runner of git for
/// `check`, `init`, `rules`, the MCP tools and the daemon, which ask it their questions through
/// `GitRepository` (one `rev-parse`, one configuration read), `GitHistoryReader` and the
/// questions below (Protocol/README.md, "Command line", "How git is asked").
///
/// git passes its hooks the repository it works on in `GIT_DIR` (an absolute path) and
/// `GIT_WORK_TREE` (relative to the hook's working directory) when the repository is not the
/// plain `.git` of the working directory: a linked worktree, a submodule, `git --git-dir`. Those
/// win over `-C`, so a git that is to find the repository from `FOLDER` itself is `isolated`:
/// run without them.
package struct Git: Sendable {
  package struct Result {
    package var status: Int32
    package var output: [UInt8]
    package var errors: [UInt8]
    /// Why git's output was cut short, when it was (it was then killed).
    package var cut: ChildProcess.Cut?

    package init(status: Int32, output: [UInt8], errors: [UInt8], cut: ChildProcess.Cut? = nil) {
      self.status = status
      self.output = output
      self.errors = errors
      self.cut = cut
    }

    /// Whether git answered: it started and ran to its end within its bounds (whatever its exit
    /// status). A git that could not start, or was stopped, said nothing about the question.
    package var isAnswer: Bool { cut == nil && status != -1 }

    /// Standard output as text, without its final line breaks.
    package var text: String {
      var text = String(decoding: output, as: UTF8.self)
      while text.hasSuffix("\n") || text.hasSuffix("\r") { text.removeLast() }
      return text
    }

    /// Why it failed, in git's words (its first line on standard error), or how it was cut.
    package var reason: String {
      if let cut { return "git \(cut) (it was stopped)" }
      let first = String(decoding: errors, as: UTF8.self).split(separator: "\n").first.map(String.init)
      return first ?? "exit status \(status)"
    }
  }

  package let executable: String
  package let folder: String
  /// The environment git runs in: nil for this process's own.
  package let environment: [String: String]?

  /// The variables that name a repository instead of letting git find it from its folder.
  package static let repositoryVariables = ["GIT_DIR", "GIT_WORK_TREE", "GIT_COMMON_DIR", "GIT_INDEX_FILE"]

  /// git in `folder`, when there is a `git` on `PATH`; `isolated`, without the variables that
  /// name a repository (`repositoryVariables`); with `extra` variables added to this process's
  /// (the benchmark's repositories, made with a home of their own).
  package init?(folder: String, isolated: Bool = false, adding extra: [String: String] = [:]) {
    var environment = ProcessScope.environment(adding: extra)
    let path = environment["PATH"] ?? "/usr/bin:/bin"
    for candidate in path.split(separator: ":").map({ FileSystem.join(String($0), "git") })
    where FileSystem.kind(of: candidate) == .file {
      executable = candidate
      self.folder = folder
      if isolated {
        for name in Self.repositoryVariables { environment[name] = nil }
        self.environment = environment
      } else {
        // Relative paths in them are relative to this process's folder, not to `-C`'s.
        let here = FileSystem.currentDirectory() ?? "/"
        var changed = false
        for name in Self.repositoryVariables {
          guard let value = environment[name], !value.isEmpty, !value.hasPrefix("/") else { continue }
          environment[name] = FileSystem.absolute(FileSystem.join(here, value)) ?? value
          changed = true
        }
        self.environment = changed || !extra.isEmpty ? environment : nil
      }
      return
    }
    return nil
  }

  /// What one of `check`'s and `init`'s questions to git may take: a minute, and 64 MiB of
  /// answer (a question about a repository is answered in milliseconds and a few lines; a git that
  /// waits on a lock, or a repository that makes it print without end, is stopped).
  package static let bounds = ChildProcess.Bounds(maxOutputBytes: 64 << 20, seconds: 60)

  /// Runs `git -C folder ARGUMENTS` to its end, within `bounds`.
  package func run(_ arguments: [String], within bounds: ChildProcess.Bounds = Git.bounds) -> Result {
    var output: [UInt8] = []
    var result = stream(arguments, within: bounds) { piece in
      output += piece
      return true
    }
    result.output = output
    return result
  }

  /// Runs `git -C folder ARGUMENTS` with `input` on its standard input, written whole before
  /// its output is read (for a command that prints little while it reads, as `git fast-import
  /// --quiet` building the benchmark's repositories), within `bounds`.
  package func run(_ arguments: [String], input: [UInt8], within bounds: ChildProcess.Bounds = Git.bounds)
    -> Result
  {
    guard
      let process = try? ChildProcess(
        executable: executable, arguments: ["-C", folder] + arguments, environment: environment)
    else {
      return Result(status: -1, output: [], errors: Array("cannot start \(executable)".utf8))
    }
    _ = FileDescriptorIO.writeAll(process.standardInput, input)
    let (output, outcome) = process.collectOutput(within: bounds)
    return Result(status: outcome.status, output: output, errors: outcome.errors, cut: outcome.cut)
  }

  /// Runs `git -C folder ARGUMENTS`, handing its standard output to `body` as it is read (which
  /// returns false when it has read enough), within `bounds`: the output is not kept.
  package func stream(
    _ arguments: [String], within bounds: ChildProcess.Bounds, _ body: (UnsafeRawBufferPointer) -> Bool
  ) -> Result {
    guard
      let process = try? ChildProcess(
        executable: executable, arguments: ["-C", folder] + arguments, environment: environment)
    else {
      return Result(status: -1, output: [], errors: Array("cannot start \(executable)".utf8))
    }
    let outcome = process.streamOutput(within: bounds, body)
    return Result(status: outcome.status, output: [], errors: outcome.errors, cut: outcome.cut)
  }
}

extension Git {
  /// The keys of `GitConfig.keys` as git reads them in the folder: one `git config -z
  /// --get-regexp`; empty when none is set or git fails (no configuration can be read, or git
  /// was stopped).
  package func config(within bounds: ChildProcess.Bounds = Git.bounds) -> GitConfig {
    var answered = false
    return config(within: bounds, answered: &answered)
  }

  /// The same, with `answered` false when git gave no answer at all (it could not start, or it
  /// was stopped by `bounds`): a daemon that keeps the answer asks again soon rather than holding
  /// "nothing set" for a minute.
  package func config(within bounds: ChildProcess.Bounds, answered: inout Bool) -> GitConfig {
    let listed = run(["config", "-z", "--get-regexp", GitConfig.pattern], within: bounds)
    answered = listed.isAnswer
    guard listed.status == 0, listed.cut == nil else { return GitConfig() }
    return GitConfig(listing: listed.output)
  }

  /// Whose identity `ident` asks for.
  package enum Identity: String {
    case author = "GIT_AUTHOR_IDENT"
    case committer = "GIT_COMMITTER_IDENT"
  }

  /// git's identity as `git var` writes it (`Name <email> TIMESTAMP ZONE`): the environment's,
  /// the configuration's, else one git makes up from the user and host (unless
  /// `user.useConfigOnly`); nil when git refuses, fails or is stopped, or its answer is not UTF-8.
  package func ident(_ identity: Identity, within bounds: ChildProcess.Bounds = Git.bounds) -> String? {
    var answered = false
    return ident(identity, within: bounds, answered: &answered)
  }

  /// The same, with `answered` false when git gave no answer at all (`config(within:answered:)`):
  /// nil then says nothing of the identity, while nil from an answer is git's refusal.
  package func ident(_ identity: Identity, within bounds: ChildProcess.Bounds, answered: inout Bool)
    -> String?
  {
    let asked = run(["var", identity.rawValue], within: bounds)
    answered = asked.isAnswer
    guard asked.status == 0, asked.cut == nil, let text = String(validating: asked.output, as: UTF8.self)
    else {
      return nil
    }
    var ident = text
    while ident.hasSuffix("\n") { ident.removeLast() }
    return ident
  }

  /// `Name <email> TIMESTAMP ZONE` as `git var` writes an identity, read.
  package static func person(ofIdent ident: String) -> (name: String, email: String)? {
    guard let open = ident.firstIndex(of: "<"), let close = ident.lastIndex(of: ">"), open < close else {
      return nil
    }
    var name = String(ident[..<open])
    while name.hasSuffix(" ") { name.removeLast() }
    return (name, String(ident[ident.index(after: open)..<close]))
  }
}
