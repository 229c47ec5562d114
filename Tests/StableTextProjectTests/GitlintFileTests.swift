import StableTextConventions
import StableTextCore
import StableTextProject
import Testing

/// `.gitlint` read as gitlint 0.19.1 reads it: Python's ConfigParser (the sections and values
/// below are what Python 3.11's `ConfigParser().items(section)` gives for this file), then
/// gitlint's builder.
@Test func gitlintSectionsAsConfigParserReadsThem() throws {
  let text = """
    # gitlint's configuration
    [general]
    ; which rules
    ignore = B6,
      body-is-missing

    contrib=contrib-title-conventional-commits ,CC1
    IGNORE-merge-commits: false

    [title-max-length]
      line-length = 60
    [title-must-not-contain-word:no-fixme]
    words = FIXME,
        # a comment inside

        TODO
    [T5]
    words=WIP,100%%

    """
  let found = teamConventions([(".gitlint", text)])
  #expect(found.problems == [])
  let setup = try #require(found.conventions?.gitlint)
  #expect(setup.file == found.root + "/.gitlint")
  #expect(
    setup.sections == [
      GitlintSetup.Section(
        "general",
        [
          GitlintSetup.Option("ignore", "B6,\nbody-is-missing"),
          GitlintSetup.Option("contrib", "contrib-title-conventional-commits ,CC1"),
          GitlintSetup.Option("ignore-merge-commits", "false"),
        ]),
      GitlintSetup.Section("title-max-length", [GitlintSetup.Option("line-length", "60")]),
      GitlintSetup.Section(
        "title-must-not-contain-word:no-fixme", [GitlintSetup.Option("words", "FIXME,\n\nTODO")]),
      GitlintSetup.Section("T5", [GitlintSetup.Option("words", "WIP,100%")]),
    ])
  let configuration = setup.configuration
  #expect(configuration.general.ignore == .rules(["B6", "body-is-missing"]))
  #expect(configuration.general.ignoreMergeCommits == false)
  #expect(configuration.general.contrib == ["contrib-title-conventional-commits", "CC1"])
  // gitlint's order: the built-in rules, the contrib rules, then the named rule.
  #expect(Array(configuration.rules.map(\.id).suffix(3)) == ["CT1", "CC1", "T5:no-fixme"])
  let t1 = try #require(configuration.index(of: "T1"))
  #expect(configuration.rules[t1].options.values["line-length"] == .int(60))
  let named = try #require(configuration.index(of: "T5:no-fixme"))
  #expect(configuration.rules[named].name == "title-must-not-contain-word:no-fixme")
  #expect(configuration.rules[named].options.values["words"] == .list(["FIXME", "TODO"]))
  let t5 = try #require(configuration.index(of: "T5"))
  #expect(configuration.rules[t5].options.values["words"] == .list(["WIP", "100%"]))
}

struct GitlintRefusalCase: CustomTestStringConvertible, Sendable {
  var name: String
  var text: String
  /// The problem, after its place.
  var problem: String
  /// Its place in the file (`LINE:COL`, or `LINE` where Python's words give a line alone).
  var place = "2:1"
  var testDescription: String { name }
}

/// Each problem names the file and, for an option, `[section] key`, in gitlint's (or Python's)
/// words; the file is then ignored.
let gitlintRefusals: [GitlintRefusalCase] = [
  GitlintRefusalCase(
    name: "a bad option value, in gitlint's words", text: "[title-max-length]\nline-length = abc\n",
    problem:
      "[title-max-length] line-length: 'abc' is not a valid value for option 'title-max-length.line-length'. "
      + "Option 'line-length' must be a positive integer (current value: 'abc')."),
  GitlintRefusalCase(
    name: "an unknown rule", text: "[title-max-lenght]\nline-length = 50\n",
    problem: "[title-max-lenght] line-length: No such rule 'title-max-lenght'"),
  GitlintRefusalCase(
    name: "an unknown option", text: "[T1]\nlength = 50\n",
    problem: "[T1] length: Rule 'T1' has no option 'length'"),
  GitlintRefusalCase(
    name: "an unknown general option", text: "[general]\nignore-wip = true\n",
    problem: "[general] ignore-wip: 'ignore-wip' is not a valid gitlint option"),
  GitlintRefusalCase(
    name: "a boolean that is not one", text: "[general]\nignore-merge-commits = yes\n",
    problem: "[general] ignore-merge-commits: Option 'ignore-merge-commits' must be either 'true' or 'false'"),
  GitlintRefusalCase(
    name: "a contrib rule gitlint lacks", text: "[general]\ncontrib = CT9\n",
    problem: "[general] contrib: No contrib rule with id or name 'CT9' found."),
  GitlintRefusalCase(
    name: "a bad named rule", text: "[T5:no wip]\nwords = WIP\n",
    problem:
      "[T5:no wip] words: The rule-name part in 'T5:no wip' cannot contain whitespace, colons or be empty"),
  GitlintRefusalCase(
    name: "a section twice", text: "[T1]\nline-length = 50\n[T1]\nline-length = 60\n",
    problem: "line 3: section 'T1' already exists", place: "3:1"),
  GitlintRefusalCase(
    name: "an option twice (keys are lower-cased)", text: "[T1]\nline-length = 50\nLine-Length = 60\n",
    problem: "line 3: option 'line-length' in section 'T1' already exists", place: "3:1"),
  GitlintRefusalCase(
    name: "no section header", text: "line-length = 50\n",
    problem: "line 1: file contains no section headers: 'line-length = 50'", place: "1:1"),
  GitlintRefusalCase(
    name: "a line that is no option", text: "[T1]\nline-length\n",
    problem: "contains parsing errors: line 2: 'line-length'", place: ""),
  GitlintRefusalCase(
    name: "a lone %", text: "[T5]\nwords = 100%\n",
    problem: "[T5] words: '%' must be followed by '%' or '(', found: '%'"),
]

@Test(arguments: gitlintRefusals)
func gitlintProblemsAreNamed(_ example: GitlintRefusalCase) {
  let found = teamConventions([(".gitlint", example.text)])
  let place = example.place.isEmpty ? "" : ":\(example.place)"
  #expect(
    found.problems == ["ROOT/.gitlint\(place): \(example.problem); the file is ignored"], "\(example.name)")
  #expect(found.conventions?.gitlint == nil)
}

/// What gitlint runs and StableText cannot (Python user rules, another repository, contrib
/// rules it lacks) is skipped and named; the rest of the file applies.
@Test func whatGitlintRunsAndStableTextCannotIsSkipped() throws {
  let found = teamConventions([
    (
      ".gitlint",
      "[general]\nextra-path = ./gitlint_rules\ntarget = /elsewhere\ncontrib = CT1,CC2\n[title-max-length]\nline-length = 60\n"
    )
  ])
  #expect(
    found.problems == [
      "ROOT/.gitlint:2:1: [general] extra-path is not honoured: user-defined rules are Python, which StableText does not run; the rest applies",
      "ROOT/.gitlint:3:1: [general] target is not honoured: StableText checks the repository the message is in; the rest applies",
      "ROOT/.gitlint:4:1: [general] contrib CC2 (contrib-disallow-cleanup-commits) is not honoured: StableText has the contrib rules CT1 and CC1; the rest applies",
    ])
  let setup = try #require(found.conventions?.gitlint)
  #expect(setup.configuration.general.contrib == ["CT1"])
  #expect(setup.configuration.general.other["extra-path"] == nil)
}

/// `%(name)s` takes another option's value, and a `[DEFAULT]` section's options appear in every
/// section (Python's `items()`, as Python 3.11 gives them for these files): so gitlint finds a
/// rule option it does not know.
@Test func gitlintInterpolationAndDefaults() {
  let defaults = teamConventions([(".gitlint", "[DEFAULT]\nlength = 6\n[T1]\nline-length = %(length)s0\n")])
  #expect(
    defaults.problems == [
      "ROOT/.gitlint:2:1: [T1] length: Rule 'T1' has no option 'length'; the file is ignored"
    ]
  )
  let recursive = teamConventions([
    (".gitlint", "[DEFAULT]\nline-length = 60\n[T1]\n[B1]\nline-length = %(line-length)s0\n")
  ])
  #expect(
    recursive.problems == [
      "ROOT/.gitlint:5:1: [B1] line-length: recursion limit exceeded in value substitution: option 'line-length' in "
        + "section 'B1' contains an interpolation key which cannot be substituted in 10 steps. "
        + "Raw value: '%(line-length)s0'; the file is ignored"
    ])
}

/// The nearest `.gitlint` above the file applies, whatever commitlint's files say.
@Test func theNearestGitlintFileApplies() {
  let found = teamConventions(
    [(".gitlint", "[T1]\nline-length = 60\n"), ("sub/.gitlint", "[T1]\nline-length = 40\n")],
    for: "sub/x/a.txt")
  #expect(found.conventions?.gitlint?.file == found.root + "/sub/.gitlint")
  #expect(found.conventions?.commitlint == nil)
}
