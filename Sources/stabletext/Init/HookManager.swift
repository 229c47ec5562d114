import StableTextCheck
import StableTextSystem

/// Who runs the repository's git hooks, as `stabletext init` finds it (Protocol/README.md,
/// "Command line", `init`, "Hook managers"): init adds the check where that manager wants it and
/// never writes a file the manager generates.
enum HookManager: Equatable {
  /// husky: the check goes into `.husky/commit-msg` (the file husky's generated
  /// `.husky/_/commit-msg` runs), never into `.husky/_`.
  case husky(folder: String)
  /// pre-commit (`.pre-commit-config.yaml`) or lefthook (`lefthook.yml` and its other names):
  /// init prints the entry to add to that file and writes no git hook, which the manager owns.
  case preCommit(file: String)
  case lefthook(file: String)
  /// No manager: the plain `commit-msg` hook in git's hooks folder (`core.hooksPath` when set).
  case git(hooksFolder: String)

  /// lefthook's configuration files, as lefthook looks for them.
  static let lefthookFiles = [
    "lefthook.yml", ".lefthook.yml", "lefthook.yaml", ".lefthook.yaml", "lefthook.json", ".lefthook.json",
    "lefthook.toml", ".lefthook.toml",
  ]

  /// The manager of the work tree at `top`, whose git hooks folder is `hooksFolder` (absolute:
  /// `core.hooksPath` when set, else git's own). `core.hooksPath` inside `.husky` is husky's
  /// (v9 sets `.husky/_`, v4–v8 `.husky`) and decides first, as it decides where git looks;
  /// then a pre-commit or lefthook configuration; then a `.husky` folder (husky committed, its
  /// `prepare` script not yet run in this clone).
  static func of(top: String, hooksFolder: String, hooksPathSet: Bool) -> HookManager {
    let husky = FileSystem.join(top, ".husky")
    // Compared as the file system names them (a work tree reached through a link).
    let hooks = FileSystem.real(hooksFolder) ?? hooksFolder
    let huskyReal = FileSystem.real(husky) ?? husky
    if hooksPathSet && (hooks == huskyReal || hooks.hasPrefix(huskyReal + "/")) {
      return .husky(folder: husky)
    }
    let preCommit = FileSystem.join(top, ".pre-commit-config.yaml")
    if FileSystem.kind(of: preCommit) == .file { return .preCommit(file: preCommit) }
    for name in lefthookFiles where FileSystem.kind(of: FileSystem.join(top, name)) == .file {
      return .lefthook(file: FileSystem.join(top, name))
    }
    if FileSystem.kind(of: husky) == .directory { return .husky(folder: husky) }
    return .git(hooksFolder: hooksFolder)
  }

  /// The lines init adds to husky's `.husky/commit-msg` (a plain shell file husky runs with the
  /// message file as `$1`).
  static let huskyLines =
    "# Added by stabletext init: the commit message with the repository's rules.\n"
    + InitFiles.hookLine + "\n"

  /// `.husky/commit-msg` with the check: the file as it is when it already runs `stabletext
  /// check`, else with `huskyLines` after what it holds (or alone, for a new file).
  static func huskyHook(adding existing: [UInt8]?) -> [UInt8] {
    guard let existing, !existing.isEmpty else { return Array(huskyLines.utf8) }
    let text = String(decoding: existing, as: UTF8.self)
    if text.split(separator: "\n").contains(where: { $0.contains("stabletext check") }) { return existing }
    return existing + Array(((text.hasSuffix("\n") ? "" : "\n") + huskyLines).utf8)
  }

  /// The entry to add to pre-commit's configuration: this repository's hook
  /// (`.pre-commit-hooks.yaml`), as the README shows it.
  static let preCommitEntry = """
      - repo: https://github.com/OWNER/stabletext   # StableText's repository, wherever you got it
        rev: v0.1.0
        hooks:
          - id: stabletext-commit-msg
    then: pre-commit install --hook-type commit-msg

    """

  /// The entry to add to lefthook's configuration (`{1}` is the message file git passes).
  static let lefthookEntry = """
    commit-msg:
      commands:
        stabletext:
          run: stabletext check {1}

    """
}
