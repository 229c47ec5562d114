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

/// A plain manifest read without jansson against jansson's reading: the same verdict, and the
/// same answers to every question the packages ask of it and its members.
@Test(arguments: [
  #"{"name": "@acme/p1", "version": "1.0.0"}"#, "{}", " \t\r\n{ } \n", #"{"name": ""}"#, #"{"name": null}"#,
  #"{"name": true}"#, #"{"name": false}"#, #"{"name": 0}"#, #"{"name": -0}"#, #"{"name": 12}"#,
  #"{"name": -999999999999999}"#, #"{"name": 1234567890123456}"#, #"{"name": 01}"#, #"{"name": 1.5}"#,
  #"{"name": 1e3}"#, #"{"name": -}"#, #"{"name": "a", "name": "b"}"#, #"{"name": "a",}"#, #"{"name" "a"}"#,
  #"{"name": "a"} x"#, #"{"name": "a"}}"#, #"{"name": "a\"b"}"#, #"{"name": "a\u0041"}"#, #"{"name": "é"}"#,
  #"{"name": "a\tb"}"#, "{\"name\": \"a\tb\"}", #"{"": "empty name"}"#, #"{"name": truex}"#,
  #"{"name": nul}"#,
  #"{"name": tru"#, #"{"name": "a""#, #"{"name""#, "{", "", "null", "[]", #""name""#, "12",
  #"{"nx": {"name": "x"}, "name": "y"}"#, #"{"dependencies": null, "devDependencies": 1}"#,
  "\u{FEFF}{\"name\": \"a\"}", "{\"name\": \"a\"}\u{0}", #"{"name": "a" , "private" : true }"#,
  #"{"length": 0}"#, #"{"name": "@acme"}"#,
])
func aPlainManifestReadsAsJanssonReadsIt(_ text: String) {
  let bytes = Array(text.utf8)
  let plain = ManifestParsing.plainObject(bytes)
  let ordinary = ManifestParsing.json(bytes, dropsByteOrderMark: true).map { ManifestValue.json($0.ref()) }
  guard let plain else { return }
  guard case .success(let value) = ordinary else {
    Issue.record("jansson refuses what was read as plain: \(text)")
    return
  }
  let fast = ManifestValue.yaml(plain)
  let names = [
    "name", "version", "private", "nx", "dependencies", "devDependencies", "length", "", "missing",
  ]
  #expect(fast.typeName == value.typeName, "\(text)")
  #expect(fast.isNullish == value.isNullish && fast.isObject == value.isObject, "\(text)")
  #expect(fast.hasLengthZero == value.hasLengthZero, "\(text)")
  for name in names {
    let (one, other) = (fast[name], value[name])
    #expect(one.typeName == other.typeName, "\(text) \(name)")
    #expect(one.string == other.string, "\(text) \(name)")
    #expect(one.isTruthy == other.isTruthy, "\(text) \(name)")
    #expect(one.isUndefined == other.isUndefined && one.isNullish == other.isNullish, "\(text) \(name)")
    #expect(one.elements == nil && other.elements == nil, "\(text) \(name)")
    #expect(ScopeNames.name(one) == ScopeNames.name(other), "\(text) \(name)")
  }
}

/// Which documents are plain: each of these is, and each of the others is left to jansson.
@Test func thePlainDocumentsAreThese() {
  let plain = [#"{"name": "@acme/p1", "version": "1.0.0"}"#, "{}", #"{"a": -12, "b": null, "c": false}"#]
  let notPlain = [
    #"{"name": 1.5}"#, #"{"name": "é"}"#, #"{"a": {}}"#, #"{"a": []}"#, "\u{FEFF}{}", "[]", #"{"a": "\n"}"#,
    #"{"a": 01}"#, #"{"a": 1234567890123456}"#,
  ]
  for text in plain { #expect(ManifestParsing.plainObject(Array(text.utf8)) != nil, "\(text)") }
  for text in notPlain { #expect(ManifestParsing.plainObject(Array(text.utf8)) == nil, "\(text)") }
}
