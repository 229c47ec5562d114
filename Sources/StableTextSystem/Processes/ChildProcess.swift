import CStableTextSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A child process with pipes for its standard streams, started with `posix_spawn` (in place of
/// Foundation's `Process`).
///
/// The child starts in a process group of its own (so the group is the child and whatever it
/// starts, and can be signalled as one), with no signal blocked and every signal's action the
/// default: a parent that ignores `SIGPIPE`, or a thread that blocks `SIGTERM`, does not pass
/// that on. Nothing but the three pipes is inherited (every other descriptor is closed in the
/// child).
///
/// A child still running when this process exits is killed with its group (`endAll`: an `atexit`
/// handler, and the daemon's termination signals before `_exit`), so that a git the daemon asked
/// does not outlive it, hung or not.
public final class ChildProcess: @unchecked Sendable {
  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }

  public let pid: pid_t
  /// The write end of the child's standard input (-1 once `closeInput` closed it).
  public private(set) var standardInput: Int32
  /// The read ends of the child's standard output and standard error.
  public let standardOutput: Int32
  public let standardError: Int32

  private let state = ConditionLock()
  private var status: Int32?

  /// Starts `executable` (a path; no `PATH` search) with `arguments`, in `environment` (this
  /// process's own when nil).
  public init(executable: String, arguments: [String], environment: [String: String]? = nil) throws {
    let input = try Self.pipe(), output = try Self.pipe(), errors = try Self.pipe()
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, input.read, 0)
    posix_spawn_file_actions_adddup2(&actions, output.write, 1)
    posix_spawn_file_actions_adddup2(&actions, errors.write, 2)
    _ = stabletext_spawn_close_from(&actions, 3)

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t(), all = sigset_t()
    sigemptyset(&none)
    sigfillset(&all)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setpgroup(&attributes, 0)
    // Fits: the flags are small constants.
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

    let argv = ([executable] + arguments).map { strdup($0) }
    let environmentLines = environment.map { $0.map { "\($0.key)=\($0.value)" }.sorted() }
    let envp = environmentLines?.map { strdup($0) }
    defer {
      for pointer in argv { free(pointer) }
      for pointer in envp ?? [] { free(pointer) }
    }
    var child = pid_t()
    let result = (argv + [nil]).withUnsafeBufferPointer { argvBuffer in
      if let envp {
        return (envp + [nil]).withUnsafeBufferPointer { envpBuffer in
          posix_spawn(
            &child, executable, &actions, &attributes, argvBuffer.baseAddress!, envpBuffer.baseAddress!)
        }
      }
      return posix_spawn(&child, executable, &actions, &attributes, argvBuffer.baseAddress!, environ)
    }
    close(input.read)
    close(output.write)
    close(errors.write)
    guard result == 0 else {
      close(input.write)
      close(output.read)
      close(errors.read)
      throw Failure(description: "cannot start \(executable): \(String(cString: strerror(result)))")
    }
    pid = child
    standardInput = input.write
    standardOutput = output.read
    standardError = errors.read
    Self.running.withLock {
      Self.runningGroups.insert(child)
      if !Self.handlerSet {
        Self.handlerSet = true
        atexit { ChildProcess.endAll() }
      }
    }
  }

  /// The children started and not yet reaped (each the leader of its process group), and
  /// whether the `atexit` handler is set.
  private static let running = ConditionLock()
  nonisolated(unsafe) private static var runningGroups: Set<pid_t> = []
  nonisolated(unsafe) private static var handlerSet = false

  /// Kills every child not yet reaped, with its process group (on the way out: an `atexit`
  /// handler, and the daemon's termination signals before `_exit`). A child that ended and was
  /// not reaped is a zombie whose id no other process can have yet, so no stranger is signalled.
  public static func endAll() {
    running.withLock {
      for group in runningGroups where kill(-group, SIGKILL) != 0 { kill(group, SIGKILL) }
    }
  }

  deinit {
    if standardInput >= 0 { close(standardInput) }
    close(standardOutput)
    close(standardError)
  }

  /// Ends the child's standard input. Not to be called while another thread writes to it.
  public func closeInput() {
    state.withLock {
      if standardInput >= 0 { close(standardInput) }
      standardInput = -1
    }
  }

  /// A pipe whose both ends close on `exec` (the child gets its ends through `dup2`).
  private static func pipe() throws -> (read: Int32, write: Int32) {
    var ends: [Int32] = [-1, -1]
    let made = stabletext_pipe_cloexec(&ends)
    guard made == 0 else { throw Failure(description: "cannot make a pipe (errno \(errno))") }
    return (ends[0], ends[1])
  }

  /// Whether the child has not ended yet (an ended child is reaped here).
  public var isRunning: Bool {
    state.withLock {
      if status != nil { return false }
      var raw: Int32 = 0
      if waitpid(pid, &raw, WNOHANG) == pid {
        status = Self.decode(raw)
        _ = Self.running.withLock { Self.runningGroups.remove(pid) }
      }
      return status == nil
    }
  }

  /// The exit status once the child ended (for a child a signal ended, the signal's number, as
  /// Foundation reports it), nil while it runs.
  public var terminationStatus: Int32? {
    _ = isRunning
    return state.withLock { status }
  }

  /// Blocks until the child ends (its exit status) or `deadline` passes (nil).
  @discardableResult
  public func waitForExit(until deadline: MonotonicTime? = nil) -> Int32? {
    while true {
      if let status = terminationStatus { return status }
      if let deadline, deadline.hasPassed { return nil }
      MonotonicTime.sleep(seconds: 0.002)
    }
  }

  /// Sends `signal` to the child's process group (the child and everything it started, even
  /// after the child itself ended), or to the child alone if it left the group.
  public func signalGroup(_ signal: Int32) {
    if kill(-pid, signal) != 0 && isRunning { kill(pid, signal) }
  }

  /// `WIFEXITED`/`WEXITSTATUS`/`WTERMSIG`, which are macros the importer cannot see.
  private static func decode(_ raw: Int32) -> Int32 {
    let signal = raw & 0x7f
    return signal == 0 ? (raw >> 8) & 0xff : signal
  }
}
