import StableTextCore
import Testing

@testable import StableTextConventions

/// test_configuration_rules.py: the ignore rules' effect on the configuration (which rules are
/// ignored) and on the commit, and gitlint's log lines (without their `DEBUG: gitlint.rules ` or
/// `WARNING: gitlint.… ` prefix). Under gitlint 0.19.1's default `regex-style-search=false` each rule
/// with a regex warns that it matches at the start (gitlint prints that once per run; here each
/// effect carries it and the caller prints it once).
@Suite struct GitlintConfigurationRuleTests {
  private static func deprecation(_ id: String, _ name: String) -> String {
    "\(id) - \(name): gitlint will be switching from using Python regex 'match' (match beginning) to 'search' "
      + "(match anywhere) semantics. Please review your \(name).regex option accordingly. To remove this warning, "
      + "set general.regex-style-search=True. More details: "
      + "https://jorisroovers.github.io/gitlint/configuration/#regex-style-search"
  }

  private func apply(
    _ rule: some GitlintConfigurationRule, _ settings: KeyValuePairs<String, String>, _ commit: GitlintCommit
  ) -> (GitlintConfigurationEffect, GitlintCommit) {
    var commit = commit
    let effect = rule.apply(&commit, options(rule, settings), regexStyleSearch: false)
    return (effect, commit)
  }

  @Test func ignoreByTitle() {
    let commit = gitcommit("Releäse\n\nThis is the secōnd body line")
    let rule = GitlintIgnoreByTitle()
    #expect(apply(rule, [:], commit).0 == GitlintConfigurationEffect())
    #expect(
      apply(rule, ["regex": "^Releäse(.*)"], commit).0
        == GitlintConfigurationEffect(
          ignore: .all,
          warnings: [Self.deprecation("I1", "ignore-by-title")],
          log: [
            "Ignoring commit because of rule 'I1': Commit title 'Releäse' matches the regex '^Releäse(.*)', "
              + "ignoring rules: all"
          ]))
    #expect(
      apply(rule, ["regex": "^Releäse(.*)", "ignore": "T1,B2"], commit).0
        == GitlintConfigurationEffect(
          ignore: .rules(["T1", "B2"]),
          warnings: [Self.deprecation("I1", "ignore-by-title")],
          log: [
            "Ignoring commit because of rule 'I1': Commit title 'Releäse' matches the regex '^Releäse(.*)', "
              + "ignoring rules: T1,B2"
          ]))
  }

  @Test func ignoreByBody() {
    let commit = gitcommit("Tïtle\n\nThis is\n a relëase body\n line")
    let rule = GitlintIgnoreByBody()
    #expect(apply(rule, [:], commit).0 == GitlintConfigurationEffect())
    #expect(
      apply(rule, ["regex": "(.*)relëase(.*)"], commit).0
        == GitlintConfigurationEffect(
          ignore: .all,
          warnings: [Self.deprecation("I2", "ignore-by-body")],
          log: [
            "Ignoring commit because of rule 'I2': Commit message line ' a relëase body' matches the regex "
              + "'(.*)relëase(.*)', ignoring rules: all"
          ]))
    #expect(
      apply(rule, ["regex": "(.*)relëase(.*)", "ignore": "T1,B2"], commit).0
        == GitlintConfigurationEffect(
          ignore: .rules(["T1", "B2"]),
          warnings: [Self.deprecation("I2", "ignore-by-body")],
          log: [
            "Ignoring commit because of rule 'I2': Commit message line ' a relëase body' matches the regex "
              + "'(.*)relëase(.*)', ignoring rules: T1,B2"
          ]))
  }

  @Test func ignoreByAuthorName() {
    let commit = gitcommit("Tïtle\n\nThis is\n a relëase body\n line", authorName: "Tëst nåme")
    let rule = GitlintIgnoreByAuthorName()
    #expect(apply(rule, [:], commit).0 == GitlintConfigurationEffect())
    // No author known: skipped with a warning.
    #expect(
      apply(rule, ["regex": "foo"], gitcommit("Tïtle\n\nThis is\n a relëase body\n line")).0
        == GitlintConfigurationEffect(warnings: [
          "ignore-by-author-name - I4: skipping - commit.author_name unknown. Suggested fix: Use the --staged flag "
            + "(or set general.staged=True in .gitlint). More details: "
            + "https://jorisroovers.com/gitlint/configuration/#staged"
        ]))
    #expect(
      apply(rule, ["regex": "foo"], commit).0
        == GitlintConfigurationEffect(warnings: [Self.deprecation("I4", "ignore-by-author-name")]))
    #expect(
      apply(rule, ["regex": "(.*)ëst(.*)"], commit).0
        == GitlintConfigurationEffect(
          ignore: .all,
          warnings: [Self.deprecation("I4", "ignore-by-author-name")],
          log: [
            "Ignoring commit because of rule 'I4': Commit Author Name 'Tëst nåme' matches the regex '(.*)ëst(.*)', "
              + "ignoring rules: all"
          ]))
    #expect(
      apply(rule, ["regex": "(.*)nåme", "ignore": "T1,B2"], commit).0
        == GitlintConfigurationEffect(
          ignore: .rules(["T1", "B2"]),
          warnings: [Self.deprecation("I4", "ignore-by-author-name")],
          log: [
            "Ignoring commit because of rule 'I4': Commit Author Name 'Tëst nåme' matches the regex '(.*)nåme', "
              + "ignoring rules: T1,B2"
          ]))
  }

  @Test func ignoreBodyLines() {
    let message = "Tïtle\n\nThis is\n a relëase body\n line"
    let rule = GitlintIgnoreBodyLines()
    let (untouched, same) = apply(rule, [:], gitcommit(message))
    #expect(untouched == GitlintConfigurationEffect())
    #expect(same == gitcommit(message))

    let (effect, changed) = apply(rule, ["regex": "(.*)relëase(.*)"], gitcommit(message))
    var expected = gitcommit("Tïtle\n\nThis is\n line")
    expected.original = message
    #expect(changed == expected)
    #expect(changed.full == "Tïtle\n\nThis is\n line")
    #expect(
      effect
        == GitlintConfigurationEffect(
          warnings: [Self.deprecation("I3", "ignore-body-lines")],
          log: ["Ignoring line ' a relëase body' because it matches '(.*)relëase(.*)'"]))

    let (none, kept) = apply(rule, ["regex": "(.*)föobar(.*)"], gitcommit(message))
    #expect(none == GitlintConfigurationEffect(warnings: [Self.deprecation("I3", "ignore-body-lines")]))
    #expect(kept == gitcommit(message))
  }

  /// test_meta_rules.py's last assertion: M1 with a custom regex warns (matched at the start), with
  /// its default it does not (that one is always searched).
  @Test func authorValidEmailWarning() {
    let rule = GitlintAuthorValidEmail()
    #expect(rule.warning(rule.defaultOptions) == nil)
    #expect(
      rule.warning(options(rule, ["regex": "[^@]+@bår.com"])) == Self.deprecation("M1", "author-valid-email"))
    #expect(
      GitlintAuthorValidEmail(regexStyleSearch: true).warning(options(rule, ["regex": "[^@]+@bår.com"]))
        == nil)
  }
}
