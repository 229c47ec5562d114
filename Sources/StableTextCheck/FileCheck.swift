import StableTextConventions
import StableTextCore
import StableTextProject
import StableTextSystem

/// One file checked as `stabletext check FILE` checks it, into a `CheckReport`: the same rules
/// as the daemon (`CheckRules`), the file's absolute path standing for its URI path (so git's
/// message files get the `gitCommit` preset through the built-in overrides, and the repository's
/// `.stabletext.json` and `.editorconfig` apply), git's lines in a message read as the hook reads
/// them, the fixes with one right answer applied with `--fix`. The command line and the MCP
/// tools share it (Protocol/README.md, "Command line" and "MCP"): a tool's message is given as
/// bytes that stand for the file, which is then neither read nor written.
package enum FileCheck {
  package enum ColumnUnit {
    /// Display columns, tabs every 8 whatever `tabSize` says (as GCC prints since version 11).
    case display
    case byte
  }

  /// Where the text comes from.
  package enum Source {
    /// The file at the path (standard input for `-`).
    case file
    /// These UTF-8 bytes, checked as the file at the path would be: nothing is read (the
    /// configuration files and git aside) and nothing written.
    case given([UInt8])
  }

  /// What becomes of the fixes with one right answer (`StableTextField.fixesAppliedByCheck`).
  package enum Fixing {
    case none
    /// Applied and written back to the file (`check --fix`), each said in the report.
    case writeFile
    /// Applied to the text only (`Outcome.text`), each returned in `Outcome.applied`.
    case keep
  }

  /// How a check ended: 0 when the file was checked (or, for a commit message, said to be
  /// unreadable, or not judged because a configuration file it has is invalid: the
  /// `ConfigurationReport` says so), 2 when it cannot be read; the text checked (after its
  /// fixes) and the fixes applied.
  package struct Outcome {
    package var status: Int32
    package var text: TextBuffer?
    package var applied: [CheckFix.Applied] = []
  }

  /// Checks the file at `path` (or `source`'s bytes standing for it) into `report`, its
  /// configuration files' problems said through `configuration`.
  package static func check(
    _ path: String, source: Source = .file, encoding: String?, rules resolver: CheckRules,
    verbose: Bool = false, fix: Fixing = .none, configuration: inout ConfigurationReport,
    report: inout CheckReport
  ) -> Outcome {
    let name = path == "-" ? "<stdin>" : path
    let resolved = resolver.rules(forPath: path)
    // Every problem of its configuration files, each once a run; an invalid one leaves the file
    // unjudged, as its own tool would.
    guard configuration.say(resolved.problems, report: &report) else { return Outcome(status: 0) }
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
    if coversNothing, case .file = source, path != "-", FileSystem.kind(of: path) == .file {
      return Outcome(status: 0)
    }
    // A commit message is in git's i18n.commitEncoding unless the option names one, and git's
    // lines in it say which lines git keeps. Given bytes are UTF-8 text already.
    let underPreset = resolved.rules.isCommitMessage
    var named: String?
    if case .file = source {
      named = encoding ?? (underPreset ? resolved.git?.repository.config.value("i18n.commitEncoding") : nil)
    }
    var template =
      underPreset && resolved.git != nil ? GitTemplate(prefixes: resolver.templatePrefixes(resolved)) : nil
    var text: TextBuffer
    switch read(path, source, encoding: named, observe: { template?.read($0) }) {
    case .success(let buffer): text = buffer
    case .failure(let problem):
      if problem.isDecoding && coversNothing { return Outcome(status: 0) }
      if underPreset && problem.isDecoding {
        // A hook never refuses a commit for its encoding: said, and nothing else checked.
        report.problem(.warning, "\(problem.text); the message was not checked", about: .file(name))
        return Outcome(status: 0)
      }
      report.problem(.error, problem.text, about: .file(name))
      return Outcome(status: 2)
    }
    if coversNothing { return Outcome(status: 0, text: text) }
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
    var applied: [CheckFix.Applied] = []
    if fix != .none {
      // Written back as UTF-8: a file read in another encoding would change its bytes beyond the
      // fixes, so it is refused rather than rewritten.
      if let named, !["utf-8", "utf8"].contains(named.lowercased()) {
        report.problem(.error, "--fix writes UTF-8 only; the file is read as \(named)", about: .file(name))
        return Outcome(status: 2)
      }
      let fixed = CheckFix.apply(text, rules: rules)
      applied = fixed.applied
      if !fixed.applied.isEmpty {
        if fix == .writeFile {
          if let refusal = CheckFix.write(fixed.text, over: text, at: path) {
            report.problem(.error, "--fix: \(refusal)", about: .file(name))
            return Outcome(status: 2)
          }
          for applied in fixed.applied { report.fixed(applied, in: name) }
        }
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
    if case .file = source, underPreset, let git = resolved.git, underAHook, path != "-",
      report.errors > errorsBefore
    {
      let again =
        git.repository.rebaseInProgress
        ? "git commit --amend -e -F \(path), then git rebase --continue"
        : "git commit -e -F \(path) (with --amend if you were amending)"
      report.hint(
        "the commit was refused; git kept the message in \(path): edit it and commit again with \(again)",
        about: name)
    }
    return Outcome(status: 0, text: text, applied: applied)
  }

  /// The largest file `check` reads: the daemon's largest document (a line's figures are kept in
  /// 32 bits, exact below 4 GiB; docs/checked-arithmetic.md).
  package static let maxFileBytes = Int(Int32.max)

  /// The text of `source` for the file at `path`, or what to say instead.
  static func read(
    _ path: String, _ source: Source, encoding: String?, observe: (UnsafeRawBufferPointer) -> Void
  ) -> Result<TextBuffer, Problem> {
    guard case .given(let bytes) = source else { return read(path, encoding: encoding, observe: observe) }
    guard bytes.count <= maxFileBytes else {
      return .failure(
        Problem(text: "the message has \(bytes.count) bytes, more than the \(maxFileBytes) checked"))
    }
    var builder = TextBufferBuilder()
    let valid = bytes.withUnsafeBytes { piece in
      observe(piece)
      return builder.append(piece)
    }
    guard valid, let text = builder.finish() else {
      return .failure(
        Problem(text: "not valid UTF-8 at byte \(builder.invalidOffset ?? 0)", isDecoding: true))
    }
    return .success(text)
  }

  /// The file at `path` (standard input for `-`) as text, read a megabyte at a time, decoded
  /// from `encoding` (UTF-8 when nil) and checked as UTF-8 on the way, each UTF-8 piece shown to
  /// `observe`; or what to say instead. A path that is not a regular file is refused before
  /// anything is read (a device never ends; standard input is the way to check a stream).
  package static func read(
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

  package struct Problem: Error {
    package var text: String
    /// The file was read but is not text in its encoding.
    package var isDecoding = false

    package init(text: String, isDecoding: Bool = false) {
      self.text = text
      self.isDecoding = isDecoding
    }
  }

  /// The URI a file stands for: its absolute path (so anchored patterns match), `%` escaped.
  package static func uri(of path: String) -> String {
    guard path != "-" else { return "untitled:stdin" }
    let absolute = path.hasPrefix("/") ? path : FileSystem.join(FileSystem.currentDirectory() ?? "/", path)
    return "file://"
      + absolute.split(separator: "%", omittingEmptySubsequences: false).joined(separator: "%25")
  }

  /// 1-based line and column of `offset`: on the line `known` when the check said which, else
  /// looked up.
  package static func place(
    _ offset: Int, _ known: FieldDiagnostic.Line?, in text: TextBuffer, _ unit: ColumnUnit
  ) -> (line: Int, column: Int) {
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
