import Foundation
import StableTextTestSupport

/// The cases of twitter-text's conformance files (kept beside the project, with their licence, in
/// ../shared/third-party/twitter-text: a missing file fails the test, naming its path), read by a
/// reader of just the YAML those files use: sections of cases, each a
/// `description`, a `text` and an `expected` that is a scalar, an inline list of strings, a
/// mapping of scalars, or a list of strings or of `url`/`indices` mappings. Strings are plain or
/// double-quoted with YAML's escapes. A line it does not know fails the read (so a file that
/// changes shape cannot quietly lose cases).
struct TwitterConformanceCase {
  var section: String
  var description: String
  var text: String
  /// `expected: true` and the like.
  var scalar: String?
  /// `expected: ["a", "b"]` or a block list of strings.
  var strings: [String] = []
  /// A block mapping: `weightedLength: 26`, …
  var fields: [String: String] = [:]
  /// A block list of `url:` and `indices:` mappings.
  var urls: [(url: String, indices: [Int])] = []
}

enum TwitterConformance {
  static func cases(_ file: String) throws -> [TwitterConformanceCase] {
    let lines = try ThirdPartyData.text("twitter-text/\(file)").split(
      separator: "\n", omittingEmptySubsequences: false)
    var cases: [TwitterConformanceCase] = []
    var section = ""
    var inExpected = false
    for (number, raw) in lines.enumerated() {
      let line = String(raw)
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      let indent = line.prefix { $0 == " " }.count
      if trimmed.isEmpty || trimmed == "---" || trimmed == "tests:" || trimmed.hasPrefix("#") { continue }
      func fail() -> Error { ConformanceError(message: "\(file):\(number + 1): unread line: \(line)") }
      if indent == 2 && trimmed.hasSuffix(":") && !trimmed.hasPrefix("-") {
        section = String(trimmed.dropLast())
        continue
      }
      if trimmed.hasPrefix("- description:") {
        let value = try scalar(String(trimmed.dropFirst("- description:".count)), fail)
        cases.append(TwitterConformanceCase(section: section, description: value, text: ""))
        inExpected = false
        continue
      }
      guard !cases.isEmpty else { throw fail() }
      if !inExpected, trimmed.hasPrefix("text:") {
        cases[cases.count - 1].text = try scalar(String(trimmed.dropFirst("text:".count)), fail)
        continue
      }
      if !inExpected, trimmed.hasPrefix("expected:") {
        let rest = trimmed.dropFirst("expected:".count).trimmingCharacters(in: .whitespaces)
        if rest.isEmpty {
          inExpected = true
        } else if rest.hasPrefix("[") {
          cases[cases.count - 1].strings = try list(rest, fail)
        } else {
          cases[cases.count - 1].scalar = try scalar(rest, fail)
        }
        continue
      }
      guard inExpected else { throw fail() }
      if trimmed.hasPrefix("- url:") {
        let url = try scalar(String(trimmed.dropFirst("- url:".count)), fail)
        cases[cases.count - 1].urls.append((url, []))
      } else if trimmed.hasPrefix("indices:"), !cases[cases.count - 1].urls.isEmpty {
        let values = try list(String(trimmed.dropFirst("indices:".count)), fail).compactMap(Int.init)
        cases[cases.count - 1].urls[cases[cases.count - 1].urls.count - 1].indices = values
      } else if trimmed.hasPrefix("- ") {
        cases[cases.count - 1].strings.append(try scalar(String(trimmed.dropFirst(2)), fail))
      } else if let colon = trimmed.firstIndex(of: ":") {
        let key = String(trimmed[..<colon])
        cases[cases.count - 1].fields[key] = try scalar(String(trimmed[trimmed.index(after: colon)...]), fail)
      } else {
        throw fail()
      }
    }
    return cases
  }

  struct ConformanceError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
  }

  /// A plain or double-quoted scalar.
  static func scalar(_ raw: String, _ fail: () -> Error) throws -> String {
    let value = raw.trimmingCharacters(in: .whitespaces)
    guard value.hasPrefix("\"") else { return value }
    var scalars = Array(value.unicodeScalars.dropFirst())
    guard scalars.last == "\"" else { throw fail() }
    scalars.removeLast()
    var out = String.UnicodeScalarView()
    var i = 0
    while i < scalars.count {
      let c = scalars[i]
      i += 1
      guard c == "\\" else {
        out.append(c)
        continue
      }
      guard i < scalars.count else { throw fail() }
      let e = scalars[i]
      i += 1
      switch e {
      case "n": out.append("\n")
      case "t": out.append("\t")
      case "r": out.append("\r")
      case "0": out.append("\0")
      case "\"", "\\", "/": out.append(e)
      case "x", "u", "U":
        let width = e == "x" ? 2 : e == "u" ? 4 : 8
        guard i + width <= scalars.count,
          let v = UInt32(String(String.UnicodeScalarView(scalars[i..<i + width])), radix: 16),
          let scalar = Unicode.Scalar(v)
        else { throw fail() }
        out.append(scalar)
        i += width
      default: throw fail()
      }
    }
    return String(out)
  }

  /// An inline list of scalars: `["a", "b"]` or `[5, 22]`.
  static func list(_ raw: String, _ fail: () -> Error) throws -> [String] {
    let value = raw.trimmingCharacters(in: .whitespaces)
    guard value.hasPrefix("["), value.hasSuffix("]") else { throw fail() }
    let inner = value.dropFirst().dropLast()
    var items: [String] = []
    var current = ""
    var quoted = false
    var escaped = false
    for c in inner {
      if escaped {
        current.append(c)
        escaped = false
        continue
      }
      if c == "\\" && quoted {
        current.append(c)
        escaped = true
        continue
      }
      if c == "\"" { quoted.toggle() }
      if c == "," && !quoted {
        items.append(try scalar(current, fail))
        current = ""
        continue
      }
      current.append(c)
    }
    if !current.trimmingCharacters(in: .whitespaces).isEmpty { items.append(try scalar(current, fail)) }
    return items
  }
}
