import StableTextCheck
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
    var columnUnit = FileCheck.ColumnUnit.display
    var commits: String?
    var verbose = false
    var fix = false
    var strictConfig = false
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
      case "--strict-config": strictConfig = true
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
          layer.setEncoding(named: value)
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
    var configuration = ConfigurationReport(strict: strictConfig)
    report.begin()
    if let commits {
      let status = CheckCommits.run(
        commits, rules: rules, ignoring: authors, configuration: &configuration, report: &report)
      guard status == 0 else { return status }
    } else {
      for path in options.operands {
        let outcome = FileCheck.check(
          path, encoding: encoding, rules: rules, verbose: verbose, fix: fix ? .writeFile : .none,
          configuration: &configuration, report: &report)
        guard outcome.status == 0 else { return outcome.status }
      }
    }
    report.end()
    // A configuration problem that fails the run (an invalid file, or under --strict-config a
    // part not honoured) exits 2 once every file was judged by what applies.
    if configuration.failed { return 2 }
    return report.foundError ? 1 : 0
  }

  /// A rule option's value, read by the rule's kind: booleans are flags, `none` is `null`.
  static func ruleValue(_ field: RuleField, _ option: OptionReader.Option, _ options: inout OptionReader)
    -> Result<RuleValue, FileCheck.Problem>
  {
    // A flag sets its rule; a `--no-` flag (`--no-autosquash`) turns it off.
    if case .boolean = field.kind { return .success(.bool(!option.name.hasPrefix("--no-"))) }
    let expected = Usage.expectation(field.kind)
    guard let text = options.value(for: option) else { return .failure(FileCheck.Problem(text: expected)) }
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
      case .integer, .trailerTokens: return .failure(FileCheck.Problem(text: "\(expected), got \(text)"))
      case .choiceList(let names, _):
        guard case .strings(let chosen)? = value else { return .failure(FileCheck.Problem(text: expected)) }
        let wrong = chosen.first { !names.contains($0) }
        return .failure(
          FileCheck.Problem(
            text: "\(expected), got \(wrong.map { $0.isEmpty ? "an empty name" : $0 } ?? text)"))
      default: return .failure(FileCheck.Problem(text: expected))
      }
    }
    return .success(value)
  }
}
