#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Everything a child started, followed even when it left the child's process group (`setsid`,
/// a daemon's double fork), which signalling the group does not reach: the child is given a
/// mark in its environment, which its descendants inherit, so that whatever is found with the
/// mark outside the group once the child ended can be ended. (A process that clears its
/// environment on purpose escapes the mark. The orphans ended are reaped by whoever adopted
/// them: making this process their subreaper would change what its own tests and children see.)
public enum ProcessScope {
  /// The environment variable that carries the mark.
  public static let variable = "STABLETEXT_SCOPE"

  /// A mark no other scope of this process has.
  public static func newMark() -> String {
    markLock.withLock {
      markCounter += 1
      return "\(getpid())-\(markCounter)"
    }
  }
  nonisolated(unsafe) private static var markCounter = 0
  private static let markLock = ConditionLock()

  /// A process found with a mark: its id and its command line (for a report).
  public struct Member: Sendable, Equatable {
    public var pid: pid_t
    public var command: String
  }

  /// The running processes whose environment carries `mark`, outside the process group
  /// `group` (which the caller ends itself) and not already ended (zombies), from Linux's
  /// `/proc` (none elsewhere).
  public static func members(_ mark: String, outsideGroup group: pid_t) -> [Member] {
    let wanted = Array("\(variable)=\(mark)".utf8)
    var found: [Member] = []
    for name in FileSystem.entries(of: "/proc") ?? [] {
      guard let pid = pid_t(name), pid > 0, pid != getpid(), getpgid(pid) != group,
        let stat = FileSystem.contents(of: "/proc/\(name)/stat"), !Self.isZombie(stat),
        let environment = FileSystem.contents(of: "/proc/\(name)/environ")
      else { continue }
      guard environment.split(separator: 0).contains(where: { $0.elementsEqual(wanted) }) else { continue }
      let arguments = FileSystem.contents(of: "/proc/\(name)/cmdline") ?? []
      let command = arguments.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }.joined(
        separator: " ")
      found.append(Member(pid: pid, command: command))
    }
    return found.sorted { $0.pid < $1.pid }
  }

  /// Ends every process with `mark` outside `group` (`SIGKILL`) and says which were found
  /// (descendants they started meanwhile are found in a later round, until none is left).
  public static func end(_ mark: String, outsideGroup group: pid_t) -> [Member] {
    var ended: [Member] = []
    for _ in 0..<16 {
      let members = members(mark, outsideGroup: group).filter { !ended.map(\.pid).contains($0.pid) }
      if members.isEmpty { break }
      for member in members { kill(member.pid, SIGKILL) }
      ended += members
      // Killed processes take a moment to become zombies.
      MonotonicTime.sleep(seconds: 0.01)
    }
    return ended
  }

  /// Whether a `/proc/PID/stat` line says the process has ended (`Z`, or `X` while it goes).
  private static func isZombie(_ stat: [UInt8]) -> Bool {
    // The state follows the command, which is in parentheses and may hold anything.
    guard let close = stat.lastIndex(of: UInt8(ascii: ")")), close + 2 < stat.count else { return true }
    let state = stat[close + 2]
    return state == UInt8(ascii: "Z") || state == UInt8(ascii: "X")
  }

  /// This process's environment, with `extra` set over it (for a child that needs a mark).
  public static func environment(adding extra: [String: String]) -> [String: String] {
    var result: [String: String] = [:]
    var entry = environ
    while let line = entry.pointee {
      let text = String(cString: line)
      if let equals = text.firstIndex(of: "=") {
        result[String(text[..<equals])] = String(text[text.index(after: equals)...])
      }
      entry += 1
    }
    for (key, value) in extra { result[key] = value }
    return result
  }
}
