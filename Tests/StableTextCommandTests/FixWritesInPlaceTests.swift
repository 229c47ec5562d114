import Foundation
import StableTextSessionSupport
import StableTextSystem
import Testing

/// How `check --fix` and `init` write (Protocol/README.md, "Command line", "Writing files"): in
/// place, so that the file keeps its inode, owner, mode, hard links and extended attributes; a
/// read-only file is refused; a save made since the file was read is refused, not lost; and
/// nothing is written through a symbolic link out of the work tree that holds it. (`--fix`
/// replaced the file by a rename: a new inode owned by the runner, links split, attributes lost, a
/// read-only file rewritten, a link to a file outside the repository written through; `init`
/// created the target of a committed dangling link.)
@Suite struct FixWritesInPlace {
  static let message = "Add it\n"
  static let signed = "Add it\n\nSigned-off-by: Ada Lovelace <ada@example.org>\n"

  /// A repository that asks for a sign-off, and a folder outside it.
  static func repository() throws -> (work: URL, outside: URL, environment: [String: String]) {
    let (work, environment) = try FixesThatWrite.repository([".stabletext.json": FixesThatWrite.signOff])
    let outside = work.deletingLastPathComponent().appendingPathComponent("outside")
    try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
    return (work, outside, environment)
  }

  static func info(_ path: String) -> stat {
    var info = stat()
    #expect(lstat(path, &info) == 0)
    return info
  }

  /// The same inode, owner, mode, link count and extended attribute after the fix; the other name
  /// of the file sees the fix.
  @Test func theFileKeepsItsInodeOwnerModeLinksAndAttributes() throws {
    let (work, _, environment) = try Self.repository()
    defer { try? FileManager.default.removeItem(at: work.deletingLastPathComponent()) }
    let path = work.appendingPathComponent(".git/COMMIT_EDITMSG").path
    let other = work.appendingPathComponent("another-name").path
    try Self.message.write(toFile: path, atomically: false, encoding: .utf8)
    #expect(link(path, other) == 0)
    #expect(chmod(path, 0o604) == 0)
    // An owner that is not the runner's, where the runner may give one (root, here).
    let owner: (uid_t, gid_t) = getuid() == 0 ? (4321, 4322) : (getuid(), getgid())
    #expect(chown(path, owner.0, owner.1) == 0)
    // An extended attribute, set and read by Python's os (Swift's Glibc has no sys/xattr.h).
    func attribute(_ code: String) throws -> String {
      try runCommand(["/usr/bin/env", "python3", "-c", "import os, sys; " + code, path]).out
    }
    #expect(
      try attribute("os.setxattr(sys.argv[1], 'user.stabletext-test', b'kept'); print('set')") == "set\n")
    let before = Self.info(path)

    let run = try runCommand([binaryPath, "check", "--fix", path], environment: environment)
    #expect(run.status == 0, "\(run.out)\(run.err)")
    #expect(run.out == "\(path):1: fixed missing-trailer\n")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.signed)
    #expect(try String(contentsOfFile: other, encoding: .utf8) == Self.signed)
    let after = Self.info(path)
    #expect(after.st_ino == before.st_ino && after.st_dev == before.st_dev)
    #expect(after.st_nlink == 2)
    #expect(after.st_uid == owner.0 && after.st_gid == owner.1)
    #expect(after.st_mode & 0o7777 == 0o604)
    #expect(try attribute("print(os.getxattr(sys.argv[1], 'user.stabletext-test').decode())") == "kept\n")
  }

  /// A file nobody may write (for root too) is refused and left as it was; so is one this user
  /// may not write.
  @Test func aReadOnlyFileIsRefused() throws {
    let (work, _, environment) = try Self.repository()
    defer { try? FileManager.default.removeItem(at: work.deletingLastPathComponent()) }
    let path = work.appendingPathComponent(".git/COMMIT_EDITMSG").path
    try Self.message.write(toFile: path, atomically: false, encoding: .utf8)
    #expect(chmod(path, 0o444) == 0)
    let run = try runCommand([binaryPath, "check", "--fix", path], environment: environment)
    #expect(run.status == 2)
    #expect(run.out == "")
    // Root may open it for writing, and is refused by its mode; anyone else by the system.
    let why = getuid() == 0 ? "(mode 444)" : "for this user (Permission denied)"
    #expect(run.err == "\(path): error: --fix: the file is read-only \(why); nothing was written\n")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.message)
    #expect(Self.info(path).st_mode & 0o7777 == 0o444)
  }

  /// A repository's symbolic link to a file outside it (committed, or a folder on the way) is
  /// never written through; one inside it is, and stays a link.
  @Test(arguments: ["file", "folder", "chain", "absolute"])
  func aLinkOutOfTheWorkTreeIsNotWrittenThrough(kind: String) throws {
    let (work, outside, environment) = try Self.repository()
    defer { try? FileManager.default.removeItem(at: work.deletingLastPathComponent()) }
    // Outside is a repository of the user's own (dotfiles, say), with git's identity: whichever
    // repository the rules are read from, the sign-off is a fix to write.
    for arguments in [
      ["init", "-q"], ["config", "user.name", "Ada Lovelace"], ["config", "user.email", "ada@example.org"],
    ] {
      #expect(
        try runCommand(["/usr/bin/env", "git"] + arguments, in: outside.path, environment: environment).status
          == 0)
    }
    let target = outside.appendingPathComponent("COMMIT_EDITMSG").path
    try Self.message.write(toFile: target, atomically: false, encoding: .utf8)
    let path: String
    switch kind {
    case "file":
      path = work.appendingPathComponent("COMMIT_EDITMSG").path
      #expect(symlink("../outside/COMMIT_EDITMSG", path) == 0)
    case "folder":
      #expect(symlink("../outside", work.appendingPathComponent("messages").path) == 0)
      path = work.appendingPathComponent("messages/COMMIT_EDITMSG").path
    case "chain":
      // A link to a link inside the tree, which leads out.
      #expect(symlink("../outside/COMMIT_EDITMSG", work.appendingPathComponent("hop").path) == 0)
      path = work.appendingPathComponent("COMMIT_EDITMSG").path
      #expect(symlink("hop", path) == 0)
    default:
      path = work.appendingPathComponent("COMMIT_EDITMSG").path
      #expect(symlink(target, path) == 0)
    }
    let run = try runCommand(
      [binaryPath, "check", "--fix", "--require-trailer", "Signed-off-by", path], environment: environment)
    #expect(run.status == 2, "\(run.out)\(run.err)")
    #expect(run.err.hasPrefix("\(path): error: --fix: "), "\(run.err)")
    #expect(
      run.err.contains("which leads out of the work tree \(work.resolvingSymlinksInPath().path)"),
      "\(run.err)")
    #expect(run.err.hasSuffix("; nothing is written through it\n"))
    #expect(try String(contentsOfFile: target, encoding: .utf8) == Self.message)
  }

  @Test func aLinkInsideTheWorkTreeIsWrittenThrough() throws {
    let (work, _, environment) = try Self.repository()
    defer { try? FileManager.default.removeItem(at: work.deletingLastPathComponent()) }
    let target = work.appendingPathComponent(".git/COMMIT_EDITMSG").path
    try Self.message.write(toFile: target, atomically: false, encoding: .utf8)
    let path = work.appendingPathComponent("COMMIT_EDITMSG").path
    #expect(symlink(".git/COMMIT_EDITMSG", path) == 0)
    let run = try runCommand([binaryPath, "check", "--fix", path], environment: environment)
    #expect(run.status == 0, "\(run.out)\(run.err)")
    #expect(try String(contentsOfFile: target, encoding: .utf8) == Self.signed)
    #expect(Self.info(path).st_mode & S_IFMT == S_IFLNK)
  }

  /// `init` never writes outside the work tree: a committed `.stabletext.json` that is a link,
  /// dangling or not, to a file outside it is refused (exit 2), and the file outside is not made.
  @Test(arguments: [true, false])
  func initDoesNotWriteThroughALinkOutOfTheWorkTree(dangling: Bool) throws {
    let (work, outside, environment) = try Self.repository()
    defer { try? FileManager.default.removeItem(at: work.deletingLastPathComponent()) }
    try FileManager.default.removeItem(at: work.appendingPathComponent(".stabletext.json"))
    let target = outside.appendingPathComponent("created.json").path
    if !dangling { try "{}\n".write(toFile: target, atomically: false, encoding: .utf8) }
    #expect(symlink("../outside/created.json", work.appendingPathComponent(".stabletext.json").path) == 0)
    for arguments in [["add", ".stabletext.json"], ["commit", "-q", "-m", "Add a link"]] {
      #expect(
        try runCommand(["/usr/bin/env", "git"] + arguments, in: work.path, environment: environment).status
          == 0)
    }
    let run = try runCommand([binaryPath, "init", "--force"], in: work.path, environment: environment)
    #expect(run.status == 2, "\(run.out)\(run.err)")
    let link = work.resolvingSymlinksInPath().appendingPathComponent(".stabletext.json").path
    #expect(
      run.err.hasPrefix(
        "stabletext: the configuration not written: \(link) is a symbolic link to ../outside/created.json, which leads out of the work tree"
      ), "\(run.err)")
    if dangling {
      #expect(!FileManager.default.fileExists(atPath: target))
    } else {
      #expect(try String(contentsOfFile: target, encoding: .utf8) == "{}\n")
    }
    // The hook, in the repository, is written as usual.
    #expect(run.out.contains("commit-msg: wrote the commit-msg hook\n"))
  }

  /// The write itself: a file that changed since it was read (a save meanwhile, in place or by a
  /// rename) is refused and left as the other writer left it; only the bytes from the first that
  /// differs are written, and a shorter text cuts the file.
  @Test func aFileChangedSinceItWasReadIsNotOverwritten() throws {
    let folder = try #require(FileSystem.makeTemporaryFolder(prefix: "st-inplace-"))
    defer { FileSystem.removeTree(folder) }
    let path = folder + "/message"
    try "saved by the editor\n".write(toFile: path, atomically: false, encoding: .utf8)
    let refusal = FileSystem.rewriteInPlace(
      path, expecting: Array("read by check\n".utf8), with: Array("fixed by check\n".utf8))
    #expect(
      refusal?.description
        == "the file changed since it was read (saved meanwhile); nothing was written: run the command again")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "saved by the editor\n")

    for (old, new) in [("abcdef\n", "abcXYZ\n"), ("abcdef\n", "ab\n"), ("ab\n", "ab\n\nSigned-off-by: x\n")] {
      try old.write(toFile: path, atomically: false, encoding: .utf8)
      let inode = Self.info(path).st_ino
      #expect(FileSystem.rewriteInPlace(path, expecting: Array(old.utf8), with: Array(new.utf8)) == nil)
      #expect(try String(contentsOfFile: path, encoding: .utf8) == new)
      #expect(Self.info(path).st_ino == inode)
    }
  }
}
