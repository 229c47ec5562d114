import StableTextCheck
import StableTextCore
import StableTextJSON
import StableTextProtocol

/// A message checked as `stabletext check --format json` checks the file it stands for (its
/// repository's `COMMIT_EDITMSG`, or without one standard input under `--preset gitCommit`), by
/// the same code into memory: the JSON document byte for byte, what would have gone to standard
/// error, and with `fix` the text after the fixes `check --fix` writes.
struct MessageCheck {
  /// 0 checked, 2 not (a configuration file that is invalid or cannot be read: `problems` says
  /// which, and how).
  var status: Int32
  /// `check --format json`'s standard output, without its final line break.
  var document: [UInt8]
  /// Its standard error, a message an entry (configuration warnings; the error when not checked).
  var problems: [String]
  var text: TextBuffer?
  var applied: [CheckFix.Applied]

  /// The largest message a tool takes (`params.arguments.message`): a commit message is a few
  /// kilobytes; past a mebibyte it is a mistake, said as one (Protocol/README.md, "MCP": "Bounds").
  static let maxMessageBytes = 1 << 20

  init(_ message: String, as file: String?, fix: Bool) {
    // A message given alone is a commit message; a file named is judged as `check` judges it.
    let options = file == nil ? RulePatch(preset: .some(.gitCommit)) : RulePatch()
    var report = CheckReport(format: .json, columnUnit: .display, commits: false, inMemory: true)
    report.begin()
    var configuration = ConfigurationReport(strict: false)
    let outcome = FileCheck.check(
      file ?? "-", source: .given(Array(message.utf8)), encoding: nil, rules: CheckRules(options: options),
      fix: fix ? .keep : .none, configuration: &configuration, report: &report)
    if outcome.status == 0 { report.end() }
    var document = report.output.written
    if document.last == 0x0A { document.removeLast() }
    // As `check` exits: 2 for a configuration file that fails the run.
    status = configuration.failed ? 2 : outcome.status
    self.document = document
    problems = report.output.errors.map { $0.hasSuffix("\n") ? String($0.dropLast()) : $0 }
    text = outcome.text
    applied = outcome.applied
  }

  /// The document as structured content: its bytes as they are.
  var structured: JSONValue { .verbatim(String(decoding: document, as: UTF8.self)) }

  /// The document's diagnostics as `check` prints them (`PATH:LINE:COLUMN: severity: message
  /// [code]`), after a line that counts them: the text a model reads.
  var summary: String {
    guard let parsed = try? JSONValue(parsing: String(decoding: document, as: UTF8.self)),
      let file = parsed["files"]?[0]
    else { return problems.joined(separator: "\n") }
    let path = file["path"]?.stringValue ?? "-"
    let diagnostics = file["diagnostics"]?.arrayValue ?? []
    let errors = diagnostics.filter { $0["severity"]?.stringValue == "error" }.count
    let counter = file["counter"]?.stringValue ?? ""
    // `45/50` against a limit, or the length alone.
    let length = counter.contains("/") ? counter : "length \(counter)"
    var lines = [
      diagnostics.isEmpty
        ? "No problems (\(length)): the commit-msg hook would accept this message."
        : "\(diagnostics.count) problem\(diagnostics.count == 1 ? "" : "s"), \(errors) error\(errors == 1 ? "" : "s") (\(length))\(errors > 0 ? ": the commit-msg hook would refuse this message" : "")."
    ]
    for diagnostic in diagnostics {
      let line = diagnostic["line"]?.intValue ?? 0
      let column = diagnostic["column"]?.intValue ?? 0
      let severity = diagnostic["severity"]?.stringValue ?? ""
      let message = diagnostic["message"]?.stringValue ?? ""
      let code = diagnostic["code"]?.stringValue ?? ""
      lines.append("\(path):\(line):\(column): \(severity): \(message) [\(code)]")
    }
    return (lines + problems).joined(separator: "\n")
  }

  /// `check --format json`'s document, described for `outputSchema`.
  static let documentSchema: JSONValue = [
    "type": "object",
    "properties": [
      "files": [
        "type": "array",
        "items": [
          "type": "object",
          "properties": [
            "path": ["type": "string", "description": "The file the message was checked as"],
            "length": ["type": "integer", "description": "The message's length in the limit's unit"],
            "limit": ["type": ["integer", "null"], "description": "The whole message's limit, if any"],
            "unit": ["type": "string"],
            "counter": ["type": "string", "description": "length/limit as the editor shows it"],
            "diagnostics": [
              "type": "array",
              "items": [
                "type": "object",
                "properties": [
                  "line": ["type": "integer", "minimum": 1],
                  "column": ["type": "integer", "minimum": 1, "description": "In display columns"],
                  "severity": ["enum": ["error", "warning", "note"]],
                  "code": ["type": "string"], "message": ["type": "string"],
                ],
                "required": ["line", "column", "severity", "code", "message"],
              ],
            ],
          ],
          "required": ["path", "length", "limit", "unit", "counter", "diagnostics"],
        ],
      ]
    ],
    "required": ["files"],
  ]
}
