import CStableTextSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Everything a child started, followed even when it left the child's process group (`setsid`,
/// a daemon's double fork), which signalling the group does not reach: the child is given a
/// mark in its environment, which its descendants inherit, and this process becomes the reaper
/// of its orphans, so that whatever is found with the mark once the child ended can be ended
/// and reaped here. (A process that clears its environment on purpose escapes the mark.)
public enum ProcessScope {
  /// The environment variable that carries the mark.
  public static let variable = "STABLETEXT_SCOPE"

  /// Makes this process the reaper of its orphaned descendants; false where the system cannot.
  @discardableResult
  public static func becomeSubreaper() -> Bool { stabletext_become_subreaper() == 0 }

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

  /// The running processes whose environment carries `mark` (Linux's `/proc`; none elsewhere).
  public static func members(_ mark: String) -> [Member] {
    let wanted = Array("\(variable)=\(mark)".utf8)
    var found: [Member] = []
    for name in FileSystem.entries(of: "/proc") ?? [] {
      guard let pid = pid_t(name), pid > 0, pid != getpid(),
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

  /// Ends every process with `mark` (`SIGKILL`), reaps those that are this process's children
  /// now, and says which were found (descendants they started meanwhile are found in a later
  /// round, until none is left).
  public static func end(_ mark: String) -> [Member] {
    var ended: [Member] = []
    for _ in 0..<16 {
      let members = members(mark)
      if members.isEmpty { break }
      for member in members {
        kill(member.pid, SIGKILL)
        var status: Int32 = 0
        // An orphan is this process's child once it is the subreaper; others are reaped by theirs.
        _ = waitpid(member.pid, &status, 0)
      }
      ended += members.filter { !ended.map(\.pid).contains($0.pid) }
    }
    return ended
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
