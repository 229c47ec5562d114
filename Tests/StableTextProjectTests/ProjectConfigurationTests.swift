import Glibc
import StableTextCore
import StableTextProject
import StableTextSystem
import Testing

/// A folder of files made for one test, removed after it.
final class Scratch {
  let root: String

  init() {
    root = FileSystem.makeTemporaryFolder(prefix: "st-project-")!
  }

  deinit { FileSystem.removeTree(root) }

  /// Writes `text` at `relative` (folders made as needed); its absolute path.
  @discardableResult
  func write(_ relative: String, _ text: String) -> String {
    let path = root + "/" + relative
    _ = FileSystem.makeFolders(FileSystem.folder(of: path))
    _ = FileSystem.write(Array(text.utf8), to: path)
    return path
  }

  func path(_ relative: String) -> String { root + "/" + relative }
}

/// A clock the tests move by hand.
final class ManualClock: @unchecked Sendable {
  var now = MonotonicTime(nanoseconds: 1_000_000_000)
  func advance(_ seconds: Double) {
    now = MonotonicTime(nanoseconds: now.nanoseconds + MonotonicTime.nanoseconds(seconds))
  }
}

/// The line rule EditorConfig's `max_line_length = N` gives.
private func editorLine(_ limit: Int) -> [LineRule] {
  [LineRule(lines: LineSpan(first: 1, last: nil), maxLength: limit)]
}

struct EditorConfigCase: CustomTestStringConvertible, Sendable {
  var name: String
  var files: [(String, String)]
  /// The file asked about, relative to the scratch folder.
  var file: String
  var lineRules: [LineRule]?
  var tabSize: Int?
  var testDescription: String { name }
}

/// Sections and globs as libeditorconfig resolves them, through the copies the mirror keeps.
let editorConfigCases: [EditorConfigCase] = [
  EditorConfigCase(
    name: "[*.md] applies to Markdown only",
    files: [(".editorconfig", "root = true\n[*.md]\nmax_line_length = 80\n")], file: "notes/a.md",
    lineRules: editorLine(80), tabSize: nil),
  EditorConfigCase(
    name: "[*.md] does not apply to text",
    files: [(".editorconfig", "root = true\n[*.md]\nmax_line_length = 80\n")], file: "notes/a.txt",
    lineRules: nil, tabSize: nil),
  EditorConfigCase(
    name: "[**/docs/*] at any depth, files directly in docs",
    files: [(".editorconfig", "root = true\n[**/docs/*]\nmax_line_length = 60\n")],
    file: "x/y/docs/guide.txt",
    lineRules: editorLine(60), tabSize: nil),
  EditorConfigCase(
    name: "[**/docs/*] not below a subfolder of docs",
    files: [(".editorconfig", "root = true\n[**/docs/*]\nmax_line_length = 60\n")],
    file: "x/docs/deeper/guide.txt", lineRules: nil, tabSize: nil),
  EditorConfigCase(
    name: "the nearer file wins, and root = true stops the search",
    files: [
      (".editorconfig", "[*]\nmax_line_length = 100\ntab_width = 2\n"),
      ("sub/.editorconfig", "root = true\n[*]\nmax_line_length = 70\n"),
    ], file: "sub/a.txt", lineRules: editorLine(70), tabSize: nil),
  EditorConfigCase(
    name: "without root = true the files above add their properties",
    files: [
      (".editorconfig", "[*]\nmax_line_length = 100\ntab_width = 2\n"),
      ("sub/.editorconfig", "[*]\nmax_line_length = 70\n"),
    ], file: "sub/a.txt", lineRules: editorLine(70), tabSize: 2),
  EditorConfigCase(
    name: "max_line_length = off gives nothing",
    files: [(".editorconfig", "root = true\n[*]\nmax_line_length = 80\n[*.md]\nmax_line_length = off\n")],
    file: "a.md", lineRules: nil, tabSize: nil),
  EditorConfigCase(
    name: "max_line_length = 0 is no limit, as Vim reads it, not a limit every character passes",
    files: [(".editorconfig", "root = true\n[*]\nmax_line_length = 80\n[*.md]\nmax_line_length = 0\n")],
    file: "a.md", lineRules: nil, tabSize: nil),
  EditorConfigCase(
    name: "indent_size stands for tab_width when that is absent",
    files: [(".editorconfig", "root = true\n[*]\nindent_size = 4\n")], file: "a.txt", lineRules: nil,
    tabSize: 4),
  EditorConfigCase(
    name: "tab_width wins over indent_size",
    files: [(".editorconfig", "root = true\n[*]\nindent_size = 4\ntab_width = 3\n")], file: "a.txt",
    lineRules: nil, tabSize: 3),
  EditorConfigCase(
    name: "a tab width out of range gives nothing",
    files: [(".editorconfig", "root = true\n[*]\ntab_width = 0\nmax_line_length = -5\n")], file: "a.txt",
    lineRules: nil, tabSize: nil),
  EditorConfigCase(
    name: "a {a,b} group and a character class",
    files: [(".editorconfig", "root = true\n[{README,NOTES}.[mt][dx]*]\nmax_line_length = 40\n")],
    file: "NOTES.txt", lineRules: editorLine(40), tabSize: nil),
]

@Test(arguments: editorConfigCases)
func editorConfigSectionsAsTheLibraryResolvesThem(_ example: EditorConfigCase) {
  let scratch = Scratch()
  for (path, text) in example.files { scratch.write(path, text) }
  let configurations = ProjectConfigurations()
  let found = configurations.lookup(forFile: scratch.path(example.file))
  let layers = found.layers
  #expect(found.problems == [])
  #expect(layers.editorConfig?.lineRules == example.lineRules, "\(example.name)")
  #expect(layers.editorConfig?.tabSize == example.tabSize, "\(example.name)")
  #expect(layers.projectRules == nil)
}

@Test func stabletextJSONNearestAndAnchored() throws {
  let scratch = Scratch()
  scratch.write(
    ".stabletext.json",
    #"{"rules": {"maxLength": 100}, "overrides": [{"pattern": "/docs/**/*.md", "rules": {"maxLength": 20}}, {"pattern": "*.txt", "rules": {"unit": "utf8"}}]}"#
  )
  scratch.write("nested/.stabletext.json", #"{"rules": {"maxLength": 7}}"#)
  let configurations = ProjectConfigurations()
  // The root's file: its rules, and its anchored override for docs/ below its own folder.
  let doc = scratch.path("docs/a/b.md")
  let layers = configurations.layers(forFile: doc)
  #expect(layers.projectRules?.maxLength == .some(100))
  let uri = "file://" + doc
  let rules = RuleConfiguration().resolve(uri: uri, languageId: "markdown", files: layers)
  #expect(rules.maxLength == 20)
  // `/docs/**` is anchored: a docs folder elsewhere is not it.
  let elsewhere = scratch.path("other/docs/b.md")
  let other = RuleConfiguration().resolve(
    uri: "file://" + elsewhere, languageId: "markdown", files: configurations.layers(forFile: elsewhere))
  #expect(other.maxLength == 100)
  // An unanchored pattern matches as in the settings.
  let text = scratch.path("x/y.txt")
  let textRules = RuleConfiguration().resolve(
    uri: "file://" + text, languageId: "plaintext", files: configurations.layers(forFile: text))
  #expect(textRules.unit == .utf8)
  // The nearest file decides alone.
  let near = configurations.layers(forFile: scratch.path("nested/deep/c.md"))
  #expect(near.projectRules?.maxLength == .some(7))
  #expect(near.projectOverrides.isEmpty)
  // The layers sit after the client's overrides and before the document's own rules.
  var client = RulePatch()
  client.maxLength = .some(50)
  var configured = RulePatch()
  configured.maxLength = .some(3)
  let ordered = RuleConfiguration(rules: client, overrides: [RuleOverride(pattern: "*.md", rules: client)])
  #expect(ordered.resolve(uri: uri, languageId: "markdown", files: layers).maxLength == 20)
  #expect(
    ordered.resolve(uri: uri, languageId: "markdown", configured: configured, files: layers).maxLength == 3)
  #expect(configurations.lookup(forFile: scratch.path("nested/deep/c.md")).problems == [])
}

struct BadFileCase: CustomTestStringConvertible, Sendable {
  var name: String
  /// Makes the bad file (or folder) in the scratch folder.
  var make: @Sendable (Scratch) -> Void
  /// The problem, with `ROOT` for the scratch folder.
  var problem: String
  var testDescription: String { name }
}

let badFiles: [BadFileCase] = [
  BadFileCase(
    name: "not JSON", make: { $0.write(".stabletext.json", "{\"rules\": ") },
    problem:
      "ROOT/.stabletext.json:1:10: not JSON: unexpected token near end of file; the file is ignored"
  ),
  BadFileCase(
    name: "a wrong field",
    make: { $0.write(".stabletext.json", #"{"overrides": [{"rules": {"maxLength": "x"}}]}"#) },
    problem:
      "ROOT/.stabletext.json:1:27: overrides[0].rules.maxLength: expected a non-negative integer or null, got \"x\"; the file is ignored"
  ),
  BadFileCase(
    name: "not an object", make: { $0.write(".stabletext.json", "[]") },
    problem: "ROOT/.stabletext.json:1:1: expected an object, got an array; the file is ignored"),
  BadFileCase(
    name: "a directory", make: { _ = FileSystem.makeFolders($0.path(".stabletext.json")) },
    problem: "ROOT/.stabletext.json: is a directory, not a file; the file is ignored"),
  BadFileCase(
    name: "a FIFO (nothing waits on it)", make: { mkfifo($0.path(".stabletext.json"), 0o600) },
    problem: "ROOT/.stabletext.json: is a FIFO, not a file; the file is ignored"),
  BadFileCase(
    name: "a loop of symbolic links",
    make: {
      symlink($0.path("loop-b"), $0.path(".stabletext.json"))
      symlink($0.path(".stabletext.json"), $0.path("loop-b"))
    }, problem: "ROOT/.stabletext.json: is a loop of symbolic links, not a file; the file is ignored"),
  BadFileCase(
    name: "over 1 MiB",
    make: { $0.write(".stabletext.json", "{\"rules\": {}}" + String(repeating: " ", count: 1 << 20)) },
    problem: "ROOT/.stabletext.json: is over 1048576 bytes; the file is ignored"),
  BadFileCase(
    name: "an EditorConfig glob of 100,000 characters",
    make: {
      $0.write(".editorconfig", "[" + String(repeating: "a", count: 100_000) + "]\nmax_line_length = 5\n")
    },
    problem:
      "ROOT/.editorconfig:1:1: this line is not honoured: EditorConfig's library cannot read it: longer than 4999 bytes, it is read in pieces; the rest applies"
  ),
  BadFileCase(
    name: "an .editorconfig that is a FIFO (nothing waits on it)",
    make: { mkfifo($0.path(".editorconfig"), 0o600) },
    problem: "ROOT/.editorconfig: is a FIFO, not a file; the file is ignored"),
  BadFileCase(
    name: "an .editorconfig that is a directory",
    make: { _ = FileSystem.makeFolders($0.path(".editorconfig")) },
    problem: "ROOT/.editorconfig: is a directory, not a file; the file is ignored"),
]

@Test(arguments: badFiles)
func badConfigurationFilesAreNamedAndIgnored(_ example: BadFileCase) {
  let scratch = Scratch()
  example.make(scratch)
  let configurations = ProjectConfigurations()
  let found = configurations.lookup(forFile: scratch.path("sub/a.md"))
  #expect(found.layers == FileLayers(), "\(example.name)")
  #expect(
    configurations.unsaid(found.problems).map(\.description)
      == [example.problem.replacing("ROOT", with: scratch.root)], "\(example.name)")
  // Said once, not again for the next file that asks (whose lookup finds it again).
  let next = configurations.lookup(forFile: scratch.path("sub/b.md")).problems
  #expect(next == found.problems)
  #expect(configurations.unsaid(next) == [])
}

/// A folder on the way that is a file, or that cannot be searched: nothing there, no problem.
@Test func foldersThatCannotBeSearchedAreSkipped() {
  let scratch = Scratch()
  scratch.write(".stabletext.json", #"{"rules": {"maxLength": 9}}"#)
  scratch.write("plain", "a file where a folder would be")
  let configurations = ProjectConfigurations()
  let found = configurations.lookup(forFile: scratch.path("plain/sub/a.md"))
  #expect(found.layers.projectRules?.maxLength == .some(9))
  #expect(found.problems == [])
}

/// Ten thousand files in one folder read each configuration file once.
@Test func manyFilesInOneFolderReadEachConfigurationOnce() {
  let scratch = Scratch()
  scratch.write(".stabletext.json", #"{"rules": {"maxLength": 9}}"#)
  scratch.write(".editorconfig", "root = true\n[*.md]\nmax_line_length = 30\n")
  let configurations = ProjectConfigurations()
  for n in 0..<10_000 {
    let layers = configurations.layers(forFile: scratch.path("docs/file\(n).\(n % 2 == 0 ? "md" : "txt")"))
    #expect(layers.projectRules?.maxLength == .some(9))
    #expect(layers.editorConfig?.lineRules == (n % 2 == 0 ? editorLine(30) : nil))
  }
  #expect(configurations.reads == 2)
}

/// A change is seen by the first look a second or more after the last; a look asked for sooner
/// waits (`due`), and a forced one does not.
@Test func changesAreSeenAtMostOnceASecond() {
  let scratch = Scratch()
  let clock = ManualClock()
  scratch.write(".stabletext.json", #"{"rules": {"maxLength": 9}}"#)
  let configurations = ProjectConfigurations(clock: { clock.now })
  let file = scratch.path("a.md")
  #expect(configurations.layers(forFile: file).projectRules?.maxLength == .some(9))
  let statsAfterOpen = configurations.stats
  scratch.write(".stabletext.json", #"{"rules": {"maxLength": 10}}"#)
  clock.advance(0.4)
  #expect(configurations.refresh(forFile: file) == false)
  #expect(configurations.stats == statsAfterOpen)
  #expect(configurations.due == MonotonicTime(nanoseconds: 2_000_000_000))
  clock.advance(0.6)
  #expect(configurations.refreshWaiting() == true)
  #expect(configurations.layers(forFile: file).projectRules?.maxLength == .some(10))
  #expect(configurations.due == nil)
  // A file made later in a nearer folder is seen, and a forced look sees a change at once.
  scratch.write("sub/.stabletext.json", #"{"rules": {"maxLength": 11}}"#)
  let nearer = scratch.path("sub/b.md")
  #expect(configurations.layers(forFile: nearer).projectRules?.maxLength == .some(11))
  scratch.write("sub/.stabletext.json", #"{"rules": {"maxLength": 12, "frobnicate": 1}}"#)
  #expect(configurations.refresh(path: scratch.path("sub/.stabletext.json")) == true)
  #expect(configurations.layers(forFile: nearer).projectRules?.maxLength == .some(12))
  #expect(
    configurations.warnings(forFile: nearer) == [
      "\(scratch.path("sub/.stabletext.json")): rules.frobnicate: unknown rule ignored"
    ])
  // A name that is not a configuration file's is never looked at.
  #expect(configurations.refresh(path: scratch.path("a.md")) == false)
  #expect(configurations.reads == 4)
}
