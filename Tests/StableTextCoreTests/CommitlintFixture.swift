import Foundation

/// commitlint's vendored test files (Tests/Fixtures/commitlint, MIT, with their licence), read
/// just enough to list their tests: each call of `test(…)`, `it(…)`, `test.each(…)(…)` or
/// `it.each(…)(…)` outside strings and comments, by the title it is written with (a template's
/// `${…}` and `%s` kept as written). The ports check their tables against these lists, so a test
/// the port dropped, or one a newer file adds, fails the suite.
enum CommitlintFixture {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  static func url(_ path: String) -> URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fixtures/commitlint/\(path)")
  }

  static func read(_ path: String) throws -> String {
    try String(contentsOf: url(path), encoding: .utf8)
  }

  /// The files of a folder that end in `.test.ts`, sorted.
  static func testFiles(in folder: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: url(folder).path)
      .filter { $0.hasSuffix(".test.ts") }.sorted()
  }

  /// The titles of the tests of `path`, in order, one per call site.
  static func titles(_ path: String) throws -> [String] {
    let text = Array(try read(path).unicodeScalars)
    var titles: [String] = []
    var i = 0
    func isIdentifier(_ scalar: Unicode.Scalar) -> Bool {
      scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "$"
    }
    func skipSpace() {
      while i < text.count, text[i].properties.isWhitespace { i += 1 }
    }
    /// Reads the string literal at `i` (its opening quote), leaving `i` after it.
    func literal() throws -> String {
      let quote = text[i]
      var value = String.UnicodeScalarView()
      i += 1
      while i < text.count, text[i] != quote {
        if text[i] == "\\", i + 1 < text.count {
          i += 1
          value.append(text[i] == "n" ? "\n" : text[i])
        } else {
          value.append(text[i])
        }
        i += 1
      }
      guard i < text.count else { throw Failure(description: "\(path): unterminated string") }
      i += 1
      return String(value)
    }
    /// Skips the balanced parentheses at `i` (strings inside them read as strings).
    func skipParentheses() throws {
      var depth = 0
      repeat {
        if text[i] == "\"" || text[i] == "'" || text[i] == "`" {
          _ = try literal()
          continue
        }
        if text[i] == "(" { depth += 1 }
        if text[i] == ")" { depth -= 1 }
        i += 1
      } while depth > 0 && i < text.count
    }
    while i < text.count {
      let scalar = text[i]
      if scalar == "\"" || scalar == "'" || scalar == "`" {
        _ = try literal()
      } else if scalar == "/", i + 1 < text.count, text[i + 1] == "/" {
        while i < text.count, text[i] != "\n" { i += 1 }
      } else if scalar == "/", i + 1 < text.count, text[i + 1] == "*" {
        i += 2
        while i + 1 < text.count, !(text[i] == "*" && text[i + 1] == "/") { i += 1 }
        i += 2
      } else if isIdentifier(scalar) {
        let start = i
        while i < text.count, isIdentifier(text[i]) { i += 1 }
        let word = String(String.UnicodeScalarView(text[start..<i]))
        let member = start > 0 && text[start - 1] == "."
        guard !member, word == "test" || word == "it" else { continue }
        if i + 5 < text.count, String(String.UnicodeScalarView(text[i..<(i + 5)])) == ".each" {
          i += 5
          try skipParentheses()
        }
        guard i < text.count, text[i] == "(" else { continue }
        i += 1
        skipSpace()
        guard i < text.count, text[i] == "\"" || text[i] == "'" || text[i] == "`" else {
          throw Failure(description: "\(path): a test without a literal title")
        }
        titles.append(try literal())
      } else {
        i += 1
      }
    }
    return titles
  }

  /// What `a` holds more often than `b` (a multiset difference), for messages naming the
  /// titles a port lacks or has too many of.
  static func excess(_ a: [String], over b: [String]) -> [String] {
    var counts: [String: Int] = [:]
    for title in b { counts[title, default: 0] += 1 }
    return a.filter { title in
      guard let count = counts[title], count > 0 else { return true }
      counts[title] = count - 1
      return false
    }
  }
}
