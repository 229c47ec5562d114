/// The shared configurations commitlint publishes, as data, so `extends` can name them without
/// Node (Protocol/README.md, "Team conventions"). Ported from commitlint 21.2.x.
package enum CommitlintSharedConfigurations {
  /// `@commitlint/config-conventional` (`src/index.ts`): its rules in its order, and its parser
  /// preset `conventional-changelog-conventionalcommits`.
  package static let conventional = CommitlintConfiguration(
    rules: [
      .init("body-leading-blank", .init(1, .always)),
      .init("body-max-line-length", .init(2, .always, .number(100))),
      .init("footer-leading-blank", .init(1, .always)),
      .init("footer-max-line-length", .init(2, .always, .number(100))),
      .init("header-max-length", .init(2, .always, .number(100))),
      .init("header-trim", .init(2, .always)),
      .init(
        "subject-case",
        .init(2, .never, strings(["sentence-case", "start-case", "pascal-case", "upper-case"]))),
      .init("subject-empty", .init(2, .never)),
      .init("subject-full-stop", .init(2, .never, .string("."))),
      .init("type-case", .init(2, .always, .string("lower-case"))),
      .init("type-empty", .init(2, .never)),
      .init(
        "type-enum",
        .init(
          2, .always,
          strings([
            "build", "chore", "ci", "docs", "feat", "fix", "perf", "refactor", "revert", "style", "test",
          ]))),
    ],
    parserOptions: .conventionalCommits)

  /// `@commitlint/config-angular` (`index.js`, its `type-enum` from
  /// `@commitlint/config-angular-type-enum`). Its parser preset is angular's options with the
  /// header pattern `^(\w*)(?:\((.*)\))?!?: (.*)$`: an optional `!` before the colon.
  package static let angular: CommitlintConfiguration = {
    var options = ConventionalCommitParser.Options.commitlintDefault
    options.headerBang = .optional
    return CommitlintConfiguration(
      rules: [
        .init("subject-exclamation-mark", .init(2, .never)),
        .init("body-leading-blank", .init(1, .always)),
        .init("footer-leading-blank", .init(1, .always)),
        .init("header-max-length", .init(2, .always, .number(72))),
        .init("scope-case", .init(2, .always, .string("lower-case"))),
        .init(
          "subject-case",
          .init(2, .never, strings(["sentence-case", "start-case", "pascal-case", "upper-case"]))),
        .init("subject-empty", .init(2, .never)),
        .init("subject-full-stop", .init(2, .never, .string("."))),
        .init("type-case", .init(2, .always, .string("lower-case"))),
        .init("type-empty", .init(2, .never)),
        .init(
          "type-enum",
          .init(
            2, .always,
            strings(["build", "ci", "docs", "feat", "fix", "perf", "refactor", "revert", "style", "test"]))),
      ],
      parserOptions: options)
  }()

  /// The configurations by the names `extends` gives them.
  package static let byName: [String: CommitlintConfiguration] = [
    "@commitlint/config-conventional": conventional,
    "@commitlint/config-angular": angular,
  ]

  private static func strings(_ values: [String]) -> CommitlintValue {
    .array(values.map { .string($0) })
  }
}
