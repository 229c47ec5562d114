import StableTextSystem

/// What `check` asks git about the repository a file is in: `core.commentString` (git 2.45) or
/// `core.commentChar`, and `i18n.commitEncoding`, through `git config` (so `git -c …` of the
/// commit that runs the hook is seen: git passes it on in `GIT_CONFIG_PARAMETERS`). Nothing is
/// asked outside a repository, or when no `git` is on `PATH`.
struct GitConfiguration {
  private let git: String
  private let folder: String

  /// The repository holding `folder` (its work tree or its git directory), if any.
  init?(folder: String) {
    guard let git = Self.gitExecutable() else { return nil }
    self.git = git
    self.folder = folder
    guard run(["rev-parse", "--git-dir"]) != nil else { return nil }
  }

  /// A configured value, or nil when it is not set.
  func value(_ key: String) -> String? {
    run(["config", "--get", key]).flatMap { $0.isEmpty ? nil : $0 }
  }

  /// The comment prefix git writes its template with: `core.commentString`, else
  /// `core.commentChar`, unless `auto` (which the scissors line tells instead).
  var commentPrefix: String? {
    guard let value = value("core.commentString") ?? value("core.commentChar"), value != "auto" else {
      return nil
    }
    return value
  }

  /// git's standard output of `git -C folder ARGUMENTS`, without its final newline; nil when git
  /// fails.
  private func run(_ arguments: [String]) -> String? {
    guard let process = try? ChildProcess(executable: git, arguments: ["-C", folder] + arguments) else {
      return nil
    }
    process.closeInput()
    var output: [UInt8] = []
    let piece = UnsafeMutableRawBufferPointer.allocate(byteCount: 4096, alignment: 1)
    defer { piece.deallocate() }
    while let count = FileDescriptorIO.readSome(process.standardOutput, into: piece), count > 0 {
      output += piece[..<count]
    }
    guard process.waitForExit() == 0 else { return nil }
    var text = String(decoding: output, as: UTF8.self)
    while text.hasSuffix("\n") || text.hasSuffix("\r") { text.removeLast() }
    return text
  }

  /// `git` on `PATH`.
  private static func gitExecutable() -> String? {
    let path = ProcessScope.environment(adding: [:])["PATH"] ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":") {
      let candidate = FileSystem.join(String(folder), "git")
      if FileSystem.kind(of: candidate) == .file { return candidate }
    }
    return nil
  }
}
