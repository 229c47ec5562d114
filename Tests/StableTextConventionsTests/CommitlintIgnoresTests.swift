import Foundation
import StableTextCore
import Testing

@testable import StableTextConventions

/// commitlint's default ignores (`@commitlint/is-ignored` at 1fd1be00), case by case: the cases
/// of its own test (`src/is-ignored.test.ts`) written here as rows, each test without an `ignores`
/// option a row (its messages, `defaults`, and the answer it expects, its title saying what it
/// pins); the three with `ignores` are excused below. 31 tests: 28 rows, 3 excused, counted by
/// `holdsEveryCase`.
struct CommitlintIgnoresTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var title: String
    var messages: [String]
    var defaults = true
    var ignored: Bool

    var testDescription: String { title }
  }

  static let versions = [
    "0.0.1", "0.1.0", "1.0.0", "0.0.1-alpha", "0.0.1-some-crazy-tag", "0.0.1-0", "0.0.1-999", "0.0.1-alpha.0",
    "0.0.1-alpha.999", "0.0.1-some-crazy-tag.0", "0.0.1-some-crazy-tag.999", "0.0.1-1e69d54", "v0.0.1",
    " v3.0.0",
  ]

  static let amendments = [
    "Signed-off-by: Developer <example@example.com>",
    "Change-Id: I895114872a515a269487a683124b63303818e19c",
    "Signed-off-by: Developer <example@example.com>\nChange-Id: I895114872a515a269487a683124b63303818e19c",
  ]

  static let revert =
    "evert \"docs: add recipe for linting of all commits in a PR (#36)\"\n\nThis reverts commit 1e69d542c16c2a32acfd139e32efa07a45f19111."

  static let cases: [Case] = [
    // `isIgnored()`: the message defaults to "".
    Case(title: "should return false when called without arguments", messages: [""], ignored: false),
    Case(title: "should return false when called with empty string", messages: [""], ignored: false),
    Case(title: "should return false for normal commit", messages: ["initial commit"], ignored: false),
    Case(title: "should return true for branch merges", messages: ["Merge branch 'iss53'"], ignored: true),
    Case(
      title: "should return true for branch merges with newline characters",
      messages: ["Merge branch 'ctrom-YarnBuild'\n", "Merge branch 'ctrom-YarnBuild'\r\n"], ignored: true),
    Case(
      title: "should return true for branch merges with multiple newline characters",
      messages: ["Merge branch 'ctrom-YarnBuild'\n\n\n", "Merge branch 'ctrom-YarnBuild'\r\n\r\n\r\n"],
      ignored: true),
    Case(title: "should return true for merged PRs", messages: ["Merge pull request #369"], ignored: true),
    Case(
      title: "should return true for branch merges with newline characters and more characters after it",
      messages: ["Merge branch 'ctrom-YarnBuild'\n ", "Merge branch 'ctrom-YarnBuild'\r\n # some comment"],
      ignored: true),
    Case(
      title: "should return true for tag merges", messages: ["Merge tag '1.1.1'", "Merge tag 'a tag'"],
      ignored: true),
    Case(
      title: "should return true for tag merges with newline characters",
      messages: ["Merge tag '1.1.1'\n", "Merge tag '1.1.1'\r\n"], ignored: true),
    Case(
      title: "should return true for tag merges with multiple newline characters",
      messages: ["Merge tag '1.1.1'\n\n\n", "Merge tag '1.1.1'\r\n\r\n\r\n"], ignored: true),
    Case(
      title: "should return true for tag merges with newline characters and more characters after it",
      messages: ["Merge tag '1.1.1'\n ", "Merge tag '1.1.1'\r\n # some comment"], ignored: true),
    Case(
      title: "should return true for revert commits", messages: ["R" + revert, "r" + revert], ignored: true),
    Case(title: "should ignore npm semver commits", messages: versions, ignored: true),
    Case(
      title: "should ignore npm semver commits with chore",
      messages: versions.map { "chore: \($0)" } + versions.map { "chore(release): \($0)" }, ignored: true),
    Case(
      title: "should ignore npm semver commits with footers",
      messages: versions.flatMap { version in amendments.map { "\(version)\n\n\($0)" } }, ignored: true),
    Case(
      title: "should ignore npm semver commits with CI skip markers",
      messages: [
        "2.3.3-beta.1 [skip ci]", "2.3.3-beta.1 [ci skip]", "2.3.3-beta.1 [skip-ci]",
        "2.3.3-beta.1 [ci-skip]",
        "2.3.3-beta.1 (skip ci)", "2.3.3-beta.1 (ci skip)", "2.3.3-beta.1 (skip-ci)",
        "2.3.3-beta.1 (ci-skip)",
      ], ignored: true),
    Case(
      title: "should ignore npm semver commits with chore and CI skip markers",
      messages: [
        "chore(release): 2.3.3-beta.1 [skip ci]", "chore(release): 2.3.3-beta.1 [ci skip]",
        "chore: 2.3.3-beta.1 [skip ci]", "chore: 2.3.3-beta.1 [ci skip]",
      ], ignored: true),
    Case(title: "should return true amend commits", messages: ["amend! initial commit"], ignored: true),
    Case(title: "should return true fixup commits", messages: ["fixup! initial commit"], ignored: true),
    Case(title: "should return true squash commits", messages: ["squash! initial commit"], ignored: true),
    Case(
      title: "should return true for bitbucket merge commits",
      messages: [
        "Merged in feature/facebook-friends-sync (pull request #8)",
        "Merged develop into feature/component-form-select-card", "Automatic merge",
      ], ignored: true),
    Case(
      title: "should return true for automatic merge commits",
      messages: ["Auto-merged develop into master", "Merge remote-tracking branch"], ignored: true),
    Case(
      title: "should return true for azure devops merge commits",
      messages: ["Merged PR 123: Description here"],
      ignored: true),
    Case(
      title: "should return false for commits containing, but not starting, with merge branch",
      messages: ["foo bar Merge branch xxx"], ignored: false),
    Case(
      title: "should return false for commits containing, but not starting, with merge tag",
      messages: ["foo bar Merge tag '1.1.1'"], ignored: false),
    Case(
      title: "should return false for ignored message if defaults is false",
      messages: ["Auto-merged develop into master"], defaults: false, ignored: false),
    Case(
      title: "should return false for ignored message if custom ignores and defaults is false",
      messages: ["Auto-merged develop into master"], defaults: false, ignored: false),
  ]

  /// The tests that pass `ignores`: a configuration's `ignores` are JavaScript functions, which
  /// StableText cannot run (the configuration reader refuses the key by name), so neither the
  /// functions nor is-ignored's type errors about them have a counterpart here.
  static let excused = [
    "should throw error if ignores is not an array",
    "should return true for custom ignores as function",
    "should throw error if any element of ignores is not a function",
  ]

  @Test(arguments: cases) func isIgnored(_ row: Case) {
    for message in row.messages {
      #expect(
        CommitlintIgnores.isIgnored(message, defaults: row.defaults) == row.ignored,
        "\(message.debugDescription)")
    }
  }

  /// Each wildcard of defaults.ts at its edges: what the regular expression's anchors, `.` and
  /// `semver.valid` decide, beyond the messages of commitlint's test.
  @Test(arguments: [
    ("Merge feature into main", true),
    ("feat: x\n\nMerge branch 'a'", true),  // `m`: any line may start a merge
    ("feat: x\rMerge tag v1", true),  // `\r` ends a line too
    ("feat: x\n\nRevert y", false),  // no `m`: only the message's start
    ("Merge\ninto x", false),
    ("Merged PR 1\n: x", false),  // `.` stops at the line's end
    ("Auto-merged a\n into b", false),
    ("Reverting x", false),
    ("fixup x", false),
    ("1.0", false),
    ("01.0.0", false),
    ("1.0.0-01", false),
    ("1.0.0-0a", true),
    ("1.0.0+build.01", true),
    ("1.0.0+", false),
    ("V1.0.0", false),
    ("9007199254740991.0.0", true),
    ("9007199254740992.0.0", false),
    ("chore(): 1.0.0", false),
    ("chore(x)1.0.0", false),
    ("1.0.0 [SKIP CI]", true),
    ("1.0.0 [skip ci] [ci skip]", false),  // only the first marker goes
    ("1.0.0\u{A0}", true),  // trim() takes Unicode spaces
    ("1.0.0\r\nbody", true),  // split at "\n" only, then trimmed
    // semver 7.6.2's `valid` agrees on these.
    ("=1.0.0", false),
    ("v1.0.0-a.b-c+d", true),
    ("1.0.0-a+b+c", false),
    ("1.0.0-a..b", false),
  ])
  func wildcardEdges(_ message: String, _ ignored: Bool) {
    #expect(CommitlintIgnores.isIgnored(message) == ignored)
    #expect(!CommitlintIgnores.isIgnored(message, defaults: false))
  }

  /// The table holds every case of is-ignored's test: 28 rows and 3 excused, each title once.
  @Test func holdsEveryCase() {
    #expect(Self.cases.count == 28)
    #expect(Self.excused.count == 3)
    #expect(Set(Self.cases.map(\.title) + Self.excused).count == 31)
  }
}
