import StableTextTestSupport
import Testing

@testable import StableTextConventions
@testable import StableTextCore

/// Completion in a commit message (Protocol/README.md, "Completion"): what each place offers,
/// over which range (markers: `1️⃣` where the item's range starts, `2️⃣` the cursor and, when the
/// range goes past it, `3️⃣` its end), and what each item leaves of the subject's limit.
@Suite struct CommitCompletionTests {
  /// Which team configuration a case runs under.
  enum Team {
    case none
    case conventional
    /// `type-enum` [feat, wip], `scope-enum` [api, ui], `header-max-length` 20.
    case custom
    /// gitlint with contrib CT1 and T1 `line-length=30`.
    case gitlint
    /// config-conventional, and a `.stabletext.json` line rule of 20 columns on line 1.
    case conventionalAndLineRule
    /// `requiredTrailers: ["Change-Id"]` and commitlint's `signed-off-by`.
    case required
  }

  static let history = CommitHistory(
    scopes: [.init("ui", 3), .init("api", 1)],
    people: [.init("Jane Doe <jane@example.com>", 5), .init("Me <me@example.com>", 2)],
    committer: "Me <me@example.com>")

  static func field(_ text: String, _ team: Team, uri: String = "file:///repo/.git/COMMIT_EDITMSG") throws
    -> StableTextField
  {
    var commitlint: CommitlintConfiguration?
    var gitlint: GitlintConfiguration?
    var patch: RulePatch?
    switch team {
    case .none: break
    case .conventional: commitlint = CommitlintSharedConfigurations.conventional
    case .custom:
      commitlint = CommitlintConfiguration(rules: [
        .init("type-enum", CommitlintRuleSetting(2, .always, .array([.string("feat"), .string("wip")]))),
        .init("scope-enum", CommitlintRuleSetting(2, .always, .array([.string("api"), .string("ui")]))),
        .init("header-max-length", CommitlintRuleSetting(2, .always, .number(20))),
      ])
    case .gitlint:
      var general = GitlintGeneralOptions()
      try general.set("contrib", "CT1")
      gitlint = GitlintConfiguration(general: general)
      try gitlint!.setOption(rule: "T1", "line-length", "30")
    case .conventionalAndLineRule:
      commitlint = CommitlintSharedConfigurations.conventional
      patch = RulePatch()
      patch!.lineRules = [LineRule(lines: LineSpan(first: 1, last: 1), maxLength: 20)]
    case .required:
      commitlint = CommitlintConfiguration(rules: [.init("signed-off-by", CommitlintRuleSetting(2, .always))])
      patch = RulePatch()
      patch!.requiredTrailers = ["Change-Id"]
    }
    let conventions = TeamConventions(
      commitlint: commitlint.map { CommitlintSetup(configuration: $0, file: "/repo/.commitlintrc.json") },
      gitlint: gitlint.map { GitlintSetup(file: "/repo/.gitlint", sections: [], configuration: $0) })
    let rules = RuleConfiguration().resolve(
      uri: uri, languageId: "text", files: FileLayers(projectRules: patch, conventions: conventions))
    return StableTextField(text: text, rules: rules)
  }

  /// `label ⟨newText⟩ 1️⃣-3️⃣ · detail` for each item.
  static func describe(_ items: [CommitCompletionItem], _ marked: MarkedText) -> [String] {
    // Where two markers stand together, a start is named by the first, an end by the last.
    let starts = Dictionary(marked.offsets.map { ($0.value, $0.key) }, uniquingKeysWith: min)
    let ends = Dictionary(marked.offsets.map { ($0.value, $0.key) }, uniquingKeysWith: max)
    return items.map { item in
      let start = starts[item.range.lowerBound] ?? "@\(item.range.lowerBound)"
      let end = ends[item.range.upperBound] ?? "@\(item.range.upperBound)"
      return "\(item.label) ⟨\(item.newText)⟩ \(start)-\(end) · \(item.detail ?? "-")"
    }
  }

  static let cases: [(marked: String, team: Team, expected: [String])] = [
    // Quiet until asked: no team configuration, no types.
    ("1️⃣2️⃣\n", .none, []),
    // config-conventional: its type-enum, in its order, each with what "type: " leaves of 100.
    (
      "1️⃣2️⃣\n", .conventional,
      [
        "build ⟨build: ⟩ 1️⃣-2️⃣ · 93 of 100 UTF-16 code units left",
        "chore ⟨chore: ⟩ 1️⃣-2️⃣ · 93 of 100 UTF-16 code units left",
        "ci ⟨ci: ⟩ 1️⃣-2️⃣ · 96 of 100 UTF-16 code units left",
        "docs ⟨docs: ⟩ 1️⃣-2️⃣ · 94 of 100 UTF-16 code units left",
        "feat ⟨feat: ⟩ 1️⃣-2️⃣ · 94 of 100 UTF-16 code units left",
        "fix ⟨fix: ⟩ 1️⃣-2️⃣ · 95 of 100 UTF-16 code units left",
        "perf ⟨perf: ⟩ 1️⃣-2️⃣ · 94 of 100 UTF-16 code units left",
        "refactor ⟨refactor: ⟩ 1️⃣-2️⃣ · 90 of 100 UTF-16 code units left",
        "revert ⟨revert: ⟩ 1️⃣-2️⃣ · 92 of 100 UTF-16 code units left",
        "style ⟨style: ⟩ 1️⃣-2️⃣ · 93 of 100 UTF-16 code units left",
        "test ⟨test: ⟩ 1️⃣-2️⃣ · 94 of 100 UTF-16 code units left",
      ]
    ),
    // The word the cursor is in is replaced whole; what follows it is kept and counted; what is
    // typed narrows the list (`wip` holds no `f`).
    ("1️⃣f2️⃣ea3️⃣(ui): 한국\n", .custom, ["feat ⟨feat⟩ 1️⃣-3️⃣ · 8 of 20 UTF-16 code units left"]),
    // Over the limit, said so.
    (
      "1️⃣2️⃣(averylongscopename): x\n", .custom,
      [
        "feat ⟨feat⟩ 1️⃣-2️⃣ · 7 over the limit of 20 UTF-16 code units",
        "wip ⟨wip⟩ 1️⃣-2️⃣ · 6 over the limit of 20 UTF-16 code units",
      ]
    ),
    // gitlint's CT1 types in its order, against T1 in code points.
    (
      "1️⃣2️⃣\n", .gitlint,
      [
        "fix ⟨fix: ⟩ 1️⃣-2️⃣ · 25 of 30 Unicode scalars left",
        "feat ⟨feat: ⟩ 1️⃣-2️⃣ · 24 of 30 Unicode scalars left",
        "chore ⟨chore: ⟩ 1️⃣-2️⃣ · 23 of 30 Unicode scalars left",
        "docs ⟨docs: ⟩ 1️⃣-2️⃣ · 24 of 30 Unicode scalars left",
        "style ⟨style: ⟩ 1️⃣-2️⃣ · 23 of 30 Unicode scalars left",
        "refactor ⟨refactor: ⟩ 1️⃣-2️⃣ · 20 of 30 Unicode scalars left",
        "perf ⟨perf: ⟩ 1️⃣-2️⃣ · 24 of 30 Unicode scalars left",
        "test ⟨test: ⟩ 1️⃣-2️⃣ · 24 of 30 Unicode scalars left",
        "revert ⟨revert: ⟩ 1️⃣-2️⃣ · 22 of 30 Unicode scalars left",
        "ci ⟨ci: ⟩ 1️⃣-2️⃣ · 26 of 30 Unicode scalars left",
        "build ⟨build: ⟩ 1️⃣-2️⃣ · 23 of 30 Unicode scalars left",
      ]
    ),
    // Two limits: the one that leaves less (20 columns, the wide subject) is shown.
    (
      "1️⃣2️⃣: 한국어 한국어\n", .conventionalAndLineRule,
      [
        "build ⟨build⟩ 1️⃣-2️⃣ · 0 of 20 columns left", "chore ⟨chore⟩ 1️⃣-2️⃣ · 0 of 20 columns left",
        "ci ⟨ci⟩ 1️⃣-2️⃣ · 3 of 20 columns left", "docs ⟨docs⟩ 1️⃣-2️⃣ · 1 of 20 columns left",
        "feat ⟨feat⟩ 1️⃣-2️⃣ · 1 of 20 columns left", "fix ⟨fix⟩ 1️⃣-2️⃣ · 2 of 20 columns left",
        "perf ⟨perf⟩ 1️⃣-2️⃣ · 1 of 20 columns left", "refactor ⟨refactor⟩ 1️⃣-2️⃣ · 3 over the limit of 20 columns",
        "revert ⟨revert⟩ 1️⃣-2️⃣ · 1 over the limit of 20 columns", "style ⟨style⟩ 1️⃣-2️⃣ · 0 of 20 columns left",
        "test ⟨test⟩ 1️⃣-2️⃣ · 1 of 20 columns left",
      ]
    ),
    // Scopes: scope-enum's, after `(`; then after a delimiter.
    (
      "feat(1️⃣2️⃣\n", .custom,
      [
        "api ⟨api): ⟩ 1️⃣-2️⃣ · 9 of 20 UTF-16 code units left",
        "ui ⟨ui): ⟩ 1️⃣-2️⃣ · 10 of 20 UTF-16 code units left",
      ]
    ),
    ("feat(1️⃣u2️⃣\n", .custom, ["ui ⟨ui): ⟩ 1️⃣-2️⃣ · 10 of 20 UTF-16 code units left"]),
    (
      "feat(api,1️⃣2️⃣u3️⃣): x\n", .custom,
      ["api ⟨api⟩ 1️⃣-3️⃣ · 4 of 20 UTF-16 code units left", "ui ⟨ui⟩ 1️⃣-3️⃣ · 5 of 20 UTF-16 code units left"]
    ),
    // Without scope-enum (and without a team): the history's, most used first, in the preset's
    // 50 columns.
    (
      "feat(1️⃣2️⃣): 한국어\n", .none,
      ["ui ⟨ui⟩ 1️⃣-2️⃣ · 34 of 50 columns left", "api ⟨api⟩ 1️⃣-2️⃣ · 33 of 50 columns left"]
    ),
    // Trailer tokens in a new last paragraph, the word replaced whole.
    (
      "fix: x\n\nbody\n\n1️⃣2️⃣\n", .none,
      [
        "Signed-off-by ⟨Signed-off-by: ⟩ 1️⃣-2️⃣ · 44 of 50 columns left in the subject",
        "Co-authored-by ⟨Co-authored-by: ⟩ 1️⃣-2️⃣ · 44 of 50 columns left in the subject",
        "Reviewed-by ⟨Reviewed-by: ⟩ 1️⃣-2️⃣ · 44 of 50 columns left in the subject",
        "Acked-by ⟨Acked-by: ⟩ 1️⃣-2️⃣ · 44 of 50 columns left in the subject",
        "Tested-by ⟨Tested-by: ⟩ 1️⃣-2️⃣ · 44 of 50 columns left in the subject",
        "Reported-by ⟨Reported-by: ⟩ 1️⃣-2️⃣ · 44 of 50 columns left in the subject",
        "Fixes ⟨Fixes: ⟩ 1️⃣-2️⃣ · 44 of 50 columns left in the subject",
        "Closes ⟨Closes: ⟩ 1️⃣-2️⃣ · 44 of 50 columns left in the subject",
        "Refs ⟨Refs: ⟩ 1️⃣-2️⃣ · 44 of 50 columns left in the subject",
      ]
    ),
    (
      "fix: x\n\nbody\n\n1️⃣Co2️⃣-au3️⃣\n", .none,
      ["Co-authored-by ⟨Co-authored-by: ⟩ 1️⃣-3️⃣ · 44 of 50 columns left in the subject"]
    ),
    // The required ones first (no limit: commitlint's own configuration sets none here).
    (
      "fix: x\n\nSigned-off-by: A <a@example.com>\n1️⃣2️⃣\n", .required,
      [
        "Change-Id ⟨Change-Id: ⟩ 1️⃣-2️⃣ · -", "Signed-off-by ⟨Signed-off-by: ⟩ 1️⃣-2️⃣ · -",
        "Co-authored-by ⟨Co-authored-by: ⟩ 1️⃣-2️⃣ · -", "Reviewed-by ⟨Reviewed-by: ⟩ 1️⃣-2️⃣ · -",
        "Acked-by ⟨Acked-by: ⟩ 1️⃣-2️⃣ · -", "Tested-by ⟨Tested-by: ⟩ 1️⃣-2️⃣ · -",
        "Reported-by ⟨Reported-by: ⟩ 1️⃣-2️⃣ · -", "Fixes ⟨Fixes: ⟩ 1️⃣-2️⃣ · -", "Closes ⟨Closes: ⟩ 1️⃣-2️⃣ · -",
        "Refs ⟨Refs: ⟩ 1️⃣-2️⃣ · -",
      ]
    ),
    // People after a person trailer: the history's, most commits first; the rest of the line
    // replaced.
    (
      "fix: x\n\nCo-authored-by: 1️⃣2️⃣\n", .none,
      [
        "Jane Doe <jane@example.com> ⟨Jane Doe <jane@example.com>⟩ 1️⃣-2️⃣ · 5 commits · 44 of 50 columns left in the subject",
        "Me <me@example.com> ⟨Me <me@example.com>⟩ 1️⃣-2️⃣ · 2 commits · 44 of 50 columns left in the subject",
      ]
    ),
    (
      "fix: x\n\nCo-authored-by: 1️⃣J2️⃣ane3️⃣\n", .none,
      [
        "Jane Doe <jane@example.com> ⟨Jane Doe <jane@example.com>⟩ 1️⃣-3️⃣ · 5 commits · 44 of 50 columns left in the subject"
      ]
    ),
    // A person typed across a word's end, as written, the cursor at the line's end: the edit
    // starts at the last word typed (Vim's clients write over that word whatever the range), and
    // a person typed whole is not offered; typed otherwise (lower case here), the whole is replaced.
    (
      "fix: x\n\nCo-authored-by: Jane 1️⃣D2️⃣\n", .none,
      [
        "Jane Doe <jane@example.com> ⟨Doe <jane@example.com>⟩ 1️⃣-2️⃣ · 5 commits · 44 of 50 columns left in the subject"
      ]
    ),
    (
      "fix: x\n\nCo-authored-by: Jane Doe <1️⃣ja2️⃣\n", .none,
      [
        "Jane Doe <jane@example.com> ⟨jane@example.com>⟩ 1️⃣-2️⃣ · 5 commits · 44 of 50 columns left in the subject"
      ]
    ),
    (
      "fix: x\n\nCo-authored-by: Jane Doe 1️⃣2️⃣\n", .none,
      [
        "Jane Doe <jane@example.com> ⟨<jane@example.com>⟩ 1️⃣-2️⃣ · 5 commits · 44 of 50 columns left in the subject"
      ]
    ),
    ("fix: x\n\nCo-authored-by: Jane Doe <jane@example.com>1️⃣2️⃣\n", .none, []),
    (
      "fix: x\n\nCo-authored-by: 1️⃣jane d2️⃣\n", .none,
      [
        "Jane Doe <jane@example.com> ⟨Jane Doe <jane@example.com>⟩ 1️⃣-2️⃣ · 5 commits · 44 of 50 columns left in the subject"
      ]
    ),
    // After Signed-off-by, the committer first; a space written when none follows the colon.
    (
      "fix: x\n\nSigned-off-by:1️⃣2️⃣\n", .none,
      [
        "Me <me@example.com> ⟨ Me <me@example.com>⟩ 1️⃣-2️⃣ · you (git's committer identity) · 44 of 50 columns left in the subject",
        "Jane Doe <jane@example.com> ⟨ Jane Doe <jane@example.com>⟩ 1️⃣-2️⃣ · 5 commits · 44 of 50 columns left in the subject",
      ]
    ),
    // Inside the trailer block, a line that is not the last.
    (
      "fix: x\n\nbody\n\nSigned-off-by: A <a@example.com>\n1️⃣Ac2️⃣\nReviewed-by: B <b@example.com>\n", .none,
      ["Acked-by ⟨Acked-by: ⟩ 1️⃣-2️⃣ · 44 of 50 columns left in the subject"]
    ),
    // Nothing: prose, a line continuing a paragraph, a paragraph that is not the last, a
    // comment, after the subject's colon, line 2, after the scissors line.
    ("fix: x\n\nSome prose 1️⃣2️⃣\n", .none, []),
    ("fix: x\n\nprose\n1️⃣2️⃣\n", .none, []),
    ("fix: x\n\n1️⃣2️⃣\n\nmore body\n", .none, []),
    ("fix: x\n\n# Co1️⃣2️⃣\n", .none, []),
    ("fix: 1️⃣2️⃣\n", .conventional, []),
    ("fix: x\n1️⃣2️⃣\n", .none, []),
    ("fix: x\n# ------------------------ >8 ------------------------\n\nCo1️⃣2️⃣\n", .none, []),
    // A person trailer only: Fixes takes no person.
    ("fix: x\n\nFixes: 1️⃣2️⃣\n", .none, []),
  ]

  @Test(arguments: cases.indices) func items(_ index: Int) throws {
    let (marked, team, expected) = Self.cases[index]
    let text = MarkedText(marked)
    let field = try Self.field(text.text, team)
    let list = field.commitCompletion(at: text.offset("2️⃣"), history: Self.history)
    #expect(Self.describe(list.items, text) == expected, "case \(index): \(marked)")
  }

  /// A type's documentation is config-conventional's description; a listed type it lacks has none.
  @Test func descriptions() throws {
    let conventional = try Self.field("\n", .conventional).commitCompletion(at: 0, history: .none)
    #expect(conventional.items.first { $0.label == "feat" }?.documentation == "A new feature")
    #expect(conventional.items.first { $0.label == "revert" }?.documentation == "Reverts a previous commit")
    let custom = try Self.field("\n", .custom).commitCompletion(at: 0, history: .none)
    #expect(custom.items.map(\.documentation) == ["A new feature", nil])
  }

  /// Not a commit message: nothing, whatever the team; without a history: no scopes or people,
  /// and the list says it reads the history.
  @Test func quietElsewhereAndWithoutHistory() throws {
    let notes = try Self.field("feat(\n", .custom, uri: "file:///repo/notes.txt")
    #expect(notes.commitCompletion(at: 5, history: Self.history).items.isEmpty)
    let scopes = try Self.field("feat(\n", .none).commitCompletion(at: 5, history: .none)
    #expect(scopes.items.isEmpty && scopes.readsHistory)
    let people = try Self.field("fix: x\n\nCo-authored-by: \n", .none).commitCompletion(
      at: 24, history: .none)
    #expect(people.items.isEmpty && people.readsHistory)
    let configured = try Self.field("feat(\n", .custom).commitCompletion(at: 5, history: .none)
    #expect(configured.items.map(\.label) == ["api", "ui"] && !configured.readsHistory)
  }

  /// At most `maxItems` items, the list then truncated; what is typed narrows before the cap.
  @Test func capped() throws {
    let many = CommitHistory(people: (0..<150).map { .init("Person \($0) <p\($0)@example.com>", 150 - $0) })
    let field = try Self.field("fix: x\n\nCo-authored-by: \n", .none)
    let all = field.commitCompletion(at: 24, history: many)
    #expect(all.items.count == 100 && all.truncated)
    #expect(all.items.first?.label == "Person 0 <p0@example.com>")
    let typed = try Self.field("fix: x\n\nCo-authored-by: p14\n", .none)
    let narrowed = typed.commitCompletion(at: 27, history: many)
    #expect(
      narrowed.items.map(\.label)
        == (["14"] + (140..<150).map(String.init)).map { "Person \($0) <p\($0)@example.com>" })
    #expect(!narrowed.truncated)
  }

  /// A person, a scope or a type holding a control or bidirectional character (CR, ESC, BEL, RLO,
  /// U+2028) is never offered, from the history or the configuration; nor is such a committer.
  @Test func unsafeCandidatesAreNotOffered() throws {
    let hostile = [
      "Bob\r <b@x>", "Eve\u{1B}[31m <e@x>", "Bel\u{07} <b@x>", "Evil \u{202E}live <e@x>",
      "Line\u{2028}Break <l@x>",
      "Next\u{85}Line <n@x>", "Ok Person <ok@x>",
    ]
    let history = CommitHistory(
      scopes: CommitHistory.ranked(["a\u{1B}b", "ui", "r\u{2066}l"], limit: 10),
      people: CommitHistory.ranked(hostile, limit: 10), committer: "Me\u{202E} <me@x>")
    #expect(history.people.map(\.name) == ["Ok Person <ok@x>"])
    #expect(history.scopes.map(\.name) == ["ui"])
    // Were a history to hold one (or the committer), completion still would not offer it.
    let unranked = CommitHistory(
      scopes: [.init("a\u{7}b", 1)], people: hostile.map { .init($0, 1) }, committer: "Me\u{202E} <me@x>")
    let signOff = try Self.field("fix: x\n\nSigned-off-by: \n", .none).commitCompletion(
      at: 23, history: unranked)
    #expect(signOff.items.map(\.label) == ["Ok Person <ok@x>"])
    let scopes = try Self.field("feat(\n", .none).commitCompletion(at: 5, history: unranked)
    #expect(scopes.items.isEmpty)
    // A configured type or scope with one is not offered either.
    let field = StableTextField(
      text: "\n",
      rules: RuleConfiguration().resolve(
        uri: "file:///repo/.git/COMMIT_EDITMSG", languageId: "text",
        files: FileLayers(
          conventions: TeamConventions(
            commitlint: CommitlintSetup(
              configuration: CommitlintConfiguration(rules: [
                .init(
                  "type-enum",
                  CommitlintRuleSetting(2, .always, .array([.string("feat"), .string("fi\u{1B}[2Jx")])))
              ]), file: "/repo/.commitlintrc.json")))))
    #expect(field.commitCompletion(at: 0, history: .none).items.map(\.label) == ["feat"])
  }

  /// Ranking: most first, ties in the order first seen (newest first), bounded.
  @Test func ranked() {
    let ranked = CommitHistory.ranked(["b", "a", "c", "a", "b", "a", ""], limit: 2)
    #expect(ranked == [.init("a", 3), .init("b", 2)])
    // A name past `maxNameBytes` is not kept, however often it comes; one at it is.
    let long = String(repeating: "x", count: CommitHistory.maxNameBytes + 1)
    let atBound = String(repeating: "y", count: CommitHistory.maxNameBytes)
    #expect(
      CommitHistory.ranked([long, long, atBound, "a"], limit: 5) == [.init(atBound, 1), .init("a", 1)])
  }
}
