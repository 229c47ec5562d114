import Testing

@testable import StableTextCore

/// Commit messages as git writes them (Protocol/README.md, "Commit messages as git writes them"):
/// generated subjects, the trailer block, long words, git's comment characters, required
/// trailers. Each case is a message under the `gitCommit` preset and the diagnostics it gets, as
/// `code@line` (document lines, 1-based).
struct CommitGrammarCase: Sendable, CustomTestStringConvertible {
  var name: String
  var message: String
  var expected: [String]
  var extra = RulePatch()
  var testDescription: String { name }

  static let long = String(repeating: "long words here ", count: 6)  // 96 columns
  static let url = "https://example.com/" + String(repeating: "a", count: 100)

  static let all: [CommitGrammarCase] = [
    CommitGrammarCase(
      name: "a merge of a long branch name",
      message: "Merge branch 'feature/make-the-parser-handle-very-long-lines-gracefully-and-quickly'\n",
      expected: []),
    CommitGrammarCase(
      name: "GitHub's merge",
      message: "Merge pull request #1234 from someone/" + String(repeating: "x", count: 60) + "\n",
      expected: []),
    CommitGrammarCase(
      name: "a revert", message: "Revert \"" + String(repeating: "y", count: 70) + "\"\n", expected: []),
    CommitGrammarCase(
      name: "a fixup", message: "fixup! " + String(repeating: "z", count: 70) + "\n", expected: []),
    CommitGrammarCase(
      name: "amend!", message: "amend! " + String(repeating: "z", count: 70) + "\n", expected: []),
    CommitGrammarCase(
      name: "generated only at the very start, case-sensitive",
      message: "merge branch " + String(repeating: "m", count: 70) + "\n", expected: ["line-too-long@1"]),
    CommitGrammarCase(
      name: "a human subject over 72", message: String(repeating: "h", count: 80) + "\n",
      expected: ["line-too-long@1"]),
    CommitGrammarCase(
      name: "a generated subject's body is still checked",
      message: "Revert \"x\"\n\n" + long + "\n", expected: ["line-too-long@3"]),
    CommitGrammarCase(
      name: "a long sign-off",
      message: "Subject\n\nBody.\n\nSigned-off-by: " + String(repeating: "Name ", count: 20) + "<a@b.c>\n",
      expected: []),
    CommitGrammarCase(
      name: "trailers with a continuation line",
      message: "Subject\n\nBody.\n\nCo-authored-by: " + long + "\n  " + long + "\nChange-Id: I" + long + "\n",
      expected: []),
    CommitGrammarCase(
      name: "a last paragraph that is prose is not a trailer block",
      message: "Subject\n\nBody.\n\nSee: " + long + "\nthis is prose, not a trailer\n",
      expected: ["line-too-long@5"]),
    CommitGrammarCase(
      name: "a quarter of trailers with a sign-off (git's 25% rule)",
      message: "Subject\n\nBody.\n\n" + long + "\nmore prose\nthird line\nSigned-off-by: A <a@b.c>\n",
      expected: []),
    CommitGrammarCase(
      name: "under a quarter with a sign-off",
      message: "Subject\n\nBody.\n\n" + long + "\nb\nc\nd\ne\nSigned-off-by: A <a@b.c>\n",
      expected: ["line-too-long@5"]),
    CommitGrammarCase(
      name: "the subject's paragraph is never the trailer block",
      message: "Signed-off-by: " + String(repeating: "n", count: 70) + "\n", expected: ["line-too-long@1"]),
    CommitGrammarCase(
      name: "cherry-pick -x",
      message: "Subject\n\nBody.\n\n(cherry picked from commit " + String(repeating: "0", count: 60) + ")\n",
      expected: []),
    CommitGrammarCase(name: "a URL alone on a body line", message: "Subject\n\n" + url + "\n", expected: []),
    CommitGrammarCase(name: "an indented URL", message: "Subject\n\nSee:\n    " + url + "\n", expected: []),
    CommitGrammarCase(name: "a listed URL", message: "Subject\n\n- " + url + "\n", expected: []),
    CommitGrammarCase(
      name: "a long word with a space is not one word", message: "Subject\n\nsee " + url + "\n",
      expected: ["line-too-long@3"]),
    CommitGrammarCase(
      name: "Chinese text is not one word", message: "Subject\n\n" + String(repeating: "中", count: 40) + "\n",
      expected: ["line-too-long@3"]),
    CommitGrammarCase(
      name: "a Korean word without spaces is one word",
      message: "Subject\n\n" + String(repeating: "한", count: 40) + "\n", expected: []),
    CommitGrammarCase(
      name: "a one-word subject is still checked", message: url + "\n", expected: ["line-too-long@1"]),
    CommitGrammarCase(
      name: "exemptions turned off",
      message: "Merge branch '" + String(repeating: "b", count: 70) + "'\n\n" + url + "\n",
      expected: ["line-too-long@1", "line-too-long@3"], extra: RulePatch.with { $0.exemptions = [] }),
    CommitGrammarCase(
      name: "the scissors line of ; ends the message and ; lines are comments",
      message: "Subject\n\n; " + long + "\n; ------------------------ >8 ------------------------\n" + long
        + "\n",
      expected: []),
    CommitGrammarCase(
      name: "# lines are body when ; is the comment character",
      message: "Subject\n\n# " + long + "\n; ------------------------ >8 ------------------------\n",
      expected: ["line-too-long@3"]),
    CommitGrammarCase(
      name: "a comment prefix set by a later layer wins over the scissors line",
      message: "Subject\n\n; " + long + "\n; ------------------------ >8 ------------------------\n" + long
        + "\n",
      expected: ["line-too-long@3", "line-too-long@5"], extra: RulePatch(commentPrefix: .some("#"))),
    CommitGrammarCase(
      name: "a missing sign-off", message: "Subject\n\nBody.\n", expected: ["missing-trailer@3"],
      extra: RulePatch.with { $0.requiredTrailers = ["Signed-off-by"] }),
    CommitGrammarCase(
      name: "a sign-off in another case is present",
      message: "Subject\n\nBody.\n\nsigned-OFF-by: A <a@b.c>\n", expected: [],
      extra: RulePatch.with { $0.requiredTrailers = ["Signed-off-by"] }),
    CommitGrammarCase(
      name: "a sign-off outside the trailer block does not count",
      message: "Subject\n\nSigned-off-by: A <a@b.c>\n\nprose at the end\n", expected: ["missing-trailer@5"],
      extra: RulePatch.with { $0.requiredTrailers = ["Signed-off-by"] }),
    CommitGrammarCase(
      name: "an empty message gets no missing trailer", message: "\n# template\n",
      expected: ["empty-after-trim@1"],
      extra: RulePatch.with { $0.requiredTrailers = ["Signed-off-by"] }),
    // `autosquash: false` (`--no-autosquash`): git's autosquash subjects refused, once, and
    // still exempt from lengths; a subject that only looks like one is not.
    CommitGrammarCase(
      name: "a long fixup! refused, not too long",
      message: "fixup! " + String(repeating: "z", count: 70) + "\n",
      expected: ["autosquash-subject@1"], extra: RulePatch.with { $0.autosquash = false }),
    CommitGrammarCase(
      name: "squash! after blank lines and a comment",
      message: "\n# git's hint\nsquash! Add it\n\nBody.\n", expected: ["autosquash-subject@3"],
      extra: RulePatch.with { $0.autosquash = false }),
    CommitGrammarCase(
      name: "amend! refused", message: "amend! Add it\n", expected: ["autosquash-subject@1"],
      extra: RulePatch.with { $0.autosquash = false }),
    CommitGrammarCase(
      name: "autosquash subjects are case-sensitive", message: "Fixup! Add it\n", expected: [],
      extra: RulePatch.with { $0.autosquash = false }),
    CommitGrammarCase(
      name: "fixup! in the body is not the subject", message: "Add it\n\nfixup! later\n", expected: [],
      extra: RulePatch.with { $0.autosquash = false }),
    CommitGrammarCase(
      name: "a fixup! is let be by default", message: "fixup! Add it\n", expected: [],
      extra: RulePatch.with { $0.autosquash = true }),
  ]
}

extension RulePatch {
  /// A patch built by `change`.
  static func with(_ change: (inout RulePatch) -> Void) -> RulePatch {
    var patch = RulePatch()
    change(&patch)
    return patch
  }
}

@Test(arguments: CommitGrammarCase.all)
func commitMessagesAsGitWritesThem(_ example: CommitGrammarCase) {
  let rules = RuleConfiguration().resolve(
    uri: "file:///repo/.git/COMMIT_EDITMSG", languageId: "text", configured: example.extra)
  let field = StableTextField(text: example.message, rules: rules)
  let found = field.diagnostics.map {
    "\($0.code.rawValue)@\(field.text.line(containing: $0.range.lowerBound) + 1)"
  }
  #expect(found == example.expected, "\(example.name)")
  // The index kept through edits says the same as one built afresh: type the message in, one
  // character at a time, into a field that keeps its indexes.
  var typed = StableTextField(text: "", rules: rules)
  for character in example.message {
    let end = typed.text.utf8Count
    typed.text.replace(end..<end, with: String(character))
    typed.catchUp()
  }
  #expect(typed.diagnostics == field.diagnostics, "\(example.name), typed")
}
