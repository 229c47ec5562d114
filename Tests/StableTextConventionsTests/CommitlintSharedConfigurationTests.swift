import Foundation
import StableTextCore
import Testing

@testable import StableTextConventions

/// `@commitlint/config-conventional` (at commitlint 1fd1be00), message by message: the messages
/// of its own test (`src/index.test.ts`) written here as rows, each with the outcome that test
/// asserts, its title saying what it pins. Each is parsed with the configuration's preset
/// (`conventional-changelog-conventionalcommits`) and checked by every configured rule, looked up
/// by name among `CommitlintRules.all`, as `@commitlint/lint` does (level 2 problems are errors,
/// level 1 warnings, in the configuration's order; valid when no error). 12 tests, 20 messages.
struct CommitlintSharedConfigurationTests {
  struct Problem: Hashable, Sendable, CustomStringConvertible {
    var level: Int
    var name: String
    var message: String

    var description: String { "\(level) \(name): \(message)" }
  }

  struct Outcome: Hashable, Sendable {
    var valid: Bool
    var errors: [Problem]
    var warnings: [Problem]
  }

  struct Case: Sendable, CustomTestStringConvertible {
    var title: String
    var message: String
    var outcome: Outcome

    var testDescription: String { "\(title): \(message.debugDescription)" }
  }

  /// `@commitlint/lint` over a configuration (without its ignores, which no row meets).
  static func lint(_ message: String, _ configuration: CommitlintConfiguration) throws -> Outcome {
    let commit = try #require(ConventionalCommitParser(configuration.parserOptions).parse(message))
    var errors: [Problem] = []
    var warnings: [Problem] = []
    for entry in configuration.rules where entry.setting.level > 0 {
      let rule = try #require(CommitlintRules.named(entry.name), "no rule \(entry.name)")
      let verdict = rule.verdict(
        commit, entry.setting.condition ?? rule.defaultCondition, entry.setting.value)
      guard !verdict.valid else { continue }
      let problem = Problem(level: entry.setting.level, name: entry.name, message: verdict.message ?? "")
      if entry.setting.level == 2 { errors.append(problem) } else { warnings.append(problem) }
    }
    return Outcome(valid: errors.isEmpty, errors: errors, warnings: warnings)
  }

  static let typeEnum = Problem(
    level: 2, name: "type-enum",
    message: "type must be one of [build, chore, ci, docs, feat, fix, perf, refactor, revert, style, test]")
  static let typeCase = Problem(level: 2, name: "type-case", message: "type must be lower-case")
  static let typeEmpty = Problem(level: 2, name: "type-empty", message: "type may not be empty")
  static func subjectCase(_ matched: String) -> Problem {
    Problem(level: 2, name: "subject-case", message: "subject must not be \(matched)")
  }
  static let subjectEmpty = Problem(level: 2, name: "subject-empty", message: "subject may not be empty")
  static let subjectFullStop = Problem(
    level: 2, name: "subject-full-stop", message: "subject may not end with full stop")
  static let headerMaxLength = Problem(
    level: 2, name: "header-max-length",
    message: "header must not be longer than 100 characters, current length is 112")
  static let footerMaxLineLength = Problem(
    level: 2, name: "footer-max-line-length", message: "footer's lines must not be longer than 100 characters"
  )
  static let bodyMaxLineLength = Problem(
    level: 2, name: "body-max-line-length", message: "body's lines must not be longer than 100 characters")
  static let footerLeadingBlank = Problem(
    level: 1, name: "footer-leading-blank", message: "footer must have leading blank line")
  static let bodyLeadingBlank = Problem(
    level: 1, name: "body-leading-blank", message: "body must have leading blank line")

  static func errors(_ title: String, _ message: String, _ errors: [Problem]) -> Case {
    Case(title: title, message: message, outcome: Outcome(valid: false, errors: errors, warnings: []))
  }

  static func warnings(_ title: String, _ message: String, _ warnings: [Problem]) -> Case {
    Case(title: title, message: message, outcome: Outcome(valid: true, errors: [], warnings: warnings))
  }

  static let cases: [Case] = [
    errors("type-enum", "foo: some message", [typeEnum]),
    errors("type-case", "FIX: some message", [typeCase, typeEnum]),
    errors("type-empty", ": some message", [typeEmpty]),
    errors("subject-case", "fix(scope): Some message", [subjectCase("sentence-case")]),
    errors("subject-case", "fix(scope): Some Message", [subjectCase("sentence-case, start-case")]),
    errors("subject-case", "fix(scope): SomeMessage", [subjectCase("sentence-case, pascal-case")]),
    errors("subject-case", "fix(scope): SOMEMESSAGE", [subjectCase("sentence-case, start-case, upper-case")]),
    errors("subject-empty", "fix:", [subjectEmpty, typeEmpty]),
    errors("subject-full-stop", "fix: some message.", [subjectFullStop]),
    errors(
      "header-max-length",
      "fix: some message that is way too long and breaks the line max-length by several characters since the max is 100",
      [headerMaxLength]),
    warnings(
      "footer-leading-blank", "fix: some message\n\nbody\nBREAKING CHANGE: It will be significant",
      [footerLeadingBlank]),
    errors(
      "footer-max-line-length",
      "fix: some message\n\nbody\n\nBREAKING CHANGE: footer with multiple lines\nhas a message that is way too long and will break the line rule \"line-max-length\" by several characters",
      [footerMaxLineLength]),
    warnings("body-leading-blank", "fix: some message\nbody", [bodyLeadingBlank]),
    errors(
      "body-max-line-length",
      "fix: some message\n\nbody with multiple lines\nhas a message that is way too long and will break the line rule \"line-max-length\" by several characters",
      [bodyMaxLineLength]),
    warnings("valid messages", "fix: some message", []),
    warnings("valid messages", "fix(scope): some message", []),
    warnings("valid messages", "fix(scope): some Message", []),
    warnings("valid messages", "fix(scope): some message\n\nBREAKING CHANGE: it will be significant!", []),
    warnings("valid messages", "fix(scope): some message\n\nbody", []),
    warnings("valid messages", "fix(scope)!: some message\n\nbody", []),
  ]

  @Test(arguments: cases) func conventional(_ row: Case) throws {
    #expect(try Self.lint(row.message, CommitlintSharedConfigurations.conventional) == row.outcome)
  }

  /// `@commitlint/config-angular`, message by message: the 8 tests of its own test
  /// (`index.test.js`), one message each. Its helper trims the message and insists on at most one
  /// error and one warning; the rows give the whole outcome.
  static let angularCases: [Case] = [
    warnings("a valid commit message", "test: a valid angular commit", []),
    warnings("a valid message with a scope", "test(scope): a valid angular commit with a scope", []),
    warnings(
      "a valid multi line commit",
      "test(scope): a valid angular commit with a scope\n\n     Some content in the body",
      []),
    warnings(
      "a leading blank line after header",
      "test(scope): a valid angular commit with a scope\n     Some content in the body", [bodyLeadingBlank]),
    errors(
      "an invalid scope", "no: no is not an invalid commit type",
      [
        Problem(
          level: 2, name: "type-enum",
          message: "type must be one of [build, ci, docs, feat, fix, perf, refactor, revert, style, test]")
      ]),
    errors(
      "a long header", "test: that its an error when there is ia realllllllllllllllllllllly long header",
      [
        Problem(
          level: 2, name: "header-max-length",
          message: "header must not be longer than 72 characters, current length is 79")
      ]),
    errors("message header with ! in it", "test!: with a breaking change in the type", [exclamationMark]),
    errors(
      "message header with ! in it and a scope", "test(scope)!: with a breaking change in the type",
      [exclamationMark]),
  ]

  static let exclamationMark = Problem(
    level: 2, name: "subject-exclamation-mark",
    message: "subject must not have an exclamation mark in the subject to identify a breaking change")

  @Test(arguments: angularCases) func angular(_ row: Case) throws {
    #expect(try Self.lint(row.message, CommitlintSharedConfigurations.angular) == row.outcome)
  }

  /// The angular table holds every case of config-angular's test: 8 tests, one row each.
  @Test func holdsEveryAngularCase() {
    #expect(Self.angularCases.count == 8)
    #expect(Set(Self.angularCases.map(\.title)).count == 8)
  }

  /// The table holds every case of config-conventional's test: 12 tests, 20 messages in all.
  @Test func holdsEveryCase() {
    #expect(Self.cases.count == 20)
    #expect(Set(Self.cases.map(\.title)).count == 12)
  }

  /// Every configured rule of every shared configuration names a rule of `@commitlint/rules`.
  @Test func everyConfiguredRuleExists() {
    for (name, configuration) in CommitlintSharedConfigurations.byName {
      for entry in configuration.rules {
        #expect(CommitlintRules.named(entry.name) != nil, "\(name): \(entry.name)")
      }
    }
    #expect(CommitlintRules.all.count == 38)
    #expect(Set(CommitlintRules.all.map(\.name)).count == 38)
  }

  /// A later setting of the same rule replaces the earlier one in place, as a JavaScript
  /// object's key keeps its first position.
  @Test func settingKeepsPosition() {
    var configuration = CommitlintSharedConfigurations.conventional
    configuration.set("body-leading-blank", CommitlintRuleSetting(0))
    configuration.set("scope-empty", CommitlintRuleSetting(2, .never))
    #expect(configuration.rules.first?.name == "body-leading-blank")
    #expect(configuration.setting("body-leading-blank") == CommitlintRuleSetting(0))
    #expect(configuration.rules.last?.name == "scope-empty")
    #expect(configuration.rules.count == 13)
  }
}
