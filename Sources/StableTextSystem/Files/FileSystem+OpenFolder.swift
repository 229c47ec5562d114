import CStableTextSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension FileSystem {
  /// A folder held open, so that the many paths below it a walk looks at are resolved from it
  /// (the kernel walks only the part below, not the whole absolute path each time), and small
  /// files whose size a stat already gave are read with the fewest system calls: open, one read,
  /// close. Each answer is the one the absolute path would give.
  public final class OpenFolder {
    private let descriptor: Int32

    /// The folder at `path` (symbolic links followed, as a path walk follows them; only search
    /// permission needed); nil when it cannot be opened.
    public init?(_ path: String) {
      descriptor = stabletext_open_folder(AT_FDCWD, path)
      guard descriptor >= 0 else { return nil }
    }

    deinit { close(descriptor) }

    /// What `linkEntry(at:)` says of the path `relative` below the folder (not empty).
    public func linkEntry(_ relative: String) -> (kind: LinkKind, entry: Entry)? {
      var info = stat()
      guard fstatat(descriptor, relative, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
      switch info.st_mode & S_IFMT {
      case S_IFDIR: return (.directory, FileSystem.entry(of: info))
      case S_IFLNK: return (.symbolicLink, followedEntry(relative))
      default: return (.other, FileSystem.entry(of: info))
      }
    }

    /// What `entry(at:)` says of the path `relative` below the folder (not empty).
    private func followedEntry(_ relative: String) -> Entry {
      var info = stat()
      guard fstatat(descriptor, relative, &info, 0) == 0 else {
        return errno == ELOOP ? .notAFile(what: "a loop of symbolic links", nil) : .absent
      }
      return FileSystem.entry(of: info)
    }

    /// The bytes of the regular file `relative` that a stat just found to hold `size` bytes:
    /// opened without blocking, read once into a buffer one byte larger (a read of a regular file
    /// that returns less than asked has met its end). nil when anything differs from that stat
    /// (it cannot be opened or read, or holds another number of bytes): the caller then reads
    /// it the ordinary way, which says what is wrong.
    public func regularFile(_ relative: String, size: Int) -> [UInt8]? {
      let fd = openat(descriptor, relative, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
      guard fd >= 0 else { return nil }
      defer { close(fd) }
      var matches = false
      let bytes = [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, count in
        let got = FileDescriptorIO.readSome(fd, into: UnsafeMutableRawBufferPointer(buffer))
        matches = got == size
        count = matches ? size : 0
      }
      return matches ? bytes : nil
    }
  }
}
