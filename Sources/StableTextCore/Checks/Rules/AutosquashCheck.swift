/// Whether a message may be one that `git rebase -i --autosquash` is still to fold into another
/// (rule `autosquash`): when it is `false`, a subject starting with `fixup!`, `squash!` or
/// `amend!` (what `git commit --fixup`, `--squash` and `--fixup=amend:` write) is one
/// `autosquash-subject` error, on that word. Such commits are a branch's work in progress; a team
/// that merges its branches as they are refuses them in CI (`check --commits RANGE
/// --no-autosquash`) and in the editor alike (Protocol/README.md, "Team conventions"). The
/// subject stays exempt from line lengths (the `generated` exemption): it is refused once,
/// for what it is, not again for its length.
struct AutosquashCheck: RuleCheck {
  /// Kept in the rules' generic store, as a new rule's field is.
  static let field = RuleField(
    "autosquash", .boolean, default: .bool(true),
    option: "--no-autosquash",
    help: "Refuse fixup!, squash! and amend! subjects (squash them before merging)",
    meaning:
      "whether a message may be a `fixup!`, `squash!` or `amend!` commit still to be squashed; `false` makes such a subject an `autosquash-subject` error (\"Diagnostics\")"
  ).documented(
    readme:
      "`false` refuses `fixup!`, `squash!` and `amend!` subjects (an `autosquash-subject` error: squash them with `git rebase -i --autosquash` before merging)",
    manual:
      "Refuse a message whose subject starts with **fixup!**, **squash!** or **amend!** (an **autosquash-subject** error): such commits are to be squashed with **git rebase -i --autosquash** before a branch is merged. The subject is still exempt from line lengths. The rule **autosquash** set to **false** in *.stabletext.json* does the same."
  )

  /// The words that start the subjects `git rebase --autosquash` folds, each with its `!`.
  static let prefixes: [String] = ["fixup!", "squash!", "amend!"]

  var fields: [RuleField] { [Self.field] }

  var measures: [RuleMeasure] { [.subjectWord] }
  func applies(to rules: Rules) -> Bool { !rules.autosquash }
  var reports: [DiagnosticDeclaration] {
    [
      DiagnosticDeclaration(
        code: .autosquashSubject, severity: .fixed(.error),
        message: "fixup! commit: squash it before merging (git rebase -i --autosquash)",
        data: [], range: "the subject's first word (`fixup!`, `squash!` or `amend!`)")
    ]
  }

  func diagnose(_ field: StableTextField, into result: inout [FieldDiagnostic]) {
    guard !field.rules.autosquash else { return }
    let index = field.messageIndex
    guard let line = index.firstNumbered else { return }
    let start = index.lineStart(line)
    let facts = index[line]
    // Case-sensitive, as git writes them and as `git rebase --autosquash` reads them.
    let head = field.text.slice(start..<start + min(facts.bytes, 8))
    guard let prefix = Self.prefixes.first(where: { head.hasPrefix($0) }) else { return }
    let end = start + prefix.utf8.count
    result.append(
      FieldDiagnostic(
        code: .autosquashSubject, severity: .error, range: start..<end,
        message: "\(prefix) commit: squash it before merging (git rebase -i --autosquash)",
        data: nil,
        line: FieldDiagnostic.Line(index: line, start: start, isASCII: facts.flags.contains(.plain))))
  }

  // No fix: squashing rewrites history, which is git's to do.
}

extension FieldDiagnostic.Code {
  /// A `fixup!`, `squash!` or `amend!` subject where `autosquash` is `false`.
  public static let autosquashSubject = Self(rawValue: "autosquash-subject")
}

extension Rules {
  /// Whether a `fixup!`, `squash!` or `amend!` subject is let be (`true`, the default) or is an
  /// `autosquash-subject` error (`false`).
  public var autosquash: Bool {
    get { AutosquashCheck.field.value(in: self).bool ?? true }
    set {
      var patch = RulePatch()
      patch.autosquash = newValue
      AutosquashCheck.field.apply(&self, patch)
    }
  }
}

extension RulePatch {
  /// `autosquash`, when set.
  public var autosquash: Bool? {
    get { AutosquashCheck.field.get(self)?.bool }
    set { values[AutosquashCheck.field.name] = newValue.map { .bool($0) } }
  }
}
