/// Every rule in one table: its name, what its value may be, its command-line option and a line
/// of help, and how it moves between a layer (`RulePatch`) and the resolved `Rules`. The JSON
/// decoder, `stabletext check`'s options and help, layer merging and the test that holds the
/// schemas to the rules all read this table, so a new rule is a stored property in `Rules` and
/// `RulePatch`, one entry here, and the code that uses it.
package enum RuleTable {
  package static let fields: [RuleField] = [
    RuleField(
      "maxLength", .integer(0...Int.max, nullable: true), \.maxLength, \.maxLength,
      option: "--max-length",
      help: "Limit of the whole text, or none (check's default; the protocol's is 150)",
      read: { $0.int }, write: { .int($0) }),
    RuleField(
      "minLength", .integer(0...Int.max, nullable: true), \.minLength, \.minLength,
      option: "--min-length", help: "The fewest the text may hold, or none (default none)",
      read: { $0.int }, write: { .int($0) }),
    RuleField(
      "unit", .choice(LengthUnit.allCases.map(\.rawValue), nullable: false), \.unit, \.unit,
      option: "--unit",
      help: "graphemes (default), utf16, scalars, utf8, columns, bytes (in the encoding), sms, twitter",
      read: { $0.string.flatMap(LengthUnit.init(rawValue:)) }, write: { .string($0.rawValue) }),
    RuleField(
      "encoding", .encoding, \.encoding, \.encoding,
      // `check --encoding` also names the file's encoding: the command reads it itself.
      option: nil,
      help: "What bytes count in and what must be writable: UTF-8 (default), UTF-16, UTF-32, CP949, …",
      read: { $0.string.flatMap(CharacterEncoding.init(named:)) }, write: { .string($0.name) }),
    RuleField(
      "policy", .choice(LimitPolicy.allCases.map(\.rawValue), nullable: false), \.policy, \.policy,
      option: nil, help: "What stableText/edit does past the limit: reject, truncate or allow",
      read: { $0.string.flatMap(LimitPolicy.init(rawValue:)) }, write: { .string($0.rawValue) }),
    RuleField(
      "requireNonEmpty", .boolean, \.requireNonEmpty, \.requireNonEmpty,
      option: nil, help: "Warn about text that is empty after trimming (the protocol's default; not check's)",
      read: { $0.bool }, write: { .bool($0) }),
    RuleField(
      "placeholder", .string(maxBytes: 4_096, nonEmpty: false, singleLine: false, nullable: false),
      \.placeholder, \.placeholder, option: nil, help: "Shown while the text is blank",
      read: { $0.string }, write: { .string($0) }),
    RuleField(
      "counterDigits", .integer(0...32, nullable: false), \.counterDigits, \.counterDigits,
      option: nil, help: "Minimum digits of the counter's count (07/150)",
      read: { $0.int }, write: { .int($0) }),
    RuleField(
      "ignoreFinalNewline", .boolean, \.ignoreFinalNewline, \.ignoreFinalNewline,
      option: "--ignore-final-newline", help: "Do not count one final line terminator",
      read: { $0.bool }, write: { .bool($0) }),
    RuleField(
      "commentPrefix", .string(maxBytes: 1_024, nonEmpty: true, singleLine: true, nullable: true),
      \.commentPrefix, \.commentPrefix, option: "--comment-prefix",
      help: "Lines starting with this are comments, not counted", read: { $0.string }, write: { .string($0) }),
    RuleField(
      "endMarker", .string(maxBytes: 1_024, nonEmpty: true, singleLine: true, nullable: true),
      \.endMarker, \.endMarker, option: "--end-marker",
      help: "The first line equal to this, and all after it, are ignored", read: { $0.string },
      write: { .string($0) }),
    RuleField(
      "lineRules", .lineRules(maxCount: 100), \.lineRules, \.lineRules, option: nil,
      help: "Checks on numbered message lines", read: { $0.lineRules }, write: { .lineRules($0) }),
    RuleField(
      "tabSize", .integer(1...WrapOptions.maxTabSize, nullable: false), \.tabSize, \.tabSize,
      option: "--tab-size", help: "Tab stops of the columns unit (default 8)",
      read: { $0.int }, write: { .int($0) }),
    RuleField(
      "exemptions", .choiceList(Exemption.allCases.map(\.rawValue), maxCount: 16), \.exemptions, \.exemptions,
      option: "--exempt",
      help: "Kinds of lines maxLength line rules skip: generated, trailers, longWords (comma list, or none)",
      read: { value in value.strings.map { Set($0.compactMap(Exemption.init(rawValue:))) } },
      write: { .strings(Exemption.allCases.filter($0.contains).map(\.rawValue)) }),
    RuleField(
      "requiredTrailers", .trailerTokens(maxCount: 32, maxBytes: 256), \.requiredTrailers, \.requiredTrailers,
      option: "--require-trailer", help: "A trailer the message must carry (Signed-off-by); repeatable",
      read: { $0.strings }, write: { .strings($0) }),
    RuleField(
      "maxDiagnostics", .integer(Rules.maxDiagnosticsRange, nullable: false), \.maxDiagnostics,
      \.maxDiagnostics, option: nil,
      help: "Most line diagnostics reported; past it one too-many-diagnostics (default 1,000)",
      read: { $0.int }, write: { .int($0) }),
    RuleField(
      "preset", .choice(Preset.allCases.map(\.rawValue), nullable: true), \.preset,
      Optional<WritableKeyPath<Rules, Preset?>>.none,
      option: "--preset", help: "gitCommit, or none for no preset at all",
      read: { $0.string.flatMap(Preset.init(rawValue:)) }, write: { .string($0.rawValue) },
      shown: \.preset),
  ]

  /// The field named `name`.
  package static func field(named name: String) -> RuleField? { fields.first { $0.name == name } }
}
