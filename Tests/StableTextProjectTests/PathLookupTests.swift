import Glibc
import StableTextCore
import StableTextProject
import StableTextSystem
import Testing

/// Configuration lookups are linear in the path (Protocol/README.md, "A repository's
/// configuration"): one walk down, stopping at the first folder that is not there, each
/// folder's answer shared by the documents below it.
@Test func aDeepPathUnderAMissingFolderIsWalkedOnce() {
  let scratch = Scratch()
  scratch.write(".stabletext.json", #"{"rules": {"maxLength": 9}}"#)
  // A clock that stands still: on a loaded machine the walk may take over a second, and the
  // refresh below would then look again.
  let clock = ManualClock()
  let configurations = ProjectConfigurations(clock: { clock.now })
  let deep = scratch.path("missing" + String(repeating: "/a", count: 50_000) + "/x.md")
  #expect(configurations.layers(forFile: deep).projectRules?.maxLength == .some(9))
  // `/`, each folder down to the scratch folder: three stats each (`.stabletext.json`,
  // `.editorconfig`, the folder itself for the convention files it lists); nothing below `missing`.
  let folders = scratch.root.split(separator: "/").count + 1
  #expect(configurations.stats == 3 * folders)
  // A second document below shares what the first walk found.
  #expect(configurations.layers(forFile: deep + "/y/z.md").projectRules?.maxLength == .some(9))
  #expect(configurations.refresh(forFile: deep + "/y/z.md") == false)
  #expect(configurations.stats == 3 * folders)
  #expect(configurations.lookup(forFile: deep + "/y/z.md").problems == [])
}

/// In folders that are there, every folder is looked in once, and the nearest file decides.
@Test func aDeepTreeIsLookedInOnceAFolder() {
  let scratch = Scratch()
  let levels = (1...120).map { "d\($0)" }
  scratch.write(
    levels.prefix(60).joined(separator: "/") + "/.stabletext.json", #"{"rules": {"maxLength": 60}}"#)
  scratch.write(levels.joined(separator: "/") + "/x.md", "x")
  let configurations = ProjectConfigurations()
  let file = scratch.path(levels.joined(separator: "/") + "/x.md")
  #expect(configurations.layers(forFile: file).projectRules?.maxLength == .some(60))
  let folders = scratch.root.split(separator: "/").count + 1 + levels.count
  #expect(configurations.stats == 3 * folders)
  #expect(configurations.reads == 1)
  #expect(configurations.warnings(forFile: file) == [])
}

struct NormalCase: CustomTestStringConvertible, Sendable {
  var uri: String
  var path: String
  var testDescription: String { uri }
}

/// `file:` URIs are made lexically normal before anything is read for them.
@Test(arguments: [
  NormalCase(uri: "file:///a/b/../c.md", path: "/a/c.md"),
  NormalCase(uri: "file:///../../../etc/x.md", path: "/etc/x.md"),
  NormalCase(uri: "file:////a//b/./c.md", path: "/a/b/c.md"),
  NormalCase(uri: "file:///a/b/..", path: "/a"),
  NormalCase(uri: "file:///..", path: "/"),
  NormalCase(uri: "file:///a/%2E%2E/b.md", path: "/b.md"),
  NormalCase(uri: "FILE:///a/./b.md", path: "/a/b.md"),
  NormalCase(uri: "file://host/a/../b.md", path: "/b.md"),
  NormalCase(uri: "untitled:../x", path: "../x"),
  NormalCase(uri: "vscode-vfs://github/o/../r", path: "/o/../r"),
])
func fileURIsAreMadeNormal(_ example: NormalCase) {
  #expect(DocumentURI.decodedPath(of: example.uri) == example.path)
}

/// A path with `..` reaching far above `/` and through a symbolic link: the copy of the
/// `.editorconfig` is made in the private folder only; the real file is never written (its
/// modification time, set to 2001, stays).
@Test func aPathWithDotDotNeverWritesOutsideThePrivateFolder() throws {
  let scratch = Scratch()
  let real = scratch.write("sub/real/.editorconfig", "root = true\n[*]\nmax_line_length = 7\n")
  _ = FileSystem.makeFolders(scratch.path("sub/elsewhere"))
  symlink(scratch.path("sub/elsewhere"), scratch.path("link"))
  var old = [timespec(tv_sec: 1_000_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000_000, tv_nsec: 0)]
  #expect(utimensat(AT_FDCWD, real, &old, 0) == 0)
  let before = FileSystem.entry(at: real)
  let configurations = ProjectConfigurations()
  let climbing = String(repeating: "/..", count: 40) + scratch.root + "/link/../real/f.txt"
  let found = configurations.lookup(forFile: climbing)
  let layers = found.layers
  #expect(found.problems == [])
  // Lexically `link/..` is the scratch folder: `scratch/real` has no file, so none applies.
  #expect(layers.editorConfig == nil)
  let direct = configurations.layers(forFile: String(repeating: "/..", count: 40) + real + "/../f.txt")
  #expect(direct.editorConfig?.lineRules == [LineRule(lines: LineSpan(first: 1, last: nil), maxLength: 7)])
  #expect(FileSystem.entry(at: real) == before)
  #expect(FileSystem.entries(of: scratch.path("sub/elsewhere")) == [])
  #expect(Set(FileSystem.entries(of: scratch.path("sub/real")) ?? []) == [".editorconfig"])
}

/// A private folder is written only inside itself: a component that climbs, a symbolic link
/// put in place of a folder, a FIFO put in place of a file.
@Test func privateFoldersNeverFollowWhatIsPutInThem() throws {
  let scratch = Scratch()
  let folder = try #require(PrivateFolder(prefix: "st-private-"))
  defer { folder.remove() }
  #expect(folder.write(Array("x".utf8), to: ["a", "b"], name: "f") == true)
  #expect(FileSystem.contents(of: folder.path + "/a/b/f") == Array("x".utf8))
  #expect(folder.write(Array("x".utf8), to: [".."], name: "f") == false)
  #expect(folder.write(Array("x".utf8), to: ["a"], name: "../f") == false)
  #expect(FileSystem.kind(of: FileSystem.folder(of: folder.path) + "/f") == nil)
  // A symbolic link where a folder was: never entered.
  _ = FileSystem.makeFolders(scratch.path("outside"))
  FileSystem.removeTree(folder.path + "/a/b")
  symlink(scratch.path("outside"), folder.path + "/a/b")
  #expect(folder.write(Array("y".utf8), to: ["a", "b"], name: "f") == false)
  #expect(FileSystem.entries(of: scratch.path("outside")) == [])
  // A FIFO where the file was: taken away, never opened (a write would block on it).
  mkfifo(folder.path + "/a/g", 0o600)
  #expect(folder.write(Array("z".utf8), to: ["a"], name: "g") == true)
  #expect(FileSystem.kind(of: folder.path + "/a/g") == .file)
  // A symbolic link where the file was: replaced, its target untouched.
  scratch.write("target", "kept")
  symlink(scratch.path("target"), folder.path + "/a/h")
  #expect(folder.write(Array("new".utf8), to: ["a"], name: "h") == true)
  #expect(FileSystem.contents(of: scratch.path("target")) == Array("kept".utf8))
  // Removed, it takes nothing else with it and writes nothing more.
  let path = folder.path
  folder.remove()
  #expect(FileSystem.kind(of: path) == nil)
  #expect(FileSystem.kind(of: scratch.path("outside")) == .directory)
  #expect(folder.write(Array("x".utf8), to: [], name: "f") == false)
}

/// A client that asks about ever new deep paths: the folders that hold nothing are forgotten
/// past the bound, those with a file are kept (never read again), and answers stay right.
@Test func foldersThatHoldNothingAreForgottenPastTheBound() {
  let scratch = Scratch()
  scratch.write(".stabletext.json", #"{"rules": {"maxLength": 9}}"#)
  scratch.write("sub/.stabletext.json", #"{"rules": {"maxLength": 4}}"#)
  let configurations = ProjectConfigurations(maxFolders: 1_000)
  var largest = 0
  for n in 0..<50 {
    let deep = scratch.path("missing\(n)" + String(repeating: "/a", count: 500) + "/x.md")
    #expect(configurations.layers(forFile: deep).projectRules?.maxLength == .some(9))
    #expect(configurations.layers(forFile: scratch.path("sub/x.md")).projectRules?.maxLength == .some(4))
    largest = max(largest, configurations.folderCount)
  }
  #expect(largest < 1_000 + 2 * 502 + scratch.root.split(separator: "/").count)
  #expect(configurations.reads == 2)
  #expect(configurations.lookup(forFile: scratch.path("sub/x.md")).problems == [])
}
