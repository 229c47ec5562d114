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

  /// The names in the open folder `folder` with their kinds, and what a stat of it says.
  static func names(in folder: OpaquePointer) -> (names: [ListedName], entry: Entry)? {
    let descriptor = dirfd(folder)
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return nil }
    var names: [ListedName] = []
    while let item = readdir(folder) {
      let name = entryName(item)
      if name == "." || name == ".." { continue }
      let kind: LinkKind
      // Fits: `d_type` is a byte and the DT_ constants are below 16.
      switch Int32(item.pointee.d_type) {
      case Int32(DT_DIR): kind = .directory
      case Int32(DT_LNK): kind = .symbolicLink
      case Int32(DT_UNKNOWN):
        // Some file systems do not say; ask, without following a link.
        var inner = stat()
        guard fstatat(descriptor, name, &inner, AT_SYMLINK_NOFOLLOW) == 0 else {
          kind = .other
          break
        }
        switch inner.st_mode & S_IFMT {
        case S_IFDIR: kind = .directory
        case S_IFLNK: kind = .symbolicLink
        default: kind = .other
        }
      default: kind = .other
      }
      names.append(ListedName(name, kind))
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
