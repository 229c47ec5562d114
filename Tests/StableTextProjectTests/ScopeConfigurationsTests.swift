import Glibc
import StableTextConventions
import StableTextCore
import StableTextSystem
import Testing

@testable import StableTextProject

extension Scratch {
  /// Writes the layout's files (folders made as needed).
  func make(_ files: [LayoutFile]) {
    for file in files {
      switch file {
      case .text(let path, let text): write(path, text)
      case .bytes(let path, let bytes):
        _ = FileSystem.makeFolders(FileSystem.folder(of: self.path(path)))
        _ = FileSystem.write(bytes, to: self.path(path))
      case .link(let path, let target):
        _ = FileSystem.makeFolders(FileSystem.folder(of: self.path(path)))
        symlink(target, self.path(path))
      }
    }
  }
}

/// What the computation gave, in the table's terms.
private func answer(_ computed: ComputedScopes) -> ScopeAnswer {
  if let scopes = computed.scopes { return .scopes(scopes) }
  return computed.commitlintFails ? .commitlintFails : .notComputed
}

/// Every layout, every package it names: the list, or the failure, exactly as commitlint's own
/// package computed it for the same files.
@Test(arguments: scopeLayouts)
func scopesAsEachPackageComputesThem(_ layout: ScopeLayout) {
  let scratch = Scratch()
  scratch.make(layout.files)
  for (package, expected) in layout.answers {
    let computed = ScopeConfigurations.compute(package, root: scratch.root)
    #expect(answer(computed) == expected, "\(package.rawValue): \(computed.problems)")
    // A list is the rule commitlint's configuration holds: level 2, always.
    if case .scopes(let list) = expected {
      #expect(
        computed.rule
          == .array([
            .number(2), .string("always"), .array(list.map { $0.map(CommitlintValue.string) ?? .null }),
          ]))
    } else {
      #expect(computed.rule == nil)
      #expect(computed.problems.count == 1)
    }
  }
}

/// Brace expansion as minimatch's `braceExpand` gave it (Node 24's bundled copy, run on these
/// very patterns), duplicates dropped as minimatch drops them.
@Test(arguments: [
  ("{a,b}", ["a", "b"]), ("a{,b}", ["a", "ab"]), ("{,a}", ["a"]), ("{a}", ["{a}"]), ("x{}y", ["x{}y"]),
  ("{}x", ["{}x"]), ("{a,b}{1,2}", ["a1", "a2", "b1", "b2"]), ("{a,{b,c}}d", ["ad", "bd", "cd"]),
  ("{{a,b}}", ["{a}", "{b}"]), ("{1..3}", ["1", "2", "3"]), ("{3..1}", ["3", "2", "1"]),
  ("{01..10..3}", ["01", "04", "07", "10"]), ("{-2..2}", ["-2", "-1", "0", "1", "2"]),
  ("{-02..2}", ["-02", "-01", "000", "001", "002"]), ("{a..e..2}", ["a", "c", "e"]),
  ("{X..b}", ["X", "Y", "Z", "[", "", "]", "^", "_", "`", "a", "b"]), ("${a,b}", ["${a,b}"]),
  ("{a},b}", ["a}", "b"]), ("a{b}c{d,e}", ["a{b}cd", "a{b}ce"]), ("{a,b", ["{a,b"]), ("a,b}", ["a,b}"]),
  ("{a{b,c}", ["{ab", "{ac"]), ("x{a..c}y{1..2}", ["xay1", "xay2", "xby1", "xby2", "xcy1", "xcy2"]),
  ("{1..3..0}", ["1", "2", "3"]), ("{a,b}/{c,d}", ["a/c", "a/d", "b/c", "b/d"]), ("{1.5..3}", ["{1.5..3}"]),
  ("{a,,b}", ["a", "b"]), ("s/{x}", ["s/{x}"]),
])
func bracesAsMinimatchExpandsThem(_ pattern: String, _ expected: [String]) {
  #expect(NodeGlob.braceExpanded(pattern) == .success(expected))
}

/// A sequence or a product past the bound is not expanded (Node would produce up to 100,000).
@Test func bracesPastTheBoundAreNotExpanded() {
  #expect(NodeGlob.braceExpanded("{1..100000}").map(\.count) != .success(100_000))
  guard case .failure = NodeGlob.braceExpanded("{1..100000}") else {
    Issue.record("a 100,000-item sequence was expanded")
    return
  }
  guard case .failure = NodeGlob.braceExpanded("{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}") else {
    Issue.record("512 alternatives were expanded")
    return
  }
}

/// The segments minimatch makes of a pattern with Node's options (its `globParts`, run on these
/// patterns): a leading `.` kept, `.` and empty segments dropped inside, `name/..` removed, runs
/// of `**` made one, backslashes taken as slashes, `{a,*}` merged into `*`.
@Test(arguments: [
  ("./packages/**/package.json", [[".", "packages", "**", "package.json"]]),
  ("packages//a/./b/package.json", [["packages", "a", "b", "package.json"]]),
  ("a/../b/package.json", [["b", "package.json"]]),
  ("a/../**/package.json", [[".", "**", "package.json"]]),
  ("**/**/x/package.json", [["**", "x", "package.json"]]),
  ("../x/package.json", [["..", "x", "package.json"]]),
  ("/abs/package.json", [["", "abs", "package.json"]]),
  ("p\\q/package.json", [["p", "q", "package.json"]]),
  ("a/b/../../../c/package.json", [["..", "c", "package.json"]]),
  ("{a,*}/package.json", [["*", "package.json"]]),
  ("{a/**/b,a/b}/package.json", [["a", "**", "b", "package.json"], ["a", "b", "package.json"]]),
  ("x/./package.json", [["x", "package.json"]]),
  ("./package.json", [[".", "package.json"]]),
])
func segmentsAsMinimatchMakesThem(_ pattern: String, _ expected: [[String]]) throws {
  let slashed = String(pattern.map { $0 == "\\" ? "/" : $0 })
  let alternatives = try NodeGlob.braceExpanded(slashed).get()
  let parts = NodeGlob.mergedAlternatives(alternatives.map(NodeGlob.splitAtSlashes).map(NodeGlob.simplified))
  #expect(parts == expected)
}

/// commitlint's own repository: a pnpm workspace, no `workspaces` in package.json, which
/// extends config-workspace-scopes. The list is empty, as commitlint computes it, and a warning
/// says that scope-enum checks nothing although there are packages.
@Test func anEmptyListWhereThereArePackagesIsSaid() {
  let scratch = Scratch()
  scratch.write("package.json", #"{"name": "commitlint-root", "private": true}"#)
  scratch.write("pnpm-workspace.yaml", "packages:\n  - '@commitlint/*'\n  - '@packages/*'\n")
  scratch.write("@commitlint/cli/package.json", #"{"name": "@commitlint/cli"}"#)
  let computed = ScopeConfigurations.compute(.workspace, root: scratch.root)
  #expect(computed.scopes == [])
  #expect(computed.rule == .array([.number(2), .string("always"), .array([])]))
  #expect(
    computed.problems == [
      ScopeProblem(
        .warning, path: scratch.path("package.json"),
        "@commitlint/config-workspace-scopes finds no scope: package.json has no workspaces list; scope-enum "
          + "checks nothing, although the repository declares packages in pnpm-workspace.yaml")
    ])
  // The same repository under config-pnpm-scopes has its packages.
  #expect(ScopeConfigurations.compute(.pnpm, root: scratch.root).scopes == ["cli", "global"])
}

@Test func theObjectFormOfWorkspacesIsSaid() {
  let scratch = Scratch()
  scratch.write("package.json", #"{"name": "root", "workspaces": {"packages": ["packages/*"]}}"#)
  scratch.write("packages/a/package.json", #"{"name": "a"}"#)
  let computed = ScopeConfigurations.compute(.workspace, root: scratch.root)
  #expect(computed.scopes == [])
  #expect(computed.problems.map(\.kind) == [.warning])
  #expect(
    computed.problems.first?.message
      == "@commitlint/config-workspace-scopes finds no scope: package.json's workspaces is an object "
      + "({\"packages\": […]}), which it reads as no workspaces (it reads only a list); scope-enum checks "
      + "nothing, although the repository declares packages in package.json (workspaces.packages)")
}

/// A single-package repository: nothing to say.
@Test func anEmptyListWithoutPackagesIsNotSaid() {
  let scratch = Scratch()
  scratch.write("package.json", #"{"name": "solo"}"#)
  for package in [ScopePackage.workspace, .rush] {
    let computed = ScopeConfigurations.compute(package, root: scratch.root)
    #expect(computed.scopes == [])
    #expect(computed.problems == [])
  }
}

/// rush.json that Rush reads (a trailing comma) but jsonc 2 does not: commitlint's list is
/// empty, and that is said.
@Test func aRushFileJsoncCannotReadIsSaid() {
  let scratch = Scratch()
  scratch.write("rush.json", "{\"projects\": [{\"packageName\": \"a\", \"projectFolder\": \"a\"},]}")
  let computed = ScopeConfigurations.compute(.rush, root: scratch.root)
  #expect(computed.scopes == [])
  #expect(computed.problems.map(\.kind) == [.warning])
  #expect(computed.problems.first?.path == scratch.path("rush.json"))
  #expect(computed.problems.first?.message.contains("rush.json cannot be read by jsonc") == true)
}

/// Entries that are JavaScript's `undefined` (a package named `@scope` alone) match no scope; a
/// list of nothing else refuses every scope.
@Test func undefinedEntriesAreSaid() {
  let scratch = Scratch()
  scratch.write("package.json", #"{"name": "root", "workspaces": ["p/*"]}"#)
  scratch.write("p/a/package.json", #"{"name": "@acme"}"#)
  let alone = ScopeConfigurations.compute(.workspace, root: scratch.root)
  #expect(alone.scopes == [nil])
  #expect(alone.rule == .array([.number(2), .string("always"), .array([.null])]))
  #expect(alone.problems.first?.message.hasSuffix("commitlint refuses every message with a scope") == true)
  scratch.write("p/b/package.json", #"{"name": "b"}"#)
  let mixed = ScopeConfigurations.compute(.workspace, root: scratch.root)
  #expect(mixed.scopes == [nil, "b"])
  #expect(mixed.problems.first?.message.contains("1 undefined entry") == true)
}

/// pnpm's list always holds `global`; with no package found where packages are declared, only
/// `global` is allowed, which is said.
@Test func pnpmWithOnlyGlobalIsSaid() {
  let scratch = Scratch()
  scratch.write("package.json", #"{"name": "root"}"#)
  scratch.write("pnpm-workspace.yaml", "packages: ['packages/*']\n")
  let computed = ScopeConfigurations.compute(.pnpm, root: scratch.root)
  #expect(computed.scopes == ["global"])
  #expect(computed.problems.first?.message.contains("only \"global\" is allowed") == true)
}

/// What was read and looked at: the manifests in the order read, and a watch that notices a
/// package added, a name changed, and a file that was missing appearing.
@Test func theWatchFollowsTheManifests() throws {
  let scratch = Scratch()
  scratch.write("package.json", #"{"name": "root", "workspaces": ["packages/*"]}"#)
  scratch.write("packages/b/package.json", #"{"name": "b"}"#)
  scratch.write("packages/a/package.json", #"{"name": "a"}"#)
  let first = ScopeConfigurations.compute(.workspace, root: scratch.root)
  #expect(first.scopes == ["a", "b"])
  #expect(
    first.manifests
      == [
        scratch.path("package.json"), scratch.path("packages/a/package.json"),
        scratch.path("packages/b/package.json"),
      ])
  #expect(first.watch.isCurrent)
  scratch.write("packages/c/package.json", #"{"name": "c"}"#)
  #expect(first.watch.firstChange() == scratch.path("packages"))
  let second = ScopeConfigurations.compute(.workspace, root: scratch.root)
  #expect(second.scopes == ["a", "b", "c"])
  #expect(second.watch.isCurrent)
  scratch.write("packages/a/package.json", #"{"name": "a2", "version": "2.0.0"}"#)
  #expect(second.watch.firstChange() == scratch.path("packages/a/package.json"))
  #expect(ScopeConfigurations.compute(.workspace, root: scratch.root).scopes == ["a2", "b", "c"])
  // lerna.json missing: commitlint fails; it appearing is a change.
  scratch.write("package.json", #"{"name": "root"}"#)
  let lerna = ScopeConfigurations.compute(.lerna, root: scratch.root)
  #expect(lerna.commitlintFails)
  #expect(lerna.watch.isCurrent)
  scratch.write("lerna.json", #"{"packages": ["packages/*"]}"#)
  #expect(lerna.watch.firstChange() == scratch.path("lerna.json"))
  #expect(ScopeConfigurations.compute(.lerna, root: scratch.root).scopes == ["a2", "b", "c"])
}

/// A thousand packages: every one, in the package's order.
@Test func aThousandPackages() {
  let scratch = Scratch()
  scratch.write("package.json", #"{"name": "root", "workspaces": ["packages/*"]}"#)
  scratch.write("pnpm-workspace.yaml", "packages: ['packages/*']\n")
  for index in 0..<1000 {
    scratch.write("packages/p\(index)/package.json", #"{"name": "@acme/p\#(index)", "version": "1.0.0"}"#)
  }
  let expected = (0..<1000).map { "p\($0)" }.sorted { $0.utf16.lexicographicallyPrecedes($1.utf16) }
  let workspace = ScopeConfigurations.compute(.workspace, root: scratch.root)
  #expect(workspace.scopes == expected)
  #expect(workspace.manifests.count == 1001)
  let pnpm = ScopeConfigurations.compute(.pnpm, root: scratch.root)
  #expect(pnpm.scopes == (expected + ["global"]).sorted { $0.utf16.lexicographicallyPrecedes($1.utf16) })
}

/// Hostile repositories: each stops with a problem, never a hang or a partial list.
@Test func boundsStopTheWalk() {
  let scratch = Scratch()
  scratch.write("package.json", #"{"name": "root", "workspaces": ["deep/**"]}"#)
  var deep = "deep"
  for level in 0..<12 {
    deep += "/d\(level)"
    scratch.write(deep + "/package.json", #"{"name": "p\#(level)"}"#)
  }
  let standard = ScopeConfigurations.compute(.workspace, root: scratch.root)
  #expect(standard.scopes?.count == 12)
  func stopped(_ limits: ScopeLimits) -> [ScopeProblem] {
    let computed = ScopeConfigurations.compute(.workspace, root: scratch.root, limits: limits)
    #expect(computed.scopes == nil)
    return computed.problems
  }
  var limits = ScopeLimits.standard
  limits.depth = 5
  #expect(stopped(limits).map(\.kind) == [.notComputed])
  #expect(stopped(limits).first?.message.contains("more than 5 folders deep") == true)
  limits = .standard
  limits.folders = 4
  #expect(stopped(limits).first?.message.contains("more than 4 folders") == true)
  limits = .standard
  limits.manifests = 3
  #expect(stopped(limits).first?.message.contains("more than 3 manifests") == true)
  limits = .standard
  limits.seconds = 0
  #expect(stopped(limits).first?.message.contains("took longer than 0 s") == true)
}

/// A manifest past 1 MiB is not read (the scopes are not computed); a FIFO named package.json
/// (Node would wait on it forever) and a huge pattern never hold the walk.
@Test func hostileManifestsAndPatterns() {
  let scratch = Scratch()
  scratch.write("package.json", #"{"name": "root", "workspaces": ["p/*"]}"#)
  scratch.write(
    "p/a/package.json", #"{"name": "a", "pad": ""# + String(repeating: "x", count: 2 << 20) + #""}"#)
  let huge = ScopeConfigurations.compute(.workspace, root: scratch.root)
  #expect(huge.scopes == nil)
  #expect(huge.problems.map(\.kind) == [.notComputed])
  #expect(huge.problems.first?.message == "p/a/package.json is larger than 1024 KiB")
  FileSystem.removeTree(scratch.path("p/a/package.json"))
  #expect(mkfifo(scratch.path("p/a/package.json"), 0o600) == 0)
  let fifo = ScopeConfigurations.compute(.workspace, root: scratch.root)
  #expect(fifo.commitlintFails)
  #expect(fifo.problems.first?.path == scratch.path("p/a/package.json"))
  scratch.write("package.json", #"{"name": "root", "workspaces": ["p/{1..100000}"]}"#)
  #expect(ScopeConfigurations.compute(.workspace, root: scratch.root).problems.map(\.kind) == [.notComputed])
  let long = String(repeating: "a", count: 70_000)
  scratch.write("package.json", #"{"name": "root", "workspaces": [""# + long + #""]}"#)
  #expect(ScopeConfigurations.compute(.workspace, root: scratch.root).commitlintFails)
}

/// JavaScript's string order on UTF-8 bytes (the fast path) against UTF-16 code units (the slow
/// one), for every pair of these, which cross each range where the two encodings order apart;
/// and the code point order Nx sorts paths by, on bytes against scalars.
@Test func theFastOrderIsJavaScriptsOrder() {
  let words = [
    "", "a", "ab", "b", "B", "a-b", "é", "e\u{301}", "\u{FF5E}", "\u{E000}", "\u{FFFF}", "\u{10000}", "😀",
    "a😀", "a\u{FF5E}", "x\u{EFFF}", "x\u{F0000}", "\u{7FF}", "\u{800}", "ü", "u",
  ]
  for first in words {
    for second in words {
      #expect(
        ScopeNames.precedes(first, second) == first.utf16.lexicographicallyPrecedes(second.utf16),
        "\(first.unicodeScalars.map(\.value)) \(second.unicodeScalars.map(\.value))")
      #expect(
        ScopeNames.codePointsPrecede(first, second)
          == first.unicodeScalars.lexicographicallyPrecedes(second.unicodeScalars),
        "\(first.unicodeScalars.map(\.value)) \(second.unicodeScalars.map(\.value))")
    }
  }
  #expect(ScopeNames.includes("a/node_modules/b", "node_modules"))
  #expect(ScopeNames.includes("a/node_modules\u{301}/b", "node_modules"))
  #expect(!ScopeNames.includes("a/node_module/b", "node_modules"))
  #expect(!ScopeNames.includes("node", "node_modules"))
}

/// The npm scope dropped on the UTF-8 bytes (the fast way) against `split("/")` on the scalars,
/// as the packages' JavaScript splits (the slow one).
@Test(arguments: [
  "ui", "@acme/ui", "@acme/ui/x", "@acme/", "@acme", "@", "@/", "@a//b", "@é/ü/x", "@acme/\u{301}x",
  "a/@b", "", "@😀/😀/😀", "@acme/ui\u{301}/x",
])
func anNpmScopeIsDroppedOnTheBytesAsOnTheScalars(_ name: String) {
  let parts = name.unicodeScalars.split(separator: "/", maxSplits: 2, omittingEmptySubsequences: false)
  let slow: String? =
    name.unicodeScalars.first != "@"
    ? name : parts.count > 1 ? String(String.UnicodeScalarView(parts[1])) : nil
  #expect(
    ScopeNames.scope(of: name).map { Array($0.unicodeScalars) } == slow.map { Array($0.unicodeScalars) })
}

/// A package folder whose name starts with a combining mark (`packages/\u{301}x`): minimatch
/// (9, under Node 20) matches its manifest's path against `packages/*/package.json`, splitting
/// at each `/`, so Nx takes it as a workspace's project, after `packages/b` by path (U+0301's
/// bytes after `b`'s); every package finds it. A split by `Character` kept that `/` inside a
/// name, and Nx's list was `["b"]`: a commit scoped to it was refused.
@Test func aFolderStartingWithACombiningMarkIsAPackage() {
  let scratch = Scratch()
  scratch.write("package.json", #"{"name": "root", "private": true, "workspaces": ["packages/*"]}"#)
  scratch.write("nx.json", "{}")
  scratch.write("packages/b/package.json", #"{"name": "@acme/b"}"#)
  scratch.write("packages/\u{301}x/package.json", #"{"name": "@acme/accent"}"#)
  #expect(ScopeConfigurations.compute(.nx, root: scratch.root).scopes == ["b", "accent"])
  #expect(ScopeConfigurations.compute(.workspace, root: scratch.root).scopes == ["b", "accent"])
}
