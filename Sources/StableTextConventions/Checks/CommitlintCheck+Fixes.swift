import StableTextCore

/// The fixes of the team's commitlint rules that have one right answer (Protocol/README.md, "Code
/// actions and hover": "Fixes that write"): `type-case` writes the type in the first case the
/// configuration asks for that the type then passes, `subject-full-stop` and `header-full-stop`
/// (under `never`) remove the stop, `header-trim` removes the header's leading and trailing white
/// space (JavaScript's, as the rule reads it). Each is found on the message as git stores it and
/// mapped back to the document (`StoredCommitMessage`), so a fix never touches a comment line.
/// Every other rule's diagnostic has no fix: what to write is the user's choice.
extension CommitlintCheck {
  var offers: [FixDeclaration] {
    [
      FixDeclaration(kind: .commitlintTypeCase, title: "Write the type as", appliedByCheck: true),
      FixDeclaration(kind: .commitlintFullStop, title: "Remove the full stop", appliedByCheck: true),
      FixDeclaration(kind: .commitlintHeaderTrim, title: "Trim the header", appliedByCheck: true),
    ]
  }

  func fixes(for found: [FieldDiagnostic], in field: StableTextField, stopping shouldStop: () -> Bool)
    -> [QuickFix]
  {
    let fixable: Set<String> = ["type-case", "subject-full-stop", "header-full-stop", "header-trim"]
    guard found.contains(where: { fixable.contains($0.code.rawValue) }),
      let configuration = field.rules.conventions?.commitlint?.configuration
    else { return [] }
    let stored = StoredCommitMessage(field)
    guard let commit = ConventionalCommitParser(configuration.parserOptions).parse(stored.text) else {
      return []
    }
    var fixes: [QuickFix] = []
    for diagnostic in found where fixable.contains(diagnostic.code.rawValue) {
      let name = diagnostic.code.rawValue
      guard let entry = configuration.rules.last(where: { $0.name == name }),
        let rule = CommitlintRules.named(name)
      else { continue }
      let condition = entry.setting.condition ?? rule.defaultCondition
      let edits: [(Range<Int>, String)]
      let title: String
      let kind: QuickFix.Kind
      switch name {
      case "type-case":
        guard condition == .always, let range = commit.ranges.type, let type = commit.type,
          let written = Self.typeInCase(type, entry.setting.value, rule: rule, commit)
        else { continue }
        (edits, title, kind) = (
          [(stored.documentRange(range), written)], "Write the type as \(written)", .commitlintTypeCase
        )
      case "subject-full-stop", "header-full-stop":
        let stop = CommitlintValueShape.string(entry.setting.value, default: ".")
        guard condition == .never, let header = commit.ranges.header, let text = commit.header,
          stop.utf16.count == 1, text.hasSuffix(stop), header.count >= stop.utf8.count
        else { continue }
        let range = header.upperBound - stop.utf8.count..<header.upperBound
        (edits, title, kind) = (
          [(stored.documentRange(range), "")], "Remove the full stop", .commitlintFullStop
        )
      default:  // header-trim
        guard let header = commit.ranges.header, let text = commit.header else { continue }
        let bytes = Array(text.utf8)
        let kept = JavaScriptText.trimmed(bytes, 0, bytes.count)
        var trimmed: [(Range<Int>, String)] = []
        if kept.lowerBound > 0 {
          trimmed.append((stored.documentRange(header.lowerBound..<header.lowerBound + kept.lowerBound), ""))
        }
        if kept.upperBound < bytes.count {
          let from = header.lowerBound + max(kept.upperBound, kept.lowerBound)
          trimmed.append((stored.documentRange(from..<header.upperBound), ""))
        }
        guard !trimmed.isEmpty else { continue }
        (edits, title, kind) = (trimmed, "Trim the header", .commitlintHeaderTrim)
      }
      fixes.append(QuickFix(kind: kind, title: title, edits: edits, diagnostic: diagnostic))
    }
    return fixes
  }

  /// The type in the first case of the configured list (a case it must be in) that makes the
  /// rule pass, nil when none does (a list of cases it must not be in has no one answer).
  private static func typeInCase(
    _ type: String, _ value: CommitlintValue?, rule: any CommitlintRule, _ commit: ConventionalCommit
  ) -> String? {
    guard case .success(let checks) = CommitlintCaseRules.checks(value) else { return nil }
    for check in checks where !check.negated {
      let written = CommitlintEnsure.toCase(type, check.target)
      guard written != type, !written.isEmpty else { continue }
      var changed = commit
      changed.type = written
      if rule.verdict(changed, .always, value).valid { return written }
    }
    return nil
  }
}

extension QuickFix.Kind {
  /// Writes a commitlint type in the case `type-case` asks for.
  public static let commitlintTypeCase = Self(rawValue: "typeCase")
  /// Removes the full stop `subject-full-stop` or `header-full-stop` forbids.
  public static let commitlintFullStop = Self(rawValue: "removeFullStop")
  /// Removes the white space around the header that `header-trim` forbids.
  public static let commitlintHeaderTrim = Self(rawValue: "trimHeader")
}
