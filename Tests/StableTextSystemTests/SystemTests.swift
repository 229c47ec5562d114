import StableTextSystem
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// What the daemon uses in place of Foundation: child processes, files, the clock, formatting.
@Suite struct SystemTests {
  @Test(arguments: [
    (0.0, 1, "0.0"), (1.25, 1, "1.3"), (-1.25, 1, "-1.3"), (2.5, 0, "3"), (0.0004, 3, "0.000"),
    (-0.0004, 3, "0.000"), (12.3456, 3, "12.346"), (0.05, 2, "0.05"), (1e6 + 0.5, 0, "1000001"),
    (Double.infinity, 2, "inf"),
  ])
  func fixedDecimals(value: Double, digits: Int, text: String) {
    #expect(value.fixed(digits) == text)
  }

  /// Standard streams, the exit status, the environment given, and a failure to start.
  @Test func childProcessStreamsStatusAndEnvironment() throws {
    let child = try ChildProcess(
      executable: "/bin/sh", arguments: ["-c", "read line; echo \"$line $GREETING\"; echo oops >&2; exit 3"],
      environment: ["GREETING": "안녕", "PATH": "/usr/bin:/bin"])
    #expect(FileDescriptorIO.writeAll(child.standardInput, "hello\n"))
    child.closeInput()
    #expect(String(decoding: FileSystem.readAll(child.standardOutput)!, as: UTF8.self) == "hello 안녕\n")
    #expect(String(decoding: FileSystem.readAll(child.standardError)!, as: UTF8.self) == "oops\n")
    #expect(child.waitForExit() == 3)
    #expect(child.isRunning == false)

    #expect(throws: ChildProcess.Failure.self) {
      try ChildProcess(executable: "/nonexistent/server", arguments: [])
    }
    do {
      _ = try ChildProcess(executable: "/nonexistent/server", arguments: [])
    } catch {
      #expect("\(error)" == "cannot start /nonexistent/server: No such file or directory")
    }
  }

  /// The child gets every signal's default action and no blocked signal, whatever the starting
  /// thread blocks (Swift Testing's threads block SIGTERM), and its group is signalled as one:
  /// a shell's background child ends with it.
  @Test func childProcessGroupEndsOnSigterm() throws {
    var blocked = sigset_t()
    sigemptyset(&blocked)
    sigaddset(&blocked, SIGTERM)
    var before = sigset_t()
    pthread_sigmask(SIG_BLOCK, &blocked, &before)
    defer { pthread_sigmask(SIG_SETMASK, &before, nil) }
    let child = try ChildProcess(executable: "/bin/sh", arguments: ["-c", "sleep 30 & echo $!; wait"])
    var line: [UInt8] = []
    var byte: UInt8 = 0
    while read(child.standardOutput, &byte, 1) == 1 && byte != 10 { line.append(byte) }
    let background = Int32(String(decoding: line, as: UTF8.self))!
    #expect(kill(background, 0) == 0)
    child.signalGroup(SIGTERM)
    #expect(child.waitForExit() == SIGTERM)
    let deadline = MonotonicTime.after(seconds: 5)
    while kill(background, 0) == 0 && !deadline.hasPassed { MonotonicTime.sleep(seconds: 0.01) }
    #expect(kill(background, 0) != 0, "the shell's background child outlived the group's SIGTERM")
  }

  @Test func filesAndFolders() throws {
    let folder = FileSystem.join(FileSystem.temporaryDirectory, "st-system-\(getpid())")
    #expect(mkdir(folder, 0o755) == 0)
    defer {
      for name in FileSystem.entries(of: folder) ?? [] { unlink(FileSystem.join(folder, name)) }
      rmdir(folder)
    }
    let path = FileSystem.join(folder, "a b.session")
    #expect(FileSystem.write(Array("한 줄\n".utf8), to: path))
    #expect(FileSystem.contents(of: path) == Array("한 줄\n".utf8))
    #expect(FileSystem.kind(of: path) == .file)
    #expect(FileSystem.kind(of: folder) == .directory)
    #expect(FileSystem.kind(of: folder + "/missing") == nil)
    #expect(FileSystem.contents(of: folder + "/missing") == nil)
    #expect(FileSystem.entries(of: folder) == ["a b.session"])
    #expect(FileSystem.lastComponent(of: path) == "a b.session")
    #expect(FileSystem.lastComponent(of: "/x/y/") == "y")
    #expect(FileSystem.join("a/", "b") == "a/b")
    #expect(FileSystem.executablePath().flatMap { FileSystem.kind(of: $0) } == .file)
  }

  @Test func timedWaitEndsAtTheDeadline() {
    let lock = ConditionLock()
    let start = MonotonicTime.now()
    let woken = lock.withLock { lock.wait(until: .after(seconds: 0.05)) }
    #expect(woken == false)
    #expect(MonotonicTime.now().seconds(since: start) >= 0.05)
  }
}
