/// What text the other checks count and read ("Lines, comments and commit messages"): one final
/// terminator left out (`finalTerminatorField`), comment lines (`commentField`) and the end marker
/// and all after it (`endField`). A setting: it reports nothing of its own.
struct MessageLinesSetting: RuleCheck {
  var fields: [RuleField] {
    [
      Self.finalTerminatorField,
      Self.commentField,
      Self.endField,
    ]
  }
  /// Whether one final line terminator is left out of the count, kept in the rules' generic
  /// store: this file declares it and gives its accessors; `StableTextField` reads it once per
  /// change of rules (`leavesOutFinalTerminator`), since every figure of a keystroke asks it.
  static let finalTerminatorField = RuleField(
    "ignoreFinalNewline", .boolean, default: .bool(false), option: "--ignore-final-newline",
    help: "Do not count one final line terminator",
    meaning:
      "do not count exactly one final `\\r\\n`, `\\n` or `\\r` (editors write one the user never typed; the editor defaults set it)"
  ).documented(
    readme:
      "do not count one final line terminator (editors and git write one the user never typed: the editor defaults set it)",
    manual: "Do not count one final line terminator (the default; see `--count-final-newline`).")

  /// What a comment line starts with (git's `#`), kept in the rules' generic store: this file
  /// declares it and gives its accessors, git's layers of it and the line index's bytes of it
  /// (`MessageLineIndex.Shape.comments`).
  static let commentField = RuleField(
    "commentPrefix", .string(maxBytes: 1_024, nonEmpty: true, singleLine: true, nullable: true),
    default: .null, option: "--comment-prefix",
    help: "Lines starting with this are comments, not counted",
    meaning:
      "a line whose content starts with it is a comment line (\"Lines, comments and commit messages\")"
  ).documented(
    readme: "lines starting with it are comments, not counted",
    manual: "Lines starting with *S* are comments, not counted.")

  /// The line that ends the message (git's scissors line), kept in the rules' generic store:
  /// this file declares it and gives its accessors and git's layers of it (`gitComments`,
  /// `storedMessage`); `MessageLineIndex` reads it into the shape of its facts.
  static let endField = RuleField(
    "endMarker", .string(maxBytes: 1_024, nonEmpty: true, singleLine: true, nullable: true),
    default: .null, option: "--end-marker",
    help: "The first line equal to this, and all after it, are ignored",
    meaning:
      "the first line whose content equals it, and every line after it, are ignored (\"Lines, comments and commit messages\")"
  ).documented(
    readme: "this line and everything after it are ignored",
    manual: "The first line equal to *S*, and all after it, are ignored.")
}

extension Rules {
  /// A line whose content starts with this is a comment line (git's `#`).
  public var commentPrefix: String? {
    get { MessageLinesSetting.commentField.value(in: self).string }
    set {
      var patch = RulePatch()
      patch.commentPrefix = .some(newValue)
      MessageLinesSetting.commentField.apply(&self, patch)
    }
  }

  /// The first line equal to this, and everything after it, is ignored (git's scissors line).
  public var endMarker: String? {
    get { MessageLinesSetting.endField.value(in: self).string }
    set {
      var patch = RulePatch()
      patch.endMarker = .some(newValue)
      MessageLinesSetting.endField.apply(&self, patch)
    }
  }

  /// Whether the text is read as message lines (comments and the end marker left out).
  public var readsMessageLines: Bool { commentPrefix != nil || endMarker != nil }
}

extension RulePatch {
  /// The comment prefix: absent leaves it, `.some(nil)` removes it.
  public var commentPrefix: String?? {
    get { MessageLinesSetting.commentField.get(self).map(\.string) }
    set { values[MessageLinesSetting.commentField.name] = newValue.map { $0.map { .string($0) } ?? .null } }
  }

  /// The end marker: absent leaves it, `.some(nil)` removes it.
  public var endMarker: String?? {
    get { MessageLinesSetting.endField.get(self).map(\.string) }
    set { values[MessageLinesSetting.endField.name] = newValue.map { $0.map { .string($0) } ?? .null } }
  }

  /// Whether this layer says how comments and the end of the message are found (then it decides
  /// them, over the `gitCommit` defaults).
  package var setsMessageLines: Bool { commentPrefix != nil || endMarker != nil }

  /// git's layer for a repository whose git writes comments with `prefix` (`core.commentChar`):
  /// the scissors line is written with it, and comment lines start with it unless git keeps
  /// them (`stripped` false: a cleanup mode other than `strip`). What `check` and the daemon
  /// (for git's message files) both put in `FileLayers.git`.
  package static func gitComments(_ prefix: String, stripped: Bool = true) -> RulePatch {
    var layer = RulePatch()
    layer.commentPrefix = .some(stripped ? prefix : nil)
    layer.endMarker = .some(Preset.scissors(commentPrefix: prefix))
    return layer
  }

  /// The layer of a message git stored: git cleaned it up, so it has no comments and no
  /// scissors part; every line is a message line.
  package static var storedMessage: RulePatch {
    var layer = RulePatch()
    layer.commentPrefix = .some(nil)
    layer.endMarker = .some(nil)
    return layer
  }
}

extension Rules {
  /// Do not count one final line terminator, which editors such as Neovim add on their own.
  public var ignoreFinalNewline: Bool {
    get { leavesOutFinalTerminator }
    set {
      var patch = RulePatch()
      patch.ignoreFinalNewline = newValue
      MessageLinesSetting.finalTerminatorField.apply(&self, patch)
    }
  }

  /// Whether one final line terminator is left out of the count, for the readers of the counted
  /// text.
  var leavesOutFinalTerminator: Bool {
    MessageLinesSetting.finalTerminatorField.value(in: self).bool ?? false
  }
}

extension RulePatch {
  /// Whether one final line terminator (which editors write) is left out of the count; `nil`
  /// keeps the earlier layer's.
  public var ignoreFinalNewline: Bool? {
    get { MessageLinesSetting.finalTerminatorField.get(self)?.bool }
    set { values[MessageLinesSetting.finalTerminatorField.name] = newValue.map { .bool($0) } }
  }
}

extension RuleField {
  /// The rule leaving one final terminator out of the count, for the texts and options that name
  /// it (`check --count-final-newline`, the fuzzer's rules, a diagnostic's range).
  package static var finalTerminator: RuleField { MessageLinesSetting.finalTerminatorField }
}

extension RuleField {
  /// The rule of comment lines, for the texts that name it (the fuzzer's rules).
  package static var commentLines: RuleField { MessageLinesSetting.commentField }
}

extension Rules {
  /// What comment lines start with, git's `#` when the rules read none: the comment character
  /// a linter of stored messages is told (a line that starts otherwise is the message's).
  package var commentCharacter: String { commentPrefix ?? "#" }
}

extension Preset {
  /// The line git writes above a diff in `git commit --verbose`: it and everything after it are ignored.
  public static let scissors = scissors(commentPrefix: "#")

  /// The scissors line git writes with the comment prefix `prefix` (`core.commentChar`).
  public static func scissors(commentPrefix prefix: String) -> String {
    prefix + " ------------------------ >8 ------------------------"
  }
}

extension MessageLineIndex.Shape {
  /// The bytes comment lines start with and of the end marker, under `rules`.
  static func comments(of rules: Rules) -> (start: [UInt8]?, marker: [UInt8]?) {
    (rules.commentPrefix.map { Array($0.utf8) }, rules.endMarker.map { Array($0.utf8) })
  }

  /// This shape with `character`'s comments and scissors line.
  func commenting(with character: UInt8) -> Self {
    var shape = self
    shape.commentStart = [character]
    shape.marker = Array(Preset.scissors(commentPrefix: String(UnicodeScalar(character))).utf8)
    return shape
  }
}
