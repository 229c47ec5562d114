#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How the commands write the files of a repository they were pointed at (`check --fix`'s
/// message file, `init`'s `.stabletext.json` and hook; Protocol/README.md, "Command line",
/// "Writing files"): never through a symbolic link out of the work tree that holds it, and in
/// place, so that nothing of the file but its bytes changes.
extension FileSystem {
  /// Why a path is not written.
  public struct WriteRefusal: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String
  }

  /// The most symbolic links followed in one path (the kernel's own `MAXSYMLINKS`).
  public static let maxLinksFollowed = 40

  /// The physical path `path` leads to, every symbolic link on the way followed, or why it is
  /// not written: a link whose target lies outside the git work tree that holds the link (the
  /// nearest folder above it with a `.git`) is refused, wherever on the path it is and however
  /// many links follow it (a repository's committed link to `~/.bashrc`, or to a folder outside
  /// it). A link in no work tree is the user's own and is followed. What does not exist yet is
  /// named as the path says (a dangling link's target included: it is judged as where the write
  /// would create the file).
  public static func resolveForWriting(_ path: String) -> Result<String, WriteRefusal> {
    enum Step {
      case component(String)
      /// The link `link` in the work tree `tree` has been followed: what was resolved must be in
      /// the tree.
      case landed(link: String, target: String, tree: String?)
    }
    // The working directory is physical already (getcwd resolves its links).
    guard var real = path.hasPrefix("/") ? "/" : currentDirectory() else {
      return .failure(WriteRefusal(description: "the working directory cannot be told"))
    }
    var pending = path.split(separator: "/").map { Step.component(String($0)) }[...]
    var followed = 0
    while let step = pending.popFirst() {
      switch step {
      case .landed(let link, let target, let tree):
        guard let tree, !isInside(real, tree) else { continue }
        return .failure(
          WriteRefusal(
            description:
              "\(link) is a symbolic link to \(target), which leads out of the work tree \(tree) (to \(real)); nothing is written through it"
          ))
      case .component(let component):
        if component == "." { continue }
        if component == ".." {
          real = folder(of: real)
          continue
        }
        let candidate = join(real, component)
        var info = stat()
        guard lstat(candidate, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else {
          // A file or folder, or nothing yet (what the write creates): named as it is.
          real = candidate
          continue
        }
        followed += 1
        guard followed <= maxLinksFollowed, let target = linkTarget(candidate) else {
          return .failure(
            WriteRefusal(description: "\(candidate): too many symbolic links, or one that cannot be read"))
        }
        // The link is judged by the work tree of the folder that holds it (`real`, physical).
        let landed = Step.landed(link: candidate, target: target, tree: workTree(holding: real))
        if target.hasPrefix("/") { real = "/" }
        pending = target.split(separator: "/").map { Step.component(String($0)) } + [landed] + pending
      }
    }
    return .success(real)
  }

  /// The nearest folder at or above the physical folder `folder` that holds a `.git` (a folder
  /// or, in a linked worktree or a submodule, a file): the work tree a path there belongs to.
  static func workTree(holding folder: String) -> String? {
    var current = folder
    while true {
      var info = stat()
      if lstat(join(current, ".git"), &info) == 0 { return current }
      if current == "/" { return nil }
      current = self.folder(of: current)
    }
  }

  /// Whether `path` is `folder` or lies under it (both physical and absolute).
  static func isInside(_ path: String, _ folder: String) -> Bool {
    folder == "/" || path == folder || path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
  }

  /// What the symbolic link at `path` holds, or nil when it cannot be read.
  static func linkTarget(_ path: String) -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink(path, &buffer, buffer.count - 1)
    guard count > 0 else { return nil }
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Rewrites the regular file at `path` (a physical path, `resolveForWriting`'s) in place, from
  /// `old` to `new`, or says why not; nothing is written then.
  ///
  /// In place, the same inode: its owner, group, mode, hard links, extended attributes and ACLs
  /// stay as they are, and an editor holding it open sees the change (a new file renamed over
  /// it would have split its links and made it the runner's). Before a byte is written the file
  /// is read again through the descriptor that writes it and must still be `old`: a save made
  /// since it was read (in place, or by a rename that made `path` another file) is refused, not
  /// lost. A file nobody may write (no write bit, even for root) or that this user may not is
  /// refused. Only the bytes from the first that differs are written, the room for a longer text
  /// is taken first (so a full disk refuses before anything changes), then the file is cut to
  /// its new length and synced.
  public static func rewriteInPlace(_ path: String, expecting old: [UInt8], with new: [UInt8])
    -> WriteRefusal?
  {
    func refusal(_ text: String) -> WriteRefusal { WriteRefusal(description: text) }
    // No link at the end (one put there since the path was resolved is not followed), and no
    // wait on a FIFO's open.
    let fd = open(path, O_RDWR | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
    guard fd >= 0 else {
      let code = errno
      if code == EACCES || code == EPERM || code == EROFS {
        return refusal(
          "the file is read-only for this user (\(String(cString: strerror(code)))); nothing was written")
      }
      return refusal("cannot open the file: \(String(cString: strerror(code)))")
    }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { return refusal(lastError()) }
    if let what = kindName(info.st_mode) { return refusal("it is \(what), not a regular file") }
    if info.st_mode & 0o222 == 0 {
      return refusal(
        "the file is read-only (mode \(String(info.st_mode & 0o7777, radix: 8))); nothing was written")
    }
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
    guard let now = readAll(fd) else { return refusal("cannot read the file again: \(lastError())") }
    guard now == old else {
      return refusal(
        "the file changed since it was read (saved meanwhile); nothing was written: run the command again")
    }
    let first =
      zip(old, new).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(old.count, new.count)
    if new.count > old.count {
      // Fits: off_t is 64-bit.
      let taken = posix_fallocate(fd, 0, off_t(new.count))
      // A file system that cannot say (EOPNOTSUPP is glibc's answer for none) is written as is.
      if taken != 0 && taken != EOPNOTSUPP && taken != EINVAL {
        return refusal(
          "no room for the file's new bytes: \(String(cString: strerror(taken))); nothing was written")
      }
    }
    let written = new[first...].withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Bool in
      var offset = 0
      while offset < bytes.count {
        // Fits: off_t is 64-bit.
        let count = pwrite(fd, bytes.baseAddress! + offset, bytes.count - offset, off_t(first + offset))
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { return false }
        offset += count
      }
      return true
    }
    // Fits: off_t is 64-bit.
    guard written, ftruncate(fd, off_t(new.count)) == 0, fsync(fd) == 0 else {
      return refusal("writing the file failed: \(lastError())")
    }
    return nil
  }
}
