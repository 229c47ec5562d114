import Testing

@testable import StableTextConventions
@testable import StableTextCore

/// A configuration's `ignores` functions as data (CommitlintIgnore): each row a predicate, a
/// message and what the JavaScript function it stands for returns on it (as a truth value), as
/// Node 20 computes it.
@Suite struct CommitlintIgnoreTests {
  struct Row: Sendable, CustomTestStringConvertible {
    var predicate: CommitlintIgnore
    var message: String
    var ignored: Bool
    var testDescription: String { "\(predicate) on \(message.debugDescription)" }
  }

  static let wip = CommitlintIgnore.Text.literal("WIP")

  static let rows: [Row] = [
    // m.includes("WIP"), code units compared as they are (no canonical equivalence).
    Row(predicate: .includes(.message, wip), message: "feat: WIP thing", ignored: true),
    Row(predicate: .includes(.message, wip), message: "feat: wip thing", ignored: false),
    Row(predicate: .includes(.message, .literal("")), message: "", ignored: true),
    Row(predicate: .includes(.message, .literal("e\u{301}")), message: "caf\u{E9}", ignored: false),
    // m.startsWith / endsWith
    Row(predicate: .startsWith(.message, .literal("Merge ")), message: "Merge branch 'x'", ignored: true),
    Row(predicate: .startsWith(.message, .literal("Merge ")), message: "feat: Merge ", ignored: false),
    Row(predicate: .endsWith(.message, .literal("[skip]")), message: "docs: x [skip]", ignored: true),
    Row(predicate: .endsWith(.message, .literal("[skip]")), message: "docs: x [skip]\n", ignored: false),
    // m === "…"
    Row(
      predicate: .equals(.message, .literal("Version Packages")), message: "Version Packages", ignored: true),
    Row(
      predicate: .equals(.message, .literal("Version Packages")), message: "Version Packages\n",
      ignored: false),
    // m.toLowerCase().includes("wip"): full case mappings, Final_Sigma as JavaScript applies it.
    Row(predicate: .includes(.lowercased(.message), .literal("wip")), message: "WIP: x", ignored: true),
    Row(predicate: .includes(.lowercased(.message), .literal("ος")), message: "ΟΔΟΣ", ignored: true),
    Row(predicate: .includes(.lowercased(.message), .literal("i\u{307}")), message: "\u{130}", ignored: true),
    Row(predicate: .equals(.uppercased(.message), .literal("STRASSE")), message: "straße", ignored: true),
    // m.trim() with JavaScript's white space (U+FEFF is, U+0085 is not).
    Row(predicate: .equals(.trimmed(.message), .literal("x")), message: "\u{FEFF} x\n", ignored: true),
    Row(predicate: .equals(.trimmed(.message), .literal("x")), message: "\u{85}x", ignored: false),
    // m.split("\n")[0]
    Row(
      predicate: .equals(.beforeFirst(.message, separator: "\n"), .literal("chore: release")),
      message: "chore: release\n\nbody", ignored: true),
    Row(
      predicate: .equals(.beforeFirst(.message, separator: "\n"), .literal("x")), message: "x", ignored: true),
    // a regular expression's test
    Row(
      predicate: .matches(try! JavaScriptRegex(pattern: "^v?\\d+\\.\\d+\\.\\d+$", flags: ""), .message),
      message: "v1.2.3", ignored: true),
    Row(
      predicate: .matches(try! JavaScriptRegex(pattern: "^v?\\d+\\.\\d+\\.\\d+$", flags: ""), .message),
      message: "v1.2.3\n", ignored: false),
    // !, &&, ||
    Row(predicate: .not(.includes(.message, wip)), message: "feat: x", ignored: true),
    Row(
      predicate: .all([.startsWith(.message, .literal("chore")), .includes(.message, .literal("release"))]),
      message: "chore: release 1.0", ignored: true),
    Row(
      predicate: .all([.startsWith(.message, .literal("chore")), .includes(.message, .literal("release"))]),
      message: "chore: deps", ignored: false),
    Row(predicate: .any([.constant(false), .includes(.message, wip)]), message: "WIP", ignored: true),
    Row(predicate: .any([]), message: "x", ignored: false),
    Row(predicate: .all([]), message: "x", ignored: true),
  ]

  @Test(arguments: rows) func answersAsTheFunction(_ row: Row) {
    #expect(row.predicate.ignores(row.message) == row.ignored)
  }

  @Test func describesItselfAsJavaScript() throws {
    let predicate = CommitlintIgnore.any([
      .includes(.lowercased(.message), .literal("wip \"x\"")),
      .matches(
        try JavaScriptRegex(pattern: "^Merge", flags: "m"), .beforeFirst(.trimmed(.message), separator: "\n")),
    ])
    #expect(
      predicate.description
        == #"(message.toLowerCase().includes("wip \"x\"")) || (/^Merge/m.test(message.trim().split("\n")[0]))"#
    )
  }

  /// The linear search (Knuth, Morris and Pratt) against the naive one, on every needle and
  /// haystack of up to 7 letters over a two-letter alphabet (where borders and overlaps abound).
  @Test func searchAgreesWithTheNaiveSearch() {
    func naive(_ needle: [Character], _ haystack: [Character], _ from: Int) -> Int? {
      guard needle.count <= haystack.count - from else { return nil }
      for start in from...(haystack.count - needle.count)
      where Array(haystack[start..<(start + needle.count)]) == needle {
        return start
      }
      return nil
    }
    func words(_ length: Int) -> [[Character]] {
      length == 0 ? [[]] : words(length - 1).flatMap { [$0 + ["a"], $0 + ["b"]] }
    }
    let all = (0...7).flatMap(words)
    var compared = 0
    for haystack in all where haystack.count >= 1 {
      for needle in all where needle.count >= 1 && needle.count <= 4 {
        for from in 0...haystack.count {
          #expect(CommitlintIgnore.search(needle, in: haystack, from: from) == naive(needle, haystack, from))
          compared += 1
        }
      }
    }
    #expect(compared == 53_760)
    // And in linear time where the naive search is quadratic.
    let haystack = [UInt16](repeating: 97, count: 1_000_000)
    let needle = [UInt16](repeating: 97, count: 500_000) + [98]
    #expect(CommitlintIgnore.search(needle, in: haystack, from: 0) == nil)
  }
}
