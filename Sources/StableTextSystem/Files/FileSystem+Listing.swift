import CStableTextSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Folders listed with what each name is, without following symbolic links (`lstat`'s view, as
/// a walk that must not loop needs it), and one path segment matched against a shell pattern.
extension FileSystem {
  /// What a name in a folder is, not following a symbolic link.
  public enum LinkKind: Hashable, Sendable {
    case directory
    case symbolicLink
    case other
  }

  /// One name in a listed folder.
  public struct ListedName: Hashable, Sendable {
    public var name: String
    public var kind: LinkKind

    public init(_ name: String, _ kind: LinkKind) {
      self.name = name
      self.kind = kind
    }
  }

  /// The names in the folder at `path` (without `.` and `..`) with their kinds, in the order the
  /// system gives, and what a stat of the folder says (its modification time changes whenever a
  /// name is added, removed or renamed); nil when it cannot be listed. A symbolic link to a
  /// folder is followed (as a path walk follows it); the names in it are not.
  public static func listing(of path: String) -> (names: [ListedName], entry: Entry)? {
    guard let folder = opendir(path) else { return nil }
    defer { closedir(folder) }
    return names(in: folder)
  }

  /// The names in the first `count` bytes of `buffer`, records as getdents64 writes them
  /// (`d_reclen` at byte 16, `d_type` at 18, the name from 19 to its NUL), appended to `names`
  /// as readdir gives them (without `.` and `..`). `folder`: the open folder, for a name whose
  /// kind the file system does not say.
  static func appendNames(
    _ count: Int, in buffer: UnsafeRawBufferPointer, folder: Int32, to names: inout [ListedName]
  ) {
    guard let base = buffer.baseAddress else { return }
    var offset = 0
    while offset + 19 < count {
      let record = base + offset
      // Fits: a record's length is a UInt16.
      let length = Int(record.loadUnaligned(fromByteOffset: 16, as: UInt16.self))
      guard length > 0 else { return }
      let type = record.loadUnaligned(fromByteOffset: 18, as: UInt8.self)
      let name = String(cString: (record + 19).assumingMemoryBound(to: CChar.self))
      offset += length
      if name == "." || name == ".." { continue }
      names.append(ListedName(name, kind(type: type, of: name, in: folder)))
    }
  }

  /// What a listed name is, by its `d_type`; for a file system that does not say, asked without
  /// following a link.
  private static func kind(type: UInt8, of name: String, in folder: Int32) -> LinkKind {
    // Fits: `d_type` is a byte and the DT_ constants are below 16.
    switch Int32(type) {
    case Int32(DT_DIR): return .directory
    case Int32(DT_LNK): return .symbolicLink
    case Int32(DT_UNKNOWN):
      var inner = stat()
      guard fstatat(folder, name, &inner, AT_SYMLINK_NOFOLLOW) == 0 else { return .other }
      switch inner.st_mode & S_IFMT {
      case S_IFDIR: return .directory
      case S_IFLNK: return .symbolicLink
      default: return .other
      }
    default: return .other
    }
  }

  /// The names in the open folder `folder` with their kinds, and what a stat of it says.
  static func names(in folder: OpaquePointer) -> (names: [ListedName], entry: Entry)? {
    let descriptor = dirfd(folder)
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return nil }
    var names: [ListedName] = []
    while let item = readdir(folder) {
      let name = entryName(item)
      if name == "." || name == ".." { continue }
      names.append(ListedName(name, kind(type: item.pointee.d_type, of: name, in: descriptor)))
    }
    return (names, entry(of: info))
  }

  /// What is at `path` without following a final symbolic link (nil: nothing, not even a
  /// dangling link), and what a stat that follows it says (`absent` for a dangling link).
  public static func linkEntry(at path: String) -> (kind: LinkKind, entry: Entry)? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    switch info.st_mode & S_IFMT {
    case S_IFDIR: return (.directory, entry(of: info))
    case S_IFLNK: return (.symbolicLink, entry(at: path))
    default: return (.other, entry(of: info))
    }
  }

  /// The whole content of the regular file at `path` (at most `limit` bytes), with what a stat of
  /// the open file says, for a caller that watches what it read: the signature is of the very
  /// file read, taken before its bytes.
  public static func smallFileAndEntry(at path: String, limit: Int) -> Result<
    ([UInt8], Entry), SmallFileProblem
  > {
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
    guard fd >= 0 else { return .failure(.unreadable(reason: lastError())) }
    var info = stat()
    guard fstat(fd, &info) == 0 else {
      close(fd)
      return .failure(.unreadable(reason: lastError()))
    }
    let seen = entry(of: info)
    return readSmallFile(fd, limit).map { ($0, seen) }
  }

  /// Whether the file name `name` matches the shell pattern `pattern` (one path segment):
  /// `fnmatch(3)` with, when `leadingDot` is false, `FNM_PERIOD` (a leading `.` only by a `.` in
  /// the pattern), and with glibc `FNM_EXTMATCH` (`+(a|b)`, `@(…)`, `!(…)`, `*(…)`, `?(…)`).
  public static func segmentMatches(_ pattern: String, _ name: String, leadingDot: Bool = false) -> Bool {
    stabletext_fnmatch_segment(pattern, name, leadingDot ? 0 : 1) == 0
  }
}
