import StableTextConventions
import StableTextCore
import StableTextProject

extension Benchmarks {
  /// One publish of a commit message (the `gitCommit` preset) under the team's conventions
  /// (Protocol/README.md, "Team conventions: diagnostics") against the preset's own rules: a
  /// typical message and a 1 MB one, with `@commitlint/config-conventional`, with gitlint's
  /// defaults, and with neither. The median of 21 publishes after a keystroke each (the message is
  /// parsed once per publish).
  func conventions() {
    let typical =
      "feat(parser): read the team's configuration\n\nThe editor, the hook and CI give one verdict, "
      + "read from the files the team already has.\n\nRefs: #42\nSigned-off-by: A U Thor <a@example.com>\n"
    let documents = [("typical", typical), ("1MB", Corpus.commitDocument(bytes: 1_000_000))]
    // A title pattern, compiled once by PCRE2 as the daemon's `.gitlint` reader compiles it.
    var titleRegex = GitlintConfiguration(engine: PCRE2Engine())
    try! titleRegex.setOption(rule: "T7", "regex", #"^(feat|fix|docs)(\([a-z-]+\))?!?: [a-z].{3,}$"#)
    let setups: [(String, TeamConventions?)] = [
      ("preset only", nil),
      (
        "config-conventional",
        TeamConventions(
          commitlint: CommitlintSetup(
            configuration: CommitlintSharedConfigurations.conventional, file: "/x/.commitlintrc.json"))
      ),
      (
        "gitlint T7 regex",
        TeamConventions(gitlint: GitlintSetup(file: "/x/.gitlint", sections: [], configuration: titleRegex))
      ),
      (
        "gitlint defaults",
        TeamConventions(
          gitlint: GitlintSetup(file: "/x/.gitlint", sections: [], configuration: GitlintConfiguration()))
      ),
    ]
    for (name, text) in documents {
      var figures: [String: Double] = [:]
      for (setup, conventions) in setups {
        let rules = RuleConfiguration().resolve(
          uri: "file:///x/.git/COMMIT_EDITMSG", languageId: "text",
          files: FileLayers(conventions: conventions))
        var field = StableTextField(text: text, rules: rules)
        var offset = field.text.lineStart(min(2, field.text.lineCount - 1))
        var publishes: [Double] = []
        var count = 0
        for n in 0..<21 {
          let key = Corpus.key(n)
          field.text.replace(offset..<offset, with: key)
          offset += key.utf8.count
          field.catchUp()
          let start = Self.now()
          count = field.diagnostics.count
          publishes.append(Self.now() - start)
        }
        let publish = publishes.sorted()[10]
        figures[setup] = publish
        report(
          "conventions publish at \(name), \(setup): \(String(format: "%.3f", publish * 1000)) ms (\(count) diagnostics)"
        )
      }
      if let plain = figures["preset only"], let conventional = figures["config-conventional"] {
        report(
          "conventions publish at \(name), config-conventional vs preset only: \(String(format: "%.2f", conventional / plain))"
        )
      }
    }
  }
}
