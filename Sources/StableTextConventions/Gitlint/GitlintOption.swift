/// The types of gitlint's rule options (gitlint's `options.py`): what a value in `.gitlint` is
/// read as.
package enum GitlintOptionKind: Hashable, Sendable {
  /// `IntOption`: an integer, negative only when allowed.
  case int(allowNegative: Bool)
  /// `StrOption`: the text as written.
  case string
  /// `ListOption`: comma-separated items, each stripped, empty ones dropped.
  case list
  /// `RegexOption`: a regular expression (`GitlintRegex`).
  case regex
  /// `BoolOption`: `true` or `false`, in any case, nothing else.
  case bool
}

/// An option's value. `nil` is gitlint's `None` (an option left unset: `title-match-regex` with no
/// `regex` checks nothing).
package enum GitlintOptionValue: Hashable, Sendable {
  /// An `IntOption`'s value.
  case int(Int?)
  /// A `StrOption`'s value.
  case string(String?)
  /// A `ListOption`'s value.
  case list([String]?)
  /// A `RegexOption`'s value.
  case regex(GitlintRegex?)
  /// A `BoolOption`'s value.
  case bool(Bool)
}

/// One option a rule declares: its name in `.gitlint`, its type and its default, as gitlint's
/// rule declares it.
package struct GitlintOptionSpec: Hashable, Sendable {
  /// The option's name in `.gitlint` (`line-length`).
  package var name: String
  /// The option's type.
  package var kind: GitlintOptionKind
  /// Its value until `.gitlint` sets one.
  package var defaultValue: GitlintOptionValue
  /// gitlint's description of the option.
  package var description: String

  /// An option as a rule declares it.
  package init(
    _ name: String, _ kind: GitlintOptionKind, _ defaultValue: GitlintOptionValue, _ description: String
  ) {
    self.name = name
    self.kind = kind
    self.defaultValue = defaultValue
    self.description = description
  }

  /// Reads `raw` (the text `.gitlint` gives) as this option's type, failing with gitlint's
  /// message (`Option 'line-length' must be a positive integer (current value: 'x')`); a regular
  /// expression is compiled by `engine`.
  package func read(_ raw: String, engine: any GitlintRegexEngine = GitlintRegexEngines.none)
    throws(GitlintOptionError) -> GitlintOptionValue
  {
    switch kind {
    case .int(let allowNegative):
      guard let number = GitlintOptionSpec.pythonInt(raw), allowNegative || number >= 0 else {
        let what = allowNegative ? "an integer" : "a positive integer"
        throw GitlintOptionError("Option '\(name)' must be \(what) (current value: '\(raw)')")
      }
      return .int(number)
    case .string:
      return .string(raw)
    case .list:
      return .list(GitlintText.commaList(raw))
    case .regex:
      return .regex(try GitlintRegex(raw, engine: engine))
    case .bool:
      switch GitlintText.strip(raw).lowercased() {
      case "true": return .bool(true)
      case "false": return .bool(false)
      default: throw GitlintOptionError("Option '\(name)' must be either 'true' or 'false'")
      }
    }
  }

  /// Python's `int(text)`: surrounding whitespace, a sign, decimal digits of any script, single
  /// underscores between digits. `nil` where Python raises (or the value does not fit an `Int`).
  static func pythonInt(_ text: String) -> Int? {
    var scalars = Array(GitlintText.strip(text).unicodeScalars)
    var negative = false
    if let sign = scalars.first, sign == "+" || sign == "-" {
      negative = sign == "-"
      scalars.removeFirst()
    }
    guard !scalars.isEmpty, scalars.first != "_", scalars.last != "_" else { return nil }
    var value = 0
    var previousUnderscore = false
    for scalar in scalars {
      if scalar == "_" {
        if previousUnderscore { return nil }
        previousUnderscore = true
        continue
      }
      previousUnderscore = false
      guard scalar.properties.numericType == .decimal,
        let digit = scalar.properties.numericValue.flatMap({ Int(exactly: $0) })
      else { return nil }
      let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
      let (sum, overflow2) = times.addingReportingOverflow(digit)
      if overflow1 || overflow2 { return nil }
      value = sum
    }
    return negative ? -value : value
  }
}

/// Why an option's value (or a `[general]` option) was refused, in gitlint's words.
package struct GitlintOptionError: Error, Hashable, Sendable, CustomStringConvertible {
  /// gitlint's message.
  package var message: String

  /// An error saying `message`.
  package init(_ message: String) { self.message = message }

  /// The message.
  package var description: String { message }
}

/// The values of one rule's options: its declared defaults, then what `.gitlint` sets.
package struct GitlintOptions: Hashable, Sendable {
  /// The options the rule declares.
  package private(set) var specs: [GitlintOptionSpec]
  /// Each option's value, by name.
  package private(set) var values: [String: GitlintOptionValue]
  /// Expressions a rule builds from its options' values, compiled once when they are read
  /// (`GitlintRule.prepare`: T5's words), by what they were built from.
  package private(set) var expressions: [String: GitlintRegex] = [:]

  /// The options `specs` declare, at their defaults.
  package init(_ specs: [GitlintOptionSpec]) {
    self.specs = specs
    self.values = [:]
    for spec in specs { values[spec.name] = spec.defaultValue }
  }

  /// Sets option `name` from the text `.gitlint` gives, as gitlint's `set_rule_option` does,
  /// with its messages: `Rule 'T1' has no option 'x'`, `'x' is not a valid value for option
  /// 'T1.line-length'. Option 'line-length' must be a positive integer (current value: 'x').`
  /// (`rule` is the section's name as written: an id or a name.) A regular expression is
  /// compiled by `engine`.
  package mutating func set(
    _ name: String, _ raw: String, rule: String, engine: any GitlintRegexEngine = GitlintRegexEngines.none
  ) throws(GitlintOptionError) {
    guard let spec = specs.first(where: { $0.name == name }) else {
      throw GitlintOptionError("Rule '\(rule)' has no option '\(name)'")
    }
    do {
      values[name] = try spec.read(raw, engine: engine)
    } catch {
      throw GitlintOptionError(
        "'\(raw)' is not a valid value for option '\(rule).\(name)'. \(error.message).")
    }
  }

  /// Sets a value directly (gitlint's tests pass Python values: a list, `None`).
  package mutating func set(_ name: String, _ value: GitlintOptionValue) {
    values[name] = value
  }

  /// Keeps `expression`, built from `source` (`GitlintRule.prepare`).
  package mutating func keep(_ expression: GitlintRegex, builtFrom source: String) {
    expressions[source] = expression
  }

  /// An integer option's value (`nil`: unset, or not an integer option).
  package func int(_ name: String) -> Int? {
    if case .int(let value)? = values[name] { return value }
    return nil
  }

  /// A text option's value.
  package func string(_ name: String) -> String? {
    if case .string(let value)? = values[name] { return value }
    return nil
  }

  /// A list option's value.
  package func list(_ name: String) -> [String]? {
    if case .list(let value)? = values[name] { return value }
    return nil
  }

  /// A regex option's value.
  package func regex(_ name: String) -> GitlintRegex? {
    if case .regex(let value)? = values[name] { return value }
    return nil
  }

  /// A boolean option's value.
  package func bool(_ name: String) -> Bool? {
    if case .bool(let value)? = values[name] { return value }
    return nil
  }
}
