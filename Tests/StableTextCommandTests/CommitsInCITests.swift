import Foundation
import StableTextSessionSupport
import Testing

/// `check --commits` in CI on a real repository (Protocol/README.md, "Command line"; "Team
/// conventions"): a bot's commits skipped by `--ignore-author`, a `fixup!` commit refused by
/// `--no-autosquash` and never for its length, a merge and a revert, and a bad expression refused.
@Suite struct CommitsInCI {
  /// The bot whose commits break linters in many repositories, as GitHub writes it.
  static let botName = "dependabot[bot]"
  static let botEmail = "49699333+dependabot[bot]@users.noreply.github.com"
  /// Its subject: long, and not a Conventional Commit.
  static let botSubject = "Bump the-very-long-package-name-of-a-dependency from 1.2.3 to 4.5.6 in /frontend"
  static let fixupSubject = "fixup! Add the parser, with a tail long enough to pass seventy-two columns"

  /// A repository whose `main..topic` holds, in order: Ann's commit, the bot's, Ann's `fixup!`,
  /// Ann's commit on a side branch and its merge (git's subject), and a revert of Ann's first
  /// commit (git's subject). Commits skip the sandbox's hook (`--no-verify`): this is what reached CI.
  struct History {
    let sandbox: GitCorners.Sandbox
    /// The range's hashes, oldest first, by what each is.
    let add, bot, fixup, side, merge, revert: String

    init() throws {
      let sandbox = try GitCorners.Sandbox()
      // A second apart, so that `git log`'s order is the order they were made in.
      var second = 1_700_000_000
      func git(_ arguments: [String], extra: [String: String?] = [:]) throws -> String {
        second += 1
        var extra = extra
        extra["GIT_AUTHOR_DATE"] = "@\(second) +0000"
        extra["GIT_COMMITTER_DATE"] = "@\(second) +0000"
        let result = try sandbox.git(arguments, in: "work", extra: extra)
        #expect(result.status == 0, "git \(arguments): \(result.output)")
        return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
      }
      #expect(try sandbox.git(["init", "-q", "work"]).status == 0)
      _ = try git(["commit", "-q", "--no-verify", "--allow-empty", "-m", "Start"])
      _ = try git(["checkout", "-q", "-b", "topic"])
      try sandbox.write("work/parser.txt", "parser\n")
      _ = try git(["add", "parser.txt"])
      _ = try git(["commit", "-q", "--no-verify", "-m", "Add the parser\n\nIt reads the lines."])
      add = try git(["rev-parse", "HEAD"])
      _ = try git(
        ["commit", "-q", "--no-verify", "--allow-empty", "-m", CommitsInCI.botSubject],
        extra: [
          "GIT_AUTHOR_NAME": CommitsInCI.botName, "GIT_AUTHOR_EMAIL": CommitsInCI.botEmail,
          "GIT_COMMITTER_NAME": CommitsInCI.botName, "GIT_COMMITTER_EMAIL": CommitsInCI.botEmail,
        ])
      bot = try git(["rev-parse", "HEAD"])
      _ = try git(["commit", "-q", "--no-verify", "--allow-empty", "-m", CommitsInCI.fixupSubject])
      fixup = try git(["rev-parse", "HEAD"])
      _ = try git(["checkout", "-q", "-b", "side", "main"])
      _ = try git(["commit", "-q", "--no-verify", "--allow-empty", "-m", "Side work"])
      side = try git(["rev-parse", "HEAD"])
      _ = try git(["checkout", "-q", "topic"])
      _ = try git(["merge", "-q", "--no-verify", "--no-ff", "--no-edit", "side"])
      merge = try git(["rev-parse", "HEAD"])
      _ = try git(["revert", "--no-edit", add], extra: ["GIT_EDITOR": ":"])
      revert = try git(["rev-parse", "HEAD"])
      self.sandbox = sandbox
    }

    /// `stabletext check --commits main..topic` with `options`: its status and what it printed.
    func check(_ options: [String]) throws -> (status: Int32, output: String) {
      try sandbox.run(["stabletext", "check", "--commits", "main..topic"] + options, in: "work")
    }
  }

  static func botTooLong(_ hash: String) -> String {
    "\(hash.prefix(12)):1:73: error: \(botSubject.count)/72 columns: \(botSubject.count - 72) over the limit [line-too-long]\n"
  }
  static func refusedFixup(_ hash: String) -> String {
    "\(hash.prefix(12)):1:1: error: fixup! commit: squash it before merging (git rebase -i --autosquash) [autosquash-subject]\n"
  }
  static func skipped(_ count: Int) -> String {
    "stabletext: note: skipped \(count) commit\(count == 1 ? "" : "s") whose author matches --ignore-author\n"
  }

  /// Each set of options over the same history: the exact output and status. The `fixup!`
  /// subject is 75 columns and never gets `line-too-long` (it is generated); the merge and the
  /// revert get nothing.
  @Test func botsAndFixupsInARange() throws {
    let history = try History()
    let cases: [(options: [String], status: Int32, output: String)] = [
      ([], 1, Self.botTooLong(history.bot)),
      (["--ignore-author", "dependabot"], 0, Self.skipped(1)),
      // By its e-mail (the author is searched as `Name <email>`), one of two expressions.
      (
        ["--ignore-author", "nobody", "--ignore-author", #"@users\.noreply\.github\.com>$"#], 0,
        Self.skipped(1)
      ),
      // Anchored to the name: Ann's five commits, not the bot's.
      (["--ignore-author", "^Ann Example <"], 1, Self.botTooLong(history.bot) + Self.skipped(5)),
      (["--ignore-author", "nobody"], 1, Self.botTooLong(history.bot) + Self.skipped(0)),
      (["--no-autosquash"], 1, Self.botTooLong(history.bot) + Self.refusedFixup(history.fixup)),
      (
        ["--ignore-author", "(?i)DEPENDABOT", "--no-autosquash"], 1,
        Self.refusedFixup(history.fixup) + Self.skipped(1)
      ),
    ]
    for (options, status, output) in cases {
      let checked = try history.check(options)
      #expect(checked.status == status, "\(options)")
      #expect(checked.output == output, "\(options)")
    }
  }

  /// `--format json` says how many were skipped in the document; `--format github` as a notice.
  @Test func skippedCommitsInEachFormat() throws {
    let history = try History()
    let json = try history.check(["--ignore-author", "dependabot", "--format", "json"])
    #expect(json.status == 0)
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
    #expect(document["skipped"] as? Int == 1)
    let commits = try #require(document["commits"] as? [[String: Any]])
    #expect(
      commits.map { $0["commit"] as? String } == [
        history.add, history.fixup, history.side, history.merge, history.revert,
      ])
    let github = try history.check(["--ignore-author", "dependabot", "--no-autosquash", "--format", "github"])
    #expect(github.status == 1)
    #expect(
      github.output
        == "::error line=1,col=1,endColumn=7,title=stabletext autosquash-subject in \(history.fixup.prefix(12))::fixup! commit: squash it before merging (git rebase -i --autosquash)\n"
        + "::notice::skipped 1 commit whose author matches --ignore-author\n")
  }

  /// What is not a regular expression, an empty one, and the option without `--commits`: exit 2
  /// naming the option, nothing checked.
  @Test func badAuthorExpressionsExitTwo() throws {
    let history = try History()
    let bad = try history.check(["--ignore-author", "dependabot[bot"])
    #expect(bad.status == 2)
    #expect(
      bad.output.hasPrefix(
        "stabletext: --ignore-author needs a regular expression (Swift Regex syntax), got dependabot[bot: "))
    #expect(!bad.output.contains("[line-too-long]"))
    let empty = try history.check(["--ignore-author", ""])
    #expect(empty.status == 2)
    #expect(
      empty.output.hasPrefix("stabletext: --ignore-author needs a regular expression (Swift Regex syntax)\n"))
    let withoutCommits = try history.sandbox.run(
      ["stabletext", "check", "--ignore-author", "x", ".git/COMMIT_EDITMSG"], in: "work")
    #expect(withoutCommits.status == 2)
    #expect(
      withoutCommits.output.hasPrefix(
        "stabletext: --ignore-author goes with --commits RANGE (a hook checks the commit being written)\n"))
  }

  /// `--no-autosquash` is the rule `autosquash`: `false` in `.stabletext.json` refuses the same
  /// subjects for the hook, and `squash!` and `amend!` as `fixup!`.
  @Test func autosquashFromTheRepositorysFile() throws {
    let history = try History()
    try history.sandbox.write("work/.stabletext.json", #"{"rules": {"autosquash": false}}"#)
    for (prefix, message) in [
      ("squash!", "squash! Add the parser"), ("amend!", "amend! Add the parser\n\nAdd it"),
    ] {
      try history.sandbox.write("work/.git/COMMIT_EDITMSG", message + "\n")
      let checked = try history.sandbox.run(["stabletext", "check", ".git/COMMIT_EDITMSG"], in: "work")
      #expect(checked.status == 1)
      #expect(
        checked.output
          == ".git/COMMIT_EDITMSG:1:1: error: \(prefix) commit: squash it before merging (git rebase -i --autosquash) [autosquash-subject]\n"
      )
    }
    let range = try history.check([])
    #expect(range.output == Self.botTooLong(history.bot) + Self.refusedFixup(history.fixup))
  }

  /// The codes `check` printed for each commit, by the commit's first 12 digits
  /// (`SHA:LINE:COLUMN: severity: message [code]`).
  static func codes(_ output: String) -> [String: [String]] {
    var codes: [String: [String]] = [:]
    for line in output.split(separator: "\n") where line.hasSuffix("]") && !line.hasPrefix("stabletext:") {
      guard let code = line.split(separator: "[").last?.dropLast() else { continue }
      codes[String(line.prefix(12)), default: []].append(String(code))
    }
    return codes.mapValues { $0.sorted() }
  }

  /// A team's `.commitlintrc.json` (config-conventional) over the same kind of history: its
  /// default ignores skip the merge, the revert and the `fixup!` (by message), the bot's commit is
  /// skipped by `--ignore-author`, and a subject that is not a Conventional Commit is refused.
  @Test func commitlintsDefaultIgnoresInARange() throws {
    let sandbox = try GitCorners.Sandbox()
    var second = 1_700_000_000
    func git(_ arguments: [String], extra: [String: String?] = [:]) throws -> String {
      second += 1
      var extra = extra
      extra["GIT_AUTHOR_DATE"] = "@\(second) +0000"
      extra["GIT_COMMITTER_DATE"] = "@\(second) +0000"
      let result = try sandbox.git(arguments, in: "work", extra: extra)
      #expect(result.status == 0, "git \(arguments): \(result.output)")
      return try sandbox.git(["rev-parse", "HEAD"], in: "work").output.prefix(12).description
    }
    #expect(try sandbox.git(["init", "-q", "work"]).status == 0)
    try sandbox.write("work/.commitlintrc.json", #"{"extends": ["@commitlint/config-conventional"]}"#)
    _ = try git(["add", ".commitlintrc.json"])
    _ = try git(["commit", "-q", "--no-verify", "-m", "chore: start"])
    _ = try git(["checkout", "-q", "-b", "topic"])
    try sandbox.write("work/parser.txt", "parser\n")
    _ = try git(["add", "parser.txt"])
    let add = try git(["commit", "-q", "--no-verify", "-m", "feat(parser): add the parser"])
    let bot = try git(
      ["commit", "-q", "--no-verify", "--allow-empty", "-m", Self.botSubject],
      extra: ["GIT_AUTHOR_NAME": Self.botName, "GIT_AUTHOR_EMAIL": Self.botEmail])
    let fixup = try git(
      [
        "commit", "-q", "--no-verify", "--allow-empty", "-m",
        "fixup! feat(parser): add the parser, " + String(repeating: "x", count: 90),
      ])
    _ = try git(["checkout", "-q", "-b", "side", "main"])
    let side = try git(["commit", "-q", "--no-verify", "--allow-empty", "-m", "Side work"])
    _ = try git(["checkout", "-q", "topic"])
    let merge = try git(["merge", "-q", "--no-verify", "--no-ff", "--no-edit", "side"])
    let revert = try git(["revert", "--no-edit", add], extra: ["GIT_EDITOR": ":"])
    let all = try sandbox.run(["stabletext", "check", "--commits", "main..topic"], in: "work")
    #expect(all.status == 1)
    #expect(
      Self.codes(all.output) == [
        bot: ["subject-empty", "type-empty"], side: ["subject-empty", "type-empty"],
      ])
    let filtered = try sandbox.run(
      [
        "stabletext", "check", "--commits", "main..topic", "--ignore-author", "dependabot", "--no-autosquash",
      ],
      in: "work")
    #expect(filtered.status == 1)
    #expect(
      Self.codes(filtered.output) == [side: ["subject-empty", "type-empty"], fixup: ["autosquash-subject"]])
    #expect(filtered.output.hasSuffix(Self.skipped(1)))
    // Nothing of the merge's, the revert's or the conventional commit's.
    for quiet in [add, merge, revert] { #expect(!all.output.contains(quiet)) }
  }

  /// A team's `.gitlint` reads what `check --commits` knows of each commit: I4 skips the bot by
  /// its author's name, a merge is skipped by its parents whatever its title, M1 reads the
  /// author's e-mail, and B7 the files the commit changed.
  @Test func gitlintReadsEachCommitsFacts() throws {
    let sandbox = try GitCorners.Sandbox()
    func git(_ arguments: [String], extra: [String: String?] = [:]) throws -> String {
      let result = try sandbox.git(arguments, in: "work", extra: extra)
      #expect(result.status == 0, "git \(arguments): \(result.output)")
      return try sandbox.git(["rev-parse", "HEAD"], in: "work").output.prefix(12).description
    }
    #expect(try sandbox.git(["init", "-q", "work"]).status == 0)
    try sandbox.write(
      "work/.gitlint",
      "[general]\nignore=B6\n\n[ignore-by-author-name]\nregex=^dependabot\\[bot\\]$\nignore=all\n\n"
        + "[body-changed-file-mention]\nfiles=parser.txt\n")
    _ = try git(["add", ".gitlint"])
    _ = try git(["commit", "-q", "--no-verify", "-m", "Start"])
    _ = try git(["checkout", "-q", "-b", "topic"])
    try sandbox.write("work/parser.txt", "parser\n")
    _ = try git(["add", "parser.txt"])
    let add = try git([
      "commit", "-q", "--no-verify", "-m", "Add the parser", "-m", "It reads the lines of a file.",
    ])
    let mentioned = try git(
      [
        "commit", "-q", "--no-verify", "--allow-empty", "-m", "Say more", "-m",
        "Nothing changed in any file here.",
      ])
    let bot = try git(
      ["commit", "-q", "--no-verify", "--allow-empty", "-m", Self.botSubject],
      extra: ["GIT_AUTHOR_NAME": Self.botName, "GIT_AUTHOR_EMAIL": Self.botEmail])
    let nobody = try git(
      [
        "commit", "-q", "--no-verify", "--allow-empty", "-m", "Write it", "-m",
        "A body long enough for B5 here.",
      ],
      extra: ["GIT_AUTHOR_EMAIL": "nobody"])
    _ = try git(["checkout", "-q", "-b", "side", "main"])
    _ = try git([
      "commit", "-q", "--no-verify", "--allow-empty", "-m", "Side work", "-m", "A side branch's own body.",
    ])
    _ = try git(["checkout", "-q", "topic"])
    let merge = try git(
      [
        "merge", "-q", "--no-verify", "--no-ff", "-m",
        "Combine the side work, in a title long enough to pass seventy-two columns", "side",
      ])
    let checked = try sandbox.run(["stabletext", "check", "--commits", "main..topic"], in: "work")
    #expect(checked.status == 1)
    #expect(Self.codes(checked.output) == [add: ["B7"], nobody: ["M1"]], "\(checked.output)")
    for quiet in [mentioned, bot, merge] { #expect(!checked.output.contains(quiet)) }
  }

  /// A `.gitlint` expression that backtracks without end (issue 55: `^(a+)+$` on a title of 20
  /// `a`s and a `!` hung the hook, CI and the editor) is refused by name in the hook and in CI once
  /// the lint's budget (1,000,000 steps, 4 more a byte of the message) is spent; a title it
  /// matches passes.
  @Test func aBacktrackingExpressionIsRefusedByName() throws {
    let sandbox = try GitCorners.Sandbox()
    func git(_ arguments: [String]) throws -> String {
      let result = try sandbox.git(arguments, in: "work")
      #expect(result.status == 0, "git \(arguments): \(result.output)")
      return try sandbox.git(["rev-parse", "HEAD"], in: "work").output.prefix(12).description
    }
    func refusal(_ where: String, _ steps: Int) -> String {
      "\(`where`):1:1: error: '^(a+)+$' is not a valid value for option 'T7.regex'. Invalid regular "
        + "expression: 'matching it on this message took more than the \(steps) steps a lint may take "
        + "(catastrophic backtracking)'. [T7]\n"
    }
    #expect(try sandbox.git(["init", "-q", "work"]).status == 0)
    try sandbox.write("work/.gitlint", "[general]\nignore=B6\n\n[title-match-regex]\nregex=^(a+)+$\n")
    _ = try git(["add", ".gitlint"])
    _ = try git(["commit", "-q", "--no-verify", "-m", "aaaa"])
    // The hook: git's message file holds the 26 bytes and a line feed.
    let title = String(repeating: "a", count: 25) + "!"
    let hook = try sandbox.git(["commit", "-q", "--allow-empty", "-m", title], in: "work")
    #expect(hook.status != 0)
    #expect(hook.output.hasPrefix(refusal(".git/COMMIT_EDITMSG", 1_000_000 + 4 * 27)), "\(hook.output)")
    // CI: the same verdict on the commit that skipped the hook; a title it matches passes.
    let refused = try git(["commit", "-q", "--no-verify", "--allow-empty", "-m", title])
    _ = try git(["commit", "-q", "--no-verify", "--allow-empty", "-m", String(repeating: "a", count: 40)])
    let checked = try sandbox.run(["stabletext", "check", "--commits", "HEAD~2..HEAD"], in: "work")
    #expect(checked.status == 1)
    // A stored message is read as `git log` prints it, with its line feed and one more.
    #expect(checked.output == refusal(refused, 1_000_000 + 4 * 28), "\(checked.output)")
  }

  /// The hook reads the author of the commit being written as git will record it (git gives
  /// its hooks `--author`'s): M1 refuses an e-mail that is not one, I4 lets the bot's long title
  /// through, and the same title is refused for Ann.
  @Test func theHookKnowsTheCommitsAuthor() throws {
    let sandbox = try GitCorners.Sandbox()
    #expect(try sandbox.git(["init", "-q", "work"]).status == 0)
    try sandbox.write(
      "work/.gitlint",
      "[general]\nignore=B6\n\n[ignore-by-author-name]\nregex=^dependabot\\[bot\\]$\nignore=all\n")
    let title = "Bump the-very-long-package-name-of-a-dependency from 1.2.3 to 4.5.6 in /frontend"
    let bot = try sandbox.git(
      ["commit", "-q", "--allow-empty", "-m", title, "--author", "\(Self.botName) <\(Self.botEmail)>"],
      in: "work")
    #expect(bot.status == 0, "\(bot.output)")
    let ann = try sandbox.git(["commit", "-q", "--allow-empty", "-m", title], in: "work")
    #expect(ann.status != 0)
    #expect(ann.output.contains("Title exceeds max length (80>72) [T1]"), "\(ann.output)")
    let nobody = try sandbox.git(
      ["commit", "-q", "--allow-empty", "-m", "Write it", "--author", "Ann Example <nobody>"], in: "work")
    #expect(nobody.status != 0)
    #expect(nobody.output.contains("Author email for commit is invalid [M1]"), "\(nobody.output)")
  }
}
