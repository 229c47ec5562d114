import CStableTextSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Files looked at by name inside an open folder (`openat`, `fstatat`), so that a walk down a
/// path resolves each component once: looking in every folder of a path `d` deep costs `d`
/// calls, not `d²` components resolved again from `/` each time.
extension FileSystem {
  /// An open folder (a descriptor that only names it). Close it with `close()`.
  public struct Folder: Sendable {
    public let descriptor: Int32

    /// `/`, or nil when it cannot be opened.
    public static func root() -> Folder? {
      let fd = stabletext_open_folder(AT_FDCWD, "/")
      return fd >= 0 ? Folder(descriptor: fd) : nil
    }

    /// The folder `name` in this one (a symbolic link followed, as a path walk does), or nil
    /// when there is none, it is not a folder, or it cannot be searched.
    public func folder(named name: String) -> Folder? {
      let fd = stabletext_open_folder(descriptor, name)
      return fd >= 0 ? Folder(descriptor: fd) : nil
    }

    /// What is at `name` in this folder, following symbolic links (as `FileSystem.entry(at:)`).
    public func entry(named name: String) -> Entry {
      var info = stat()
      guard fstatat(descriptor, name, &info, 0) == 0 else {
        return errno == ELOOP ? .notAFile(what: "a loop of symbolic links", nil) : .absent
      }
      return FileSystem.entry(of: info)
    }

    /// The whole content of the regular file `name` in this folder, when it has at most `limit`
    /// bytes; opened without blocking and checked once open (as `FileSystem.smallFile(at:)`).
    public func smallFile(named name: String, limit: Int) -> Result<[UInt8], SmallFileProblem> {
      FileSystem.readSmallFile(openat(descriptor, name, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY), limit)
    }

    /// What a stat of this folder itself says: its modification time changes whenever a name in
    /// it is added, removed or renamed, so a listing needs taking again only when this does.
    public func ownEntry() -> Entry {
      var info = stat()
      guard fstat(descriptor, &info) == 0 else { return .absent }
      return FileSystem.entry(of: info)
    }

    /// The names in this folder that `keep` accepts, or nil when it cannot be listed.
    public func names(where keep: (String) -> Bool) -> [String]? {
      let fd = openat(descriptor, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
      guard fd >= 0 else { return nil }
      guard let listing = fdopendir(fd) else {
        #if canImport(Glibc)
          _ = Glibc.close(fd)
        #elseif canImport(Darwin)
          _ = Darwin.close(fd)
        #endif
        return nil
      }
      defer { closedir(listing) }
      var names: [String] = []
      while let entry = readdir(listing) {
        let name = FileSystem.entryName(entry)
        if keep(name) { names.append(name) }
      }
      return names
    }

    public func close() {
      #if canImport(Glibc)
        _ = Glibc.close(descriptor)
      #elseif canImport(Darwin)
        _ = Darwin.close(descriptor)
      #endif
    }
  }
}
