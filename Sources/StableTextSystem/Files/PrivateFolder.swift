#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A folder of the process's own under the temporary directory (`$TMPDIR/PREFIX-XXXXXX`, mode
/// 0700), written only through it and removed on every way out: `remove()`, the object's end,
/// `exit` (an `atexit` handler), and the daemon's termination signals (`PrivateFolder.removeAll()`
/// before `_exit`). Nothing is ever written outside it: folders are made with `mkdirat` and
/// entered with `O_NOFOLLOW`, files are made new with `O_CREAT | O_EXCL | O_NOFOLLOW` and checked
/// to be regular files once open, so a symbolic link or a FIFO put inside is never followed or
/// opened; names are single components (no `/`, `.` or `..`).
public final class PrivateFolder: @unchecked Sendable {
  /// The folder's path.
  public let path: String
  /// The folder, open (nil once removed).
  private var descriptor: Int32?

  /// Every private folder not yet removed, and whether the `atexit` handler is set.
  private static let lock = ConditionLock()
  nonisolated(unsafe) private static var live: [ObjectIdentifier: PrivateFolder] = [:]
  nonisolated(unsafe) private static var handlerSet = false

  /// A new private folder named from `prefix`, or nil when none can be made.
  public init?(prefix: String) {
    guard let made = FileSystem.makeTemporaryFolder(prefix: prefix) else { return nil }
    let fd = open(made, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    guard fd >= 0 else {
      rmdir(made)
      return nil
    }
    path = made
    descriptor = fd
    Self.lock.withLock {
      Self.live[ObjectIdentifier(self)] = self
      if !Self.handlerSet {
        Self.handlerSet = true
        atexit { PrivateFolder.removeAll() }
      }
    }
  }

  deinit {
    // `live` holds every folder until it is removed, so this runs only after `remove()`.
    if let descriptor { close(descriptor) }
  }

  /// Removes the folder and everything in it; later writes do nothing.
  public func remove() {
    Self.lock.withLock {
      Self.live[ObjectIdentifier(self)] = nil
      removeHoldingLock()
    }
  }

  /// Removes every private folder of the process (on its way out).
  public static func removeAll() {
    lock.withLock {
      for folder in live.values { folder.removeHoldingLock() }
      live.removeAll()
    }
  }

  private func removeHoldingLock() {
    guard let fd = descriptor else { return }
    close(fd)
    descriptor = nil
    FileSystem.removeTree(path)
  }

  /// The path of the folder for a library that reads files in it by path: on Linux
  /// `/proc/self/fd/N`, whose ancestors (`/proc`, `/proc/self`, `/proc/self/fd`) no one can put
  /// a file in, so a library that opens a file in every ancestor of the path it is given never
  /// opens one outside the folder; elsewhere the folder's own path.
  public func pathForLibrary() -> String {
    Self.lock.withLock {
      guard let fd = descriptor else { return path }
      #if os(Linux)
        let proc = "/proc/self/fd/\(fd)"
        var mine = stat()
        var there = stat()
        if fstat(fd, &mine) == 0, stat(proc, &there) == 0, mine.st_dev == there.st_dev,
          mine.st_ino == there.st_ino
        {
          return proc
        }
      #endif
      return path
    }
  }

  /// Writes `bytes` as the new file `name` in the folder `folders` (component by component, made
  /// as needed) below this one, replacing what was there; false when it cannot (a component is
  /// not a folder made here, the folder was removed).
  @discardableResult
  public func write(_ bytes: [UInt8], to folders: [String], name: String) -> Bool {
    guard Self.isComponent(name) else { return false }
    return Self.lock.withLock {
      guard let folder = enter(folders, making: true) else { return false }
      defer { if folder != descriptor { close(folder) } }
      if unlinkat(folder, name, 0) != 0 && errno != ENOENT { return false }
      let fd = openat(folder, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK, 0o600)
      guard fd >= 0 else { return false }
      var info = stat()
      guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
        close(fd)
        return false
      }
      let written = FileDescriptorIO.writeAll(fd, bytes)
      return close(fd) == 0 && written
    }
  }

  /// Removes the file `name` in the folder `folders` below this one, if there is one.
  public func removeFile(in folders: [String], name: String) {
    guard Self.isComponent(name) else { return }
    Self.lock.withLock {
      guard let folder = enter(folders, making: false) else { return }
      unlinkat(folder, name, 0)
      if folder != descriptor { close(folder) }
    }
  }

  /// The folder `folders` below this one, open (the folder's own descriptor for none; the
  /// caller closes any other), made as it goes when `making`; nil when a component is not a
  /// plain name or not a folder (a symbolic link is never entered).
  private func enter(_ folders: [String], making: Bool) -> Int32? {
    guard let root = descriptor else { return nil }
    var current = root
    for component in folders {
      guard Self.isComponent(component) else {
        if current != root { close(current) }
        return nil
      }
      if making { mkdirat(current, component, 0o700) }
      let next = openat(current, component, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
      if current != root { close(current) }
      guard next >= 0 else { return nil }
      current = next
    }
    return current
  }

  /// A name of one component: not empty, not `.` or `..`, no `/` and no NUL.
  static func isComponent(_ name: String) -> Bool {
    !name.isEmpty && name != "." && name != ".." && !name.utf8.contains(UInt8(ascii: "/"))
      && !name.utf8.contains(0)
  }
}
