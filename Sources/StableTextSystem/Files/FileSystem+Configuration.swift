#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a stat says of a file, enough to tell that it changed: device, inode, size, and the
/// modification and status-change times to the nanosecond (an editor that writes a new file and
/// renames it over the old one changes the inode; one that writes in place changes the times).
public struct FileSignature: Hashable, Sendable {
  public var device: UInt64
  public var inode: UInt64
  public var size: Int64
  public var modified: Int64
  public var changed: Int64
}

extension FileSystem {
  /// What is at a path, as configuration lookups need it.
  public enum Entry: Hashable, Sendable {
    /// Nothing, or a folder on the way that cannot be searched (skipped silently).
    case absent
    /// A regular file (following symbolic links).
    case file(FileSignature)
    /// Something that is not a regular file: a folder, a FIFO, a device, a socket, a symbolic
    /// link that loops. `what` says which, for a message.
    case notAFile(what: String, FileSignature?)
  }

  /// What is at `path`, following symbolic links.
  public static func entry(at path: String) -> Entry {
    var info = stat()
    guard stat(path, &info) == 0 else {
      // A loop of symbolic links is something there that is not a file; anything else (no such
      // file, a folder on the way that cannot be read or is not a folder) is nothing.
      return errno == ELOOP ? .notAFile(what: "a loop of symbolic links", nil) : .absent
    }
    return entry(of: info)
  }

  /// What a stat says, as configuration lookups need it.
  static func entry(of info: stat) -> Entry {
    // Fits: dev_t and ino_t are unsigned 64-bit, off_t and time_t signed 64-bit on Linux; the
    // times only need to differ when the file does (wrapping arithmetic).
    let signature = FileSignature(
      device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
      modified: Int64(info.st_mtim.tv_sec) &* 1_000_000_000 &+ Int64(info.st_mtim.tv_nsec),
      changed: Int64(info.st_ctim.tv_sec) &* 1_000_000_000 &+ Int64(info.st_ctim.tv_nsec))
    switch info.st_mode & S_IFMT {
    case S_IFREG: return .file(signature)
    case S_IFDIR: return .notAFile(what: "a directory", signature)
    case S_IFIFO: return .notAFile(what: "a FIFO", signature)
    case S_IFSOCK: return .notAFile(what: "a socket", signature)
    default: return .notAFile(what: "a device", signature)
    }
  }

  /// Why a small file could not be read whole.
  public enum SmallFileProblem: Error, Equatable, Sendable {
    case tooLarge(limit: Int)
    case notAFile(what: String)
    case unreadable(reason: String)
  }

  /// The whole content of the regular file at `path`, when it has at most `limit` bytes. Opened
  /// without blocking (a FIFO put in its place answers at once) and checked to be a regular file
  /// once open, so nothing can make the read wait.
  public static func smallFile(at path: String, limit: Int) -> Result<[UInt8], SmallFileProblem> {
    readSmallFile(open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY), limit)
  }

  /// The content of the regular file open on `fd` (-1: opening failed), closing it.
  static func readSmallFile(_ fd: Int32, _ limit: Int) -> Result<[UInt8], SmallFileProblem> {
    guard fd >= 0 else { return .failure(.unreadable(reason: lastError())) }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { return .failure(.unreadable(reason: lastError())) }
    guard info.st_mode & S_IFMT == S_IFREG else {
      return .failure(
        .notAFile(what: info.st_mode & S_IFMT == S_IFDIR ? "a directory" : "not a regular file"))
    }
    guard Int(info.st_size) <= limit else { return .failure(.tooLarge(limit: limit)) }
    var bytes: [UInt8] = []
    let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 1)
    defer { chunk.deallocate() }
    while true {
      guard let count = FileDescriptorIO.readSome(fd, into: chunk) else {
        return .failure(.unreadable(reason: lastError()))
      }
      if count == 0 { return .success(bytes) }
      bytes.append(contentsOf: chunk[..<count])
      // It grew while being read.
      if bytes.count > limit { return .failure(.tooLarge(limit: limit)) }
    }
  }

  /// A new folder of the caller's own (mode 0700) under the temporary directory, named from
  /// `prefix`; nil when none can be made.
  public static func makeTemporaryFolder(prefix: String) -> String? {
    var template = Array(join(temporaryDirectory, prefix + "XXXXXX").utf8CString)
    return template.withUnsafeMutableBufferPointer { buffer in
      mkdtemp(buffer.baseAddress!).map { String(cString: $0) }
    }
  }

  /// Makes the folder at `path` and every missing folder above it; false when one cannot be.
  public static func makeFolders(_ path: String) -> Bool {
    var built = ""
    for component in path.split(separator: "/") {
      built += "/" + component
      if mkdir(built, 0o700) != 0 && errno != EEXIST { return false }
    }
    return true
  }

  /// Removes the file or folder at `path` and everything in it (symbolic links are removed,
  /// never followed).
  public static func removeTree(_ path: String) {
    var info = stat()
    guard lstat(path, &info) == 0 else { return }
    if info.st_mode & S_IFMT == S_IFDIR {
      for name in entries(of: path) ?? [] { removeTree(join(path, name)) }
      rmdir(path)
    } else {
      unlink(path)
    }
  }

  /// Removes the file at `path`, if there is one.
  public static func remove(_ path: String) { unlink(path) }

  /// The folder part of a path (`/a/b/c.txt` → `/a/b`, `/c` → `/`, `c` → `.`).
  public static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// `path` made absolute against the working directory and normalised without touching the
  /// disk: `.` and empty components dropped, `..` removes the component before it (symbolic
  /// links are not resolved, so the ancestors are the path's own).
  public static func absolute(_ path: String) -> String? {
    let whole: String
    if path.hasPrefix("/") {
      whole = path
    } else {
      guard let here = currentDirectory() else { return nil }
      whole = join(here, path)
    }
    var parts: [Substring] = []
    for component in whole.split(separator: "/") {
      if component == "." { continue }
      if component == ".." {
        if !parts.isEmpty { parts.removeLast() }
        continue
      }
      parts.append(component)
    }
    return "/" + parts.joined(separator: "/")
  }

  /// The canonical absolute path of what is at `path` (symbolic links, `.` and `..` resolved),
  /// or nil when there is nothing there: to tell whether two paths name one folder.
  public static func real(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}
