import Foundation
import StableTextConventions
import StableTextCore
import StableTextJSON
import StableTextProject
import Testing

/// StableText's INI reader against Python's `configparser.ConfigParser()`, the reader gitlint
/// 0.19.1 reads `.gitlint` with (Protocol/README.md, "Where the rules come from"): 1,000
/// generated files (sections, `=` and `:`, indentation in tabs and no-break spaces, comments,
/// continuation and blank lines, `\r\n` and `\r` line ends, keys in upper case, sections and
/// options twice, `[DEFAULT]`, `%%` and `%(name)s`), with what Python 3.11 gave for each
/// (`scripts/generate-gitlint-ini-cases.py` wrote the record, `Tests/Oracles/configparser/ini-cases.json`):
/// every section's items in order, or the exception it raised, must be the same.
@Test func iniFilesReadAsPythonReadsThem() throws {
  let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Oracles/configparser/ini-cases.json")
  let fixture = try JSONValue(parsing: String(contentsOf: url, encoding: .utf8))
  let cases = try #require(fixture["cases"]?.arrayValue)
  #expect(cases.count == 1_000)
  var differences: [String] = []
  var errors = 0
  for example in cases {
    let text = try #require(example["text"]?.stringValue)
    let read = IniSections.parse(text)
    if let kind = example["error"]?.stringValue {
      errors += 1
      switch read {
      case .success(let sections):
        differences.append("\(text.debugDescription): \(sections), Python: \(kind)")
      case .failure(let problem) where problem.kind != kind:
        differences.append("\(text.debugDescription): \(problem.kind), Python: \(kind)")
      case .failure: break
      }
      continue
    }
    let expected = try #require(example["sections"]?.arrayValue).map { section in
      GitlintSetup.Section(
        section[0]!.stringValue!,
        section[1]!.arrayValue!.map { GitlintSetup.Option($0[0]!.stringValue!, $0[1]!.stringValue!) })
    }
    switch read {
    case .success(let sections) where sections == expected: break
    case .success(let sections):
      differences.append("\(text.debugDescription): \(sections), Python: \(expected)")
    case .failure(let problem):
      differences.append("\(text.debugDescription): \(problem), Python: \(expected)")
    }
  }
  #expect(errors > 300 && errors < 700)
  #expect(
    differences.isEmpty,
    "\(differences.count) differences:\n\(differences.prefix(10).joined(separator: "\n"))")
}
