import Testing

/// Every test function of the vendored gitlint test files is ported (named in a case's source or
/// by a Swift test) or listed here with why it does not apply.
@Suite struct GitlintPortTests {
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

  @Test(arguments: [
    "test_title_rules.py", "test_body_rules.py", "test_meta_rules.py", "test_configuration_rules.py",
    "test_rules.py", "test_conventional_commit.py", "test_signedoff_by.py", "test_options.py", "test_lint.py",
  ])
  func everyTestAccountedFor(_ file: String) throws {
    let functions = try GitlintFixtures.testFunctions(file)
    #expect(!functions.isEmpty)
    let cases = gitlintTitleCases + gitlintBodyCases + gitlintMetaCases + gitlintContribCases
    var covered = Self.ported[file] ?? []
    for test in cases where test.source.hasPrefix("\(file) ") {
      covered.insert(String(test.source.dropFirst(file.count + 1)))
    }
    let skipped = Set((Self.notApplicable[file] ?? [:]).keys)
    #expect(covered.isDisjoint(with: skipped))
    #expect(Set(functions) == covered.union(skipped), "\(file)")
  }
}
