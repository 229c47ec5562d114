import StableTextCheck
import StableTextJSON
import StableTextProject
import StableTextProtocol
import StableTextSystem

/// Where a message "will be committed from" (a tool's `path`: the work tree, or any folder or file
/// in it or in its git directory) stands for: the repository's message file, the
/// `COMMIT_EDITMSG` in its git directory, which the commit-msg hook checks (Protocol/README.md,
/// "MCP": "Paths"). The tools check their message as that file, so the repository's
/// configuration applies exactly as in the hook; the file itself is neither read nor written.
enum CommitTarget {
  /// The message file of `path`'s repository, or the failure naming `field` (the argument's path).
  static func messageFile(_ path: String, field: JSONPath) throws(JSONFieldError) -> String {
    func fail(_ problem: String) -> JSONFieldError { JSONFieldError(path: field, problem: problem) }
    guard !path.isEmpty else { throw fail("empty; name a folder or file in the repository") }
    // A relative path is the server's working directory's.
    let absolute = FileSystem.absolute(path) ?? path
    guard let kind = FileSystem.kind(of: absolute) else {
      throw fail("no such file or folder: \(Echo.clipped(path))")
    }
    let folder = kind == .directory ? absolute : FileSystem.folder(of: absolute)
    // The path decides the repository: a `GIT_DIR` this server was started with does not.
    guard let git = Git(folder: folder, isolated: true) else {
      throw fail("git is not on this server's PATH, so no repository can be found")
    }
    let asked = git.run(["rev-parse", "--absolute-git-dir"])
    guard asked.status == 0, !asked.text.isEmpty else {
      throw fail("\(Echo.clipped(path)) is not in a git repository (git says: \(asked.reason))")
    }
    return FileSystem.join(asked.text, "COMMIT_EDITMSG")
  }
}

/// A `path` argument as read (its value and where it was), resolved when the tool runs, off the
/// handler's thread: asking git takes a process.
struct PathArgument: Sendable {
  var path: String
  var field: JSONPath

  /// The argument `name` of `arguments`, when given (or `required`).
  static func read(_ name: String, of arguments: ToolArguments, required: Bool) throws(JSONFieldError)
    -> PathArgument?
  {
    guard let path = try arguments.string(name, required: required, maxBytes: 4_096) else { return nil }
    return PathArgument(path: path, field: arguments.object[name].path)
  }

  /// `body`'s answer for the message file, or the failure naming the argument.
  func withMessageFile(_ body: (String) -> MCPCallToolResult) -> MCPCallToolResult {
    do throws(JSONFieldError) {
      return body(try CommitTarget.messageFile(path, field: field))
    } catch {
      return MCPCallToolResult(text: error.description, isError: true)
    }
  }
}

extension MCPCallToolResult {
  /// The problems of a file's configuration files as `check` says them (and, for an invalid
  /// file, exits 2): a failure when one is invalid, else nil and the lines `said` (warnings).
  static func refusal(_ problems: [ConfigurationProblem], said: inout [String]) -> MCPCallToolResult? {
    var report = CheckReport(format: .text, columnUnit: .display, commits: false, inMemory: true)
    var configuration = ConfigurationReport(strict: false)
    let judged = configuration.say(problems, report: &report)
    said = report.output.errors.map { $0.hasSuffix("\n") ? String($0.dropLast()) : $0 }
    return judged ? nil : MCPCallToolResult(text: said.joined(separator: "\n"), isError: true)
  }
}
