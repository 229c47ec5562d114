import StableTextConventions
import StableTextCore

/// An INI file as Python's `configparser.ConfigParser()` with its defaults reads it, which is how
/// gitlint reads `.gitlint` (Protocol/README.md, "Where the rules come from"): `[section]`
/// headers; `key = value` or `key: value` (the first `=` or `:` splits, both sides stripped, the
/// key lower-cased); full-line comments starting with `#` or `;` (after any indentation), no
/// inline comments; a line indented deeper than its option's line continues the value (joined
/// with a newline, blank lines inside kept, trailing ones dropped); a section or an option written
/// twice is an error (`strict`); a `[DEFAULT]` section's options appear in every section; and
/// `%(name)s` and `%%` are interpolated (`BasicInterpolation`, as `items()` gives them). Lines
/// are split as Python's text files split them (`\n`, `\r\n`, `\r`), and "whitespace" is
/// Python's `str.isspace`. Errors are Python's words, with the line.
package enum IniSections {
  /// What is wrong: Python's words, and the name of the exception Python raises (`kind`:
  /// `DuplicateOptionError`, `ParsingError`…), which the differential test compares.
  package struct Problem: Error, Hashable, Sendable {
    package var kind: String
    package var message: String
  }

  private struct Section {
    var name: String
    var options: [(key: String, lines: [String])] = []
  }

  /// What reading a file may build at most: every section's options once `[DEFAULT]`'s are put
  /// in it and `%(name)s` interpolated, counted in bytes of keys and values built and of raw
  /// values read, 16 MiB. Python builds whatever a file asks for: a 3 KB file of references to
  /// references expands to 10¹⁰ characters, and 20,000 sections under a large `[DEFAULT]` copy it
  /// 20,000 times. A file within the 1 MiB cap that gitlint could read in any reasonable time
  /// stays far within it.
  package static let maxBuiltBytes = 16 * 1024 * 1024

  package static func parse(_ text: String) -> Result<[GitlintSetup.Section], Problem> {
    var sections: [Section] = []
    var sectionIndex: [String: Int] = [:]
    var defaults = Section(name: "DEFAULT")
    /// The section being read: -1 for `[DEFAULT]`, nil before any header.
    var current: Int?
    var option: String?
    var indentLevel = 0
    var seen: Set<String> = []
    var errors: [String] = []
    for (number, line) in lines(of: text).enumerated() {
      let lineNumber = number + 1
      let stripped = strip(line)
      let isComment = stripped.hasPrefix("#") || stripped.hasPrefix(";")
      let value = isComment ? "" : stripped
      if value.isEmpty {
        // A blank line inside a value is kept (empty_lines_in_values); a comment line is not.
        if !isComment, let current, let option, !option.isEmpty {
          append("", toLastOptionOf: current, &sections, &defaults)
        }
        continue
      }
      let indent = line.unicodeScalars.prefix { isWhitespace($0) }.count
      // An empty key (a line starting with `=`) continues nothing: Python tests the name's truth.
      if let current, let option, !option.isEmpty, indent > indentLevel {
        append(value, toLastOptionOf: current, &sections, &defaults)
        continue
      }
      indentLevel = indent
      if let header = sectionHeader(value) {
        if header == "DEFAULT" {
          current = -1
        } else if let index = sectionIndex[header] {
          if seen.contains(header) {
            return .failure(
              Problem(
                kind: "DuplicateSectionError",
                message: "line \(lineNumber): section \(repr(header)) already exists"))
          }
          current = index
        } else {
          sections.append(Section(name: header))
          current = sections.count - 1
          sectionIndex[header] = current
        }
        seen.insert(header)
        option = nil
        continue
      }
      guard let section = current else {
        return .failure(
          Problem(
            kind: "MissingSectionHeaderError",
            message: "line \(lineNumber): file contains no section headers: \(repr(line))"))
      }
      guard let split = optionSplit(value) else {
        errors.append("line \(lineNumber): \(repr(line))")
        continue
      }
      if split.key.isEmpty { errors.append("line \(lineNumber): \(repr(line))") }
      let key = split.key.lowercased()
      let sectionName = section < 0 ? "DEFAULT" : sections[section].name
      if seen.contains("\(sectionName)\u{0}\(key)") {
        return .failure(
          Problem(
            kind: "DuplicateOptionError",
            message: "line \(lineNumber): option \(repr(key)) in section \(repr(sectionName)) already exists")
        )
      }
      seen.insert("\(sectionName)\u{0}\(key)")
      // Written once per section (`strict`: a second time is refused above).
      if section < 0 {
        defaults.options.append((key, [split.value]))
      } else {
        sections[section].options.append((key, [split.value]))
      }
      option = key
    }
    if !errors.isEmpty {
      return .failure(
        Problem(kind: "ParsingError", message: "contains parsing errors: \(errors.joined(separator: "; "))"))
    }
    // `items(section)`: the defaults, then the section's own options (an own option replaces a
    // default in the default's place), each value interpolated.
    var result: [GitlintSetup.Section] = []
    var built = Interpolation.Work()
    let defaultValues = defaults.options.map { (key: $0.key, value: joined($0.lines)) }
    for section in sections {
      var merged = defaultValues
      var place = Dictionary(
        merged.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { first, _ in first })
      for own in section.options {
        let value = joined(own.lines)
        if let index = place[own.key] {
          merged[index].value = value
        } else {
          place[own.key] = merged.count
          merged.append((own.key, value))
        }
      }
      var interpolation = Interpolation(section: section.name, options: merged, places: place)
      var options: [GitlintSetup.Option] = []
      for (key, raw) in merged {
        switch interpolation.value(of: key, raw: raw, &built) {
        case .success(let value): options.append(GitlintSetup.Option(key, value))
        case .failure(let problem): return .failure(problem)
        }
      }
      result.append(GitlintSetup.Section(section.name, options))
    }
    return .success(result)
  }

  /// Where an option (or, with no key, a section's header) is written, for a problem's place:
  /// the line and the column its text starts at, the sections and keys read as `parse` reads
  /// them (the last time a section is opened before the option holds it). An option a section
  /// has from `[DEFAULT]` is found there.
  package static func position(ofSection name: String, key: String?, in text: String) -> FilePlace? {
    if let found = written(inSection: name, key: key, in: text) { return found }
    return key == nil || name == "DEFAULT" ? nil : written(inSection: "DEFAULT", key: key, in: text)
  }

  private static func written(inSection name: String, key: String?, in text: String) -> FilePlace? {
    var current: String?
    var found: FilePlace?
    for (number, line) in lines(of: text).enumerated() {
      let value = strip(line)
      if value.isEmpty || value.hasPrefix("#") || value.hasPrefix(";") { continue }
      let column = line.unicodeScalars.prefix { isWhitespace($0) }.count + 1
      if let header = sectionHeader(value) {
        current = header
        if header == name && key == nil { return FilePlace(line: number + 1, column: column) }
        continue
      }
      guard current == name, let key, let split = optionSplit(value), split.key.lowercased() == key else {
        continue
      }
      found = FilePlace(line: number + 1, column: column)
    }
    return found
  }

  private static func append(
    _ line: String, toLastOptionOf section: Int, _ sections: inout [Section], _ defaults: inout Section
  ) {
    // A continuation line goes to the option read last, which is the last of its section.
    if section < 0 {
      if !defaults.options.isEmpty { defaults.options[defaults.options.count - 1].lines.append(line) }
    } else if !sections[section].options.isEmpty {
      sections[section].options[sections[section].options.count - 1].lines.append(line)
    }
  }

  /// `'\n'.join(lines).rstrip()`.
  private static func joined(_ lines: [String]) -> String {
    let text = lines.joined(separator: "\n")
    let scalars = text.unicodeScalars
    guard let last = scalars.lastIndex(where: { !isWhitespace($0) }) else { return "" }
    return String(String.UnicodeScalarView(scalars[...last]))
  }

  /// `SECTCRE`, `\[(?P<header>.+)\]` matched at the start: the text up to the last `]` of the line.
  private static func sectionHeader(_ value: String) -> String? {
    let scalars = Array(value.unicodeScalars)
    guard scalars.first == "[", let close = scalars.lastIndex(of: "]"), close >= 2 else { return nil }
    return String(String.UnicodeScalarView(scalars[1..<close]))
  }

  /// `OPTCRE`: the key is everything before the first `=` or `:` (stripped), the value what
  /// follows (stripped).
  private static func optionSplit(_ value: String) -> (key: String, value: String)? {
    let scalars = Array(value.unicodeScalars)
    guard let delimiter = scalars.firstIndex(where: { $0 == "=" || $0 == ":" }) else { return nil }
    let key = strip(String(String.UnicodeScalarView(scalars[..<delimiter])))
    let rest = strip(String(String.UnicodeScalarView(scalars[(delimiter + 1)...])))
    return (key, rest)
  }

  /// The lines of a text file as Python reads them (universal newlines).
  private static func lines(of text: String) -> [String] {
    var lines: [String] = []
    var current = String.UnicodeScalarView()
    var previousCR = false
    for scalar in text.unicodeScalars {
      if scalar == "\n" && previousCR {
        previousCR = false
        continue
      }
      previousCR = scalar == "\r"
      if scalar == "\n" || scalar == "\r" {
        lines.append(String(current))
        current = String.UnicodeScalarView()
      } else {
        current.append(scalar)
      }
    }
    if !current.isEmpty { lines.append(String(current)) }
    return lines
  }

  /// `str.isspace()`.
  static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.isWhitespace || (0x1C...0x1F).contains(scalar.value)
  }

  /// `str.strip()`.
  static func strip(_ text: String) -> String {
    let scalars = text.unicodeScalars
    guard let first = scalars.firstIndex(where: { !isWhitespace($0) }) else { return "" }
    let last = scalars.lastIndex(where: { !isWhitespace($0) })!
    return String(String.UnicodeScalarView(scalars[first...last]))
  }

  /// Python's `repr` of a string, near enough for a message: single quotes, escapes for quotes,
  /// backslashes and control characters.
  static func repr(_ text: String) -> String {
    var out = "'"
    for scalar in text.unicodeScalars {
      switch scalar {
      case "'": out += "\\'"
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F {
          out += "\\x" + (scalar.value < 16 ? "0" : "") + String(scalar.value, radix: 16)
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "'"
  }
}
