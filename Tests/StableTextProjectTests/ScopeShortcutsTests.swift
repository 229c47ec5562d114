import StableTextSystem
import Testing

@testable import StableTextProject

// The scope walk's shortcuts against the ordinary answers they stand for: `*` matched without
// fnmatch, names sorted in one byte buffer, each path watched once by its relative path.

/// Names a listing may hold: hidden, ASCII punctuation, not ASCII, decoded from bytes that are
/// not UTF-8 (replacement characters), a combining mark first, control characters.
private let listedNames: [String] = [
  "a", "p0", ".a", "..a", ".", "a.", "-", " ", "*", "?", "[", "]", "\\", "a b", "node_modules", "é",
  "e\u{301}", "\u{301}a", "😀", ".é", String(decoding: [0xFF, 0x2E, 0x61], as: UTF8.self),
  String(decoding: [0x2E, 0xFF], as: UTF8.self), "\u{1}", "\t", "a\nb", "~", "$x", "+(a|b)",
]

/// `*` and other wildcards, on every listed name: the shortcut says what fnmatch says.
@Test(arguments: ["*", "p*", "*.a", "?", ".*", "[a-z]*", "+(a|p0)", "!(a)", "\\*"])
func aWildcardMatchesAsFnmatchMatches(_ wildcard: String) {
  for name in listedNames {
    #expect(
      NodeGlob.segmentMatches(wildcard, name) == FileSystem.segmentMatches(wildcard, name),
      "\(wildcard) on \(name.unicodeScalars.map(\.value))")
  }
}

/// The one-buffer sort against `sorted(by: precedes)`, on lists with repeats, names past
/// U+FFFF next to U+E000–U+FFFF, prefixes of each other and the empty string.
@Test(arguments: [
  [String](),
  ["b", "a"],
  ["packages/p10/package.json", "packages/p2/package.json", "packages/p1/package.json"],
  ["a", "a", "b", "a", "", "ab", "a\u{FF5E}", "a😀", "a\u{E000}", "a\u{F0000}", "é", "e\u{301}", "e"],
  listedNames,
  listedNames.reversed() + listedNames,
])
func theOneBufferSortSortsAsPrecedes(_ strings: [String]) {
  let expected = strings.sorted(by: ScopeNames.precedes)
  let sorted = ScopeNames.sorted(strings)
  #expect(sorted.map { Array($0.utf8) } == expected.map { Array($0.utf8) })
}

/// Each path is watched once, as a set of the absolute paths would keep them, on every layout:
/// a path looked at, read and listed, and an absolute pattern naming the root, a path below it
/// and one outside.
@Test(arguments: scopeLayouts.map(\.name) + fastWayLayouts.map(\.name))
func eachPathIsWatchedOnce(_ name: String) {
  let files =
    scopeLayouts.first { $0.name == name }?.files ?? fastWayLayouts.first { $0.name == name }?.files ?? []
  let scratch = Scratch()
  scratch.make(files)
  for package in ScopePackage.allCases {
    let computed = ScopeConfigurations.compute(package, root: scratch.root)
    let paths = computed.watch.seen.map(\.path)
    #expect(Set(paths).count == paths.count, "\(name), \(package.rawValue)")
  }
}

@Test func absolutePatternsInsideAndOutsideAreWatchedOnce() {
  let scratch = Scratch()
  let outside = Scratch()
  outside.write("x/package.json", #"{"name": "x"}"#)
  scratch.write("packages/a/package.json", #"{"name": "a"}"#)
  let patterns = [
    scratch.root, scratch.path("packages/a"), scratch.root + "/", outside.path("x"), outside.path("y"),
    "packages/*", scratch.path("packages/a"),
  ]
  let quoted = patterns.map { "\"\($0)\"" }.joined(separator: ", ")
  scratch.write("lerna.json", "{\"packages\": [\(quoted)]}")
  scratch.write("package.json", #"{"name": "root"}"#)
  let computed = ScopeConfigurations.compute(.lerna, root: scratch.root)
  let paths = computed.watch.seen.map(\.path)
  #expect(Set(paths).count == paths.count)
  #expect(paths.contains(scratch.path("lerna.json")))
}

/// An absolute path back to the relative one `absolute(_:)` built it from, and nil for any
/// other (the root with a trailing slash, a sibling sharing the root's name as a prefix).
@Test(
  arguments: [
    ("/r", "/r", ""), ("/r", "/r/a", "a"), ("/r", "/r/a/b", "a/b"), ("/r", "/r/", nil), ("/r", "/rx/a", nil),
    ("/r", "/", nil), ("/", "/", ""), ("/", "/a", "a"), ("/", "//a", "/a"), ("/r", "/r//a", "/a"),
    ("/r", "/r/é", "é"),
  ] as [(String, String, String?)])
func theRelativePathOfAnAbsoluteOne(_ root: String, _ path: String, _ expected: String?) {
  let walk = ScopeWalk(root: root, limits: .standard)
  #expect(walk.relative(ofAbsolute: path) == expected)
  if let expected { #expect(walk.absolute(expected) == path) }
}

/// Nx's lenient reading skips its passes on bytes that hold no `/` (no comment) or no comma
/// before a closing bracket: the same bytes as the passes give.
@Test(arguments: [
  "", "{}", #"{"name": "a"}"#, #"{"a": [1, 2,], "b": {"c": 1 ,\n}}"#, #"{"a": "x,]"}"#, #"{"a": ",}", }"#,
  #"{"a": "http://x"}"#, "{// c\n\"a\": 1}", "{/* c */\"a\": 1,}", #"{"a": "\",]"}"#, "[1,\t\r\n]",
  "{\"a\": 1,/* c */}", "/", ",", ",}", #"{"name": "@acme/a", "b": "/x/"}"#, "{\"a\": \"//\"}", "/*", "//",
  "{\"a\": 1} //", "{\"a\": 1} /* open", #"{"a": "\/", "b": 1}"#, "\u{FEFF}{\"a\": 1,}",
])
func nxLenientPassesAreSkippedOnlyWhereTheyChangeNothing(_ text: String) {
  let bytes = Array(text.utf8)
  #expect(ManifestParsing.withoutComments(bytes) == ManifestParsing.commentsRemoved(bytes))
  #expect(ManifestParsing.withoutTrailingCommas(bytes) == ManifestParsing.trailingCommasRemoved(bytes))
}

/// A path is split into names at each `/` byte, as Node splits a string at each `/` code unit
/// (and minimatch with it): a `/` that a combining mark follows still ends a name, where a split
/// by `Character` would keep the two together. The answers are minimatch's (minimatch 9, run
/// under Node 20): both `true`.
@Test func aPathIsSplitAtEverySlashAsNodeSplitsIt() {
  let path = "packages/\u{301}x/package.json"
  #expect(NodeGlob.PathPattern.names(of: path) == ["packages", "\u{301}x", "package.json"])
  #expect(NodeGlob.pathMatches(path, "packages/*/package.json") == true)
  #expect(NodeGlob.pathMatches("apps/\u{301}x/package.json", "apps/\u{301}x/package.json") == true)
  #expect(NodeGlob.PathPattern.names(of: "/a//b/") == ["a", "b"])
}
