import StableTextCore
import StableTextJSON
import StableTextProject
import StableTextSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `stabletext check`: the same rules as the daemon, for commit-msg hooks and CI. Output is
/// compiler-style so editors' quickfix lists can read it.
///
/// Rules resolve exactly as the daemon resolves them (`CheckRules`), the file's absolute path
/// standing for its URI path (so git's message files get the `gitCommit` preset through the
/// built-in overrides, and the repository's `.stabletext.json` and `.editorconfig` apply); the
/// options are the last layer.
enum CheckCommand {
  enum ColumnUnit {
    /// Display columns, tabs every 8 whatever `tabSize` says (as GCC prints since version 11).
    case display
    case byte
  }

  static func run(_ arguments: [String]) -> Int32 {
    // Interrupted (a hook's Ctrl-C, CI's SIGTERM): the private folder of the EditorConfig mirror
    // goes too, before exiting with 128 + the signal as the signal would have.
    SignalWaiter.start { signal in
      PrivateFolder.removeAll()
      _exit(128 + signal)
    }
    // Under `--format github` even a usage error is one workflow command (without the usage).
    let github =
      zip(arguments, arguments.dropFirst()).contains { $0 == ("--format", "github") }
      || arguments.contains("--format=github")
    func fail(_ message: String) -> Int32 {
      guard github else { return Usage.fail(message, command: .check) }
      var report = CheckReport(format: .github, columnUnit: .display, commits: false)
      report.problem(.error, message)
      return 2
    }
    var layer = RulePatch()
    var format = CheckReport.Format.text
    var encoding: String?
    var columnUnit = ColumnUnit.display
    var commits: String?
    var verbose = false
    var fix = false
    var authors = AuthorFilter()
    var options = OptionReader(arguments)
    while let option = options.next() {
      switch option.name {
      case "--help", "-h":
        Standard.output(Usage.Command.check.help)
        return 0
      case "--column-unit":
        switch options.value(for: option) {
        case "display": columnUnit = .display
        case "byte": columnUnit = .byte
        default: return fail("--column-unit needs display or byte")
        }
      case "--format":
        guard let named = options.value(for: option).flatMap(CheckReport.Format.init(rawValue:)) else {
          return fail("--format needs text, json or github")
        }
        format = named
      case "--commits":
        guard let range = options.nonEmptyValue(for: option) else {
          return fail("--commits needs a revision range (main..HEAD, HEAD~3..)")
        }
        commits = range
      case "--verbose": verbose = true
      case "--fix": fix = true
      case "--ignore-author":
        guard let expression = options.nonEmptyValue(for: option) else {
          return fail("--ignore-author needs a regular expression (Swift Regex syntax)")
        }
        if let problem = authors.add(expression) {
          return fail(
            "--ignore-author needs a regular expression (Swift Regex syntax), got \(expression): \(problem)")
        }
      case "--encoding", "--input-encoding":
        // The text's encoding: the file is read in it and, with --encoding, bytes are counted in
        // it and every character must be writable in it (the `encoding` rule, when StableText
        // counts in it). --input-encoding only reads the file.
        let value: String
        switch RuleOptions.encodingName(option, &options) {
        case .success(let name): value = name
        case .failure(let problem): return fail(problem.text)
        }
        if option.name == "--encoding" {
          layer.encoding = CharacterEncoding(named: value)
          if encoding == nil { encoding = value }
        } else {
          encoding = value
        }
      default:
        // The rule options, shared with `rules`.
        switch RuleOptions.read(option, &options, into: &layer) {
        case nil: return fail("unknown option \(option.name) for check")
        case .some(let problem?): return fail(problem)
        case .some(nil): break
        }
      }
    }
    if let problem = RuleOptions.problem(layer) { return fail(problem) }
    if commits != nil && !options.operands.isEmpty {
      return fail("check takes FILEs or --commits RANGE, not both")
    }
    if fix && commits != nil {
      return fail("--fix writes files; it never rewrites commits (--commits)")
    }
    if fix && options.operands.contains("-") {
      return fail("--fix writes files; standard input (-) is not one")
    }
    if commits == nil && !authors.isEmpty {
      return fail("--ignore-author goes with --commits RANGE (a hook checks the commit being written)")
    }
    guard commits != nil || !options.operands.isEmpty else {
      return fail("check needs at least one FILE (or - for stdin), or --commits RANGE")
    }

    let rules = CheckRules(options: layer)
    var report = CheckReport(format: format, columnUnit: columnUnit, commits: commits != nil)
    report.begin()
    if let commits {
      let status = CheckCommits.run(commits, rules: rules, ignoring: authors, report: &report)
      guard status == 0 else { return status }
    } else {
      for path in options.operands {
        let status = check(
          path, encoding: encoding, rules: rules, verbose: verbose, fix: fix, report: &report)
        guard status == 0 else { return status }
      }
    }
    report.end()
    return report.foundError ? 1 : 0
  }

  /// One file: 0 when it was checked (or, for a commit message, said to be unreadable), 2 when
  /// it or its configuration cannot be read.
  static func check(
    _ path: String, encoding: String?, rules resolver: CheckRules, verbose: Bool = false, fix: Bool = false,
    report: inout CheckReport
  ) -> Int32 {
    let name = path == "-" ? "<stdin>" : path
    let resolved: CheckRules.Resolved
    switch resolver.rules(forPath: path) {
    case .success(let found): resolved = found
    case .failure(let problem):
      report.problem(.error, problem.problem, about: .file(problem.path))
      return 2
    }
    for warning in resolved.warnings { report.problem(.warning, warning) }
    // A file no rule covers gets nothing, not even a word about its encoding: no one asked.
    let coversNothing = resolved.rules.checksNothing
    if coversNothing && verbose {
      report.hint(
        "no rules apply (no commit preset, .stabletext.json, .editorconfig max_line_length or rule option covers this file)",
        about: name)
    }
    // Nor is it read, or listed in --format json: a regular file no rule covers is done with
    // (a path that is not one still gets its error below: a typo must not pass unseen).
    if coversNothing && path != "-" && FileSystem.kind(of: path) == .file { return 0 }
    // A commit message is in git's i18n.commitEncoding unless the option names one, and git's
    // lines in it say which lines git keeps.
    let underPreset = resolved.rules.preset == .gitCommit
    let named = encoding ?? (underPreset ? resolved.git?.value("i18n.commitEncoding") : nil)
    var template =
      underPreset && resolved.git != nil ? GitTemplate(prefixes: resolver.templatePrefixes(resolved)) : nil
    var text: TextBuffer
    switch read(path, encoding: named, observe: { template?.read($0) }) {
    case .success(let buffer): text = buffer
    case .failure(let problem):
      if problem.isDecoding && coversNothing { return 0 }
      if underPreset && problem.isDecoding {
        // A hook never refuses a commit for its encoding: said, and nothing else checked.
        report.problem(.warning, "\(problem.text); the message was not checked", about: .file(name))
        return 0
      }
      report.problem(.error, problem.text, about: .file(name))
      return 2
    }
    if coversNothing { return 0 }
    var rules = resolved.rules
    if var template {
      template.finish()
      rules = resolver.rules(resolved, message: template)
    }
    // A hook's commit: its author as git will record it, and its staged files when a rule reads
    // them, for the team's rules (the editor knows git's identity the same way).
    if underPreset, rules.conventions != nil, let git = resolved.git {
      if let author = git.author {
        rules.conventions?.facts.authorName = author.name
        rules.conventions?.facts.authorEmail = author.email
      }
      if rules.conventions?.readsChangedFiles == true {
        rules.conventions?.facts.changedFiles = git.stagedFiles
      }
    }
    // The sign-off's fix (and the note that there is none) needs git's identity: asked only when
    // the rules require the trailer.
    if let git = resolved.git, rules.requiresSignOff {
      rules.signOff = git.signOff
    }
    if fix {
      // Written back as UTF-8: a file read in another encoding would change its bytes beyond the
      // fixes, so it is refused rather than rewritten.
      if let named, !["utf-8", "utf8"].contains(named.lowercased()) {
        report.problem(.error, "--fix writes UTF-8 only; the file is read as \(named)", about: .file(name))
        return 2
      }
      let fixed = CheckFix.apply(text, rules: rules)
      if !fixed.applied.isEmpty {
        if let refusal = CheckFix.write(fixed.text, over: text, at: path) {
          report.problem(.error, "--fix: \(refusal)", about: .file(name))
          return 2
        }
        for applied in fixed.applied { report.fixed(applied, in: name) }
        text = fixed.text
      }
    }
    let field = StableTextField(buffer: text, rules: rules)
    let errorsBefore = report.errors
    report.beginSource(name, field)
    // Every diagnostic, printed as it is found: a huge message's are never all held at once.
    field.forEachDiagnostic { report.diagnostic($0, of: name, in: field) }
    report.endSource()
    // A refused commit: git keeps the message in the file, which a person would think lost.
    // Only when git runs this as its hook (it names the index it commits for hooks); by hand
    // nothing was refused.
    let underAHook = ProcessScope.environment(adding: [:])["GIT_INDEX_FILE"] != nil
    if underPreset, let git = resolved.git, underAHook, path != "-", report.errors > errorsBefore {
      let again =
        git.rebaseInProgress
        ? "git commit --amend -e -F \(path), then git rebase --continue"
        : "git commit -e -F \(path) (with --amend if you were amending)"
      report.hint(
        "the commit was refused; git kept the message in \(path): edit it and commit again with \(again)",
        about: name)
    }
    return 0
  }

  /// The largest file `check` reads: the daemon's largest document (a line's figures are kept in
  /// 32 bits, exact below 4 GiB; docs/checked-arithmetic.md).
  static let maxFileBytes = Int(Int32.max)

  /// The file at `path` (standard input for `-`) as text, read a megabyte at a time, decoded
  /// from `encoding` (UTF-8 when nil) and checked as UTF-8 on the way, each UTF-8 piece shown to
  /// `observe`; or what to say instead. A path that is not a regular file is refused before
  /// anything is read (a device never ends; standard input is the way to check a stream).
  static func read(
    _ path: String, encoding: String?, observe: (UnsafeRawBufferPointer) -> Void = { _ in }
  ) -> Result<TextBuffer, Problem> {
    var builder = TextBufferBuilder()
    let isUTF8 = encoding.map { ["utf-8", "utf8"].contains($0.lowercased()) } ?? true
    let decoder = isUTF8 ? nil : encoding.flatMap(TextDecoder.init(from:))
    if !isUTF8 && decoder == nil {
      // Only git's i18n.commitEncoding gets here (the option's name was checked when it was read):
      // a commit message, so a warning, as for text that does not decode.
      return .failure(
        Problem(text: "iconv knows no encoding named \(encoding!) (i18n.commitEncoding)", isDecoding: true))
    }
    var tooLarge: Int?
    var total = 0
    var undecodable: Int?
    let failure = FileSystem.read(path == "-" ? nil : path, regularOnly: true) { size in
      if size > maxFileBytes { tooLarge = size }
      return tooLarge == nil
    } _: { piece in
      total += piece.count
      if total > maxFileBytes {
        tooLarge = total
        return false
      }
      guard let decoder else {
        observe(piece)
        return builder.append(piece)
      }
      switch decoder.decode(piece) {
      case .success(let utf8):
        return utf8.withUnsafeBytes {
          observe($0)
          return builder.append($0)
        }
      case .failure(let failure):
        undecodable = failure.offset
        return false
      }
    }
    if let failure {
      // A FIFO, a device (`/dev/stdin`, `<(command)`): what to give instead.
      let stream = failure.hasSuffix("not a regular file") ? "; give a stream on standard input as -" : ""
      return .failure(Problem(text: "cannot read the file: \(failure)\(stream)"))
    }
    if let tooLarge {
      return .failure(
        Problem(
          text:
            "the file has \(tooLarge)\(tooLarge == total ? " or more" : "") bytes, more than the \(maxFileBytes) that check reads"
        ))
    }
    if let decoder, undecodable == nil { undecodable = decoder.finish()?.offset }
    if let undecodable {
      return .failure(Problem(text: "not valid \(decoder!.name) at byte \(undecodable)", isDecoding: true))
    }
    guard let text = builder.finish() else {
      return .failure(
        Problem(text: "not valid UTF-8 at byte \(builder.invalidOffset ?? 0)", isDecoding: true))
    }
    return .success(text)
  }

  struct Problem: Error {
    var text: String
    /// The file was read but is not text in its encoding.
    var isDecoding = false
  }

  /// A rule option's value, read by the rule's kind: booleans are flags, `none` is `null`.
  static func ruleValue(_ field: RuleField, _ option: OptionReader.Option, _ options: inout OptionReader)
    -> Result<RuleValue, Problem>
  {
    // A flag sets its rule; a `--no-` flag (`--no-autosquash`) turns it off.
    if case .boolean = field.kind { return .success(.bool(!option.name.hasPrefix("--no-"))) }
    let expected = Usage.expectation(field.kind)
    guard let text = options.value(for: option) else { return .failure(Problem(text: expected)) }
    if field.kind.isNullable && text == "none" { return .success(.null) }
    // The value read in the kind's shape, then checked where every rule value is (`RuleKind.accepts`).
    let value: RuleValue?
    switch field.kind {
    case .integer: value = Int(text).map(RuleValue.int)
    case .string, .choice: value = .string(text)
    case .encoding: value = CharacterEncoding(named: text).map { .string($0.name) }
    case .choiceList:
      value =
        text == "none"
        ? .strings([])
        : .strings(text.split(separator: ",", omittingEmptySubsequences: false).map(String.init))
    case .trailerTokens: value = .strings([text])
    case .boolean, .lineRules: value = nil
    }
    guard let value, field.kind.accepts(value) else {
      switch field.kind {
      case .integer, .trailerTokens: return .failure(Problem(text: "\(expected), got \(text)"))
      case .choiceList(let names, _):
        guard case .strings(let chosen)? = value else { return .failure(Problem(text: expected)) }
        let wrong = chosen.first { !names.contains($0) }
        return .failure(
          Problem(text: "\(expected), got \(wrong.map { $0.isEmpty ? "an empty name" : $0 } ?? text)"))
      default: return .failure(Problem(text: expected))
      }
    }
    return .success(value)
  }

  /// The URI a file stands for: its absolute path (so anchored patterns match), `%` escaped.
  static func uri(of path: String) -> String {
    guard path != "-" else { return "untitled:stdin" }
    let absolute = path.hasPrefix("/") ? path : FileSystem.join(FileSystem.currentDirectory() ?? "/", path)
    return "file://"
      + absolute.split(separator: "%", omittingEmptySubsequences: false).joined(separator: "%25")
  }

  /// 1-based line and column of `offset`: on the line `known` when the check said which, else
  /// looked up.
  static func place(_ offset: Int, _ known: FieldDiagnostic.Line?, in text: TextBuffer, _ unit: ColumnUnit)
    -> (
      line: Int, column: Int
    )
  {
    let line: Int
    let start: Int
    if let known {
      (line, start) = (known.index, known.start)
    } else {
      let position = text.position(of: offset, in: .utf8)
      (line, start) = (position.line, offset - position.character)
    }
    switch unit {
    case .byte: return (line + 1, offset - start + 1)
    case .display: return (line + 1, text.columns(from: start, to: offset, tabSize: 8) + 1)
    }
  }
}
