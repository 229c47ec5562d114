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

  /// A probe says what `linkEntry` says, with the bytes of a regular file the ordinary read
  /// gives; a symbolic link is left to the ordinary look (nil).
  @Test func probesAnswerAsTheOrdinaryLookAndRead() throws {
    let root = try Self.makeTree()
    defer { FileSystem.removeTree(root) }
    let folder = try #require(FileSystem.OpenFolder(root))
    for path in Self.paths {
      let slow = FileSystem.linkEntry(at: root + "/" + path)
      switch folder.probe(path, limit: 1 << 20) {
      case nil:
        #expect(slow?.kind == .symbolicLink, "\(path)")
      case .absent?:
        #expect(slow == nil, "\(path)")
      case .found(let kind, let entry, let bytes)?:
        #expect(kind == slow?.kind, "\(path)")
        #expect(entry == slow?.entry, "\(path)")
        if case .file = entry {
          #expect(
            bytes == (try? FileSystem.smallFile(at: root + "/" + path, limit: 1 << 20).get()), "\(path)")
        } else {
          #expect(bytes == nil, "\(path)")
        }
      }
    }
    let expected: [String: String] = [
      "file.json": "bytes", "empty.json": "bytes", "folder": "folder", "folder/inner.json": "bytes",
      "to-file": "link", "to-folder": "link", "dangling": "link", "loop": "link", "fifo": "other",
      "missing": "absent", "folder/missing/deeper": "absent", "file.json/below": "absent",
    ]
    for path in Self.paths {
      let what: String
      switch folder.probe(path, limit: 1 << 20) {
      case nil: what = "link"
      case .absent?: what = "absent"
      case .found(.directory, _, _)?: what = "folder"
      case .found(_, _, let bytes?)?: what = bytes.isEmpty && path != "empty.json" ? "wrong" : "bytes"
      case .found?: what = "other"
      }
      #expect(what == expected[path], "\(path)")
    }
    // Past the limit: what is there, without the bytes.
    guard case .found(.other, .file, nil)? = folder.probe("file.json", limit: 3) else {
      Issue.record("a file past the limit")
      return
    }
  }

  /// A folder below listed from the open one lists as its absolute path does.
  @Test func listingsAnswerAsTheOrdinaryListing() throws {
    let root = try Self.makeTree()
    defer { FileSystem.removeTree(root) }
    let folder = try #require(FileSystem.OpenFolder(root))
    for path in Self.paths {
      let fast = folder.listing(path)
      let slow = FileSystem.listing(of: root + "/" + path)
      #expect(fast?.names.sorted { $0.name < $1.name } == slow?.names.sorted { $0.name < $1.name }, "\(path)")
      #expect(fast?.entry == slow?.entry, "\(path)")
    }
    #expect(folder.listing("folder")?.names == [FileSystem.ListedName("inner.json", .other)])
    #expect(folder.listing("to-folder") != nil)
    #expect(folder.listing("file.json") == nil)
  }

  /// A file read from the open folder (a link followed) is what the ordinary read gives, or nil
  /// where that read says something else.
  @Test func filesReadAsTheOrdinaryRead() throws {
    let root = try Self.makeTree()
    defer { FileSystem.removeTree(root) }
    let folder = try #require(FileSystem.OpenFolder(root))
    for path in Self.paths {
      let fast = folder.file(path, limit: 1 << 20)
      switch FileSystem.smallFileAndEntry(at: root + "/" + path, limit: 1 << 20) {
      case .success(let (bytes, entry)):
        #expect(fast?.bytes == bytes, "\(path)")
        #expect(fast?.entry == entry, "\(path)")
      case .failure:
        #expect(fast == nil, "\(path)")
      }
    }
    #expect(folder.file("to-file", limit: 1 << 20)?.bytes == Array(#"{"name": "@acme/a"}"#.utf8))
    #expect(folder.file("file.json", limit: 3) == nil)
  }

  /// A folder whose records take several reads of the listing's buffer lists as readdir lists
  /// it, in the same order.
  @Test func aLargeFolderListsAsReaddirListsIt() throws {
    let root = try #require(FileSystem.makeTemporaryFolder(prefix: "st-open-folder-"))
    defer { FileSystem.removeTree(root) }
    #expect(mkdir(root + "/many", 0o700) == 0)
    for index in 0..<2_000 {
      let name = "package-with-a-longish-name-\(index)" + (index % 3 == 0 ? ".json" : "")
      if index % 5 == 0 {
        #expect(mkdir(root + "/many/" + name, 0o700) == 0)
      } else if index % 7 == 0 {
        #expect(symlink("elsewhere", root + "/many/" + name) == 0)
      } else {
        #expect(FileSystem.write([], to: root + "/many/" + name))
      }
    }
    let folder = try #require(FileSystem.OpenFolder(root))
    let fast = try #require(folder.listing("many"))
    let slow = try #require(FileSystem.listing(of: root + "/many"))
    #expect(fast.names.count == 2_000)
    #expect(fast.names == slow.names)
    #expect(fast.entry == slow.entry)
  }

  /// A batch's answers are the single looks' answers whichever thread worked each out, taken in
  /// any order: forwards, backwards, from the middle out, each path asked for several times in
  /// one batch (taken again, an answer is worked out again), peeked before it is taken, and
  /// after the batch is cancelled.
  @Test(arguments: ["forwards", "backwards", "middle out", "peeked", "cancelled"])
  func aBatchAnswersAsTheSingleLooks(_ order: String) throws {
    let root = try Self.makeTree()
    defer { FileSystem.removeTree(root) }
    let folder = try #require(FileSystem.OpenFolder(root))
    // Long enough to start the helpers (`batchMinimum`): every path eight times over.
    let paths = Array(repeating: Self.paths, count: 8).flatMap { $0 }
    var indices = Array(paths.indices)
    switch order {
    case "backwards": indices.reverse()
    case "middle out": indices.sort { abs($0 - paths.count / 2) < abs($1 - paths.count / 2) }
    default: break
    }
    let far = MonotonicTime.after(seconds: 60)
    let budget = FileSystem.OpenFolder.ReadBudget(1 << 20)
    let probes = folder.probes(paths, read: true, limit: 1 << 20, budget: budget, until: far)
    let listings = folder.listings(paths, until: far)
    if order == "cancelled" {
      probes.cancel()
      listings.cancel()
    }
    for index in indices {
      let path = paths[index]
      let single =
        folder.probe(path, limit: 1 << 20) ?? folder.linkEntry(path).map {
          .found(kind: $0.kind, entry: $0.entry, bytes: nil)
        } ?? .absent
      if order == "peeked" { #expect(probes.peek(index) == single, "\(path)") }
      #expect(probes.take(index) == single, "\(path)")
      #expect(probes.take(index) == single, "\(path), taken again")
      let listed = try #require(listings.take(index), "\(path)")
      #expect(listed?.names == folder.listing(path)?.names, "\(path)")
      #expect(listed?.entry == folder.listing(path)?.entry, "\(path)")
    }
  }

  /// The bytes a batch keeps come out of the budget the batches of a walk share: a file it has
  /// no room for is answered without its bytes, as one past the limit is; given back, the room
  /// is there again. Past its deadline a batch looks at nothing.
  @Test func aBatchKeepsToItsBudgetAndDeadline() throws {
    let root = try Self.makeTree()
    defer { FileSystem.removeTree(root) }
    let folder = try #require(FileSystem.OpenFolder(root))
    let file = #"{"name": "@acme/a"}"#.utf8.count
    let paths = Array(repeating: "file.json", count: 20)
    let budget = FileSystem.OpenFolder.ReadBudget(3 * file + file / 2)
    let batch = folder.probes(paths, read: true, limit: 1 << 20, budget: budget, until: .after(seconds: 60))
    var withBytes = 0
    for index in paths.indices {
      guard case .found(.other, .file, let bytes)? = batch.take(index) else {
        Issue.record("file.json, \(index)")
        continue
      }
      if bytes != nil { withBytes += 1 }
    }
    #expect(withBytes == 3)
    #expect(budget.left == file / 2)
    budget.give(file)
    #expect(budget.take(file + file / 2))
    #expect(!budget.take(1))
    let late = folder.probes(paths, read: true, limit: 1 << 20, budget: budget, until: .after(seconds: 0))
    #expect(paths.indices.allSatisfy { late.take($0) == nil })
  }
}
