import Glibc
import StableTextSystem
import Testing

@testable import StableTextProject

// The scope walk's fast way (the root held open, a manifest the glob finds read where it is
// looked at, folders listed and files read from the root) against its ordinary way (every path
// resolved whole, every file read when asked for): the same computation, to the last watched
// path and the order it was seen in.

/// Every package both ways on the layout at `root`: the list, the manifests read in their
/// order, every path watched with what it was, and the problems.
private func expectSameBothWays(_ root: String, _ name: String, limits: ScopeLimits = .standard) {
  for package in ScopePackage.allCases {
    let fast = ScopeConfigurations.compute(package, root: root, limits: limits, resolvedFromRoot: true)
    let ordinary = ScopeConfigurations.compute(
      package, root: root, limits: limits, resolvedFromRoot: false)
    #expect(fast.scopes == ordinary.scopes, "\(name), \(package.rawValue)")
    #expect(fast.manifests == ordinary.manifests, "\(name), \(package.rawValue)")
    #expect(fast.watch == ordinary.watch, "\(name), \(package.rawValue)")
    #expect(fast.problems == ordinary.problems, "\(name), \(package.rawValue)")
  }
}

/// Every layout the packages' own answers are held to.
@Test(arguments: scopeLayouts)
func theFastWayAnswersAsTheOrdinaryWay(_ layout: ScopeLayout) {
  let scratch = Scratch()
  scratch.make(layout.files)
  expectSameBothWays(scratch.root, layout.name)
}

/// What the fast way could get wrong: links where a folder or manifest is expected, a manifest
/// that is a folder, a FIFO or a socket (which cannot be opened), an unreadable one (when the
/// tests do not run as root), a name that is not UTF-8, bytes past the bound, deep and negated
/// patterns, and Nx's whole-tree walk with ignores.
struct FastWayLayout: CustomTestStringConvertible, Sendable {
  var name: String
  var files: [LayoutFile]
  /// Made after the files: FIFOs, sockets and modes at these paths.
  var fifos: [String] = []
  var sockets: [String] = []
  var unreadable: [String] = []
  var testDescription: String { name }
}

private let declarations: [LayoutFile] = [
  .text("lerna.json", #"{"packages": ["packages/*", "packages/**"]}"#),
  .text("pnpm-workspace.yaml", "packages:\n  - 'packages/*'\n  - 'packages/**'\n  - '!packages/b'\n"),
  .text("rush.json", #"{"projects": [{"packageName": "@acme/a", "projectFolder": "packages/a"}]}"#),
]

private func root(_ workspaces: String) -> LayoutFile {
  .text("package.json", #"{"name": "root", "workspaces": \#(workspaces)}"#)
}

let fastWayLayouts: [FastWayLayout] = [
  FastWayLayout(
    name: "symbolic links to package folders and manifests",
    files: declarations + [
      root(#"["packages/*", "linked/*"]"#),
      .text("real/a/package.json", #"{"name": "@acme/a"}"#),
      .link("packages/a", "../real/a"),
      .text("real/b.json", #"{"name": "@acme/b"}"#),
      .text("packages/b/placeholder", ""),
      .link("packages/b/package.json", "../../real/b.json"),
      .link("packages/c", "nowhere"),
      .link("packages/d", "d"),
      .link("packages/e/package.json", "../e"),
      .text("linked/f/package.json", #"{"name": "f"}"#),
      .link("linked/g", "f"),
    ]),
  FastWayLayout(
    name: "a manifest that is a folder",
    files: declarations + [
      root(#"["packages/*"]"#),
      .text("packages/a/package.json", #"{"name": "a"}"#),
      .text("packages/b/package.json/inner", "x"),
    ]),
  FastWayLayout(
    name: "a FIFO and a socket named package.json",
    files: declarations + [root(#"["packages/*"]"#), .text("packages/a/package.json", #"{"name": "a"}"#)],
    fifos: ["packages/b/package.json"], sockets: ["packages/c/package.json"]),
  FastWayLayout(
    name: "an unreadable manifest and an unreadable folder",
    files: declarations + [
      root(#"["packages/*", "closed/**"]"#),
      .text("packages/a/package.json", #"{"name": "a"}"#),
      .text("packages/b/package.json", #"{"name": "b"}"#),
      .text("closed/c/package.json", #"{"name": "c"}"#),
    ],
    unreadable: ["packages/b/package.json", "closed"]),
  FastWayLayout(
    name: "names that are not UTF-8, a byte order mark, an empty manifest",
    files: declarations + [
      root(#"["packages/*"]"#),
      .bytes(
        "packages/a/package.json", Array(#"{"name": "@acme/"#.utf8) + [0xFF, 0xFE] + Array(#""}"#.utf8)),
      .bytes("packages/b/package.json", [0xEF, 0xBB, 0xBF] + Array(#"{"name": "b"}"#.utf8)),
      .text("packages/c/package.json", ""),
    ]),
  FastWayLayout(
    name: "a manifest past the bound on one",
    files: declarations + [
      root(#"["packages/*"]"#),
      .text("packages/a/package.json", #"{"name": "a"}"#),
      .text(
        "packages/b/package.json",
        #"{"name": "b", "pad": ""# + String(repeating: "x", count: 1 << 20) + #""}"#),
    ]),
  FastWayLayout(
    name: "deep patterns",
    files: declarations + [
      root(#"["packages/**", "./tools/**/", "packages/*/*"]"#),
      .text("packages/a/package.json", #"{"name": "a"}"#),
      .text("packages/a/nested/package.json", #"{"name": "a-nested"}"#),
      .text("packages/b/c/d/package.json", #"{"name": "d"}"#),
      .text("packages/.hidden/package.json", #"{"name": "hidden"}"#),
      .text("packages/x/node_modules/y/package.json", #"{"name": "y"}"#),
      .text("packages/bower_components/z/package.json", #"{"name": "z"}"#),
      .text("tools/t/package.json", #"{"name": "t"}"#),
      .link("tools/u", "t"),
    ]),
  FastWayLayout(
    name: "negated patterns",
    files: declarations + [
      root(#"["packages/*", "!packages/b", "!packages/c/**"]"#),
      .text("packages/a/package.json", #"{"name": "a"}"#),
      .text("packages/b/package.json", #"{"name": "b"}"#),
      .text("packages/c/package.json", #"{"name": "c"}"#),
      .text("packages/c/d/package.json", #"{"name": "d"}"#),
    ]),
  FastWayLayout(
    name: "Nx's walk with project.json, ignores and a git folder",
    files: [
      .text("package.json", #"{"name": "root", "workspaces": ["libs/*"], "nx": {}}"#),
      .text("nx.json", #"{"plugins": ["@nx/js"]}"#),
      .text(".git/HEAD", "ref: refs/heads/main\n"),
      .text(".gitignore", "dist/\n*.tmp\n"),
      .text(".nxignore", "ignored\n"),
      .text("libs/a/package.json", #"{"name": "@acme/a", "nx": {"name": "a-nx"}}"#),
      .text("libs/b/project.json", #"{"name": "b-project"}"#),
      .text("libs/b/package.json", #"{"name": "b"}"#),
      .text("apps/c/project.json", #"{}"#),
      .text("apps/c/package.json", #"{"name": "c-package"}"#),
      .text("apps/d/project.json", "{\n  // a comment\n  \"name\": \"d\",\n}\n"),
      .text("dist/e/project.json", #"{"name": "e"}"#),
      .text("ignored/f/project.json", #"{"name": "f"}"#),
      .text("libs/g/node_modules/h/project.json", #"{"name": "h"}"#),
      .link("libs/i", "../apps/c"),
    ]),
]

/// Turns the layout's listed paths into FIFOs, sockets and unreadable files.
private func makeSpecial(_ layout: FastWayLayout, in scratch: Scratch) {
  for path in layout.fifos {
    _ = FileSystem.makeFolders(FileSystem.folder(of: scratch.path(path)))
    #expect(mkfifo(scratch.path(path), 0o600) == 0)
  }
  for path in layout.sockets {
    _ = FileSystem.makeFolders(FileSystem.folder(of: scratch.path(path)))
    let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(scratch.path(path).utf8)
    #expect(bytes.count < MemoryLayout.size(ofValue: address.sun_path))
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      for (index, byte) in bytes.enumerated() { raw[index] = byte }
    }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    #expect(bound == 0)
    close(fd)
  }
  for path in layout.unreadable { #expect(chmod(scratch.path(path), 0) == 0) }
}

@Test(arguments: fastWayLayouts)
func theFastWayAnswersAsTheOrdinaryWayOnHostileLayouts(_ layout: FastWayLayout) {
  let scratch = Scratch()
  scratch.make(layout.files)
  makeSpecial(layout, in: scratch)
  defer { for path in layout.unreadable { chmod(scratch.path(path), 0o700) } }
  expectSameBothWays(scratch.root, layout.name)
}

/// The bench's shape, smaller: the fast way's lists are the ordinary way's, and every manifest
/// found is read once.
@Test func aHundredPackagesBothWays() {
  let scratch = Scratch()
  scratch.make(declarations)
  scratch.write("package.json", #"{"name": "root", "workspaces": ["packages/*"]}"#)
  for index in 0..<100 {
    scratch.write("packages/p\(index)/package.json", #"{"name": "@acme/p\#(index)", "version": "1.0.0"}"#)
  }
  expectSameBothWays(scratch.root, "a hundred packages")
  let fast = ScopeConfigurations.compute(.workspace, root: scratch.root)
  #expect(fast.scopes?.count == 100)
  #expect(fast.manifests.count == 101)
  #expect(Set(fast.manifests).count == 101)
}

/// The folders a layout puts packages in, each given twenty plain packages more: enough that
/// the walk looks at each folder's manifests (and Nx lists its folders) on several threads
/// together (`FileSystem.OpenFolder.batchMinimum`), the hostile entries among them.
private func padded(_ layout: FastWayLayout) -> [LayoutFile] {
  var folders: [String] = []
  for file in layout.files {
    let path: String
    switch file {
    case .text(let name, _), .bytes(let name, _), .link(let name, _): path = name
    }
    let parts = path.split(separator: "/")
    guard parts.count >= 3, !parts[0].hasPrefix("."), !folders.contains(String(parts[0])) else { continue }
    folders.append(String(parts[0]))
  }
  #expect(!folders.isEmpty, "\(layout.name): no folder of packages")
  return layout.files
    + folders.flatMap { folder in
      (0..<20).map { index in
        .text("\(folder)/pad\(index)/package.json", #"{"name": "@acme/\#(folder)-pad\#(index)"}"#)
      }
    }
}

/// Each hostile layout among twenty plain packages in every folder it uses: the answers the
/// walk's look-ahead gets on several threads are the ones each look gets alone.
@Test(arguments: fastWayLayouts)
func theBatchedWayAnswersAsTheOrdinaryWayOnHostileLayouts(_ layout: FastWayLayout) {
  let scratch = Scratch()
  scratch.make(padded(layout))
  makeSpecial(layout, in: scratch)
  defer { for path in layout.unreadable { chmod(scratch.path(path), 0o700) } }
  expectSameBothWays(scratch.root, layout.name + ", padded")
}

/// Bounds a batch meets part way: the bytes of all manifests together (the look-ahead keeps to
/// what the bound leaves, each thread to its share), the number of manifests, the folders Nx
/// lists, and how deep a folder may be. Each stops or answers as the ordinary way does.
@Test(arguments: [
  ScopeLimits(
    folders: 20_000, manifests: 10_000, manifestBytes: 1 << 20, totalBytes: 900, depth: 64, seconds: 2),
  ScopeLimits(
    folders: 20_000, manifests: 30, manifestBytes: 1 << 20, totalBytes: 64 << 20, depth: 64, seconds: 2),
  ScopeLimits(
    folders: 25, manifests: 10_000, manifestBytes: 1 << 20, totalBytes: 64 << 20, depth: 64, seconds: 2),
  ScopeLimits(
    folders: 20_000, manifests: 10_000, manifestBytes: 40, totalBytes: 64 << 20, depth: 2, seconds: 2),
])
func batchesKeepTheWalksBounds(_ limits: ScopeLimits) {
  let scratch = Scratch()
  scratch.make(declarations)
  scratch.write("package.json", #"{"name": "root", "workspaces": ["packages/*", "packages/*/*"]}"#)
  for index in 0..<60 {
    let padding = String(repeating: " ", count: index % 7 * 3)
    scratch.write("packages/p\(index)/package.json", #"{"name": "@acme/p\#(index)"\#(padding)}"#)
    if index % 3 == 0 {
      scratch.write("packages/p\(index)/inner/package.json", #"{"name": "@acme/inner\#(index)"}"#)
    }
  }
  expectSameBothWays(scratch.root, "sixty packages under \(limits)", limits: limits)
}
