import StableTextCheck
import StableTextCore
import StableTextSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `stabletext init [--dry-run] [--force]`: sets a repository up from its own history
/// (Protocol/README.md, "Command line", `init`). Reads the last 1,000 non-merge commits, prints
/// what share of them each candidate limit would have refused, writes a `.stabletext.json` at
/// the top of the work tree with the gitCommit preset's limits where at least 95 % of the commits
/// are within them (else the smallest candidate that 95 % are within), and installs the
/// commit-msg hook. Where a team's commitlint or gitlint file decides, its problems are said as
/// `check` says them (`ConfigurationReport`), the table is in that tool's unit, and init writes
/// no line rule of its own (`DecidingConventions`); the check goes where the hook manager wants
/// it (`HookManager`). Files it did not write, or wrote and the user edited since (`InitRecord`),
/// are left alone unless `--force`.
enum InitCommand {
  /// The standard limits offered besides the history's 95th percentile, in columns.
  static let candidates = [50, 72, 80, 100]

  static func run(_ arguments: [String]) -> Int32 {
    var dryRun = false
    var force = false
    var options = OptionReader(arguments)
    while let option = options.next() {
      switch option.name {
      case "--help", "-h":
        Standard.output(Usage.Command.`init`.help)
        return 0
      case "--dry-run": dryRun = true
      case "--force": force = true
      default: return Usage.fail("unknown option \(option.name) for init", command: .`init`)
      }
    }
    guard options.operands.isEmpty else {
      return Usage.fail("init takes no arguments but --dry-run and --force", command: .`init`)
    }
    guard let git = Git(folder: FileSystem.currentDirectory() ?? ".") else {
      return Usage.refuse("init needs git on PATH")
    }
    // A work tree, not a bare repository or a git directory: the files belong in a work tree.
    let inside = git.run(["rev-parse", "--is-inside-work-tree"])
    guard inside.status == 0, inside.text == "true" else {
      let why =
        inside.status == 0 ? "this is a git directory or a bare repository" : "git says \(inside.reason)"
      return Usage.refuse("init needs a git work tree (run it inside one): \(why)")
    }
    let top = git.run(["rev-parse", "--show-toplevel"])
    let hooks = git.run(["rev-parse", "--git-path", "hooks"])
    guard top.status == 0, !top.text.isEmpty, hooks.status == 0, !hooks.text.isEmpty else {
      return Usage.refuse("init cannot find the work tree's top or its hooks: git says \(top.reason)")
    }
    // `--git-path hooks` is `core.hooksPath` when set, else the hooks of the repository (a linked
    // worktree's common one); relative to the folder git ran in.
    let hooksFolder =
      hooks.text.hasPrefix("/")
      ? hooks.text : FileSystem.absolute(FileSystem.join(git.folder, hooks.text)) ?? hooks.text

    // The rules `check` gives this work tree's message file, with the problems of the files
    // they come from, said as `check` says them: an invalid one (its own tool would refuse it)
    // stops init before it changes anything; a part not honoured is a warning.
    let messagePath = FileSystem.join(FileSystem.join(top.text, ".git"), "COMMIT_EDITMSG")
    let resolved = CheckRules(options: RulePatch()).rules(forPath: messagePath, standingFor: messagePath)
    var configuration = ConfigurationReport(strict: false)
    var problems = CheckReport(format: .text, columnUnit: .display, commits: false)
    let judged = configuration.say(resolved.problems, report: &problems)
    for warning in resolved.warnings { problems.problem(.warning, warning) }
    problems.flush()
    guard judged, !configuration.failed else {
      return Usage.refuse("init changed nothing: fix the configuration above, then run init again")
    }
    let conventions = resolved.rules.conventions

    let history: CommitHistory
    switch CommitHistory.read(git, conventions: conventions) {
    case .success(let read): history = read
    case .failure(let failure):
      return Usage.refuse("init cannot read the history: git says \(failure.reason)")
    }
    var out = report(history)
    let project: String
    if let conventions, let decides = DecidingConventions(conventions) {
      // The team's tool owns the limits: the preset keeps git's grammar, no line rule of init's.
      out += decides.report(history)
      project = InitFiles.projectFile(subject: InitFiles.presetSubject, body: InitFiles.presetBody)
    } else {
      let subject = CommitHistory.chosen(history.subjects, preset: InitFiles.presetSubject)
      let body = CommitHistory.chosen(history.bodies, preset: InitFiles.presetBody)
      out += decision("subject", history.subjects, preset: InitFiles.presetSubject, chosen: subject)
      out += decision("body lines", history.bodies, preset: InitFiles.presetBody, chosen: body)
      project = InitFiles.projectFile(subject: subject, body: body)
    }
    out += "\n"
    Standard.output(out)

    var status: Int32 = 0
    func failed(_ problem: String?) {
      guard let problem else { return }
      Standard.error("stabletext: \(ShownText.escaped(problem))\n")
      status = 2
    }
    let projectPath = FileSystem.join(top.text, ".stabletext.json")
    var record = InitRecord(git)
    let placed = place(
      project, at: projectPath, what: "the configuration", executable: false, dryRun: dryRun, force: force,
      isOurs: { record?.wrote($0, at: ".stabletext.json") ?? false },
      leftAlone:
        "stabletext init did not write it, or it was edited since (init's record of what it wrote is \(record?.path ?? "not kept")); --force replaces it"
    )
    failed(placed.problem)
    if placed.wrote, !dryRun { failed(record?.record(Array(project.utf8), at: ".stabletext.json")) }

    let hooksPathSet = git.run(["config", "--get", "core.hooksPath"]).status == 0
    switch HookManager.of(top: top.text, hooksFolder: hooksFolder, hooksPathSet: hooksPathSet) {
    case .husky(let folder):
      // husky runs `.husky/commit-msg` from its generated `.husky/_`; init adds its line there.
      let path = FileSystem.join(folder, "commit-msg")
      let existing = FileSystem.contents(of: path)
      let content = String(decoding: HookManager.huskyHook(adding: existing), as: UTF8.self)
      failed(
        place(
          content, at: path, what: "husky's commit-msg hook", executable: existing == nil, dryRun: dryRun,
          force: true, isOurs: { _ in true }, leftAlone: "", adding: true
        ).problem)
    case .preCommit(let file):
      Standard.output(
        "\(ShownText.escaped(file)): pre-commit runs this repository's hooks, so init writes no git hook;"
          + " add this entry under `repos:`:\n\(HookManager.preCommitEntry)")
    case .lefthook(let file):
      Standard.output(
        "\(ShownText.escaped(file)): lefthook runs this repository's hooks, so init writes no git hook;"
          + " add this entry to it:\n\(HookManager.lefthookEntry)")
    case .git(let folder):
      let hookPath = FileSystem.join(folder, "commit-msg")
      failed(
        place(
          InitFiles.hook, at: hookPath, what: "the commit-msg hook", executable: true, dryRun: dryRun,
          force: force,
          isOurs: InitFiles.isOurs(hook:),
          leftAlone:
            "stabletext init did not write it; --force replaces it, or add this line to it:\n  \(InitFiles.hookLine)"
        ).problem)
    }
    return status
  }

  /// The history's table: for the subject and for body lines, the share of commits each
  /// candidate limit would have refused.
  static func report(_ history: CommitHistory) -> String {
    var out =
      "Commits read: \(history.count) (the last non-merge commits, at most \(CommitHistory.maxCommits))"
    if history.skipped > 0 { out += "; \(history.skipped) not UTF-8, not counted" }
    if history.tooLong > 0 {
      out += "; \(history.tooLong) over \(CommitHistory.maxMessageBytes >> 20) MiB, not counted"
    }
    if let cut = history.cut { out += "; git's log \(cut) and was stopped, the commits before counted" }
    out += "\n"
    guard history.count > 0 else {
      guard history.unit == .columns else { return out + "No commits to learn from yet.\n" }
      return out + "No commits to learn from yet: the gitCommit preset's limits it is.\n"
    }
    out += "Share of commits each limit (\(unitSaid(history.unit))) would have refused:\n"
    let heading = ["", "50", "72", "80", "100", "95th percentile"]
    var rows = [heading]
    for (name, lengths) in [("subject", history.subjects), ("body lines", history.bodies)] {
      let p95 = CommitHistory.percentile95(lengths)
      rows.append(
        [name] + candidates.map { share(CommitHistory.refused(lengths, over: $0), of: lengths.count) }
          + ["\(p95): " + share(CommitHistory.refused(lengths, over: p95), of: lengths.count)])
    }
    let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
    for row in rows {
      let cells = row.enumerated().map { column, cell in
        column == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[column] - cell.count)
      }
      out += "  " + cells.joined(separator: "  ") + "\n"
    }
    return out + "\n"
  }

  /// The unit of the table, and whose it is.
  static func unitSaid(_ unit: CommitHistory.Unit) -> String {
    switch unit {
    case .columns: return "columns, as the gitCommit preset counts them"
    case .utf16:
      return "UTF-16 code units, as commitlint's header-max-length and body-max-line-length count them"
    case .characters:
      return "characters, as gitlint's title-max-length (T1) and body-max-line-length (B1) count them"
    }
  }

  /// `12.5%`: `part` of `whole` to a tenth of a percent, rounded half up.
  static func share(_ part: Int, of whole: Int) -> String {
    guard whole > 0 else { return "0.0%" }
    let tenths = (part * 1_000 + whole / 2) / whole
    return "\(tenths / 10).\(tenths % 10)%"
  }

  /// One line saying which limit was chosen for `name`, and why.
  static func decision(_ name: String, _ lengths: [Int], preset: Int, chosen: Int) -> String {
    guard !lengths.isEmpty else { return "\(name): \(preset) columns (the preset's)\n" }
    if chosen == preset {
      return
        "\(name): \(preset) columns, the preset's (\(share(lengths.count - CommitHistory.refused(lengths, over: preset), of: lengths.count)) of the commits are within it)\n"
    }
    return
      "\(name): \(chosen) columns (the preset's \(preset) would have refused \(share(CommitHistory.refused(lengths, over: preset), of: lengths.count)); \(chosen) is the smallest candidate that at least 95% are within)\n"
  }

  /// Writes `content` at `path` unless a file init did not write is there (then only with
  /// `force`); says what it did, or under `dryRun` what it would do. A problem writing, if any.
  /// Never through a symbolic link out of the work tree (a committed `.stabletext.json` that
  /// links to a file of the user's, dangling or not), and a file that is there is rewritten in
  /// place (`FileSystem.rewriteInPlace`: its mode, owner and links kept, a read-only one refused).
  static func place(
    _ content: String, at path: String, what: String, executable: Bool, dryRun: Bool, force: Bool,
    isOurs: ([UInt8]) -> Bool, leftAlone: String, adding: Bool = false
  ) -> (wrote: Bool, problem: String?) {
    let bytes = Array(content.utf8)
    // The path names the repository's folders: escaped wherever it is printed.
    let shown = ShownText.escaped(path)
    let real: String
    switch FileSystem.resolveForWriting(path) {
    case .failure(let refusal): return (false, "\(what) not written: \(refusal)")
    case .success(let resolved): real = resolved
    }
    let kind = FileSystem.kind(of: real)
    let existing = kind == .file ? FileSystem.contents(of: real) : nil
    if kind != nil {
      if existing == bytes {
        Standard.output("\(shown): \(what), unchanged\n")
        return (false, nil)
      }
      if !force && !(existing.map(isOurs) ?? false) {
        Standard.output("\(shown): \(what) left alone: \(leftAlone)\n")
        return (false, nil)
      }
    }
    // `adding`: the new bytes are the old ones and more (a line added to a hook manager's file).
    let verb = kind == nil ? "write" : adding ? "add the check to" : "replace"
    if dryRun {
      Standard.output("\(shown): would \(verb) \(what) with:\n\(content)")
      return (true, nil)
    }
    let folder = FileSystem.folder(of: real)
    if FileSystem.kind(of: folder) == nil && !FileSystem.makeFolders(folder) {
      return (false, "cannot make the folder \(folder): \(FileSystem.lastError())")
    }
    if let existing {
      if let refusal = FileSystem.rewriteInPlace(real, expecting: existing, with: bytes) {
        return (false, "cannot replace \(path): \(refusal)")
      }
    } else if kind != nil {
      return (false, "cannot replace \(path): it is not a regular file")
    } else if !FileSystem.write(bytes, to: real, followingLink: false) {
      return (false, "cannot write \(path): \(FileSystem.lastError())")
    }
    if executable && chmod(real, 0o755) != 0 {
      return (true, "cannot make \(path) executable: \(FileSystem.lastError())")
    }
    let done = ["write": "wrote", "replace": "replaced"][verb] ?? "added the check to"
    Standard.output("\(shown): \(done) \(what)\n")
    return (true, nil)
  }
}
