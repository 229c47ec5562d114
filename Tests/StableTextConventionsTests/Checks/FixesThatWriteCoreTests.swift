import Testing

@testable import StableTextConventions
@testable import StableTextCore

/// The fixes that write, on the field (Protocol/README.md, "Code actions and hover": "Fixes that
/// write"): each message, what the fixes offered are called and the text once every one of them
/// is applied (edits from the end, as a client applies one action's edits). Comment lines, CRLF
/// and a type in another case than the value's are among them, so the mapping from the message
/// as git stores it back to the document is what is checked.
@Suite struct FixesThatWriteCoreTests {
  static func field(
    _ text: String, commitlint: CommitlintConfiguration? = nil, required: [String] = [],
    signOff: SignOffIdentity = .unknown
  ) -> StableTextField {
    var project = RulePatch()
    project.requiredTrailers = required
    var files = FileLayers(
      projectRules: project,
      conventions: TeamConventions(
        commitlint: commitlint.map { CommitlintSetup(configuration: $0, file: "/repo/.commitlintrc.json") }))
    files.signOff = signOff
    let rules = RuleConfiguration().resolve(
      uri: "file:///repo/.git/COMMIT_EDITMSG", languageId: "gitcommit", files: files)
    return StableTextField(text: text, rules: rules)
  }

  /// `text` with every edit of `fix` applied.
  static func applying(_ fix: QuickFix, to text: String) -> String {
    var bytes = Array(text.utf8)
    for edit in fix.edits.reversed() { bytes.replaceSubrange(edit.range, with: Array(edit.text.utf8)) }
    return String(decoding: bytes, as: UTF8.self)
  }

  static let conventional = CommitlintSharedConfigurations.conventional
  static let ada = SignOffIdentity.known(name: "Ada Lovelace", email: "ada@example.org")
  static func rules(_ entries: [CommitlintConfiguration.Entry]) -> CommitlintConfiguration {
    CommitlintConfiguration(rules: entries)
  }

  /// Each case: the text, the configuration, the required trailers and identity, then each fix's
  /// title and the text it leaves.
  static let cases:
    [(
      name: String, text: String, commitlint: CommitlintConfiguration?, required: [String],
      signOff: SignOffIdentity,
      fixes: [(title: String, text: String)]
    )] = [
      (
        "type case past a comment line", "# git's comment\nFeat: add it\n", conventional, [], .unknown,
        [("Write the type as feat", "# git's comment\nfeat: add it\n")]
      ),
      (
        "type in upper case, with a scope", "fix(parser): add it\n",
        rules([.init("type-case", .init(2, .always, .string("upper-case")))]), [], .unknown,
        [("Write the type as FIX", "FIX(parser): add it\n")]
      ),
      (
        "no one answer under never", "fix: add it\n",
        rules([.init("type-case", .init(2, .never, .string("lower-case")))]), [], .unknown, []
      ),
      (
        "the subject's full stop, trailing spaces git drops left alone", "feat: add it.  \r\n\r\nBody\r\n",
        conventional, [], .unknown, [("Remove the full stop", "feat: add it  \r\n\r\nBody\r\n")]
      ),
      (
        "the header's full stop under a custom stop", "fix: add it!\n",
        rules([.init("header-full-stop", .init(2, .never, .string("!")))]), [], .unknown,
        [("Remove the full stop", "fix: add it\n")]
      ),
      (
        "an ellipsis is no full stop", "feat: add it...\n", conventional, [], .unknown, []
      ),
      (
        "the header trimmed: JavaScript's white space, U+3000 too", "\u{3000} feat: add it\u{3000}\n",
        rules([.init("header-trim", .init(2, .always))]), [], .unknown,
        [("Trim the header", "feat: add it\n")]
      ),
      (
        "sign-off in a new paragraph, before git's comments", "Add it\n\nBody\n# comment\n", nil,
        ["Signed-off-by"], ada,
        [
          (
            "Add Signed-off-by: Ada Lovelace <ada@example.org>",
            "Add it\n\nBody\n\nSigned-off-by: Ada Lovelace <ada@example.org>\n# comment\n"
          )
        ]
      ),
      (
        "sign-off appended to the trailer block, token compared case-insensitively",
        "Add it\n\nReviewed-by: Bo <bo@example.org>", nil, ["signed-off-by"], ada,
        [
          (
            "Add Signed-off-by: Ada Lovelace <ada@example.org>",
            "Add it\n\nReviewed-by: Bo <bo@example.org>\nSigned-off-by: Ada Lovelace <ada@example.org>"
          )
        ]
      ),
      (
        "sign-off after a subject alone", "Add it", nil, ["Signed-off-by"], ada,
        [
          (
            "Add Signed-off-by: Ada Lovelace <ada@example.org>",
            "Add it\n\nSigned-off-by: Ada Lovelace <ada@example.org>"
          )
        ]
      ),
      ("no sign-off without an identity", "Add it\n", nil, ["Signed-off-by"], .missing, []),
      ("no sign-off before git answered", "Add it\n", nil, ["Signed-off-by"], .unknown, []),
      ("no fix for another token", "Add it\n", nil, ["Reviewed-by"], ada, []),
    ]

  @Test(arguments: 0..<cases.count) func eachFix(_ index: Int) {
    let test = Self.cases[index]
    let field = Self.field(
      test.text, commitlint: test.commitlint, required: test.required, signOff: test.signOff)
    let fixes = field.quickFixes
    #expect(fixes.map(\.title) == test.fixes.map(\.title), "\(test.name)")
    for (fix, expected) in zip(fixes, test.fixes) {
      #expect(Self.applying(fix, to: test.text) == expected.text, "\(test.name)")
      #expect(fix.diagnostic != nil, "\(test.name)")
    }
    // What `check --fix` applies is the same list.
    #expect(field.fixesAppliedByCheck.map(\.title) == test.fixes.map(\.title), "\(test.name)")
  }

  /// The message says why there is no sign-off only when git was asked and has no identity.
  @Test(arguments: [
    (SignOffIdentity.missing, "missing trailer \"Signed-off-by:\" (no fix: git has no user.name/user.email)"),
    (.unknown, "missing trailer \"Signed-off-by:\""),
    (ada, "missing trailer \"Signed-off-by:\""),
  ])
  func theMessageSaysWhy(_ identity: SignOffIdentity, _ message: String) {
    let field = Self.field("Add it\n", required: ["Signed-off-by"], signOff: identity)
    #expect(field.diagnostics.map(\.message) == [message])
  }

  /// git's identity reads as `git commit -s` writes it: both a name and an e-mail, or none.
  @Test func anIdentityNeedsANameAndAnEmail() {
    #expect(SignOffIdentity(name: "Ada", email: "a@b") == .known(name: "Ada", email: "a@b"))
    #expect(SignOffIdentity(name: "Ada", email: nil) == .missing)
    #expect(SignOffIdentity(name: "", email: "a@b") == .missing)
    #expect(SignOffIdentity.known(name: "Ada", email: "a@b").trailerValue == "Ada <a@b>")
  }
}
