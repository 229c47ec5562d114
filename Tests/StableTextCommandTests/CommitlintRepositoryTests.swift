import Foundation
import StableTextSessionSupport
import Testing

/// commitlint's own repository as a new user meets it, rebuilt from files written here: a pnpm
/// workspace, an ordinary `.editorconfig` whose brace section lists five kinds of file, husky's
/// hooks folder (`core.hooksPath` in `.husky/_`), and a `package.json` whose `commitlint`
/// extends `@commitlint/config-conventional` and `@commitlint/config-workspace-scopes` and that
/// declares no `workspaces` (the one place that package reads them: the scopes it computes are
/// none, and any scope passes, which a warning says). Followed
/// as the README says: `rules` on any file exits 0, the README's hook passes a good conventional
/// message and refuses `Fixed stuff.` with commitlint's codes, and `check --commits` judges the
/// history by config-conventional's rules, the empty scope list named once as a warning (which
/// `--strict-config` does not make an error: StableText applies what commitlint applies).
@Suite struct CommitlintRepository {
  static let packageJSON = """
    {
      "name": "@example/root",
      "version": "1.0.0",
      "private": true,
      "type": "module",
      "scripts": {
        "build": "tsc -b",
        "prepare": "husky"
      },
      "commitlint": {
        "extends": [
          "@commitlint/config-conventional",
          "@commitlint/config-workspace-scopes"
        ]
      },
      "devDependencies": {
        "husky": "^9.0.0"
      }
    }

    """
  static let editorConfig = """
    [*]
    end_of_line = lf
    insert_final_newline = true
    trim_trailing_whitespace = true
    indent_style = tab

    [{.*rc,*.yml,*.md,*.json,*.svg}]
    indent_style = space
    indent_size = 2

    [*.md]
    trim_trailing_whitespace = false

    """

  static let workspace = "packages:\n  - \"@example/*\"\n  - \"@tools/*\"\n"

  @Test func aTeamsRepositoryAsItIs() throws {
    let repository = try ConfigurationProblems.HookedRepository()
    let files = repository.repository
    try files.write("package.json", Self.packageJSON)
    try files.write(".editorconfig", Self.editorConfig)
    try files.write("pnpm-workspace.yaml", Self.workspace)
    try files.write("@example/cli/package.json", #"{"name": "@example/cli", "version": "1.0.0"}"# + "\n")
    try files.write("@example/lint/package.json", #"{"name": "@example/lint", "version": "1.0.0"}"# + "\n")
    try files.write("@example/cli/src/index.ts", "export const answer = 42;\n")
    try files.write("README.md", "# Example\n\nLint commit messages.\n")
    // husky 9's set-up: the team's hook in `.husky/commit-msg`, git pointed at `.husky/_`.
    try files.write(".husky/commit-msg", "npx --no -- commitlint --edit \"$1\"\n")
    try files.write(".husky/_/.gitignore", "*\n")
    try files.git(["config", "core.hooksPath", ".husky/_"])
    try files.git(["add", "-A"])
    try files.git(["commit", "-q", "-m", "chore: set up the workspace"])
    let root = repository.path
    let warning =
      #"\#(root)/package.json:13:7: warning: commitlint.extends[1]: @commitlint/config-workspace-scopes finds no scope: package.json has no workspaces list; scope-enum checks nothing, although the repository declares packages in pnpm-workspace.yaml"#
      + "\n"

    // `rules` on any file: exit 0, nothing said of the team's file where it does not apply.
    for path in [
      "README.md", "package.json", ".husky/commit-msg", "@example/cli/package.json",
      "@example/cli/src/index.ts",
      ".editorconfig", "pnpm-workspace.yaml",
    ] {
      let rules = try repository.run(["stabletext", "rules", path])
      #expect(rules.status == 0, "\(path)")
      #expect(rules.err == "", "\(path)")
    }
    let readme = try repository.run(["stabletext", "rules", "README.md"])
    #expect(
      readme.out.contains(
        "  tabSize: 2  (.editorconfig [{.*rc,*.yml,*.md,*.json,*.svg}] in \(root)/.editorconfig)\n"))
    let message = try repository.run(["stabletext", "rules", ".git/COMMIT_EDITMSG"])
    #expect(message.status == 0)
    #expect(message.err == warning)
    #expect(message.out.contains("    type-enum: [2,\"always\",[\"build\",\"chore\""))
    #expect(
      message.out.contains(
        "    scope-enum: [2,\"always\",[]]  (computed by @commitlint/config-workspace-scopes via extends[1] at \(root)/package.json:13)\n"
      ), "\(message.out)")

    // `check` on the file git gives a hook, and on a source file the `.editorconfig` covers.
    try files.write(".git/COMMIT_EDITMSG", "Fixed stuff.\n")
    let refused = try repository.run(["stabletext", "check", ".git/COMMIT_EDITMSG"])
    #expect(refused.status == 1)
    #expect(refused.err == warning)
    #expect(
      refused.out == """
        .git/COMMIT_EDITMSG:1:13: error: subject may not be empty [subject-empty]
        .git/COMMIT_EDITMSG:1:13: error: subject may not end with full stop [subject-full-stop]
        .git/COMMIT_EDITMSG:1:1: error: type may not be empty [type-empty]

        """)
    // No `workspaces` in package.json: any scope passes, as commitlint's empty scope-enum lets it.
    try files.write(".git/COMMIT_EDITMSG", "feat(anything): add a strict mode\n")
    let accepted = try repository.run(["stabletext", "check", ".git/COMMIT_EDITMSG"])
    #expect(accepted.status == 0)
    #expect(accepted.out == "")
    #expect(accepted.err == warning)
    let source = try repository.run(["stabletext", "check", "@example/cli/src/index.ts", "README.md"])
    #expect(source.status == 0)
    #expect(source.out == "")
    #expect(source.err == "")

    // The README's hook.
    try repository.installHook()
    let good = try repository.run([
      "git", "commit", "-q", "--allow-empty", "-m", "feat(cli): add a strict mode",
    ])
    #expect(good.status == 0, "\(good.err)")
    #expect(good.out == "")
    #expect(good.err == warning)
    let bad = try repository.run(["git", "commit", "-q", "--allow-empty", "-m", "Fixed stuff."])
    // git gives a hook's standard output to its standard error.
    #expect(bad.status == 1)
    #expect(bad.out == "")
    #expect(
      bad.err.hasPrefix(
        warning
          + """
          .git/COMMIT_EDITMSG:1:13: error: subject may not be empty [subject-empty]
          .git/COMMIT_EDITMSG:1:13: error: subject may not end with full stop [subject-full-stop]
          .git/COMMIT_EDITMSG:1:1: error: type may not be empty [type-empty]
          .git/COMMIT_EDITMSG: note: the commit was refused

          """.dropLast()))

    // A few commits, one of them past the hook, judged in CI.
    let skipped = try repository.run([
      "git", "commit", "-q", "--no-verify", "--allow-empty", "-m", "Fixed stuff.",
    ])
    #expect(skipped.status == 0)
    let body = "fix(lint): keep the scope\n\nThe scope a commit names stays as it was written.\n"
    #expect(try repository.run(["git", "commit", "-q", "--allow-empty", "-m", body]).status == 0)
    let hashes = try repository.run(["git", "rev-list", "--reverse", "HEAD"]).out.split(separator: "\n")
    #expect(hashes.count == 4)
    let ci = try repository.run(["stabletext", "check", "--commits", "HEAD~3..HEAD"])
    #expect(ci.status == 1)
    #expect(ci.err == warning)
    let bad12 = hashes[2].prefix(12)
    #expect(
      ci.out == """
        \(bad12):1:13: error: subject may not be empty [subject-empty]
        \(bad12):1:13: error: subject may not end with full stop [subject-full-stop]
        \(bad12):1:1: error: type may not be empty [type-empty]

        """)
    let strict = try repository.run(["stabletext", "check", "--strict-config", "--commits", "HEAD~3..HEAD"])
    #expect(strict.status == 1)
    #expect(strict.out == ci.out)
    #expect(strict.err == warning)
  }
}
