import StableTextCore
import StableTextJSON
import StableTextProject
import StableTextSystem

/// Where `check`'s findings go, in the format asked for: compiler-style lines (`text`), one JSON
/// document (`json`), or GitHub Actions workflow commands (`github`). A source is a file (named
/// by its path) or, with `--commits`, a commit (named by its hash).
package struct CheckReport {
  package enum Format: String {
    case text, json, github
  }

  package let format: Format
  package let columnUnit: FileCheck.ColumnUnit
  /// Whether the sources are commits.
  package let commits: Bool
  /// Error diagnostics printed so far.
  package private(set) var errors = 0
  package var foundError: Bool { errors > 0 }
  /// Standard output and standard error, or memory (`inMemory`: an MCP tool's answer).
  package private(set) var output: OutputBuffer
  private var sources = 0
  private var firstDiagnostic = true

  package init(format: Format, columnUnit: FileCheck.ColumnUnit, commits: Bool, inMemory: Bool = false) {
    self.format = format
    self.columnUnit = columnUnit
    self.commits = commits
    output = OutputBuffer(inMemory: inMemory)
  }

  package mutating func begin() {
    if format == .json { output.write(commits ? "{\"commits\":[" : "{\"files\":[") }
  }

  package mutating func end() {
    if format == .json { output.write(skipped.map { "],\"skipped\":\($0)}\n" } ?? "]}\n") }
    output.flush()
  }

  /// The commits `--ignore-author` skipped, when it was given.
  private var skipped: Int?

  /// Says how many commits `option` skipped (none included): `stabletext: note: skipped N commits
  /// (--ignore-author)` on standard error in the text format, a `::notice::` under `--format
  /// github`, the member `skipped` of the JSON document.
  package mutating func skipped(_ count: Int, by option: String) {
    skipped = count
    let text = "skipped \(count) commit\(count == 1 ? "" : "s") whose author matches \(option)"
    switch format {
    case .json: return
    case .text: output.error("stabletext: note: \(text)\n")
    case .github: output.error("::notice::\(Self.escapedData(text))\n")
    }
  }

  /// Everything written so far goes out (before a message on standard error).
  package mutating func flush() { output.flush() }

  package enum Severity: String {
    case error, warning
  }

  /// What a message that is not a diagnostic is about.
  package enum Source {
    case file(String)
    /// A commit's full hash.
    case commit(String)
  }

  /// A message that is not a diagnostic (a file that cannot be read, a configuration file that
  /// is wrong or names unknown rules, a commit that is not UTF-8, git's refusal), on standard
  /// error: `NAME: severity: TEXT` (a commit named by its first 12 digits; without a source
  /// `stabletext: TEXT` for an error, `stabletext: warning: TEXT`), or with `--format github` one workflow command, `::error
  /// file=PATH::TEXT` (`title=SHA` for a commit, no property without a source), escaped as every
  /// workflow command is: whatever a file name, a configuration key or git's words hold, each
  /// line printed is one command that says only what it was written to say (Protocol/README.md,
  /// "Command line").
  package mutating func problem(_ severity: Severity, _ text: String, about source: Source? = nil) {
    guard format == .github else {
      // A path's folders and a configuration's words are the repository's: escaped (`ShownText`).
      let text = ShownText.escaped(text)
      switch source {
      case .file(let path): output.error("\(ShownText.escaped(path)): \(severity.rawValue): \(text)\n")
      case .commit(let hash): output.error("\(hash.prefix(12)): \(severity.rawValue): \(text)\n")
      // The command's own errors as `Usage.refuse` words them.
      case nil: output.error("stabletext: \(severity == .error ? "" : "warning: ")\(text)\n")
      }
      return
    }
    let property: String
    switch source {
    case .file(let path): property = " file=\(Self.escapedProperty(path))"
    case .commit(let hash): property = " title=\(Self.escapedProperty("stabletext in \(hash.prefix(12))"))"
    case nil: property = ""
    }
    output.error("::\(severity.rawValue)\(property)::\(Self.escapedData(text))\n")
  }

  /// A problem of a configuration file, on standard error: `FILE:LINE:COL: severity: TEXT`
  /// (as far as the place is known), or with `--format github` a workflow command at the file's
  /// line and column.
  package mutating func configurationProblem(_ problem: ConfigurationProblem, severity: Severity) {
    guard format == .github else {
      // The repository's words escaped, as every line `check` prints is.
      output.error(
        "\(ShownText.escaped(problem.place)): \(severity.rawValue): \(ShownText.escaped(problem.text))\n")
      return
    }
    var properties = ["file=\(Self.escapedProperty(problem.path))"]
    if let line = problem.line { properties.append("line=\(line)") }
    if let column = problem.column { properties.append("col=\(column)") }
    output.error(
      "::\(severity.rawValue) \(properties.joined(separator: ","))::\(Self.escapedData(problem.text))\n")
  }

  /// A hint for the person at the terminal, `PATH: note: TEXT` on stderr, in the text format
  /// only (JSON is for programs, and GitHub's annotations are for what is wrong).
  package mutating func hint(_ text: String, about path: String) {
    guard format == .text else { return }
    output.error("\(ShownText.escaped(path)): note: \(ShownText.escaped(text))\n")
  }

  /// A fix `--fix` wrote to the file `name`: `FILE:LINE: fixed CODE`, on standard output in the
  /// text format (before the file's remaining diagnostics), on standard error in the others, whose
  /// standard output is a document for programs.
  package mutating func fixed(_ applied: CheckFix.Applied, in name: String) {
    let line = "\(ShownText.escaped(name)):\(applied.line): fixed \(ShownText.escaped(applied.code))\n"
    guard format == .text else {
      output.error(line)
      return
    }
    output.write(line)
  }

  /// The source `name` (a path, or a commit's full hash) and its field, before its diagnostics.
  package mutating func beginSource(_ name: String, _ field: StableTextField) {
    firstDiagnostic = true
    guard format == .json else { return }
    var head = JSONBytes()
    head.raw(sources > 0 ? "," : "")
    head.raw(commits ? "{\"commit\":" : "{\"path\":")
    head.string(name)
    head.raw(",\"length\":")
    head.int(field.length)
    head.raw(",\"limit\":")
    if let limit = field.rules.limit { head.int(limit) } else { head.raw("null") }
    head.raw(",\"unit\":")
    head.string(field.rules.lengthUnit.rawValue)
    head.raw(",\"counter\":")
    head.string(field.counter)
    head.raw(",\"diagnostics\":[")
    output.write(head.bytes)
    sources += 1
  }

  package mutating func endSource() {
    if format == .json { output.write("]}") }
  }

  /// One diagnostic of the source `name` (a path, or a commit's full hash).
  package mutating func diagnostic(_ diagnostic: FieldDiagnostic, of name: String, in field: StableTextField)
  {
    let start = FileCheck.place(diagnostic.range.lowerBound, diagnostic.line, in: field.text, columnUnit)
    let severity =
      diagnostic.severity == .error ? "error" : diagnostic.severity == .warning ? "warning" : "note"
    if diagnostic.severity == .error { errors += 1 }
    let shown = commits ? String(name.prefix(12)) : name
    let code = diagnostic.code.rawValue
    switch format {
    case .text:
      // The message quotes the team's configuration and the text: escaped, as every line of
      // others' text is (`ShownText`), so each diagnostic is one line that says only its words.
      output.write(
        "\(ShownText.escaped(shown)):\(start.line):\(start.column): \(severity): \(ShownText.escaped(diagnostic.message)) [\(ShownText.escaped(code))]\n"
      )
    case .json:
      var item = JSONBytes()
      item.raw(firstDiagnostic ? "{\"line\":" : ",{\"line\":")
      item.int(start.line)
      item.raw(",\"column\":")
      item.int(start.column)
      item.raw(",\"severity\":")
      item.string(severity)
      item.raw(",\"code\":")
      item.string(code)
      item.raw(",\"message\":")
      item.string(diagnostic.message)
      item.raw("}")
      output.write(item.bytes)
    case .github:
      let end = FileCheck.place(diagnostic.range.upperBound, nil, in: field.text, columnUnit)
      let command =
        diagnostic.severity == .error ? "error" : diagnostic.severity == .warning ? "warning" : "notice"
      var properties: [String] = []
      if !commits { properties.append("file=\(Self.escapedProperty(name))") }
      properties.append("line=\(start.line)")
      if end.line != start.line { properties.append("endLine=\(end.line)") }
      properties.append("col=\(start.column)")
      properties.append("endColumn=\(end.column)")
      let title = commits ? "stabletext \(code) in \(shown)" : "stabletext \(code)"
      properties.append("title=\(Self.escapedProperty(title))")
      output.write(
        "::\(command) \(properties.joined(separator: ","))::\(Self.escapedData(diagnostic.message))\n")
    }
    firstDiagnostic = false
  }

  /// A workflow command's message: `%`, `\r` and `\n` escaped (GitHub's toolkit's rules), and
  /// the other controls and the bidirectional ones as the text format escapes them
  /// (`ShownText.escapedInWorkflowCommand`): the message's words, line breaks and `::` included,
  /// come back as they were written.
  package static func escapedData(_ text: String) -> String {
    percentEscaped(ShownText.escapedInWorkflowCommand(text))
  }

  /// A workflow command's property value: as its message, and `:` and `,` too.
  package static func escapedProperty(_ text: String) -> String {
    escapedData(text).replacing(":", with: "%3A").replacing(",", with: "%2C")
  }

  private static func percentEscaped(_ text: String) -> String {
    var escaped = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "%": escaped += "%25"
      case "\r": escaped += "%0D"
      case "\n": escaped += "%0A"
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }
}
