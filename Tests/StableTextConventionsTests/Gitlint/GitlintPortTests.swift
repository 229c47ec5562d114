import Testing

/// Every test function of gitlint 0.19.1's tests of the rules, options and linter is ported (named
/// in a case's source or by a Swift test) or listed here with why it does not apply; and the rule
/// tables hold the number of cases recorded for each file, so a case cannot be dropped silently.
/// The functions' names are recorded here, file by file, from gitlint's test modules at v0.19.1
/// (`gitlint-core/gitlint/tests/`): the project keeps the names, not the modules.
@Suite struct GitlintPortTests {
  /// gitlint's test functions, by file, in the order the file defines them.
  static let gitlintTests: [String: [String]] = [
    "test_title_rules.py": [
      "test_max_line_length", "test_trailing_whitespace", "test_hard_tabs", "test_trailing_punctuation",
      "test_title_must_not_contain_word", "test_leading_whitespace", "test_regex_matches",
      "test_min_line_length",
    ],
    "test_body_rules.py": [
      "test_max_line_length", "test_trailing_whitespace", "test_hard_tabs", "test_body_first_line_empty",
      "test_body_min_length", "test_body_missing", "test_body_missing_multiple_empty_new_lines",
      "test_body_missing_merge_commit", "test_body_changed_file_mention", "test_body_match_regex",
    ],
    "test_meta_rules.py": ["test_author_valid_email_rule", "test_author_valid_email_rule_custom_regex"],
    "test_configuration_rules.py": [
      "test_ignore_by_title", "test_ignore_by_body", "test_ignore_by_author_name", "test_ignore_body_lines",
    ],
    "test_rules.py": [
      "test_ruleviolation__str__", "test_rule_equality", "test_rule_log", "test_rule_violation_equality",
    ],
    "test_conventional_commit.py": ["test_enable", "test_conventional_commits"],
    "test_signedoff_by.py": ["test_enable", "test_signedoff_by"],
    "test_options.py": [
      "test_option__str__", "test_option_equality", "test_int_option", "test_str_option",
      "test_boolean_option", "test_list_option", "test_path_option", "test_regex_option",
    ],
    "test_lint.py": [
      "test_lint_sample1", "test_lint_sample2", "test_lint_sample3", "test_lint_sample4", "test_lint_sample5",
      "test_lint_meta", "test_lint_ignore", "test_lint_configuration_rule", "test_lint_special_commit",
      "test_lint_regex_rules", "test_print_violations", "test_named_rules", "test_ignore_named_rules",
    ],
  ]

  static let notApplicable: [String: [String: String]] = [
    "test_rules.py": [
      "test_rule_equality":
        "Python rule objects compared attribute by attribute; rules here are value types without state",
      "test_rule_log":
        "Python's logging; the ignore rules return their log lines (GitlintConfigurationEffect.log)",
    ],
    "test_options.py": [
      "test_option__str__": "Python's str() of an option object",
      "test_path_option": "PathOption is only [general] target/extra-path, which concern how gitlint runs",
    ],
    "test_lint.py": [
      "test_print_violations":
        "gitlint's terminal output at each verbosity; the integration words diagnostics"
    ],
  ]

  /// Swift tests standing for Python test functions, by file.
  static let ported: [String: Set<String>] = [
    "test_configuration_rules.py": [
      "test_ignore_by_title", "test_ignore_by_body", "test_ignore_by_author_name", "test_ignore_body_lines",
    ],
    "test_rules.py": ["test_ruleviolation__str__", "test_rule_violation_equality"],
    "test_options.py": [
      "test_option_equality", "test_int_option", "test_str_option", "test_boolean_option", "test_list_option",
      "test_regex_option",
    ],
    "test_lint.py": [
      "test_lint_sample1", "test_lint_sample2", "test_lint_sample3", "test_lint_sample4", "test_lint_sample5",
      "test_lint_meta", "test_lint_ignore", "test_lint_configuration_rule", "test_lint_special_commit",
      "test_lint_regex_rules", "test_named_rules", "test_ignore_named_rules",
    ],
    "test_conventional_commit.py": ["test_enable"],
    "test_signedoff_by.py": ["test_enable"],
  ]

  static let ruleCases = gitlintTitleCases + gitlintBodyCases + gitlintMetaCases + gitlintContribCases

  /// The rule tables' cases (`GitlintRuleTests`), by the file they were ported from: each
  /// assertion of its functions one case (a loop over marks or words one case per pass).
  static let casesPerFile: [String: Int] = [
    "test_title_rules.py": 35, "test_body_rules.py": 40, "test_meta_rules.py": 24,
    "test_conventional_commit.py": 22, "test_signedoff_by.py": 3,
  ]

  @Test(arguments: gitlintTests.keys.sorted())
  func everyTestAccountedFor(_ file: String) throws {
    let functions = try #require(Self.gitlintTests[file])
    var covered = Self.ported[file] ?? []
    for test in Self.ruleCases where test.source.hasPrefix("\(file) ") {
      covered.insert(String(test.source.dropFirst(file.count + 1)))
    }
    let skipped = Set((Self.notApplicable[file] ?? [:]).keys)
    #expect(covered.isDisjoint(with: skipped))
    #expect(Set(functions) == covered.union(skipped), "\(file)")
    #expect(Set(functions).count == functions.count, "\(file): a name twice")
  }

  @Test func theTablesHoldEveryCase() {
    var counts: [String: Int] = [:]
    for test in Self.ruleCases {
      counts[String(test.source.prefix { $0 != " " }), default: 0] += 1
    }
    #expect(counts == Self.casesPerFile)
    #expect(Self.ruleCases.count == Self.casesPerFile.values.reduce(0, +))
    #expect(Self.gitlintTests.values.reduce(0) { $0 + $1.count } == 53)
  }
}
