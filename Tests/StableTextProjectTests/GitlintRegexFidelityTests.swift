import Foundation
import StableTextConventions
import StableTextCore
import StableTextJSON
import StableTextProject
import Testing

/// gitlint's expressions through PCRE2 against Python's `re` (Protocol/README.md, "gitlint's
/// rules"): the patterns and texts of `Tests/Oracles/gitlint/regex-cases.json`, with what Python
/// 3.11 gave for each (`scripts/generate-gitlint-regex-cases.py`: `re.search` and `re.match`, or
/// the error `re.compile` raised). Every pattern Python refuses is refused; every other is read
/// and gives Python's verdicts, but for the differences listed here, which the documentation
/// names.
@Suite struct GitlintRegexFidelityTests {
  /// Where StableText's engine and Python part, each with why.
  static let knownDifferences: [String: String] = [
    // Python's ASCII-only classes and a character's name have no PCRE2 spelling: refused.
    "(?a)\\w": "refused",
    "\\N{EM DASH}": "refused",
  ]

  struct Case {
    var pattern: String
    var error: String?
    var results: String
  }

  static func load() throws -> (texts: [String], cases: [Case]) {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Oracles/gitlint/regex-cases.json")
    let fixture = try JSONValue(parsing: String(contentsOf: url, encoding: .utf8))
    let texts = try #require(fixture["texts"]?.arrayValue).map { $0.stringValue ?? "" }
    let cases = try #require(fixture["cases"]?.arrayValue).map { entry in
      Case(
        pattern: entry["pattern"]?.stringValue ?? "", error: entry["error"]?.stringValue,
        results: entry["results"]?.stringValue ?? "")
    }
    return (texts, cases)
  }

  @Test func sameVerdictsAsPython() throws {
    let (texts, cases) = try Self.load()
    #expect(cases.count == 105)
    var differences: [String: String] = [:]
    var compared = 0
    for example in cases {
      let regex: GitlintRegex
      do {
        regex = try GitlintRegex(example.pattern, engine: PCRE2Engine())
      } catch {
        if example.error == nil { differences[example.pattern] = "refused" }
        continue
      }
      guard example.error == nil else {
        differences[example.pattern] = "read"
        continue
      }
      let expected = Array(example.results)
      for (index, text) in texts.enumerated() {
        let search = regex.search(text)
        let match = regex.match(text)
        compared += 1
        if search != (expected[2 * index] == "1") || match != (expected[2 * index + 1] == "1") {
          differences["\(example.pattern) / \(text)"] = "search \(search), match \(match)"
        }
      }
    }
    // Python reads 80 of the patterns; two of them are refused here; 58 texts each.
    #expect(compared == 78 * 58)
    #expect(differences == Self.knownDifferences)
  }

  /// The messages a refused expression gets: Python's own words where StableText refuses what
  /// Python refuses before PCRE2 reads it, PCRE2's otherwise, in gitlint's sentence.
  @Test(arguments: [
    ("\\q", "Invalid regular expression: 'bad escape \\q at position 0'"),
    ("a(?i)b", "Invalid regular expression: 'global flags not at the start of the expression at position 1'"),
    ("(?<n>a)", "Invalid regular expression: 'unknown extension ?<n at position 1'"),
    ("(*FAIL)", "Invalid regular expression: 'nothing to repeat at position 1'"),
    ("\\u12", "Invalid regular expression: 'incomplete escape \\u12 at position 0'"),
    ("(", "Invalid regular expression: 'missing closing parenthesis'"),
    ("[a", "Invalid regular expression: 'missing terminating ] for character class'"),
  ])
  func refusal(_ pattern: String, _ message: String) {
    #expect(throws: GitlintOptionError(message)) { try GitlintRegex(pattern, engine: PCRE2Engine()) }
  }
}
