import Foundation
import StableTextJSON
import StableTextSessionSupport
import Testing

/// `stabletext rules` through the real binary on real repositories (Protocol/README.md,
/// "Command line"): each field's value and the layer it came from, in both formats; an invalid
/// configuration file exits 2 as `check` does; and what it says is what `check` applies.
@Suite struct RulesCommand {
  typealias Repository = RepositoryConfiguration.Repository

  /// One repository set-up and one `rules` run on it.
  struct Case: CustomStringConvertible {
    var name: String
    var files: [(String, String)]
    var arguments: [String]
    /// The paths asked about (after `arguments`).
    var paths: [String]
    /// For each path: whether it is covered, and the fields (value as JSON, from) that are not
    /// the editor defaults'; `$ROOT` is the repository's folder.
    var expected: [(covered: Bool, fields: [String: (String, String)])]
    /// `git config` settings of the repository.
    var gitConfig: [(String, String)] = []
    var description: String { name }
  }

  static let preset =
    "preset gitCommit, named by built-in override (pattern \"**/{COMMIT_EDITMSG,MERGE_MSG,SQUASH_MSG,TAG_EDITMSG}\")"

  /// The editor defaults' values of every field (what a field not listed in a case holds), in
  /// the registry's order (each check's fields together).
  static let editorDefaults: [(String, String)] = [
    ("maxLength", "null"), ("unit", "\"graphemes\""), ("policy", "\"reject\""), ("counterDigits", "2"),
    ("minLength", "null"), ("requireNonEmpty", "false"), ("placeholder", "\"\""), ("encoding", "\"UTF-8\""),
    ("lineRules", "[]"), ("exemptions", "[]"), ("maxDiagnostics", "1000"), ("requiredTrailers", "[]"),
    ("requiredTrailersSeverity", "\"warning\""),
    ("autosquash", "true"),
    ("ignoreFinalNewline", "true"), ("commentPrefix", "null"), ("endMarker", "null"), ("tabSize", "8"),
    ("preset", "null"), ("inlayHints", "\"subject\""),
  ]

  static let commitFields = commitFields(preset)

  /// The preset's fields, their values applied where `preset` says.
  static func commitFields(_ preset: String) -> [String: (String, String)] {
    [
      "maxLength": ("null", preset),
      "requireNonEmpty": ("true", preset),
      "commentPrefix": ("\"#\"", preset),
      "endMarker": ("\"# ------------------------ >8 ------------------------\"", preset),
      "lineRules": (
        "[{\"lines\":\"1\",\"maxLength\":72,\"unit\":\"columns\",\"severity\":\"error\"},{\"lines\":\"1\",\"maxLength\":50,\"unit\":\"columns\",\"severity\":\"warning\"},{\"lines\":\"2\",\"blank\":true,\"unit\":\"columns\",\"severity\":\"warning\"},{\"lines\":\"3-\",\"maxLength\":72,\"unit\":\"columns\",\"severity\":\"warning\"}]",
        preset
      ),
      "tabSize": ("8", preset),
      "exemptions": ("[\"generated\",\"trailers\",\"longWords\"]", preset),
      "preset": (
        "\"gitCommit\"",
        "built-in override (pattern \"**/{COMMIT_EDITMSG,MERGE_MSG,SQUASH_MSG,TAG_EDITMSG}\")"
      ),
    ]
  }

  static let project = """
    {"rules": {"requiredTrailers": ["Signed-off-by"]},
     "overrides": [{"pattern": "/docs/**/*.md", "rules": {"maxLength": 40, "requiredTrailers": []}},
                   {"pattern": "**/COMMIT_EDITMSG", "rules": {"preset": "gitCommit", "lineRules": [{"lines": "1", "maxLength": 60}]}}]}
    """

  static let cases: [Case] = [
    Case(
      name: "git's comment character is its own layer, after the preset's",
      files: [(".git/COMMIT_EDITMSG", "x\n")], arguments: [], paths: [".git/COMMIT_EDITMSG"],
      expected: [
        (
          true,
          commitFields.merging([
            "commentPrefix": ("\";\"", "git core.commentChar"),
            "endMarker": (
              "\"; ------------------------ >8 ------------------------\"", "git core.commentChar"
            ),
          ]) { $1 }
        )
      ], gitConfig: [("core.commentChar", ";")]),
    Case(
      name: "a commit message file gets the preset by its name", files: [(".git/COMMIT_EDITMSG", "x\n")],
      arguments: [], paths: [".git/COMMIT_EDITMSG"], expected: [(true, commitFields)]),
    Case(
      name: "an .editorconfig with max_line_length covers Markdown; one with only a tab width does not",
      files: [
        (".editorconfig", "root = true\n[*.md]\nmax_line_length = 80\n[*.txt]\nindent_size = 4\n"),
        ("notes.txt", "x\n"),
      ],
      arguments: [], paths: ["README.md", "notes.txt"],
      expected: [
        (
          true,
          [
            "lineRules": (
              "[{\"lines\":\"1-\",\"maxLength\":80,\"unit\":\"columns\",\"severity\":\"warning\"}]",
              ".editorconfig [*.md] in $ROOT/.editorconfig"
            )
          ]
        ),
        (false, ["tabSize": ("4", ".editorconfig [*.txt] in $ROOT/.editorconfig")]),
      ]),
    Case(
      name: "the .editorconfig files the library reads, nearest first, up to one that says root = true",
      files: [
        (".editorconfig", "[*]\nmax_line_length = 90\n"),
        ("a/.editorconfig", "# top\n[*.md]\ntab_width = 4\n"),
        ("b/.editorconfig", " ROOT = True \n[*]\nindent_size = 2\n"),
      ],
      arguments: [], paths: ["a/x.md", "b/x.md"],
      expected: [
        (
          true,
          [
            "lineRules": (
              "[{\"lines\":\"1-\",\"maxLength\":90,\"unit\":\"columns\",\"severity\":\"warning\"}]",
              ".editorconfig [*] in $ROOT/.editorconfig"
            ),
            "tabSize": ("4", ".editorconfig [*.md] in $ROOT/a/.editorconfig"),
          ]
        ),
        (false, ["tabSize": ("2", ".editorconfig [*] in $ROOT/b/.editorconfig")]),
      ]),
    Case(
      name: "a .stabletext.json's rules and anchored overrides, naming the preset",
      files: [(".stabletext.json", project)], arguments: [],
      paths: ["README.md", "docs/guide/a.md", "other/docs/guide/a.md", ".git/COMMIT_EDITMSG"],
      expected: [
        (
          true,
          ["requiredTrailers": ("[\"Signed-off-by\"]", ".stabletext.json rules in $ROOT/.stabletext.json")]
        ),
        (
          true,
          [
            "maxLength": (
              "40", ".stabletext.json overrides[0] (pattern \"/docs/**/*.md\") in $ROOT/.stabletext.json"
            ),
            "requiredTrailers": (
              "[]", ".stabletext.json overrides[0] (pattern \"/docs/**/*.md\") in $ROOT/.stabletext.json"
            ),
          ]
        ),
        (
          true,
          ["requiredTrailers": ("[\"Signed-off-by\"]", ".stabletext.json rules in $ROOT/.stabletext.json")]
        ),
        (
          true,
          // Named again by the override, the preset's values apply there (over the built-in's).
          commitFields(
            "preset gitCommit, named by .stabletext.json overrides[1] (pattern \"**/COMMIT_EDITMSG\") in $ROOT/.stabletext.json"
          ).merging([
            "requiredTrailers": ("[\"Signed-off-by\"]", ".stabletext.json rules in $ROOT/.stabletext.json"),
            "preset": (
              "\"gitCommit\"",
              ".stabletext.json overrides[1] (pattern \"**/COMMIT_EDITMSG\") in $ROOT/.stabletext.json"
            ),
            "lineRules": (
              "[{\"lines\":\"1\",\"maxLength\":60,\"unit\":\"columns\",\"severity\":\"warning\"}]",
              ".stabletext.json overrides[1] (pattern \"**/COMMIT_EDITMSG\") in $ROOT/.stabletext.json"
            ),
          ]) { $1 }
        ),
      ]),
    Case(
      name: "the command line's options come last; a missing path is fine",
      files: [(".editorconfig", "[*]\nmax_line_length = 80\n")],
      arguments: [
        "--max-length", "100", "--require-trailer", "Acked-by", "--max-line-length", "60", "--preset", "none",
      ],
      paths: ["no/such/file.md", ".git/COMMIT_EDITMSG"],
      expected: [
        (
          true,
          [
            "maxLength": ("100", "command line"),
            "requiredTrailers": ("[\"Acked-by\"]", "command line"),
            "lineRules": (
              "[{\"lines\":\"1-\",\"maxLength\":60,\"unit\":\"columns\",\"severity\":\"error\"}]",
              "command line"
            ),
            "preset": ("null", "command line"),
          ]
        ),
        (
          true,
          [
            "maxLength": ("100", "command line"),
            "requiredTrailers": ("[\"Acked-by\"]", "command line"),
            "lineRules": (
              "[{\"lines\":\"1-\",\"maxLength\":60,\"unit\":\"columns\",\"severity\":\"error\"}]",
              "command line"
            ),
            "preset": ("null", "command line"),
          ]
        ),
      ]),
  ]

  /// The text format, every line exact.
  static func text(_ path: String, _ entry: (covered: Bool, fields: [String: (String, String)])) -> String {
    var lines = [path]
    for (name, value) in editorDefaults {
      let (shown, from) = entry.fields[name] ?? (value, "editor defaults")
      lines.append("  \(name): \(shown)  (\(from))")
    }
    lines.append(
      entry.covered
        ? "  covered: yes (a rule here can report something)"
        : "  covered: no (no rule here can report anything; check prints nothing for it)")
    return lines.joined(separator: "\n") + "\n"
  }

  /// The JSON format, byte for byte.
  static func json(_ path: String, _ entry: (covered: Bool, fields: [String: (String, String)])) -> String {
    let rules = editorDefaults.map { name, value -> String in
      let (shown, from) = entry.fields[name] ?? (value, "editor defaults")
      let quoted = from.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
        of: "\"", with: "\\\"")
      return "\"\(name)\":{\"value\":\(shown),\"from\":\"\(quoted)\"}"
    }
    return "{\"path\":\"\(path)\",\"covered\":\(entry.covered),\"rules\":{\(rules.joined(separator: ","))}}"
  }

  @Test(arguments: cases) func bothFormats(_ test: Case) throws {
    let repository = try Repository()
    for (path, text) in test.files { try repository.write(path, text) }
    for (key, value) in test.gitConfig { try repository.git(["config", key, value]) }
    let root = URL(fileURLWithPath: repository.path).resolvingSymlinksInPath().path
    func filled(_ text: String) -> String { text.replacingOccurrences(of: "$ROOT", with: root) }
    let text = try runBinary(["rules"] + test.arguments + test.paths, in: root)
    #expect(text.status == 0, "\(text.err)")
    #expect(text.err == "")
    let expectedText = zip(test.paths, test.expected).map { Self.text($0, $1) }.joined(separator: "\n")
    #expect(text.out == filled(expectedText))
    let json = try runBinary(["rules", "--format", "json"] + test.arguments + test.paths, in: root)
    #expect(json.status == 0, "\(json.err)")
    let expectedJSON =
      "[" + zip(test.paths, test.expected).map { Self.json($0, $1) }.joined(separator: ",") + "]\n"
    #expect(json.out == filled(expectedJSON))
    // One JSON array a program can parse, one object per path, every rule of the table.
    let parsed = try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: Any]]
    #expect(parsed?.count == test.paths.count)
    #expect(
      parsed?.allSatisfy { ($0["rules"] as? [String: Any])?.count == Self.editorDefaults.count } == true)
  }

  /// What `rules` says is what `check` applies: on a text whose lines are all too long for any
  /// limit the cases set, `check` reports exactly the limits `rules` lists (the whole text's and
  /// each line rule's; a line over two gets the larger's), the trailers it requires, and nothing
  /// where it says nothing covers.
  @Test(arguments: cases) func checkAppliesWhatRulesSays(_ test: Case) throws {
    let repository = try Repository()
    for (path, text) in test.files { try repository.write(path, text) }
    for (key, value) in test.gitConfig { try repository.git(["config", key, value]) }
    let root = URL(fileURLWithPath: repository.path).resolvingSymlinksInPath().path
    let long = String(repeating: "word ", count: 24) + "end"  // 123 columns
    let message = "\(long)\n\n\(long)\n"
    for path in test.paths { try repository.write(path, message) }
    let json = try runBinary(["rules", "--format", "json"] + test.arguments + test.paths, in: root)
    let entries = try #require(
      try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: Any]])
    for (path, entry) in zip(test.paths, entries) {
      let rules = try #require(entry["rules"] as? [String: [String: Any]])
      var limits: Set<Int> = []
      if let limit = rules["maxLength"]?["value"] as? Int { limits.insert(limit) }
      for rule in rules["lineRules"]?["value"] as? [[String: Any]] ?? [] {
        if let limit = rule["maxLength"] as? Int { limits.insert(limit) }
      }
      let trailers = rules["requiredTrailers"]?["value"] as? [String] ?? []
      let checked = try runBinary(["check"] + test.arguments + [path], in: root)
      let lines = checked.out.split(separator: "\n").map(String.init)
      // `N/LIMIT columns` or `N/LIMIT characters`: the limit each diagnostic was held to.
      let reported = Set(
        lines.compactMap { line -> Int? in
          guard let match = line.firstMatch(of: /: \d+\/(\d+) (columns|characters)/) else { return nil }
          return Int(match.1)
        })
      // A line over two of its limits gets the larger's diagnostic (an error over a warning).
      #expect(reported.isSubset(of: limits), "\(test.name): \(path): \(checked.out)")
      #expect(limits.max().map(reported.contains) ?? true, "\(test.name): \(path): \(checked.out)")
      for trailer in trailers {
        #expect(lines.contains { $0.contains("missing trailer \"\(trailer):\"") }, "\(path): \(trailer)")
      }
      #expect((entry["covered"] as? Bool) == !checked.out.isEmpty, "\(path): \(checked.out)")
    }
  }

  /// An invalid `.stabletext.json`: exit 2 naming the file and the field, as `check` says it.
  @Test func anInvalidConfigurationExitsTwoAsCheckDoes() throws {
    let repository = try Repository()
    try repository.write(".stabletext.json", "{\"rules\": {\"maxLength\": \"ten\"}}")
    let root = URL(fileURLWithPath: repository.path).resolvingSymlinksInPath().path
    let checked = try runBinary(["check", "README.md"], in: root)
    for format in ["text", "json"] {
      let result = try runBinary(["rules", "--format", format, "README.md"], in: root)
      #expect(result.status == 2)
      #expect(result.out == "")
      #expect(result.err == checked.err)
      #expect(result.err.hasPrefix("\(root)/.stabletext.json:1:12: error: rules.maxLength"), "\(result.err)")
    }
    #expect(checked.status == 2)
  }

  /// Usage errors exit 2 with the usage; `--help` prints it.
  @Test(arguments: [
    (["rules"], "stabletext: rules needs at least one PATH"),
    (["rules", "--format", "yaml", "a"], "stabletext: --format needs text or json"),
    (
      ["rules", "--max-length", "x", "a"],
      "stabletext: --max-length needs a non-negative number or none, got x"
    ),
    (["rules", "--bogus", "a"], "stabletext: unknown option --bogus for rules"),
  ])
  func usageErrors(_ arguments: [String], _ message: String) throws {
    let result = try runBinary(arguments)
    #expect(result.status == 2)
    #expect(result.out == "")
    #expect(
      result.err
        == message
        + "\nusage: stabletext rules [--format text|json] [RULE OPTIONS] PATH... (stabletext rules --help lists every option)\n",
      "\(result.err)")
  }

  @Test func helpPrintsTheUsage() throws {
    let result = try runBinary(["rules", "--help"])
    #expect(result.status == 0)
    #expect(result.out.contains("stabletext rules [--format text|json]"))
  }
}
