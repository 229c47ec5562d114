import Testing

@testable import StableTextConventions
@testable import StableTextCore

/// The case, enum, empty, full-stop and length rules of type, scope, subject, header and body,
/// case by case. The cases are those of commitlint's own tests of these rules (`@commitlint/rules`
/// at 1fd1be00, `src/<rule>.test.ts`), written here as rows, one per case as each test runs it (a
/// `test.each` or a loop gives a row per case): the message, the condition (`nil` where the test
/// passes none: the rule's default), the value, and the verdict and message asserted; each row's
/// title says the behaviour it pins. `caseCounts` records how many cases each rule has; the table
/// must hold exactly those, so a case cannot be dropped silently.
@Suite struct CommitlintRulesBTests {
  /// How a row's message is parsed: by the preset's header pattern, or (one type-case test) by
  /// `^(.*): (.*)$` into type and subject, as that test configures its parser.
  enum Parser: Sendable {
    case preset
    case typeAndSubject
  }

  /// What a test asserts of the message.
  enum MessageCheck: Sendable {
    case equals(String)
    case contains(String)
    /// `toBeFalsy()`: none, or empty.
    case falsy
    /// `toEqual(undefined)`.
    case absent
  }

  struct RuleRow: Sendable, CustomTestStringConvertible {
    var rule: String
    /// What the case pins.
    var title: String
    var message: String
    var when: CommitlintCondition?
    var value: CommitlintValue?
    var valid: Bool?
    var check: MessageCheck?
    var parser: Parser

    init(
      _ rule: String, _ title: String, _ message: String, _ when: CommitlintCondition?,
      _ value: CommitlintValue?, valid: Bool?, message check: MessageCheck? = nil,
      parser: Parser = .preset
    ) {
      self.rule = rule
      self.title = title
      self.message = message
      self.when = when
      self.value = value
      self.valid = valid
      self.check = check
      self.parser = parser
    }

    var testDescription: String { "\(rule).test.ts: \(title)" }
  }

  static let rules: [String: any CommitlintRule] = Dictionary(
    uniqueKeysWithValues: ([
      CommitlintCaseRule(.body), CommitlintCaseRule(.header), ScopeCaseRule(), CommitlintCaseRule(.subject),
      CommitlintCaseRule(.type), TypeEnumRule(),
      ScopeEnumRule(), ScopeDelimiterStyleRule(), CommitlintEmptyRule(.type), CommitlintEmptyRule(.scope),
      CommitlintEmptyRule(.subject),
      SubjectFullStopRule(), CommitlintLengthRule(.type, .max), CommitlintLengthRule(.type, .min),
      CommitlintLengthRule(.scope, .max),
      CommitlintLengthRule(.scope, .min), CommitlintLengthRule(.subject, .max),
      CommitlintLengthRule(.subject, .min),
    ] as [any CommitlintRule]).map { ($0.name, $0) })

  /// The condition a rule takes when none is given (its parameter's default in commitlint):
  /// `never` for scope-empty, `always` for the others (the length rules read none).
  static func defaultCondition(_ rule: String) -> CommitlintCondition {
    rule == "scope-empty" ? .never : .always
  }

  /// The rows of the files whose tests are plain `test(…)` calls.
  static let plainRows: [RuleRow] = [
    // body-case.test.ts: 16 tests
    RuleRow(
      "body-case", "with empty body should succeed for \"never lowercase\"", "test: subject", .never,
      .string("lowercase"), valid: true),
    RuleRow(
      "body-case", "with empty body should succeed for \"always lowercase\"", "test: subject", .always,
      .string("lowercase"), valid: true),
    RuleRow(
      "body-case", "with empty body should succeed for \"never uppercase\"", "test: subject", .never,
      .string("uppercase"), valid: true),
    RuleRow(
      "body-case", "with empty body should succeed for \"always uppercase\"", "test: subject", .always,
      .string("uppercase"), valid: true),
    RuleRow(
      "body-case", "with lowercase body should fail for \"never lowercase\"", "test: subject\nbody", .never,
      .string("lowercase"), valid: false),
    RuleRow(
      "body-case", "with lowercase body should succeed for \"always lowercase\"", "test: subject\nbody",
      .always, .string("lowercase"), valid: true),
    RuleRow(
      "body-case", "with mixedcase body should succeed for \"never lowercase\"", "test: subject\nBody",
      .never, .string("lowercase"), valid: true),
    RuleRow(
      "body-case", "with mixedcase body should fail for \"always lowercase\"", "test: subject\nBody", .always,
      .string("lowercase"), valid: false),
    RuleRow(
      "body-case", "with mixedcase body should succeed for \"never uppercase\"", "test: subject\nBody",
      .never, .string("uppercase"), valid: true),
    RuleRow(
      "body-case", "with mixedcase body should fail for \"always uppercase\"", "test: subject\nBody", .always,
      .string("uppercase"), valid: false),
    RuleRow(
      "body-case", "with uppercase body should fail for \"never uppercase\"", "test: subject\nBODY", .never,
      .string("uppercase"), valid: false),
    RuleRow(
      "body-case", "with lowercase body should succeed for \"always uppercase\"", "test: subject\nBODY",
      .always, .string("uppercase"), valid: true),
    RuleRow(
      "body-case", "with \"never\" should report only the case that matched", "test: subject\nBODY", .never,
      .array([.string("sentence-case"), .string("pascal-case")]), valid: false,
      message: .equals("body must not be sentence-case")),
    RuleRow(
      "body-case", "with \"never\" should report every case that matched", "test: subject\nBODY", .never,
      .array([.string("sentence-case"), .string("start-case"), .string("pascal-case")]), valid: false,
      message: .equals("body must not be sentence-case, start-case")),
    RuleRow(
      "body-case", "with \"always\" should report every configured case when none matched",
      "test: subject\nBODY", .always, .array([.string("pascal-case"), .string("kebab-case")]), valid: false,
      message: .equals("body must be pascal-case, kebab-case")),
    RuleRow(
      "body-case", "with \"never\" should report every configured case when none matched",
      "test: subject\nBODY", .never, .array([.string("pascal-case"), .string("kebab-case")]), valid: true,
      message: .equals("body must not be pascal-case, kebab-case")),
    // header-case.test.ts: 49 tests
    RuleRow(
      "header-case", "with lowercase header should fail for \"never lowercase\"", "header\n", .never,
      .string("lowercase"), valid: false),
    RuleRow(
      "header-case", "with lowercase header should succeed for \"always lowercase\"", "header\n", .always,
      .string("lowercase"), valid: true),
    RuleRow(
      "header-case", "with mixedcase header should succeed for \"never lowercase\"", "hEaDeR\n", .never,
      .string("lowercase"), valid: true),
    RuleRow(
      "header-case", "with mixedcase header should fail for \"always lowercase\"", "hEaDeR\n", .always,
      .string("lowercase"), valid: false),
    RuleRow(
      "header-case", "with mixedcase header should succeed for \"never uppercase\"", "hEaDeR\n", .never,
      .string("uppercase"), valid: true),
    RuleRow(
      "header-case", "with mixedcase header should fail for \"always uppercase\"", "hEaDeR\n", .always,
      .string("uppercase"), valid: false),
    RuleRow(
      "header-case", "with uppercase header should fail for \"never uppercase\"", "HEADER\n", .never,
      .string("uppercase"), valid: false),
    RuleRow(
      "header-case", "with lowercase header should succeed for \"always uppercase\"", "HEADER\n", .always,
      .string("uppercase"), valid: true),
    RuleRow(
      "header-case", "with camelcase header should fail for \"always uppercase\"", "heaDer\n", .always,
      .string("uppercase"), valid: false),
    RuleRow(
      "header-case", "with camelcase header should succeed for \"never uppercase\"", "heaDer\n", .never,
      .string("uppercase"), valid: true),
    RuleRow(
      "header-case", "with camelcase header should fail for \"always pascalcase\"", "heaDer\n", .always,
      .string("pascal-case"), valid: false),
    RuleRow(
      "header-case", "with camelcase header should fail for \"always kebabcase\"", "heaDer\n", .always,
      .string("kebab-case"), valid: false),
    RuleRow(
      "header-case", "with camelcase header should fail for \"always snakecase\"", "heaDer\n", .always,
      .string("snake-case"), valid: false),
    RuleRow(
      "header-case", "with camelcase header should succeed for \"always camelcase\"", "heaDer\n", .always,
      .string("camel-case"), valid: true),
    RuleRow(
      "header-case", "with pascalcase header should fail for \"always uppercase\"", "HeaDer\n", .always,
      .string("uppercase"), valid: false),
    RuleRow(
      "header-case", "with pascalcase header should succeed for \"never uppercase\"", "HeaDer\n", .never,
      .string("uppercase"), valid: true),
    RuleRow(
      "header-case", "with pascalcase header should succeed for \"always pascalcase\"", "HeaDer\n", .always,
      .string("pascal-case"), valid: true),
    RuleRow(
      "header-case", "with pascalcase header should fail for \"always kebabcase\"", "HeaDer\n", .always,
      .string("kebab-case"), valid: false),
    RuleRow(
      "header-case", "with pascalcase header should fail for \"always snakecase\"", "HeaDer\n", .always,
      .string("snake-case"), valid: false),
    RuleRow(
      "header-case", "with pascalcase header should fail for \"always camelcase\"", "HeaDer\n", .always,
      .string("camel-case"), valid: false),
    RuleRow(
      "header-case", "with snakecase header should fail for \"always uppercase\"", "hea_der\n", .always,
      .string("uppercase"), valid: false),
    RuleRow(
      "header-case", "with snakecase header should succeed for \"never uppercase\"", "hea_der\n", .never,
      .string("uppercase"), valid: true),
    RuleRow(
      "header-case", "with snakecase header should fail for \"always pascalcase\"", "hea_der\n", .always,
      .string("pascal-case"), valid: false),
    RuleRow(
      "header-case", "with snakecase header should fail for \"always kebabcase\"", "hea_der\n", .always,
      .string("kebab-case"), valid: false),
    RuleRow(
      "header-case", "with snakecase header should succeed for \"always snakecase\"", "hea_der\n", .always,
      .string("snake-case"), valid: true),
    RuleRow(
      "header-case", "with snakecase header should fail for \"always camelcase\"", "hea_der\n", .always,
      .string("camel-case"), valid: false),
    RuleRow(
      "header-case", "with startcase header should fail for \"always uppercase\"", "Hea Der\n", .always,
      .string("uppercase"), valid: false),
    RuleRow(
      "header-case", "with startcase header should succeed for \"never uppercase\"", "Hea Der\n", .never,
      .string("uppercase"), valid: true),
    RuleRow(
      "header-case", "with startcase header should fail for \"always pascalcase\"", "Hea Der\n", .always,
      .string("pascal-case"), valid: false),
    RuleRow(
      "header-case", "with startcase header should fail for \"always kebabcase\"", "Hea Der\n", .always,
      .string("kebab-case"), valid: false),
    RuleRow(
      "header-case", "with startcase header should fail for \"always snakecase\"", "Hea Der\n", .always,
      .string("snake-case"), valid: false),
    RuleRow(
      "header-case", "with startcase header should fail for \"always camelcase\"", "Hea Der\n", .always,
      .string("camel-case"), valid: false),
    RuleRow(
      "header-case", "with startcase header should succeed for \"always startcase\"", "Hea Der\n", .always,
      .string("start-case"), valid: true),
    RuleRow(
      "header-case", "should use expected message with \"always\"", "HEADER\n", .always,
      .string("lower-case"), valid: nil, message: .contains("must be lower-case")),
    RuleRow(
      "header-case", "should use expected message with \"never\"", "HEADER\n", .never, .string("upper-case"),
      valid: nil, message: .contains("must not be upper-case")),
    RuleRow(
      "header-case", "with uppercase scope should succeed for \"always [uppercase, lowercase]\"", "HEADER\n",
      .always, .array([.string("uppercase"), .string("lowercase")]), valid: true),
    RuleRow(
      "header-case", "with lowercase header should succeed for \"always [uppercase, lowercase]\"", "header\n",
      .always, .array([.string("uppercase"), .string("lowercase")]), valid: true),
    RuleRow(
      "header-case", "with mixedcase header should fail for \"always [uppercase, lowercase]\"", "hEaDeR\n",
      .always, .array([.string("uppercase"), .string("lowercase")]), valid: false),
    RuleRow(
      "header-case", "with mixedcase header should pass for \"always [uppercase, lowercase, camel-case]\"",
      "hEaDeR\n", .always, .array([.string("uppercase"), .string("lowercase"), .string("camel-case")]),
      valid: true),
    RuleRow(
      "header-case", "with mixedcase scope should pass for \"never [uppercase, lowercase]\"", "hEaDeR\n",
      .never, .array([.string("uppercase"), .string("lowercase")]), valid: true),
    RuleRow(
      "header-case", "with uppercase scope should fail for \"never [uppercase, lowercase]\"", "HEADER\n",
      .never, .array([.string("uppercase"), .string("lowercase")]), valid: false),
    RuleRow(
      "header-case", "with numeric header should succeed for \"never lowercase\"", "1.0.0\n", .never,
      .string("lowercase"), valid: true),
    RuleRow(
      "header-case", "with numeric header should succeed for \"always lowercase\"", "1.0.0\n", .always,
      .string("lowercase"), valid: true),
    RuleRow(
      "header-case", "with numeric header should succeed for \"never uppercase\"", "1.0.0\n", .never,
      .string("uppercase"), valid: true),
    RuleRow(
      "header-case", "with numeric header should succeed for \"always uppercase\"", "1.0.0\n", .always,
      .string("uppercase"), valid: true),
    RuleRow(
      "header-case", "with \"never\" should report only the case that matched", "HeaDer\n", .never,
      .array([.string("sentence-case"), .string("start-case")]), valid: false,
      message: .equals("header must not be sentence-case")),
    RuleRow(
      "header-case", "with \"never\" should report every case that matched", "HeaDer\n", .never,
      .array([.string("sentence-case"), .string("pascal-case"), .string("start-case")]), valid: false,
      message: .equals("header must not be sentence-case, pascal-case")),
    RuleRow(
      "header-case", "with \"always\" should report every configured case when none matched", "HeaDer\n",
      .always, .array([.string("upper-case"), .string("kebab-case")]), valid: false,
      message: .equals("header must be upper-case, kebab-case")),
    RuleRow(
      "header-case", "with \"never\" should report every configured case when none matched", "HeaDer\n",
      .never, .array([.string("upper-case"), .string("kebab-case")]), valid: true,
      message: .equals("header must not be upper-case, kebab-case")),
    // scope-case.test.ts: 56 tests
    RuleRow(
      "scope-case", "with empty scope should succeed for \"never lowercase\"", "test: subject", .never,
      .string("lowercase"), valid: true),
    RuleRow(
      "scope-case", "with empty scope should succeed for \"always lowercase\"", "test: subject", .always,
      .string("lowercase"), valid: true),
    RuleRow(
      "scope-case", "with empty scope should succeed for \"never uppercase\"", "test: subject", .never,
      .string("uppercase"), valid: true),
    RuleRow(
      "scope-case", "with empty scope should succeed for \"always uppercase\"", "test: subject", .always,
      .string("uppercase"), valid: true),
    RuleRow(
      "scope-case", "with empty scope should succeed for \"never camelcase\"", "test: subject", .never,
      .string("camel-case"), valid: true),
    RuleRow(
      "scope-case", "with empty scope should succeed for \"always camelcase\"", "test: subject", .never,
      .string("camel-case"), valid: true),
    RuleRow(
      "scope-case", "with empty scope should succeed for \"never kebabcase\"", "test: subject", .never,
      .string("kebab-case"), valid: true),
    RuleRow(
      "scope-case", "with empty scope should succeed for \"always kebabcase\"", "test: subject", .never,
      .string("kebab-case"), valid: true),
    RuleRow(
      "scope-case", "with empty scope should succeed for \"never pascalcase\"", "test: subject", .never,
      .string("pascal-case"), valid: true),
    RuleRow(
      "scope-case", "with empty scope should succeed for \"always pascalcase\"", "test: subject", .never,
      .string("pascal-case"), valid: true),
    RuleRow(
      "scope-case", "with empty scope should succeed for \"never snakecase\"", "test: subject", .never,
      .string("snake-case"), valid: true),
    RuleRow(
      "scope-case", "with empty scope should succeed for \"always snakecase\"", "test: subject", .never,
      .string("snake-case"), valid: true),
    RuleRow(
      "scope-case", "with empty scope should succeed for \"never startcase\"", "test: subject", .never,
      .string("start-case"), valid: true),
    RuleRow(
      "scope-case", "with empty scope should succeed for \"always startcase\"", "test: subject", .never,
      .string("start-case"), valid: true),
    RuleRow(
      "scope-case", "with lowercase scope should fail for \"never lowercase\"", "test(scope): subject",
      .never, .string("lowercase"), valid: false),
    RuleRow(
      "scope-case", "with lowercase scope should succeed for \"always lowercase\"", "test(scope): subject",
      .always, .string("lowercase"), valid: true),
    RuleRow(
      "scope-case", "with mixedcase scope should succeed for \"never lowercase\"", "test(sCoPe): subject",
      .never, .string("lowercase"), valid: true),
    RuleRow(
      "scope-case", "with mixedcase scope should fail for \"always lowercase\"", "test(sCoPe): subject",
      .always, .string("lowercase"), valid: false),
    RuleRow(
      "scope-case", "with mixedcase scope should succeed for \"never uppercase\"", "test(sCoPe): subject",
      .never, .string("uppercase"), valid: true),
    RuleRow(
      "scope-case", "with kebabcase scope should succeed for \"always lowercase\"", "test(my-scope): subject",
      .always, .string("lowercase"), valid: true),
    RuleRow(
      "scope-case", "with kebabcase scope should fail for \"always camelcase\"", "test(my-scope): subject",
      .always, .string("camel-case"), valid: false),
    RuleRow(
      "scope-case", "with kebabcase scope should fail for \"always pascalcase\"", "test(my-scope): subject",
      .always, .string("pascal-case"), valid: false),
    RuleRow(
      "scope-case", "with kebabcase scope should succeed for \"always kebabcase\"", "test(my-scope): subject",
      .always, .string("kebab-case"), valid: true),
    RuleRow(
      "scope-case", "with snakecase scope should succeed for \"always lowercase\"", "test(my_scope): subject",
      .always, .string("lowercase"), valid: true),
    RuleRow(
      "scope-case", "with snakecase scope should fail for \"always camelcase\"", "test(my_scope): subject",
      .always, .string("camel-case"), valid: false),
    RuleRow(
      "scope-case", "with snakecase scope should fail for \"always pascalcase\"", "test(my_scope): subject",
      .always, .string("pascal-case"), valid: false),
    RuleRow(
      "scope-case", "with snakecase scope should succeed for \"always snakecase\"", "test(my_scope): subject",
      .always, .string("snake-case"), valid: true),
    RuleRow(
      "scope-case", "with camelcase scope should fail for \"always lowercase\"", "test(myScope): subject",
      .always, .string("lowercase"), valid: false),
    RuleRow(
      "scope-case", "with camelcase scope should succeed for \"always camelcase\"", "test(myScope): subject",
      .always, .string("camel-case"), valid: true),
    RuleRow(
      "scope-case", "with camelcase scope should fail for \"always kebabcase\"", "test(myScope): subject",
      .always, .string("kebab-case"), valid: false),
    RuleRow(
      "scope-case", "with camelcase scope should fail for \"always pascalcase\"", "test(myScope): subject",
      .always, .string("pascal-case"), valid: false),
    RuleRow(
      "scope-case", "with pascalcase scope should fail for \"always lowercase\"", "test(MyScope): subject",
      .always, .string("lowercase"), valid: false),
    RuleRow(
      "scope-case", "with pascalcase scope should fail for \"always kebabcase\"", "test(MyScope): subject",
      .always, .string("kebab-case"), valid: false),
    RuleRow(
      "scope-case", "with pascalcase scope should fail for \"always camelcase\"", "test(MyScope): subject",
      .always, .string("camel-case"), valid: false),
    RuleRow(
      "scope-case", "with pascalcase scope should succeed for \"always pascalcase\"",
      "test(MyScope): subject", .always, .string("pascal-case"), valid: true),
    RuleRow(
      "scope-case", "with mixedcase scope should fail for \"always uppercase\"", "test(sCoPe): subject",
      .always, .string("uppercase"), valid: false),
    RuleRow(
      "scope-case", "with uppercase scope should fail for \"never uppercase\"", "test(SCOPE): subject",
      .never, .string("uppercase"), valid: false),
    RuleRow(
      "scope-case", "with uppercase scope should succeed for \"always uppercase\"", "test(SCOPE): subject",
      .always, .string("uppercase"), valid: true),
    RuleRow(
      "scope-case", "with uppercase scope should succeed for \"always [uppercase, lowercase]\"",
      "test(SCOPE): subject", .always, .array([.string("uppercase"), .string("lowercase")]), valid: true),
    RuleRow(
      "scope-case", "with lowercase scope should succeed for \"always [uppercase, lowercase]\"",
      "test(scope): subject", .always, .array([.string("uppercase"), .string("lowercase")]), valid: true),
    RuleRow(
      "scope-case", "with mixedcase scope should fail for \"always [uppercase, lowercase]\"",
      "test(sCoPe): subject", .always, .array([.string("uppercase"), .string("lowercase")]), valid: false),
    RuleRow(
      "scope-case", "with mixedcase scope should pass for \"always [uppercase, lowercase, camel-case]\"",
      "test(sCoPe): subject", .always,
      .array([.string("uppercase"), .string("lowercase"), .string("camel-case")]), valid: true),
    RuleRow(
      "scope-case", "with mixedcase scope should pass for \"never [uppercase, lowercase]\"",
      "test(sCoPe): subject", .never, .array([.string("uppercase"), .string("lowercase")]), valid: true),
    RuleRow(
      "scope-case", "with uppercase scope should fail for \"never [uppercase, lowercase]\"",
      "test(SCOPE): subject", .never, .array([.string("uppercase"), .string("lowercase")]), valid: false),
    RuleRow(
      "scope-case", "with slash in scope should succeed for \"always pascal-case\"",
      "feat(Modules/Graph): add Pie Chart", .always, .string("pascal-case"), valid: true),
    RuleRow(
      "scope-case", "with slash in subject should succeed for \"always sentence case\"",
      "chore: Update @angular/core", .always, .string("sentencecase"), valid: true),
    RuleRow(
      "scope-case", "with object-based configuration should use default delimiters",
      "feat(scope/my-scope, shared-scope): subject", .always,
      .object([.init("cases", .array([.string("kebab-case")]))]), valid: true),
    RuleRow(
      "scope-case", "with object-based configuration should support custom single delimiter",
      "feat(scope|my-scope): subject", .always,
      .object([.init("cases", .array([.string("kebab-case")])), .init("delimiters", .array([.string("|")]))]),
      valid: true),
    RuleRow(
      "scope-case", "with object-based configuration should support multiple custom delimiters",
      "feat(scope|my-scope/shared-scope,common-scope): subject", .always,
      .object([
        .init("cases", .array([.string("kebab-case")])),
        .init("delimiters", .array([.string("|"), .string("/"), .string(",")])),
      ]), valid: true),
    RuleRow(
      "scope-case",
      "with object-based configuration should fall back to default delimiters when empty array provided",
      "feat(scope/my-scope): subject", .always,
      .object([.init("cases", .array([.string("kebab-case")])), .init("delimiters", .array([]))]), valid: true
    ),
    RuleRow(
      "scope-case", "with object-based configuration should handle special delimiters",
      "feat(scope*my-scope): subject", .always,
      .object([.init("cases", .array([.string("kebab-case")])), .init("delimiters", .array([.string("*")]))]),
      valid: true),
    RuleRow(
      "scope-case", "with object-based configuration should respect \"never\" when custom delimiter is used",
      "feat(scope|my-scope): subject", .never,
      .object([.init("cases", .array([.string("kebab-case")])), .init("delimiters", .array([.string("|")]))]),
      valid: false),
    RuleRow(
      "scope-case", "with \"never\" should report only the case that matched", "test(MyScope): subject",
      .never, .array([.string("sentence-case"), .string("start-case")]), valid: false,
      message: .equals("scope must not be sentence-case")),
    RuleRow(
      "scope-case", "with \"never\" should report every case that matched", "test(MyScope): subject", .never,
      .array([.string("sentence-case"), .string("pascal-case"), .string("start-case")]), valid: false,
      message: .equals("scope must not be sentence-case, pascal-case")),
    RuleRow(
      "scope-case", "with \"always\" should report every configured case when none matched",
      "test(MyScope): subject", .always, .array([.string("upper-case"), .string("kebab-case")]), valid: false,
      message: .equals("scope must be upper-case, kebab-case")),
    RuleRow(
      "scope-case", "with \"never\" should report every configured case when none matched",
      "test(MyScope): subject", .never, .array([.string("upper-case"), .string("kebab-case")]), valid: true,
      message: .equals("scope must not be upper-case, kebab-case")),
    // subject-case.test.ts: 74 tests
    RuleRow(
      "subject-case", "with empty subject should succeed for \"never lowercase\"", "test:\n", .never,
      .string("lowercase"), valid: true),
    RuleRow(
      "subject-case", "with empty subject should succeed for \"always lowercase\"", "test:\n", .always,
      .string("lowercase"), valid: true),
    RuleRow(
      "subject-case", "with empty subject should succeed for \"never uppercase\"", "test:\n", .never,
      .string("uppercase"), valid: true),
    RuleRow(
      "subject-case", "with empty subject should succeed for \"always uppercase\"", "test:\n", .always,
      .string("uppercase"), valid: true),
    RuleRow(
      "subject-case", "with lowercase subject should fail for \"never lowercase\"", "test: subject", .never,
      .string("lowercase"), valid: false),
    RuleRow(
      "subject-case", "with lowercase subject should succeed for \"always lowercase\"", "test: subject",
      .always, .string("lowercase"), valid: true),
    RuleRow(
      "subject-case", "with lowercase unicode subject should fail for \"always uppercase\"", "test: тема",
      .always, .string("upper-case"), valid: false),
    RuleRow(
      "subject-case", "with mixedcase subject should succeed for \"never lowercase\"", "test: sUbJeCt",
      .never, .string("lowercase"), valid: true),
    RuleRow(
      "subject-case", "with mixedcase subject should fail for \"always lowercase\"", "test: sUbJeCt", .always,
      .string("lowercase"), valid: false),
    RuleRow(
      "subject-case", "with mixedcase subject should succeed for \"never uppercase\"", "test: sUbJeCt",
      .never, .string("uppercase"), valid: true),
    RuleRow(
      "subject-case", "with mixedcase subject should fail for \"always uppercase\"", "test: sUbJeCt", .always,
      .string("uppercase"), valid: false),
    RuleRow(
      "subject-case", "with caseless subject should succeed for \"never sentencecase\"", "test: 这是一次提交",
      .never, .string("sentence-case"), valid: true),
    RuleRow(
      "subject-case", "with caseless subject should succeed for \"never uppercase\"", "test: 这是一次提交", .never,
      .string("upper-case"), valid: true),
    RuleRow(
      "subject-case", "with caseless subject should succeed for \"always uppercase\"", "test: 这是一次提交",
      .always, .string("upper-case"), valid: true),
    RuleRow(
      "subject-case", "with uppercase subject should fail for \"never uppercase\"", "test: SUBJECT", .never,
      .string("uppercase"), valid: false),
    RuleRow(
      "subject-case", "with uppercase subject should succeed for \"always uppercase\"", "test: SUBJECT",
      .always, .string("uppercase"), valid: true),
    RuleRow(
      "subject-case", "with uppercase unicode subject should fail for \"always lowercase\"",
      "test: ÛNDERWERP", .always, .string("lower-case"), valid: false),
    RuleRow(
      "subject-case", "with camelcase subject should fail for \"always uppercase\"", "test: subJect", .always,
      .string("uppercase"), valid: false),
    RuleRow(
      "subject-case", "with camelcase subject should succeed for \"never uppercase\"", "test: subJect",
      .never, .string("uppercase"), valid: true),
    RuleRow(
      "subject-case", "with camelcase subject should fail for \"always pascalcase\"", "test: subJect",
      .always, .string("pascal-case"), valid: false),
    RuleRow(
      "subject-case", "with camelcase subject should fail for \"always kebabcase\"", "test: subJect", .always,
      .string("kebab-case"), valid: false),
    RuleRow(
      "subject-case", "with camelcase subject should fail for \"always snakecase\"", "test: subJect", .always,
      .string("snake-case"), valid: false),
    RuleRow(
      "subject-case", "with camelcase subject should succeed for \"always camelcase\"", "test: subJect",
      .always, .string("camel-case"), valid: true),
    RuleRow(
      "subject-case", "with camelcase unicode subject should fail for \"always sentencecase\"", "test: θέΜα",
      .always, .string("sentence-case"), valid: false),
    RuleRow(
      "subject-case", "with kebabcase unicode subject should fail for \"always camelcase\"", "test: áb-har",
      .always, .string("camel-case"), valid: false),
    RuleRow(
      "subject-case", "with pascalcase subject should fail for \"always uppercase\"", "test: SubJect",
      .always, .string("uppercase"), valid: false),
    RuleRow(
      "subject-case", "with pascalcase subject should succeed for \"never uppercase\"", "test: SubJect",
      .never, .string("uppercase"), valid: true),
    RuleRow(
      "subject-case", "with pascalcase subject should succeed for \"always pascalcase\"", "test: SubJect",
      .always, .string("pascal-case"), valid: true),
    RuleRow(
      "subject-case", "with pascalcase subject should fail for \"always kebabcase\"", "test: SubJect",
      .always, .string("kebab-case"), valid: false),
    RuleRow(
      "subject-case", "with pascalcase subject should fail for \"always snakecase\"", "test: SubJect",
      .always, .string("snake-case"), valid: false),
    RuleRow(
      "subject-case", "with pascalcase subject should fail for \"always camelcase\"", "test: SubJect",
      .always, .string("camel-case"), valid: false),
    RuleRow(
      "subject-case", "with pascalcase unicode subject should fail for \"always uppercase\"", "test: ТақыРып",
      .always, .string("upper-case"), valid: false),
    RuleRow(
      "subject-case", "with snakecase subject should fail for \"always uppercase\"", "test: sub_ject",
      .always, .string("uppercase"), valid: false),
    RuleRow(
      "subject-case", "with snakecase subject should succeed for \"never uppercase\"", "test: sub_ject",
      .never, .string("uppercase"), valid: true),
    RuleRow(
      "subject-case", "with snakecase subject should fail for \"always pascalcase\"", "test: sub_ject",
      .always, .string("pascal-case"), valid: false),
    RuleRow(
      "subject-case", "with snakecase subject should fail for \"always kebabcase\"", "test: sub_ject",
      .always, .string("kebab-case"), valid: false),
    RuleRow(
      "subject-case", "with snakecase subject should succeed for \"always snakecase\"", "test: sub_ject",
      .always, .string("snake-case"), valid: true),
    RuleRow(
      "subject-case", "with snakecase subject should fail for \"always camelcase\"", "test: sub_ject",
      .always, .string("camel-case"), valid: false),
    RuleRow(
      "subject-case", "with snakecase unicode subject should fail for \"never lowercase\"", "test: сэ_дэв",
      .never, .string("lower-case"), valid: false),
    RuleRow(
      "subject-case", "with startcase subject should fail for \"always uppercase\"", "test: Sub Ject",
      .always, .string("uppercase"), valid: false),
    RuleRow(
      "subject-case", "with startcase subject should succeed for \"never uppercase\"", "test: Sub Ject",
      .never, .string("uppercase"), valid: true),
    RuleRow(
      "subject-case", "with startcase subject should fail for \"always pascalcase\"", "test: Sub Ject",
      .always, .string("pascal-case"), valid: false),
    RuleRow(
      "subject-case", "with startcase subject should fail for \"always kebabcase\"", "test: Sub Ject",
      .always, .string("kebab-case"), valid: false),
    RuleRow(
      "subject-case", "with startcase subject should fail for \"always snakecase\"", "test: Sub Ject",
      .always, .string("snake-case"), valid: false),
    RuleRow(
      "subject-case", "with startcase subject should fail for \"always camelcase\"", "test: Sub Ject",
      .always, .string("camel-case"), valid: false),
    RuleRow(
      "subject-case", "with startcase subject should succeed for \"always startcase\"", "test: Sub Ject",
      .always, .string("start-case"), valid: true),
    RuleRow(
      "subject-case", "with startcase unicode subject should fail for \"always pascalcase\"", "test: Äm Ne",
      .always, .string("pascal-case"), valid: false),
    RuleRow(
      "subject-case", "with sentencecase subject should succeed for \"always sentence-case\"",
      "test: Sub ject", .always, .string("sentence-case"), valid: true),
    RuleRow(
      "subject-case", "with sentencecase subject should fail for \"never sentencecase\"", "test: Sub ject",
      .never, .string("sentence-case"), valid: false),
    RuleRow(
      "subject-case", "with sentencecase subject should fail for \"always pascalcase\"", "test: Sub ject",
      .always, .string("pascal-case"), valid: false),
    RuleRow(
      "subject-case", "with sentencecase subject should succeed for \"never camelcase\"", "test: Sub ject",
      .never, .string("camel-case"), valid: true),
    RuleRow(
      "subject-case", "with sentencecase unicode subject should fail for \"always camelcase\"",
      "test: Мав зуъ", .always, .string("camel-case"), valid: false),
    RuleRow(
      "subject-case", "should use expected message with \"always\"", "test: SUBJECT", .always,
      .string("lower-case"), valid: nil, message: .contains("must be lower-case")),
    RuleRow(
      "subject-case", "should use expected message with \"never\"", "test: SUBJECT", .never,
      .string("upper-case"), valid: nil, message: .contains("must not be upper-case")),
    RuleRow(
      "subject-case", "with uppercase scope should succeed for \"always [uppercase, lowercase]\"",
      "test: SUBJECT", .always, .array([.string("uppercase"), .string("lowercase")]), valid: true),
    RuleRow(
      "subject-case", "with lowercase subject should succeed for \"always [uppercase, lowercase]\"",
      "test: subject", .always, .array([.string("uppercase"), .string("lowercase")]), valid: true),
    RuleRow(
      "subject-case", "with mixedcase subject should fail for \"always [uppercase, lowercase]\"",
      "test: sUbJeCt", .always, .array([.string("uppercase"), .string("lowercase")]), valid: false),
    RuleRow(
      "subject-case", "with mixedcase subject should pass for \"always [uppercase, lowercase, camel-case]\"",
      "test: sUbJeCt", .always, .array([.string("uppercase"), .string("lowercase"), .string("camel-case")]),
      valid: true),
    RuleRow(
      "subject-case", "with mixedcase scope should pass for \"never [uppercase, lowercase]\"",
      "test: sUbJeCt", .never, .array([.string("uppercase"), .string("lowercase")]), valid: true),
    RuleRow(
      "subject-case", "with uppercase scope should fail for \"never [uppercase, lowercase]\"",
      "test: SUBJECT", .never, .array([.string("uppercase"), .string("lowercase")]), valid: false),
    RuleRow(
      "subject-case", "with numeric subject should succeed for \"never lowercase\"", "test: 1.0.0", .never,
      .string("lowercase"), valid: true),
    RuleRow(
      "subject-case", "with numeric subject should succeed for \"always lowercase\"", "test: 1.0.0", .always,
      .string("lowercase"), valid: true),
    RuleRow(
      "subject-case", "with numeric subject should succeed for \"never uppercase\"", "test: 1.0.0", .never,
      .string("uppercase"), valid: true),
    RuleRow(
      "subject-case", "with numeric subject should succeed for \"always uppercase\"", "test: 1.0.0", .always,
      .string("uppercase"), valid: true),
    RuleRow(
      "subject-case", "accepts lowercase Cyrillic subjects", "chore(deps): обновлены все зависимости", .never,
      .array([.string("sentence-case"), .string("start-case"), .string("pascal-case"), .string("upper-case")]
      ), valid: true),
    RuleRow(
      "subject-case", "rejects uppercase Cyrillic subjects", "chore(deps): ОБНОВЛЕНЫ ВСЕ ЗАВИСИМОСТИ", .never,
      .array([.string("sentence-case"), .string("start-case"), .string("pascal-case"), .string("upper-case")]
      ), valid: false),
    RuleRow(
      "subject-case", "accepts lowercase Chinese subjects", "fix(面试): 修复评价功能", .never,
      .array([.string("sentence-case"), .string("start-case"), .string("pascal-case"), .string("upper-case")]
      ), valid: true),
    RuleRow(
      "subject-case", "accepts lowercase Arabic subjects", "feat(مميزات): إضافة وظيفة جديدة", .never,
      .array([.string("sentence-case"), .string("start-case"), .string("pascal-case"), .string("upper-case")]
      ), valid: true),
    RuleRow(
      "subject-case", "accepts lowercase Hebrew subjects", "fix(תיקון): תיקון בעיה", .never,
      .array([.string("sentence-case"), .string("start-case"), .string("pascal-case"), .string("upper-case")]
      ), valid: true),
    RuleRow(
      "subject-case", "accepts mixed Latin and Cyrillic lowercase subjects",
      "chore(deps): update зависимости", .never,
      .array([.string("sentence-case"), .string("start-case"), .string("pascal-case"), .string("upper-case")]
      ), valid: true),
    RuleRow(
      "subject-case", "with \"never\" should report only the case that matched", "test: SubJect", .never,
      .array([.string("sentence-case"), .string("start-case")]), valid: false,
      message: .equals("subject must not be sentence-case")),
    RuleRow(
      "subject-case", "with \"never\" should report every case that matched", "test: SubJect", .never,
      .array([.string("sentence-case"), .string("pascal-case"), .string("start-case")]), valid: false,
      message: .equals("subject must not be sentence-case, pascal-case")),
    RuleRow(
      "subject-case", "with \"always\" should report every configured case when none matched",
      "test: SubJect", .always, .array([.string("upper-case"), .string("kebab-case")]), valid: false,
      message: .equals("subject must be upper-case, kebab-case")),
    RuleRow(
      "subject-case", "with \"never\" should report every configured case when none matched", "test: SubJect",
      .never, .array([.string("upper-case"), .string("kebab-case")]), valid: true,
      message: .equals("subject must not be upper-case, kebab-case")),
    // type-case.test.ts: 50 tests
    RuleRow(
      "type-case", "with empty type should succeed for \"never lowercase\"", "(scope): subject", .never,
      .string("lowercase"), valid: true),
    RuleRow(
      "type-case", "with empty type should succeed for \"always lowercase\"", "(scope): subject", .always,
      .string("lowercase"), valid: true),
    RuleRow(
      "type-case", "with empty type should succeed for \"never uppercase\"", "(scope): subject", .never,
      .string("uppercase"), valid: true),
    RuleRow(
      "type-case", "with empty type should succeed for \"always uppercase\"", "(scope): subject", .always,
      .string("uppercase"), valid: true),
    RuleRow(
      "type-case", "with lowercase type should fail for \"never lowercase\"", "type: subject", .never,
      .string("lowercase"), valid: false),
    RuleRow(
      "type-case", "with lowercase type should succeed for \"always lowercase\"", "type: subject", .always,
      .string("lowercase"), valid: true),
    RuleRow(
      "type-case", "with mixedcase type should succeed for \"never lowercase\"", "tYpE: subject", .never,
      .string("lowercase"), valid: true),
    RuleRow(
      "type-case", "with mixedcase type should fail for \"always lowercase\"", "tYpE: subject", .always,
      .string("lowercase"), valid: false),
    RuleRow(
      "type-case", "with mixedcase type should succeed for \"never uppercase\"", "tYpE: subject", .never,
      .string("uppercase"), valid: true),
    RuleRow(
      "type-case", "with mixedcase type should fail for \"always uppercase\"", "tYpE: subject", .always,
      .string("uppercase"), valid: false),
    RuleRow(
      "type-case", "with uppercase type should fail for \"never uppercase\"", "TYPE: subject", .never,
      .string("uppercase"), valid: false),
    RuleRow(
      "type-case", "with lowercase type should succeed for \"always uppercase\"", "TYPE: subject", .always,
      .string("uppercase"), valid: true),
    RuleRow(
      "type-case", "with camelcase type should fail for \"always uppercase\"", "tyPe: subject", .always,
      .string("uppercase"), valid: false),
    RuleRow(
      "type-case", "with camelcase type should succeed for \"never uppercase\"", "tyPe: subject", .never,
      .string("uppercase"), valid: true),
    RuleRow(
      "type-case", "with camelcase type should fail for \"always pascalcase\"", "tyPe: subject", .always,
      .string("pascal-case"), valid: false),
    RuleRow(
      "type-case", "with camelcase type should fail for \"always kebabcase\"", "tyPe: subject", .always,
      .string("kebab-case"), valid: false),
    RuleRow(
      "type-case", "with camelcase type should fail for \"always snakecase\"", "tyPe: subject", .always,
      .string("snake-case"), valid: false),
    RuleRow(
      "type-case", "with camelcase type should fail for \"always startcase\"", "tyPe: subject", .always,
      .string("start-case"), valid: false),
    RuleRow(
      "type-case", "with camelcase type should succeed for \"always camelcase\"", "tyPe: subject", .always,
      .string("camel-case"), valid: true),
    RuleRow(
      "type-case", "with pascalcase type should fail for \"always uppercase\"", "TyPe: subject", .always,
      .string("uppercase"), valid: false),
    RuleRow(
      "type-case", "with pascalcase type should succeed for \"never uppercase\"", "TyPe: subject", .never,
      .string("uppercase"), valid: true),
    RuleRow(
      "type-case", "with pascalcase type should fail for \"always camelcase\"", "TyPe: subject", .always,
      .string("camel-case"), valid: false),
    RuleRow(
      "type-case", "with pascalcase type should fail for \"always kebabcase\"", "TyPe: subject", .always,
      .string("kebab-case"), valid: false),
    RuleRow(
      "type-case", "with pascalcase type should fail for \"always snakecase\"", "TyPe: subject", .always,
      .string("snake-case"), valid: false),
    RuleRow(
      "type-case", "with pascalcase type should fail for \"always startcase\"", "TyPe: subject", .always,
      .string("start-case"), valid: false),
    RuleRow(
      "type-case", "with pascalcase type should succeed for \"always pascalcase\"", "TyPe: subject", .always,
      .string("pascal-case"), valid: true),
    RuleRow(
      "type-case", "with snakecase type should fail for \"always uppercase\"", "ty_pe: subject", .always,
      .string("uppercase"), valid: false),
    RuleRow(
      "type-case", "with snakecase type should succeed for \"never uppercase\"", "ty_pe: subject", .never,
      .string("uppercase"), valid: true),
    RuleRow(
      "type-case", "with snakecase type should fail for \"always camelcase\"", "ty_pe: subject", .always,
      .string("camel-case"), valid: false),
    RuleRow(
      "type-case", "with snakecase type should fail for \"always kebabcase\"", "ty_pe: subject", .always,
      .string("kebab-case"), valid: false),
    RuleRow(
      "type-case", "with snakecase type should succeed for \"always snakecase\"", "ty_pe: subject", .always,
      .string("snake-case"), valid: true),
    RuleRow(
      "type-case", "with snakecase type should fail for \"always pascalcase\"", "ty_pe: subject", .always,
      .string("pascal-case"), valid: false),
    RuleRow(
      "type-case", "with snakecase type should fail for \"always start case\"", "ty_pe: subject", .always,
      .string("start-case"), valid: false),
    RuleRow(
      "type-case", "with startcase type should fail for \"always uppercase\"", "Ty Pe: subject", .always,
      .string("uppercase"), valid: false, parser: .typeAndSubject),
    RuleRow(
      "type-case", "with startcase type should succeed for \"never uppercase\"", "Ty Pe: subject", .never,
      .string("uppercase"), valid: true, parser: .typeAndSubject),
    RuleRow(
      "type-case", "with startcase type should fail for \"always camelcase\"", "Ty Pe: subject", .always,
      .string("camel-case"), valid: false, parser: .typeAndSubject),
    RuleRow(
      "type-case", "with startcase type should fail for \"always kebabcase\"", "Ty Pe: subject", .always,
      .string("kebab-case"), valid: false, parser: .typeAndSubject),
    RuleRow(
      "type-case", "with startcase type should fail for \"always snakecase\"", "Ty Pe: subject", .always,
      .string("snake-case"), valid: false, parser: .typeAndSubject),
    RuleRow(
      "type-case", "with startcase type should fail for \"always pascalcase\"", "Ty Pe: subject", .always,
      .string("pascal-case"), valid: false, parser: .typeAndSubject),
    RuleRow(
      "type-case", "with startcase type should succeed for \"always startcase\"", "Ty Pe: subject", .always,
      .string("start-case"), valid: true, parser: .typeAndSubject),
    RuleRow(
      "type-case", "with uppercase scope should succeed for \"always [uppercase, lowercase]\"",
      "TYPE: subject", .always, .array([.string("uppercase"), .string("lowercase")]), valid: true),
    RuleRow(
      "type-case", "with lowercase subject should succeed for \"always [uppercase, lowercase]\"",
      "type: subject", .always, .array([.string("uppercase"), .string("lowercase")]), valid: true),
    RuleRow(
      "type-case", "with mixedcase subject should fail for \"always [uppercase, lowercase]\"",
      "tYpE: subject", .always, .array([.string("uppercase"), .string("lowercase")]), valid: false),
    RuleRow(
      "type-case", "with mixedcase subject should pass for \"always [uppercase, lowercase, camel-case]\"",
      "tYpE: subject", .always, .array([.string("uppercase"), .string("lowercase"), .string("camel-case")]),
      valid: true),
    RuleRow(
      "type-case", "with mixedcase scope should pass for \"never [uppercase, lowercase]\"", "tYpE: subject",
      .never, .array([.string("uppercase"), .string("lowercase")]), valid: true),
    RuleRow(
      "type-case", "with uppercase scope should fail for \"never [uppercase, lowercase]\"", "TYPE: subject",
      .never, .array([.string("uppercase"), .string("lowercase")]), valid: false),
    RuleRow(
      "type-case", "with \"never\" should report only the case that matched", "TyPe: subject", .never,
      .array([.string("sentence-case"), .string("start-case")]), valid: false,
      message: .equals("type must not be sentence-case")),
    RuleRow(
      "type-case", "with \"never\" should report every case that matched", "TyPe: subject", .never,
      .array([.string("sentence-case"), .string("pascal-case"), .string("start-case")]), valid: false,
      message: .equals("type must not be sentence-case, pascal-case")),
    RuleRow(
      "type-case", "with \"always\" should report every configured case when none matched", "TyPe: subject",
      .always, .array([.string("upper-case"), .string("kebab-case")]), valid: false,
      message: .equals("type must be upper-case, kebab-case")),
    RuleRow(
      "type-case", "with \"never\" should report every configured case when none matched", "TyPe: subject",
      .never, .array([.string("upper-case"), .string("kebab-case")]), valid: true,
      message: .equals("type must not be upper-case, kebab-case")),
    // type-enum.test.ts: 18 tests
    RuleRow("type-enum", "empty succeeds", "(): \n", nil, nil, valid: true),
    RuleRow("type-enum", "empty on \"a\" succeeds", "(): \n", nil, .array([.string("a")]), valid: true),
    RuleRow(
      "type-enum", "empty on \"always a\" succeeds", "(): \n", .always, .array([.string("a")]), valid: true),
    RuleRow(
      "type-enum", "empty on \"never a\" succeeds", "(): \n", .never, .array([.string("a")]), valid: true),
    RuleRow(
      "type-enum", "empty on \"always a, b\" succeeds", "(): \n", .always,
      .array([.string("a"), .string("b")]), valid: true),
    RuleRow(
      "type-enum", "empty on \"never a, b\" succeeds", "(): \n", .never,
      .array([.string("a"), .string("b")]), valid: true),
    RuleRow("type-enum", "a on \"a\" succeeds", "a(): \n", nil, .array([.string("a")]), valid: true),
    RuleRow(
      "type-enum", "a on \"always a\" succeeds", "a(): \n", .always, .array([.string("a")]), valid: true),
    RuleRow("type-enum", "a on \"never a\" fails", "a(): \n", .never, .array([.string("a")]), valid: false),
    RuleRow("type-enum", "b on \"b\" succeeds", "b(): \n", nil, .array([.string("b")]), valid: true),
    RuleRow(
      "type-enum", "b on \"always b\" succeeds", "b(): \n", .always, .array([.string("b")]), valid: true),
    RuleRow("type-enum", "b on \"never b\" fails", "b(): \n", .never, .array([.string("b")]), valid: false),
    RuleRow(
      "type-enum", "a on \"a, b\" succeeds", "a(): \n", nil, .array([.string("a"), .string("b")]), valid: true
    ),
    RuleRow(
      "type-enum", "a on \"always a, b\" succeeds", "a(): \n", .always, .array([.string("a"), .string("b")]),
      valid: true),
    RuleRow(
      "type-enum", "a on \"never a, b\" fails", "a(): \n", .never, .array([.string("a"), .string("b")]),
      valid: false),
    RuleRow(
      "type-enum", "b on \"a, b\" succeeds", "b(): \n", nil, .array([.string("a"), .string("b")]), valid: true
    ),
    RuleRow(
      "type-enum", "b on \"always a, b\" succeeds", "b(): \n", .always, .array([.string("a"), .string("b")]),
      valid: true),
    RuleRow(
      "type-enum", "b on \"never a, b\" fails", "b(): \n", .never, .array([.string("a"), .string("b")]),
      valid: false),
    // type-empty.test.ts: 6 tests
    RuleRow("type-empty", "without type should succeed for empty keyword", "(scope):", nil, nil, valid: true),
    RuleRow("type-empty", "without type should fail for \"never\"", "(scope):", .never, nil, valid: false),
    RuleRow(
      "type-empty", "without type should succeed for \"always\"", "(scope):", .always, nil, valid: true),
    RuleRow("type-empty", "with type fail for empty keyword", "type: subject", nil, nil, valid: false),
    RuleRow("type-empty", "with type succeed for \"never\"", "type: subject", .never, nil, valid: true),
    RuleRow("type-empty", "with type fail for \"always\"", "type: subject", .always, nil, valid: false),
    // scope-empty.test.ts: 9 tests
    RuleRow(
      "scope-empty", "with plain message it should succeed for empty keyword", "foo(bar): baz", nil, nil,
      valid: true),
    RuleRow(
      "scope-empty", "with plain message it should succeed for \"never\"", "foo(bar): baz", .never, nil,
      valid: true),
    RuleRow(
      "scope-empty", "with plain message it should fail for \"always\"", "foo(bar): baz", .always, nil,
      valid: false),
    RuleRow(
      "scope-empty", "with superfluous message it should fail for empty keyword", "foo(): baz", nil, nil,
      valid: false),
    RuleRow(
      "scope-empty", "with superfluous message it should fail for \"never\"", "foo(): baz", .never, nil,
      valid: false),
    RuleRow(
      "scope-empty", "with superfluous message it should fail for \"always\"", "foo(): baz", .always, nil,
      valid: true),
    RuleRow(
      "scope-empty", "with empty message it should fail for empty keyword", "foo: baz", nil, nil, valid: false
    ),
    RuleRow(
      "scope-empty", "with empty message it should fail for \"never\"", "foo: baz", .never, nil, valid: false),
    RuleRow(
      "scope-empty", "with empty message it should fail for \"always\"", "foo: baz", .always, nil, valid: true
    ),
    // subject-empty.test.ts: 6 tests
    RuleRow(
      "subject-empty", "without subject should succeed for empty keyword", "test: \nbody", nil, nil,
      valid: true),
    RuleRow(
      "subject-empty", "without subject should fail for \"never\"", "test: \nbody", .never, nil, valid: false),
    RuleRow(
      "subject-empty", "without subject should succeed for \"always\"", "test: \nbody", .always, nil,
      valid: true),
    RuleRow(
      "subject-empty", "with subject fail for empty keyword", "test: subject\nbody", nil, nil, valid: false),
    RuleRow(
      "subject-empty", "with subject succeed for \"never\"", "test: subject\nbody", .never, nil, valid: true),
    RuleRow(
      "subject-empty", "with subject fail for \"always\"", "test: subject\nbody", .always, nil, valid: false),
    // subject-full-stop.test.ts: 9 tests
    RuleRow(
      "subject-full-stop", "empty against \"always\" should succeed", "test:\n", .always, .string("."),
      valid: true),
    RuleRow(
      "subject-full-stop", "empty against \"never .\" should succeed", "test:\n", .never, .string("."),
      valid: true),
    RuleRow(
      "subject-full-stop", "with against \"always .\" should succeed", "test: subject.\n", .always,
      .string("."), valid: true),
    RuleRow(
      "subject-full-stop", "with against \"never .\" should fail", "test: subject.\n", .never, .string("."),
      valid: false),
    RuleRow(
      "subject-full-stop", "without against \"always .\" should fail", "test: subject\n", .always,
      .string("."), valid: false),
    RuleRow(
      "subject-full-stop", "without against \"never .\" should succeed", "test: subject\n", .never,
      .string("."), valid: true),
    RuleRow(
      "subject-full-stop",
      "commit message title with standard scope and full-stop against \"never .\" should fail",
      "type(scope): subject.\n", .never, .string("."), valid: false),
    RuleRow(
      "subject-full-stop",
      "commit message title with non standard scope and full-stop against \"never .\" should fail",
      "type.scope: subject.\n", .never, .string("."), valid: false),
    RuleRow(
      "subject-full-stop",
      "ellipsis is not fullstop so commit title ending with it against \"never .\" should not fail",
      "test: subject ends with ellipsis...", .never, .string("."), valid: true),
    // type-max-length.test.ts: 3 tests
    RuleRow("type-max-length", "with empty should succeed", "():\n", nil, .number(1), valid: true),
    RuleRow("type-max-length", "with short should succeed", "a: \n", nil, .number(1), valid: true),
    RuleRow("type-max-length", "with long should fail", "ab: \n", nil, .number(1), valid: false),
    // type-min-length.test.ts: 3 tests
    RuleRow("type-min-length", "with empty should succeed", "():\n", nil, .number(2), valid: true),
    RuleRow("type-min-length", "with short should fail", "a: \n", nil, .number(2), valid: false),
    RuleRow("type-min-length", "with long should succeed", "ab: \n", nil, .number(2), valid: true),
    // scope-max-length.test.ts: 3 tests
    RuleRow("scope-max-length", "with empty should succeed", "test: \n", nil, .number(1), valid: true),
    RuleRow("scope-max-length", "with short should succeed", "test(a): \n", nil, .number(1), valid: true),
    RuleRow("scope-max-length", "with long should fail", "test(ab): \n", nil, .number(1), valid: false),
    // scope-min-length.test.ts: 3 tests
    RuleRow("scope-min-length", "with empty should succeed", "test:\n", nil, .number(2), valid: true),
    RuleRow("scope-min-length", "with short should fail", "test(a): \n", nil, .number(2), valid: false),
    RuleRow("scope-min-length", "with long should succeed", "test(ab): \n", nil, .number(2), valid: true),
    // subject-max-length.test.ts: 3 tests
    RuleRow("subject-max-length", "with empty should succeed", "test:\n", nil, .number(1), valid: true),
    RuleRow("subject-max-length", "with short should succeed", "test: a\n", nil, .number(1), valid: true),
    RuleRow("subject-max-length", "with long should fail", "test: ab\n", nil, .number(1), valid: false),
    // subject-min-length.test.ts: 3 tests
    RuleRow("subject-min-length", "with empty should succeed", "test:\n", nil, .number(2), valid: true),
    RuleRow("subject-min-length", "with short should fail", "test: a\n", nil, .number(2), valid: false),
    RuleRow("subject-min-length", "with long should succeed", "test: ab\n", nil, .number(2), valid: true),

  ]

  static let rows: [RuleRow] = plainRows + scopeEnumRows() + scopeDelimiterStyleRows()

  /// scope-enum.test.ts, its `describe.each`, `test.each` and loops unrolled as it runs them.
  static func scopeEnumRows() -> [RuleRow] {
    let rule = "scope-enum"
    let single = [("plain", "foo(bar): baz")]
    let multiple = [
      ("multiple", "foo(bar,baz): qux"), ("multipleCommaSpace", "foo(bar, baz): qux"),
      ("multipleSlash", "foo(bar/baz): qux"),
    ]
    let none = [("empty", "foo: baz"), ("superfluous", "foo(): baz")]
    let objectBased = [
      ("pipeDelimiter", "foo(bar|baz): qux"), ("asteriskDelimiter", "foo(bar*baz): qux"),
      ("multipleCustomDelimiters", "foo(bar|baz/qux*xyz): qux"),
    ]
    let messages = Dictionary(uniqueKeysWithValues: single + multiple + none + objectBased)
    func list(_ names: [String]) -> CommitlintValue { .array(names.map { .string($0) }) }
    var rows: [RuleRow] = []
    for condition in CommitlintCondition.allCases {
      let c = condition.rawValue
      for (key, message) in single + multiple + none + objectBased {
        rows.append(
          RuleRow(
            rule, "Succeeds with a \(key) message and '\(c)'", message, condition, list([]), valid: true,
            message: .equals("")))
      }
      for (key, message) in none {
        rows.append(
          RuleRow(
            rule, "Succeeds with a '\(key)' message and '\(c)' with single-scope enum", message, condition,
            list(["bar"]), valid: true, message: .falsy))
        rows.append(
          RuleRow(
            rule, "Succeeds with a '\(key)' message  and '\(c)' with multi-scope enum", message, condition,
            list(["bar", "baz"]), valid: true, message: .falsy))
      }
    }
    for (key, message) in single {
      rows += [
        RuleRow(
          rule, "Succeeds with a '\(key)' message when all message scopes are included in single-scope enum",
          message, .always, list(["bar"]), valid: true, message: .equals("scope must be one of [bar]")
        ),
        RuleRow(
          rule, "Succeeds with a '\(key)' message when all message scopes are included in multi-scope enum",
          message, .always, list(["bar", "baz"]), valid: true,
          message: .equals("scope must be one of [bar, baz]")
        ),
        RuleRow(
          rule, "Fails with a '\(key)' message when any message scope is not included in enum", message,
          .always,
          list(["foo"]), valid: false, message: .equals("scope must be one of [foo]")),
      ]
    }
    for (key, message) in multiple {
      rows += [
        RuleRow(
          rule, "Succeeds with a '\(key)' message when all message scopes are included in enum", message,
          .always, list(["bar", "baz"]), valid: true, message: .equals("scope must be one of [bar, baz]")),
        RuleRow(
          rule, "Fails with a '\(key)' message when no message scopes are included in enum", message, .always,
          list(["foo"]), valid: false, message: .equals("scope must be one of [foo]")),
        RuleRow(
          rule, "Fails with a '\(key)' message when only some message scopes are included in enum", message,
          .always, list(["bar"]), valid: false, message: .equals("scope must be one of [bar]")),
      ]
    }
    rows.append(
      RuleRow(
        rule, "Succeeds with a 'multipleSlash' message when the scopes are included in enum",
        messages["multipleSlash"]!, .always, list(["bar/baz"]), valid: true,
        message: .equals("scope must be one of [bar/baz]")))
    for (key, message) in single + multiple {
      rows += [
        RuleRow(
          rule, "Succeeds with a '\(key)' message when no message scopes are included in enum", message,
          .never,
          list(["foo"]), valid: true, message: .equals("scope must not be one of [foo]")),
        RuleRow(
          rule, "Fails with a '\(key)' message when any message scope is included in single-scope enum",
          message,
          .never, list(["bar"]), valid: false, message: .equals("scope must not be one of [bar]")),
        RuleRow(
          rule, "Fails with a '\(key)' message when any message scope is included in multi-scope enum",
          message,
          .never, list(["bar", "baz"]), valid: false, message: .equals("scope must not be one of [bar, baz]")
        ),
      ]
    }
    rows.append(
      RuleRow(
        rule, "Fails with a 'multipleSlash' message when the scopes are included in enum",
        messages["multipleSlash"]!, .never, list(["bar/baz"]), valid: false,
        message: .equals("scope must not be one of [bar/baz]")))
    func object(_ scopes: [String], _ delimiters: [String]?) -> CommitlintValue {
      .object([.init("scopes", list(scopes))] + (delimiters.map { [.init("delimiters", list($0))] } ?? []))
    }
    rows += [
      RuleRow(
        rule, "Supports object value with default delimiters (/, \\ or ,)", messages["multipleCommaSpace"]!,
        .always, object(["bar", "baz"], nil), valid: true, message: .equals("scope must be one of [bar, baz]")
      ),
      RuleRow(
        rule, "Supports custom single delimiter", messages["pipeDelimiter"]!, .always,
        object(["bar", "baz"], ["|"]), valid: true, message: .equals("scope must be one of [bar, baz]")),
      RuleRow(
        rule, "Supports multiple custom delimiters", messages["multipleCustomDelimiters"]!, .always,
        object(["bar", "baz", "qux", "xyz"], ["|", "/", "*"]), valid: true,
        message: .equals("scope must be one of [bar, baz, qux, xyz]")),
      RuleRow(
        rule, "Fails when any scope segment is not in enum with custom delimiter", messages["pipeDelimiter"]!,
        .always, object(["bar", "qux"], ["|"]), valid: false,
        message: .equals("scope must be one of [bar, qux]")),
      RuleRow(
        rule, "Falls back to default delimiters when delimiters is an empty array",
        messages["multipleSlash"]!,
        .always, object(["bar", "baz"], []), valid: true, message: .equals("scope must be one of [bar, baz]")),
      RuleRow(
        rule, "Uses object value for 'never' with custom delimiter", messages["pipeDelimiter"]!, .never,
        object(["bar", "baz"], ["|"]), valid: false, message: .equals("scope must not be one of [bar, baz]")),
      RuleRow(
        rule, "Handles special characters in delimiters", messages["asteriskDelimiter"]!, .always,
        object(["bar", "baz"], ["*"]), valid: true, message: .equals("scope must be one of [bar, baz]")),
    ]
    return rows
  }

  /// scope-delimiter-style.test.ts, its `test.each` tables unrolled.
  static func scopeDelimiterStyleRows() -> [RuleRow] {
    let rule = "scope-delimiter-style"
    let defaults = "scope delimiters must be one of [/, \\, ,]"
    func list(_ names: [String]) -> CommitlintValue { .array(names.map { .string($0) }) }
    var rows: [RuleRow] = [
      RuleRow(
        rule, "Succeeds for \"always\" when there is no scope", "feat: subject", .always, nil, valid: true,
        message: .absent),
      RuleRow(
        rule, "Succeeds for \"never\" when there is no scope", "feat: subject", .never, nil, valid: true,
        message: .absent),
    ]
    for (scenario, commit) in [
      ("kebab-case scope", "feat(lint-staged): subject"), ("snake_case scope", "feat(my_scope): subject"),
    ] {
      rows.append(
        RuleRow(
          rule, "Treats \(scenario) as part of the scope and not a delimiter", commit, .always, nil,
          valid: true,
          message: .equals(defaults)))
    }
    for (scenario, commit) in [
      ("comma ',' delimiter", "feat(core,api): subject"), ("slash '/' delimiter", "feat(core/api): subject"),
      ("backslash '\\' delimiter", "feat(core\\api): subject"),
    ] {
      rows.append(
        RuleRow(
          rule, "Succeeds when only \(scenario) is used", commit, .always, nil, valid: true,
          message: .equals(defaults)))
    }
    for (scenario, commit) in [
      ("comma without space", "feat(core,api): subject"), ("comma with space", "feat(core, api): subject"),
    ] {
      rows.append(
        RuleRow(
          rule, "Normalizes \(scenario) as the same delimiter ','", commit, .always, nil, valid: true,
          message: .equals(defaults)))
    }
    rows += [
      RuleRow(
        rule, "Fails when a non-default delimiter is used", "feat(core*api): subject", .always, nil,
        valid: false,
        message: .equals(defaults)),
      RuleRow(
        rule, "Fails when scope uses only default delimiters", "feat(core/api): subject", .never, nil,
        valid: false, message: .equals("scope delimiters must not be one of [/, \\, ,]")),
      RuleRow(
        rule, "Succeeds when scope uses only non-default delimiter", "feat(core|api): subject", .never, nil,
        valid: true, message: .equals("scope delimiters must not be one of [/, \\, ,]")),
      RuleRow(
        rule, "Falls back to default delimiters when delimiters is an empty array", "feat(core,api): subject",
        .always, list([]), valid: true, message: .equals(defaults)),
      RuleRow(
        rule, "Succeeds when a custom single allowed delimiter is used", "feat(core*api): subject", .always,
        list(["*"]), valid: true, message: .equals("scope delimiters must be one of [*]")),
      RuleRow(
        rule, "Fails when ',' is used but only '/' is allowed", "feat(core,api): subject", .always,
        list(["/"]),
        valid: false, message: .equals("scope delimiters must be one of [/]")),
      RuleRow(
        rule, "Succeeds when both '/' and '|' are allowed and used in the scope",
        "feat(core|api/utils): subject",
        .always, list(["/", "|"]), valid: true, message: .equals("scope delimiters must be one of [/, |]")),
      RuleRow(
        rule, "In \"never\" mode fails when explicitly forbidden delimiter is used",
        "feat(core|api): subject",
        .never, list(["|"]), valid: false, message: .equals("scope delimiters must not be one of [|]")),
      RuleRow(
        rule, "In \"never\" mode succeeds when delimiter is not in the forbidden list",
        "feat(core|api): subject",
        .never, list(["/"]), valid: true, message: .equals("scope delimiters must not be one of [/]")),
    ]
    return rows
  }

  /// The rows whose messages need more of conventional-commits-parser than `headerOnlyCommit`
  /// gives (a body without a blank line before it; a configured header pattern). The merge with
  /// `ConventionalCommitParser` re-checks these first.
  static let recheckWithParser: Set<String> = [
    "body-case", "subject-empty", "type-case: with startcase type should succeed for \"always startcase\"",
  ]

  @Test(arguments: rows) func verdict(_ row: RuleRow) throws {
    let rule = try #require(Self.rules[row.rule])
    let commit = row.parser == .preset ? headerOnlyCommit(row.message) : typeAndSubjectCommit(row.message)
    // The rule's own default, checked against commitlint's parameter default where none is given.
    if row.when == nil { #expect(rule.defaultCondition == Self.defaultCondition(row.rule)) }
    let verdict = rule.verdict(commit, row.when ?? rule.defaultCondition, row.value)
    if let valid = row.valid { #expect(verdict.valid == valid) }
    switch row.check {
    case .equals(let text): #expect(verdict.message == text)
    case .contains(let text): #expect(verdict.message?.contains(text) == true, "\(verdict.message ?? "nil")")
    case .falsy: #expect(verdict.message == nil || verdict.message == "")
    case .absent: #expect(verdict.message == nil)
    case nil: break
    }
  }

  /// How many cases each rule's rows hold (those of commitlint's test of the rule, each case as
  /// the test runs it: a `test.each` row or a pass of a loop is one).
  static let caseCounts: [String: Int] = [
    "body-case": 16, "header-case": 49, "scope-case": 56, "subject-case": 74, "type-case": 50,
    "type-enum": 18, "scope-enum": 59, "scope-delimiter-style": 18, "type-empty": 6, "scope-empty": 9,
    "subject-empty": 6, "subject-full-stop": 9, "type-max-length": 3, "type-min-length": 3,
    "scope-max-length": 3, "scope-min-length": 3, "subject-max-length": 3, "subject-min-length": 3,
  ]

  @Test func holdsEveryCase() {
    var counts: [String: Int] = [:]
    for row in Self.rows { counts[row.rule, default: 0] += 1 }
    #expect(counts == Self.caseCounts)
    #expect(Set(Self.caseCounts.keys) == Set(Self.rules.keys))
    #expect(Self.rows.count == 388)
  }

  /// Values of each shape these rules take are read; any other is named, with its place, in a
  /// failing verdict (where commitlint would throw, or read it as something else).
  static let shapes: [(rule: String, value: CommitlintValue?, problem: String?)] = [
    ("subject-case", nil, nil),
    ("subject-case", .string("lowercase"), nil),
    (
      "subject-case",
      .array([
        .string("lower-case"),
        .object([.init("when", .string("never")), .init("case", .string("upper-case"))]),
      ]), nil
    ),
    ("subject-case", .object([.init("case", .string("sentence-case"))]), nil),
    (
      "subject-case", .string("title-case"),
      "value must be one of \(CommitlintCaseRules.caseNames.dropFirst(7))"
    ),
    (
      "subject-case", .array([.string("lower-case"), .number(1)]),
      "value[1] must be a case name or a {\"when\", \"case\"} object"
    ),
    (
      "subject-case",
      .array([.object([.init("when", .string("sometimes")), .init("case", .string("lower-case"))])]),
      "value[0].when must be \"always\" or \"never\""
    ),
    (
      "scope-case",
      .object([.init("cases", .array([.string("kebab-case")])), .init("delimiters", .array([.string("|")]))]),
      nil
    ),
    (
      "scope-case", .object([.init("delimiters", .array([.string("|")]))]),
      "value.cases must be an array of case names"
    ),
    (
      "scope-case", .object([.init("cases", .array([.string("kebab")]))]),
      "value.cases[0] must be \(CommitlintCaseRules.caseNames)"
    ),
    ("type-enum", .array([.string("feat"), .string("fix")]), nil),
    ("type-enum", .string("feat"), "value must be an array of strings"),
    ("type-enum", .array([.string("feat"), .null]), "value[1] must be a string"),
    ("scope-enum", .object([.init("scopes", .array([.string("api")]))]), nil),
    ("scope-enum", .object([.init("delimiters", .array([]))]), "value.scopes must be an array of strings"),
    ("scope-enum", .bool(true), "value must be an array of strings or a {\"scopes\", \"delimiters\"} object"),
    ("scope-delimiter-style", .string("/"), "value must be an array of strings"),
    ("subject-full-stop", .string("!"), nil),
    ("subject-full-stop", .number(1), "value must be a string"),
    ("subject-max-length", .number(72), nil),
    ("subject-max-length", .string("72"), "value must be a number"),
    ("type-empty", .string("anything"), nil),
  ]

  @Test(arguments: shapes.indices) func valueShapes(_ index: Int) throws {
    let (name, value, problem) = Self.shapes[index]
    let rule = try #require(Self.rules[name] as? any CommitlintRule & CommitlintValueChecking)
    #expect(rule.valueProblem(value)?.message == problem)
    let verdict = rule.verdict(headerOnlyCommit("feat(api): Add it."), .always, value)
    if let problem {
      #expect(verdict == CommitlintVerdict(false, "\(name): \(problem)"))
    } else {
      #expect(verdict.message?.hasPrefix("\(name):") != true)
    }
  }

  /// Verdicts on values commitlint's tests do not give: no value (each rule's default), a
  /// `{when, case}` member, a number that prints without `.0`, UTF-16 lengths, a header that the
  /// pattern cannot split, a scope split by `, ` alone.
  @Test func defaultsAndEdges() {
    func verdict(
      _ rule: any CommitlintRule, _ message: String, _ when: CommitlintCondition = .always,
      _ value: CommitlintValue? = nil
    ) -> CommitlintVerdict {
      rule.verdict(headerOnlyCommit(message), when, value)
    }
    // No value: an empty case list, which nothing is in.
    #expect(
      verdict(CommitlintCaseRule(.subject), "feat: add it") == CommitlintVerdict(false, "subject must be "))
    #expect(
      verdict(CommitlintCaseRule(.subject), "feat: add it", .never)
        == CommitlintVerdict(true, "subject must not be "))
    #expect(verdict(TypeEnumRule(), "feat: add it") == CommitlintVerdict(false, "type must be one of []"))
    #expect(
      verdict(CommitlintLengthRule(.type, .max), "feat: x")
        == CommitlintVerdict(false, "type must not be longer than 0 characters"))
    #expect(verdict(SubjectFullStopRule(), "feat: add it.").valid)
    #expect(
      verdict(CommitlintEmptyRule(.scope), "feat: add it", .never)
        == CommitlintVerdict(false, "scope may not be empty"))
    // A member that must not hold: "ADD IT" is upper case, so the one check fails.
    let notUpper: CommitlintValue = .array([
      .object([.init("when", .string("never")), .init("case", .string("upper-case"))])
    ])
    #expect(
      verdict(CommitlintCaseRule(.subject), "feat: ADD IT", .always, notUpper)
        == CommitlintVerdict(false, "subject must be upper-case"))
    #expect(verdict(CommitlintCaseRule(.subject), "feat: add it", .always, notUpper).valid)
    // Numbers print as JavaScript prints them.
    #expect(
      verdict(CommitlintLengthRule(.subject, .max), "feat: add it", .always, .number(3)).message
        == "subject must not be longer than 3 characters")
    #expect(
      verdict(CommitlintLengthRule(.subject, .min), "feat: add it", .always, .number(7.5)).message
        == "subject must not be shorter than 7.5 characters")
    // An emoji outside the BMP is 2 code units: "add 😀" is 6.
    #expect(verdict(CommitlintLengthRule(.subject, .max), "feat: add 😀", .always, .number(6)).valid)
    #expect(!verdict(CommitlintLengthRule(.subject, .max), "feat: add 😀", .always, .number(5)).valid)
    // Uncased, Cyrillic and "I'm" subjects under config-conventional's subject-case.
    let conventional: CommitlintValue = .array(
      ["sentence-case", "start-case", "pascal-case", "upper-case"].map { .string($0) })
    #expect(
      verdict(CommitlintCaseRule(.subject), "feat(build): 增加 git commit message 验证", .never, conventional)
        .valid)
    #expect(verdict(CommitlintCaseRule(.subject), "refactor(test): 这是一次提交", .never, conventional).valid)
    #expect(verdict(CommitlintCaseRule(.subject), "fix: 한국어 지원", .never, conventional).valid)
    #expect(
      verdict(CommitlintCaseRule(.subject), "chore(deps): обновлены все зависимости", .never, conventional)
        .valid)
    #expect(
      verdict(CommitlintCaseRule(.subject), "fix: I'm fixing it", .never, conventional)
        == CommitlintVerdict(false, "subject must not be sentence-case"))
    #expect(
      verdict(CommitlintCaseRule(.subject), "feat(Parser): Add it.", .never, conventional)
        == CommitlintVerdict(false, "subject must not be sentence-case"))
    // A header the preset cannot split: no type, no subject; full stop reads the header.
    #expect(
      verdict(CommitlintEmptyRule(.type), "Added stuff.", .never)
        == CommitlintVerdict(false, "type may not be empty"))
    #expect(
      verdict(CommitlintEmptyRule(.subject), "Added stuff.", .never)
        == CommitlintVerdict(false, "subject may not be empty"))
    #expect(!verdict(SubjectFullStopRule(), "Added stuff.", .never, .string(".")).valid)
    // A scope of `a, b` is two segments by the default `, ?` delimiter.
    #expect(verdict(ScopeEnumRule(), "feat(a, b): x", .always, .array([.string("a"), .string("b")])).valid)
    #expect(
      verdict(ScopeCaseRule(), "feat(api, Web): x", .always, .string("lower-case"))
        == CommitlintVerdict(false, "scope must be lower-case"))
    #expect(ScopeDelimiterStyleRule.delimiters("a , b/c , d") == [",", "/"])
  }
}

/// The commit a test's message parses to, for the messages commitlint's tests of these rules use
/// (header-only, or a header and body lines), built here until `ConventionalCommitParser` is
/// merged — then these tests switch to the real parser (`recheckWithParser` lists the rows that
/// lean on more than this): the header is the first line, split by the preset's pattern
/// `^(\w*)(?:\((.*)\))?!?: (.*)$` (`\w` ASCII, as in JavaScript) into type, scope and subject;
/// the body the lines after it, without the newlines around them.
func headerOnlyCommit(_ message: String) -> ConventionalCommit {
  var commit = ConventionalCommit(raw: message)
  let lines = message.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
  let header = String(lines[0])
  commit.header = header
  if lines.count > 1 {
    let body = String(lines[1]).trimmingNewlines()
    commit.body = body.isEmpty ? nil : body
  }
  let pattern = #/^([A-Za-z0-9_]*)(?:\((.*)\))?!?: (.*)$/#
  if let match = header.wholeMatch(of: pattern) {
    commit.type = String(match.output.1)
    commit.scope = match.output.2.map(String.init)
    commit.subject = String(match.output.3)
  }
  return commit
}

/// type-case's one test that parses with `headerPattern: /^(.*): (.*)$/` into type and subject.
func typeAndSubjectCommit(_ message: String) -> ConventionalCommit {
  var commit = headerOnlyCommit(message)
  commit.scope = nil
  if let header = commit.header, let match = header.wholeMatch(of: #/^(.*): (.*)$/#) {
    commit.type = String(match.output.1)
    commit.subject = String(match.output.2)
  }
  return commit
}

extension String {
  fileprivate func trimmingNewlines() -> String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { $0 != "\n" && $0 != "\r" }) else { return "" }
    let last = scalars.lastIndex(where: { $0 != "\n" && $0 != "\r" })!
    return String(scalars[first...last])
  }
}
