#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The few file operations the commands need, straight on the C library (in place of
/// Foundation's `FileManager`).
public enum FileSystem {
  /// What a path names.
  public enum Kind: Sendable, Equatable {
    case file, directory, other
  }

  /// What `path` names (following symbolic links), or nil when nothing is there.
  public static func kind(of path: String) -> Kind? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    switch info.st_mode & S_IFMT {
    case S_IFDIR: return .directory
    case S_IFREG: return .file
    default: return .other
    }
  }

  /// The whole content of the file at `path`, or nil when it cannot be opened or read.
  public static func contents(of path: String) -> [UInt8]? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    return readAll(fd)
  }

  /// Everything left on `fd` until its end (standard input, say), or nil when reading failed.
  public static func readAll(_ fd: Int32) -> [UInt8]? {
    var bytes: [UInt8] = []
    let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 1)
    defer { chunk.deallocate() }
    while true {
      guard let count = FileDescriptorIO.readSome(fd, into: chunk) else { return nil }
      if count == 0 { return bytes }
      bytes.append(contentsOf: chunk[..<count])
    }
  }

  /// Why the last call of the C library failed, in its words (`No such file or directory`).
  public static func lastError() -> String { String(cString: strerror(errno)) }

  /// Reads the file at `path` (standard input for `nil`) in pieces of at most `pieceSize`
  /// bytes, calling `body` with each in order, until the end or until `body` returns false.
  /// The reason it could not be opened or read (`No such file or directory`), or nil. The
  /// size of a regular file is given to `sized` first. With `regularOnly`, a path that is not a
  /// regular file (a device such as `/dev/zero`, a FIFO, a socket) is refused before a byte is
  /// read: it is opened without blocking (a FIFO with no writer answers at once) and checked
  /// with `fstat` once open, so a link that points elsewhere is judged by what it reaches.
  public static func read(
    _ path: String?, pieceSize: Int = 1 << 20, regularOnly: Bool = false,
    sized: (Int) -> Bool = { _ in true },
    _ body: (UnsafeRawBufferPointer) -> Bool
  ) -> String? {
    let flags = O_RDONLY | O_CLOEXEC | (regularOnly ? O_NONBLOCK | O_NOCTTY : 0)
    let fd = path.map { open($0, flags) } ?? 0
    guard fd >= 0 else { return lastError() }
    defer { if path != nil { close(fd) } }
    var info = stat()
    if fstat(fd, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR { return "Is a directory" }
    if regularOnly && path != nil {
      guard fstat(fd, &info) == 0 else { return lastError() }
      if let what = kindName(info.st_mode) { return "it is \(what), not a regular file" }
      // A regular file never blocks; reads go on as for any other.
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
    }
    if fstat(fd, &info) == 0 && info.st_mode & S_IFMT == S_IFREG && !sized(Int(info.st_size)) { return nil }
    let piece = UnsafeMutableRawBufferPointer.allocate(byteCount: pieceSize, alignment: 1)
    defer { piece.deallocate() }
    while true {
      guard let count = FileDescriptorIO.readSome(fd, into: piece) else { return lastError() }
      if count == 0 { return nil }
      if !body(UnsafeRawBufferPointer(rebasing: piece[..<count])) { return nil }
    }
  }

  /// What a mode that is not a regular file's names (`a character device`), nil for a regular
  /// file.
  static func kindName(_ mode: mode_t) -> String? {
    switch mode & S_IFMT {
    case S_IFREG: return nil
    case S_IFDIR: return "a directory"
    case S_IFCHR: return "a character device"
    case S_IFBLK: return "a block device"
    case S_IFIFO: return "a FIFO"
    case S_IFSOCK: return "a socket"
    default: return "not a file"
    }
  }

  /// Writes `bytes` to `path`, replacing what was there; false when it cannot. With
  /// `followingLink: false` a symbolic link at the end of the path is not followed (the write
  /// fails): for a path `resolveForWriting` gave.
  public static func write(_ bytes: [UInt8], to path: String, followingLink: Bool = true) -> Bool {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | (followingLink ? 0 : O_NOFOLLOW), 0o644)
    guard fd >= 0 else { return false }
    let written = FileDescriptorIO.writeAll(fd, bytes)
    return close(fd) == 0 && written
  }

  /// The names in the folder at `path` (without `.` and `..`), in no particular order.
  public static func entries(of path: String) -> [String]? {
    guard let folder = opendir(path) else { return nil }
    defer { closedir(folder) }
    var names: [String] = []
    while let entry = readdir(folder) {
      let name = entryName(entry)
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }

  /// The name of the folder entry `readdir` gave, read in place up to its NUL. Never as a copy of
  /// `d_name`: a record holds only as many bytes of its 256-byte array as its name needs, so a copy
  /// of the whole array can read past the end of the listing's buffer (a crash at a page's end).
  static func entryName(_ entry: UnsafeMutablePointer<dirent>) -> String {
    let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
    return String(cString: UnsafeRawPointer(entry).advanced(by: offset).assumingMemoryBound(to: CChar.self))
  }

  /// The working directory, or nil when it cannot be told (removed, say).
  public static func currentDirectory() -> String? {
    guard let path = getcwd(nil, 0) else { return nil }
    defer { free(path) }
    return String(cString: path)
  }

  /// Where temporary files go: `$TMPDIR`, else `/tmp`.
  public static var temporaryDirectory: String {
    if let value = getenv("TMPDIR"), value.pointee != 0 { return String(cString: value) }
    return "/tmp"
  }

  /// The path of the running executable, when the system says (Linux's `/proc/self/exe`).
  public static func executablePath() -> String? {
    #if os(Linux)
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
      guard count > 0 else { return nil }
      return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    #else
      return nil
    #endif
  }

  /// `name` joined to the folder `folder` with one `/`.
  public static func join(_ folder: String, _ name: String) -> String {
    folder.hasSuffix("/") ? folder + name : folder + "/" + name
  }

  /// The last component of `path` (`a/b.session` → `b.session`).
  public static func lastComponent(of path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    return trimmed.split(separator: "/").last.map(String.init) ?? String(trimmed)
  }
}
