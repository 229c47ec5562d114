import StableTextSystem
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The paths below a folder held open answer exactly as their absolute paths do (the fast way
/// of a scope walk against the ordinary one), for every kind of thing a repository can hold.
@Suite struct OpenFolderTests {
  static let paths = [
    "file.json", "empty.json", "folder", "folder/inner.json", "to-file", "to-folder", "dangling",
    "loop", "fifo", "missing", "folder/missing/deeper", "file.json/below",
  ]

  /// A folder holding each of `paths` (the last three are nothing).
  static func makeTree() throws -> String {
    let root = try #require(FileSystem.makeTemporaryFolder(prefix: "st-open-folder-"))
    #expect(FileSystem.write(Array(#"{"name": "@acme/a"}"#.utf8), to: root + "/file.json"))
    #expect(FileSystem.write([], to: root + "/empty.json"))
    #expect(mkdir(root + "/folder", 0o700) == 0)
    #expect(FileSystem.write(Array("{}\n".utf8), to: root + "/folder/inner.json"))
    #expect(symlink("file.json", root + "/to-file") == 0)
    #expect(symlink("folder", root + "/to-folder") == 0)
    #expect(symlink("nowhere", root + "/dangling") == 0)
    #expect(symlink("loop", root + "/loop") == 0)
    #expect(mkfifo(root + "/fifo", 0o600) == 0)
    return root
  }

  @Test func pathsBelowAnswerAsTheirAbsolutePaths() throws {
    let root = try Self.makeTree()
    defer { FileSystem.removeTree(root) }
    let folder = try #require(FileSystem.OpenFolder(root))
    for path in Self.paths {
      let fast = folder.linkEntry(path)
      let slow = FileSystem.linkEntry(at: root + "/" + path)
      #expect(fast?.kind == slow?.kind, "\(path)")
      #expect(fast?.entry == slow?.entry, "\(path)")
    }
  }

  /// A regular file is read whole when it holds the bytes its stat said; any other count, or
  /// nothing there, leaves it to the ordinary read.
  @Test func regularFilesReadAsTheOrdinaryRead() throws {
    let root = try Self.makeTree()
    defer { FileSystem.removeTree(root) }
    let folder = try #require(FileSystem.OpenFolder(root))
    for path in ["file.json", "empty.json", "folder/inner.json"] {
      let bytes = try FileSystem.smallFile(at: root + "/" + path, limit: 1 << 20).get()
      #expect(folder.regularFile(path, size: bytes.count) == bytes, "\(path)")
      #expect(folder.regularFile(path, size: bytes.count + 1) == nil, "\(path)")
      if !bytes.isEmpty { #expect(folder.regularFile(path, size: bytes.count - 1) == nil, "\(path)") }
    }
    #expect(folder.regularFile("missing", size: 0) == nil)
    #expect(folder.regularFile("folder", size: 0) == nil)
    #expect(FileSystem.OpenFolder(root + "/missing") == nil)
    #expect(FileSystem.OpenFolder(root + "/file.json") == nil)
  }
}
