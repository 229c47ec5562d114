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
  /// close. Each answer is the one the absolute path would give. Its one descriptor never
  /// changes, so threads may look below it at once (`probes`, `listings`).
  public final class OpenFolder: Sendable {
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

    /// What a look at a path below the folder found, for a caller that reads the file when it
    /// is there: what `linkEntry(_:)` says, with the file's bytes when it is a regular file of
    /// at most the limit that held as many bytes as its stat said.
    public enum Probe: Hashable, Sendable {
      /// Nothing there (`linkEntry(_:)` says nil: the path or a folder on the way is missing).
      case absent
      case found(kind: LinkKind, entry: Entry, bytes: [UInt8]?)
    }

    /// `relative` (not empty) opened without following a final symbolic link, a stat of what
    /// was opened, and for a regular file of at most `limit` bytes one read into a buffer one
    /// byte larger: four system calls where a stat and the read after it take five (a stat
    /// that resolves the path, open, read, close). nil when the open is refused for another
    /// reason than nothing being there (a symbolic link, no permission): the caller then asks
    /// `linkEntry(_:)`, which says what is there.
    public func probe(_ relative: String, limit: Int) -> Probe? {
      let fd = openat(descriptor, relative, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY | O_NOFOLLOW)
      guard fd >= 0 else { return errno == ENOENT || errno == ENOTDIR ? .absent : nil }
      defer { close(fd) }
      var info = stat()
      guard fstat(fd, &info) == 0 else { return nil }
      let entry = FileSystem.entry(of: info)
      switch info.st_mode & S_IFMT {
      case S_IFDIR: return .found(kind: .directory, entry: entry, bytes: nil)
      case S_IFREG:
        // Fits: a regular file's size is not negative; the bound, an Int, widened to off_t.
        guard info.st_size <= off_t(limit) else { return .found(kind: .other, entry: entry, bytes: nil) }
        // Fits: at most the limit, an Int.
        return .found(kind: .other, entry: entry, bytes: Self.read(fd, size: Int(info.st_size)))
      default: return .found(kind: .other, entry: entry, bytes: nil)
      }
    }

    /// The whole of the open regular file `fd` when it holds `size` bytes (one read into a buffer
    /// one byte larger: a read of a regular file that returns less than asked has met its end).
    private static func read(_ fd: Int32, size: Int) -> [UInt8]? {
      var matches = false
      let bytes = [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, count in
        let got = FileDescriptorIO.readSome(fd, into: UnsafeMutableRawBufferPointer(buffer))
        matches = got == size
        count = matches ? size : 0
      }
      return matches ? bytes : nil
    }

    /// What `listing(of:)` says of the folder `relative` below this one (not empty): opened from
    /// here, so the kernel resolves only the part below, and read with getdents64 into a buffer
    /// of the walk's own: open, stat, the reads to the end, close (readdir's `fdopendir` would
    /// add a second stat and a `fcntl` to each folder).
    public func listing(_ relative: String) -> (names: [ListedName], entry: Entry)? {
      let fd = openat(descriptor, relative, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
      guard fd >= 0 else { return nil }
      var info = stat()
      guard fstat(fd, &info) == 0 else {
        close(fd)
        return nil
      }
      let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 32 * 1024, alignment: 8)
      defer { buffer.deallocate() }
      var names: [ListedName] = []
      while true {
        // Fits: the buffer's size, 32 KiB, is not negative.
        let count = stabletext_read_folder(fd, buffer.baseAddress, UInt(buffer.count))
        if count < 0 && errno == EINTR { continue }
        if count < 0 && errno == ENOSYS {
          // No getdents64 here: readdir lists it (the descriptor is its to close).
          guard let folder = fdopendir(fd) else {
            close(fd)
            return nil
          }
          defer { closedir(folder) }
          return FileSystem.names(in: folder)
        }
        // A failed read ends the listing, as readdir's end does.
        guard count > 0 else { break }
        // Fits: at most the buffer's size, an Int.
        FileSystem.appendNames(Int(count), in: UnsafeRawBufferPointer(buffer), folder: fd, to: &names)
      }
      close(fd)
      return (names, FileSystem.entry(of: info))
    }

    /// What `smallFileAndEntry(at:limit:)` reads at `relative` (not empty; a symbolic link
    /// followed) when it is a regular file of at most `limit` bytes that one read into a buffer
    /// one byte larger gives whole: open, a stat of what was opened, one read, close. nil
    /// otherwise: the ordinary read then says what is there.
    public func file(_ relative: String, limit: Int) -> (bytes: [UInt8], entry: Entry)? {
      let fd = openat(descriptor, relative, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
      guard fd >= 0 else { return nil }
      defer { close(fd) }
      var info = stat()
      // Fits: a regular file's size is not negative; the bound, an Int, widened to off_t.
      guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size <= off_t(limit),
        // Fits: at most the limit, an Int.
        let bytes = Self.read(fd, size: Int(info.st_size))
      else { return nil }
      return (bytes, FileSystem.entry(of: info))
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
      return Self.read(fd, size: size)
    }
  }
}
