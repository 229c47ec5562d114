import StableTextSystem

/// git, run as `git -C FOLDER …` from `PATH`, with what it printed.
struct Git {
  struct Result {
    var status: Int32
    var output: [UInt8]
    var errors: [UInt8]

    /// Standard output as text, without its final line breaks.
    var text: String {
      var text = String(decoding: output, as: UTF8.self)
      while text.hasSuffix("\n") || text.hasSuffix("\r") { text.removeLast() }
      return text
    }

    /// Why it failed, in git's words (its first line on standard error).
    var reason: String {
      let first = String(decoding: errors, as: UTF8.self).split(separator: "\n").first.map(String.init)
      return first ?? "exit status \(status)"
    }
  }

  let executable: String
  let folder: String

  /// git in `folder`, when there is a `git` on `PATH`.
  init?(folder: String) {
    let path = ProcessScope.environment(adding: [:])["PATH"] ?? "/usr/bin:/bin"
    for candidate in path.split(separator: ":").map({ FileSystem.join(String($0), "git") })
    where FileSystem.kind(of: candidate) == .file {
      executable = candidate
      self.folder = folder
      return
    }
    return nil
  }

  /// Runs `git -C folder ARGUMENTS` to its end.
  func run(_ arguments: [String]) -> Result {
    guard let process = try? ChildProcess(executable: executable, arguments: ["-C", folder] + arguments)
    else {
      return Result(status: -1, output: [], errors: Array("cannot start \(executable)".utf8))
    }
    let (status, output, errors) = process.collectOutput()
    return Result(status: status, output: output, errors: errors)
  }
}
