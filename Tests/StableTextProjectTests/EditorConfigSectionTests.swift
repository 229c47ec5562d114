import StableTextCore
import StableTextProject
import StableTextSystem
import Testing

struct CollapseCase: CustomTestStringConvertible, Sendable {
  var section: String
  var collapsed: String
  var testDescription: String { section }
}

/// Runs of `*` and of `**/` shortened to what libeditorconfig's pattern means the same with.
@Test(arguments: [
  CollapseCase(section: "**/**/**/a", collapsed: "**/**/a"),
  CollapseCase(section: "x/**/**/**/b", collapsed: "x/**/**/b"),
  CollapseCase(section: "x/**/**/b", collapsed: "x/**/**/b"),
  CollapseCase(section: "x**/**/b", collapsed: "x**/b"),
  CollapseCase(section: "{x,y}/**/**/**/*.md", collapsed: "{x,y}/**/**/*.md"),
  CollapseCase(section: "**/x", collapsed: "**/x"),
  CollapseCase(section: "a***b", collapsed: "a**b"),
  CollapseCase(section: "*******.md", collapsed: "**.md"),
  CollapseCase(section: "x/****/y", collapsed: "x/***/y"),
  CollapseCase(section: "****/y", collapsed: "***/y"),
  CollapseCase(section: "x/***", collapsed: "x/**"),
])
func runsAreShortened(_ example: CollapseCase) {
  let header = "[\(example.section)]\nmax_line_length = 3\n"
  let expected = "[\(example.collapsed)]\nmax_line_length = 3\n"
  let bounded = EditorConfigSections.bounded(Array(header.utf8))
  #expect(String(decoding: bounded.bytes, as: UTF8.self) == expected)
  #expect(bounded.skipped == [])
}

/// Paths to ask libeditorconfig about, below a scratch folder.
let libraryPaths = [
  "a", "x/a", "x/y/a", "x/y/z/a", "xa", "x/b", "x/y/b", "x/y/z/b", "b/a", "x/b/a", "x/y/b/a", "y/a.md",
  "x/q/a.md",
  "x/q/r/s/a.md", "z/x/a", "x//a", "x/y", "q/x/r/y", "a.b", "x/a***b", "aqqb", "a.md", ".eslintrc", "c.yml",
  "Makefile", "makefile", "lib.c", "lib.o", "file2.txt", "file7.txt", "[x].md", "src/a/b.js", "docs/a.md",
]

/// The shortened section means what the original does to libeditorconfig itself: every path
/// below gets the same properties from a file with either header.
@Test(arguments: [
  "**/**/**/a", "x/**/**/**/a", "x**/**/a", "{x,y}/**/**/**/*.md", "/**/**/**/b/a", "a***b", "*******.md",
  "x/****/y", "****/y", "x/***",
])
func shortenedSectionsMeanTheSameToTheLibrary(_ section: String) throws {
  let original = Scratch()
  let shortened = Scratch()
  let text = "root = true\n[\(section)]\nmax_line_length = 3\n"
  original.write(".editorconfig", text)
  let copy = EditorConfigSections.bounded(Array(text.utf8)).bytes
  #expect(copy != Array(text.utf8))
  shortened.write(".editorconfig", String(decoding: copy, as: UTF8.self))
  for path in libraryPaths {
    let before = EditorConfigMirror.libraryProperties(ofFile: original.path(path))
    let after = EditorConfigMirror.libraryProperties(ofFile: shortened.path(path))
    #expect(before == after, "\(section) on \(path)")
  }
}

struct CostCase: CustomTestStringConvertible, Sendable {
  var section: String
  /// The most wildcards of one alternative that backtrack against each other.
  var degree: Int
  var alternatives: Int?
  var testDescription: String { section }
}

/// Every form of section header met in real `.editorconfig` files (written here anew): each is
/// honoured, its copy the file's own bytes, at the cost of its worst alternative.
let everydaySections: [CostCase] = [
  CostCase(section: "*", degree: 1, alternatives: 1),
  CostCase(section: "**", degree: 1, alternatives: 1),
  CostCase(section: "*.md", degree: 1, alternatives: 1),
  CostCase(section: "**.md", degree: 2, alternatives: 1),
  CostCase(section: "*.min.js", degree: 1, alternatives: 1),
  CostCase(section: "**.min.js", degree: 2, alternatives: 1),
  CostCase(section: "Makefile", degree: 1, alternatives: 1),
  CostCase(section: "Dockerfile*", degree: 1, alternatives: 1),
  CostCase(section: ".*rc", degree: 1, alternatives: 1),
  CostCase(section: "*.{yml,yaml}", degree: 1, alternatives: 2),
  CostCase(section: "*.{ts, tsx}", degree: 1, alternatives: 2),
  CostCase(section: "{package.json,.travis.yml}", degree: 1, alternatives: 2),
  CostCase(section: "{package,bower}.json", degree: 1, alternatives: 2),
  CostCase(section: "{Makefile*,Makelib,make.bat,*.mk,*.mak}", degree: 1, alternatives: 5),
  CostCase(section: "{*.json,*.yml,*.md}", degree: 1, alternatives: 3),
  CostCase(section: "{.*rc,*.yml,*.md,*.json,*.svg}", degree: 1, alternatives: 5),
  CostCase(section: "*.{patch,patch.*}", degree: 2, alternatives: 2),
  CostCase(section: "{Makefile,**.mk}", degree: 2, alternatives: 2),
  CostCase(section: "{Makefile,*.mk,**/*.mk}", degree: 1, alternatives: 3),
  CostCase(section: "{a,{b,c}}.md", degree: 1, alternatives: 3),
  CostCase(
    section: "*.{js,jsx,mjs,cjs,ts,tsx,mts,cts,vue,css,scss,sass,less,styl}", degree: 1, alternatives: 14),
  CostCase(section: ".git/**", degree: 0, alternatives: 1),
  CostCase(section: "src/**.js", degree: 1, alternatives: 1),
  CostCase(section: "gradle/wrapper/**", degree: 0, alternatives: 1),
  CostCase(section: "**/docker-compose.{yml,yaml}", degree: 1, alternatives: 4),
  CostCase(section: "{**/contracts-go/**,**/contracts-py/**}", degree: 1, alternatives: 2),
  CostCase(section: "/docs/*.md", degree: 1, alternatives: 1),
  CostCase(section: "lib/**/*.ts", degree: 1, alternatives: 2),
  CostCase(section: "test/**/fixtures/**/*.json", degree: 2, alternatives: 4),
  CostCase(section: "[Mm]akefile", degree: 1, alternatives: 1),
  CostCase(section: "*.[ch]", degree: 1, alternatives: 1),
  CostCase(section: "*.[!o]", degree: 1, alternatives: 1),
  CostCase(section: "file{1..3}.txt", degree: 1, alternatives: 1),
  CostCase(section: "\\[x\\].md", degree: 1, alternatives: 1),
  CostCase(section: "{single}.md", degree: 1, alternatives: 1),
  CostCase(section: "*.{test,spec}.*", degree: 2, alternatives: 2),
  CostCase(section: "*_test*.go", degree: 2, alternatives: 1),
  CostCase(section: "!*.{js,ts}", degree: 1, alternatives: 2),
  CostCase(section: "\"*\"", degree: 1, alternatives: 1),
  CostCase(section: "*,{js,ts}", degree: 1, alternatives: 2),
  CostCase(section: "*.(json|yml)", degree: 1, alternatives: 1),
  CostCase(section: "{src}/**.{ts,tsx}", degree: 1, alternatives: 2),
  CostCase(section: "*.{json}", degree: 1, alternatives: 1),
  CostCase(section: "Assets/Plugins/**/*.cs", degree: 1, alternatives: 2),
  CostCase(section: "**/Generated/*.cs", degree: 2, alternatives: 2),
  CostCase(section: ".git/COMMIT_EDITMSG", degree: 0, alternatives: 1),
  CostCase(
    section: "*.{c,cc,cpp,cxx,h,hh,hpp,hxx,inl,ipp,ixx,cu,cuh,glsl,hlsl,fx,fxh,tlh,tli,cppm}", degree: 1,
    alternatives: 20),
]

@Test(arguments: everydaySections)
func everydaySectionsAreHonoured(_ example: CostCase) {
  let glob = EditorConfigGlob(section: Array(example.section.utf8), folder: [])
  #expect(glob.degree == example.degree)
  #expect(glob.alternativeCount == example.alternatives)
  let text = "root = true\n[\(example.section)] ; a comment\nindent_size = 2\nmax_line_length = 80\n"
  let bounded = EditorConfigSections.bounded(Array(text.utf8))
  #expect(bounded.skipped == [])
  #expect(bounded.bytes == Array(text.utf8))
}

/// What libeditorconfig matches, the glob could match: a section left out is said for every
/// path the library would have given its properties to. The reading is exact but for bracket
/// expressions and numbers, which it takes loosely.
@Test(
  arguments: everydaySections.map(\.section) + ["a/**/b/**/c/**/d", "*a*a*b", "x/**/y", "/x/**", "x/***"])
func whatTheLibraryMatchesTheGlobCouldMatch(_ section: String) {
  let scratch = Scratch()
  scratch.write(".editorconfig", "root = true\n[\(section)]\nprobe = yes\n")
  let glob = EditorConfigGlob(section: Array(section.utf8), folder: Array(scratch.root.utf8))
  for path in libraryPaths + ["a/q/b/c/d", "a/b/c/d", "xaaab", "x/y/ab/aab"] {
    let matched = EditorConfigMirror.libraryProperties(ofFile: scratch.path(path))["probe"] == "yes"
    let could = glob.couldMatch(Array(scratch.path(path).utf8))
    #expect(could || !matched, "[\(section)] on \(path)")
    if !section.contains("[") && !section.contains("..") {
      #expect(could == matched, "[\(section)] on \(path)")
    }
  }
}

struct SkipCase: CustomTestStringConvertible, Sendable {
  var name: String
  var section: String
  var degree: Int
  var testDescription: String { name }
}

/// What costs the library past PCRE's match limit for a path of 1,024 bytes is left out of the
/// copy (its header sent nowhere), named with its line and why; the sections around it stay.
@Test(arguments: [
  SkipCase(name: "three wildcards in one name", section: "*a*a*b", degree: 3),
  SkipCase(name: "two ** in one name", section: "**a**b", degree: 3),
  SkipCase(name: "three ** apart", section: "a/**/b/**/c/**/d", degree: 3),
  SkipCase(name: "five wildcards, four of them backtracking", section: "*a*a*a?a*b", degree: 4),
  SkipCase(
    name: "the red team's thousand **/, which the library reads as a thousand folders",
    section: String(repeating: "**/", count: 1_000) + "*a", degree: 2_001),
])
func costlySectionsAreLeftOut(_ example: SkipCase) {
  let text = "root = true\n[*]\nindent_size = 2\n\n[\(example.section)]\nmax_line_length = 1\n[*.md]\nx = 1\n"
  let bounded = EditorConfigSections.bounded(Array(text.utf8))
  let sent = "root = true\n[*]\nindent_size = 2\n\n[/]\nmax_line_length = 1\n[*.md]\nx = 1\n"
  #expect(String(decoding: bounded.bytes, as: UTF8.self) == sent)
  #expect(bounded.skipped.count == 1)
  let skipped = bounded.skipped.first
  #expect(skipped?.line == 5)
  #expect(skipped?.column == 1)
  #expect(skipped?.header == example.section)
  let glob = EditorConfigGlob(section: Array(example.section.utf8), folder: [])
  #expect(glob.degree == example.degree)
  #expect(
    skipped?.why
      == "matching it could take EditorConfig's library up to \(EditorConfigSections.figure(glob.cost(pathBytes: 1_024))) steps for one path (\(example.degree) of its wildcards backtrack against each other), more than the 10,000,000 after which the library gives up and answers that it does not match"
  )
}

/// The property lines of one file cost their sections' estimates together: the section that
/// would take the file past its budget is left out, and those after it still count.
@Test func aFileOverItsBudgetLosesTheSectionThatCrossesIt() {
  // `[*a*b]` costs C(1024 + 2, 2) = 525,825 a line: 9 lines fit in 5,000,000, 10 do not.
  let each = EditorConfigGlob(section: Array("*a*b".utf8), folder: []).cost(pathBytes: 1_024)
  #expect(each == 525_825)
  let lines = (0..<5).map { "p\($0) = 1\n" }.joined()
  let text = "[*a*b]\n" + lines + "[x*a*b]\n" + lines + "[*.md]\nmax_line_length = 9\n"
  let bounded = EditorConfigSections.bounded(Array(text.utf8))
  #expect(bounded.skipped.map(\.line) == [7])
  #expect(
    bounded.skipped.first?.why
      == "its 5 properties would take matching the file's sections past 5,000,000 steps of EditorConfig's library for one path (each costs up to 525,825)"
  )
}

/// Through the lookup: a section left out is said, as not honoured, only for a path it could
/// match, and the rest of the file applies; a section that cannot match a path costs it nothing.
@Test func aSectionLeftOutIsSaidWhereItCouldMatch() {
  let scratch = Scratch()
  scratch.write(
    ".editorconfig", "root = true\n[*]\nmax_line_length = 9\n\n[*a*a*b.md]\nmax_line_length = 1\n")
  let configurations = ProjectConfigurations()
  let other = configurations.lookup(forFile: scratch.path("sub/x.txt"))
  #expect(other.problems == [])
  #expect(
    other.layers.editorConfig?.lineRules == [LineRule(lines: LineSpan(first: 1, last: nil), maxLength: 9)])
  let costly = configurations.lookup(forFile: scratch.path("sub/aab.md"))
  #expect(
    costly.layers.editorConfig?.lineRules == [LineRule(lines: LineSpan(first: 1, last: nil), maxLength: 9)])
  let cost = EditorConfigSections.figure(
    EditorConfigGlob(section: Array("*a*a*b.md".utf8), folder: []).cost(pathBytes: 1_024))
  #expect(
    costly.problems.map(\.description) == [
      "\(scratch.path(".editorconfig")):5:1: [*a*a*b.md] is not honoured: matching it could take EditorConfig's library up to \(cost) steps for one path (3 of its wildcards backtrack against each other), more than the 10,000,000 after which the library gives up and answers that it does not match; the rest applies"
    ])
  #expect(costly.problems.first?.kind == .notHonoured)
  #expect(costly.problems.first?.concern == .editorConfig)
}

/// The red team's sections of a thousand `**/` cost a lookup nothing: left out when the file is
/// read, said (once each) for the paths they could match, the rest of the file applying.
@Test func theRedTeamsSectionsAreLeftOutAndTheRestApplies() {
  let scratch = Scratch()
  scratch.write(".editorconfig", "root = true\n[*]\nmax_line_length = 9\n")
  scratch.write("sub/.editorconfig", "[a/**/b/**/c/**/d]\nmax_line_length = 1\n")
  scratch.write(
    "red/.editorconfig", "[" + String(repeating: "**/", count: 1_000) + "*a]\nmax_line_length = 4\n")
  let configurations = ProjectConfigurations()
  let sub = configurations.lookup(forFile: scratch.path("sub/a/x/b/c/d"))
  #expect(
    sub.layers.editorConfig?.lineRules == [LineRule(lines: LineSpan(first: 1, last: nil), maxLength: 9)])
  #expect(sub.problems.map(\.place) == [scratch.path("sub/.editorconfig") + ":1:1"])
  #expect(configurations.lookup(forFile: scratch.path("sub/x.txt")).problems == [])
  let deep = scratch.path("red" + String(repeating: "/q", count: 400) + "/a")
  let red = configurations.lookup(forFile: deep)
  #expect(
    red.layers.editorConfig?.lineRules == [LineRule(lines: LineSpan(first: 1, last: nil), maxLength: 9)])
  #expect(red.problems.map(\.place) == [scratch.path("red/.editorconfig") + ":1:1"])
}

struct UnreadableCase: CustomTestStringConvertible, Sendable {
  var name: String
  /// The file, `BAD` where a line the library cannot read stands.
  var text: String
  var bad: String
  var why: String
  var testDescription: String { name }
}

private let cannotRead = "EditorConfig's library cannot read it: "

/// Lines libeditorconfig cannot read (which make it give no property at all, for any file) are
/// not honoured: each is a comment in the copy, named with its line, and the rest of the file
/// applies exactly as the library reads it without them.
@Test(arguments: [
  UnreadableCase(
    name: "a zero-width space alone on a line", text: "root = true\nBAD\n[*]\nmax_line_length = 80\n",
    bad: "\u{200B}",
    why: cannotRead + "neither a section, a property (name = value) nor a comment"),
  UnreadableCase(
    name: "a merge conflict's markers", text: "root = true\n[*]\nBAD\nmax_line_length = 80\n",
    bad: "<<<<<<< HEAD", why: cannotRead + "neither a section, a property (name = value) nor a comment"),
  UnreadableCase(
    name: "a section's [ without its ]", text: "root = true\nBAD\n[*]\nmax_line_length = 80\n", bad: "[*.md",
    why: cannotRead + "a section's `[` without its `]`"),
  UnreadableCase(
    name: "a stray word between properties",
    text: "root = true\n[*]\nindent_size = 2\nBAD\nmax_line_length = 80\n",
    bad: "xx", why: cannotRead + "neither a section, a property (name = value) nor a comment"),
  UnreadableCase(
    name: "a line in UTF-16", text: "root = true\n[*]\nmax_line_length = 80\nBAD\n",
    bad: "r\u{0}o\u{0}o\u{0}t\u{0}",
    why: cannotRead + "it holds NUL bytes (EditorConfig files are UTF-8; is it UTF-16?)"),
  UnreadableCase(
    name: "a comment longer than the library's line", text: "root = true\nBAD\n[*]\nmax_line_length = 80\n",
    bad: "# " + String(repeating: "x", count: 6_000),
    why: cannotRead + "longer than 4999 bytes, it is read in pieces"),
])
func linesTheLibraryCannotReadAreNotHonoured(_ example: UnreadableCase) {
  let scratch = Scratch()
  let lines = example.text.split(separator: "\n", omittingEmptySubsequences: false)
  let bad = lines.firstIndex { $0 == "BAD" }! + 1
  scratch.write(".editorconfig", example.text.replacing("BAD", with: example.bad))
  let clean = Scratch()
  clean.write(".editorconfig", example.text.replacing("BAD", with: ";"))
  // The library itself gives nothing for the file, and everything for the clean one.
  #expect(EditorConfigMirror.libraryProperties(ofFile: scratch.path("a.txt")) != ["max_line_length": "80"])
  #expect(EditorConfigMirror.libraryProperties(ofFile: clean.path("a.txt"))["max_line_length"] == "80")
  let found = ProjectConfigurations().lookup(forFile: scratch.path("a.txt"))
  #expect(
    found.layers.editorConfig?.lineRules == [LineRule(lines: LineSpan(first: 1, last: nil), maxLength: 80)])
  #expect(
    found.problems.map(\.description) == [
      "\(scratch.path(".editorconfig")):\(bad):1: this line is not honoured: \(example.why); the rest applies"
    ])
}
