import StableTextCore
import StableTextProject
import StableTextSystem
import Testing

struct CollapseCase: CustomTestStringConvertible, Sendable {
  var section: String
  var collapsed: String
  var testDescription: String { section }
}

/// Runs of `**/` shortened to what libeditorconfig's pattern means the same with.
@Test(arguments: [
  CollapseCase(section: "**/**/**/a", collapsed: "**/**/a"),
  CollapseCase(section: "x/**/**/**/b", collapsed: "x/**/**/b"),
  CollapseCase(section: "x/**/**/b", collapsed: "x/**/**/b"),
  CollapseCase(section: "x**/**/b", collapsed: "x**/b"),
  CollapseCase(section: "{x,y}/**/**/**/*.md", collapsed: "{x,y}/**/**/*.md"),
  CollapseCase(section: "**/x", collapsed: "**/x"),
])
func runsOfGlobstarsAreShortened(_ example: CollapseCase) {
  let header = "[\(example.section)]\nmax_line_length = 3\n"
  let expected = "[\(example.collapsed)]\nmax_line_length = 3\n"
  #expect(EditorConfigSections.bounded(Array(header.utf8)) == .success(Array(expected.utf8)))
}

/// The shortened section means what the original does to libeditorconfig itself: every path
/// below gets the same properties from a file with either header.
@Test(arguments: ["**/**/**/a", "x/**/**/**/a", "x**/**/a", "{x,y}/**/**/**/*.md", "/**/**/**/b/a"])
func shortenedSectionsMeanTheSameToTheLibrary(_ section: String) throws {
  let original = Scratch()
  let shortened = Scratch()
  let text = "root = true\n[\(section)]\nmax_line_length = 3\n"
  original.write(".editorconfig", text)
  let copy = try EditorConfigSections.bounded(Array(text.utf8)).get()
  #expect(copy != Array(text.utf8))
  shortened.write(".editorconfig", String(decoding: copy, as: UTF8.self))
  let paths = [
    "a", "x/a", "x/y/a", "x/y/z/a", "xa", "x/b", "x/y/b", "x/y/z/b", "b/a", "x/b/a", "x/y/b/a", "y/a.md",
    "x/q/a.md", "x/q/r/s/a.md", "z/x/a", "x//a",
  ]
  for path in paths {
    let before = EditorConfigMirror.libraryProperties(ofFile: original.path(path))
    let after = EditorConfigMirror.libraryProperties(ofFile: shortened.path(path))
    #expect(before == after, "\(section) on \(path)")
  }
}

struct RefusalCase: CustomTestStringConvertible, Sendable {
  var name: String
  var text: String
  var line: Int
  var why: String
  var testDescription: String { name }
}

/// What is still too costly after shortening is refused, naming the line and why.
@Test(arguments: [
  RefusalCase(
    name: "three ** apart", text: "root = true\n\n[a/**/b/**/c/**/d]\nx = 1\n", line: 3,
    why:
      "the section's pattern has 3 `**` (more than 2, counting the `**/` put before a name without `/`): EditorConfig's library could take minutes to match it"
  ),
  RefusalCase(
    name: "the red team's thousand **/, which the library reads as a thousand folders",
    text: "[" + String(repeating: "**/", count: 1_000) + "*a]\nx = 1\n", line: 1,
    why:
      "the section's pattern has 1000 `**` (more than 2, counting the `**/` put before a name without `/`): EditorConfig's library could take minutes to match it"
  ),
  RefusalCase(
    name: "four ** not after a slash keep three",
    text: "[x**/**/**/**/b]\n", line: 1,
    why:
      "the section's pattern has 3 `**` (more than 2, counting the `**/` put before a name without `/`): EditorConfig's library could take minutes to match it"
  ),
  RefusalCase(
    name: "five wildcards", text: "[*a*a*a?a*b]\n", line: 1,
    why:
      "the section's pattern has 5 wildcards `*` and `**` (more than 4, counting the `**/` put before a name without `/`): EditorConfig's library could take minutes to match it"
  ),
  RefusalCase(
    name: "a section after a long line is read as the library cuts it",
    text: String(repeating: "x", count: 4_999) + "[a/**/b/**/c/**/d]\n", line: 2,
    why:
      "the section's pattern has 3 `**` (more than 2, counting the `**/` put before a name without `/`): EditorConfig's library could take minutes to match it"
  ),
  RefusalCase(
    name: "too many properties under costly sections",
    text: "[*]\nx = 1\n[**/**/*a]\n" + String(repeating: "p = 1\n", count: 10) + "[*a*b]\nq = 2\n", line: 13,
    why:
      "matching the file's sections would take EditorConfig's library too long (more than 10000 units of work; a property under a section with two `**` or three wildcards costs 1000)"
  ),
])
func costlySectionsAreRefused(_ example: RefusalCase) {
  #expect(
    EditorConfigSections.bounded(Array(example.text.utf8))
      == .failure(EditorConfigSections.Refusal(line: example.line, why: example.why)))
}

/// Through the lookup: a refused file is said once, naming the file and the line, and no
/// EditorConfig layer applies under it; a shortened section applies as the library reads it.
@Test func aRefusedEditorConfigIsNamedAndIgnored() {
  let scratch = Scratch()
  scratch.write(".editorconfig", "root = true\n[*]\nmax_line_length = 9\n")
  scratch.write("sub/.editorconfig", "[a/**/b/**/c/**/d]\nmax_line_length = 1\n")
  scratch.write("red/.editorconfig", "[**/**/**/*a]\nmax_line_length = 4\n")
  let configurations = ProjectConfigurations()
  #expect(configurations.layers(forFile: scratch.path("sub/x.txt")).editorConfig == nil)
  #expect(
    configurations.takeProblems().map(\.description) == [
      "\(scratch.path("sub/.editorconfig")): line 1: the section's pattern has 3 `**` (more than 2, counting the `**/` put before a name without `/`): EditorConfig's library could take minutes to match it; the file is ignored"
    ])
  let deep = scratch.path("red" + String(repeating: "/q", count: 400) + "/a")
  #expect(
    configurations.layers(forFile: deep).editorConfig?.lineRules == [
      LineRule(lines: LineSpan(first: 1, last: nil), maxLength: 4)
    ])
  #expect(configurations.takeProblems() == [])
}
