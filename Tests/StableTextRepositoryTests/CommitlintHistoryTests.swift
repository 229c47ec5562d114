import Foundation
import StableTextConventions
import StableTextCore
import Testing

/// commitlint's own history (../shared/third-party/commitlint-history): what the core's port of
/// commitlint decides of each of its 3,466 messages under `@commitlint/config-conventional`
/// (Protocol/README.md, "Team conventions").
@Suite struct CommitlintHistoryTests {
  @Test func theFileIsCommitlintsDefaultBranch() throws {
    let commits = try CommitlintHistory.commits()
    #expect(commits.count == 3466)
    #expect(commits.filter { $0.parents.count > 1 }.count == 3)
    #expect(commits.filter(\.parents.isEmpty).map(\.hash) == ["b9351a01e2fcdbe5dfe53a0eb41bedd944f9e663"])
    #expect(commits.last?.hash == "1fd1be00701ab48c9baa964e3b8c0c36a451ccc4")
    #expect(commits.allSatisfy { commit in commit.parents.allSatisfy { $0 < commit.index } })
    #expect(Set(commits.map(\.hash)).count == commits.count)
  }

  /// The port's verdicts over the whole history, as figures: how many messages are skipped (by
  /// commitlint's default ignores), how many pass, and how often each rule is broken.
  @Test func thePortsVerdictsOverTheHistory() throws {
    let configuration = CommitlintSharedConfigurations.conventional
    var skipped = 0
    var valid = 0
    var broken: [String: Int] = [:]
    for commit in try CommitlintHistory.commits() {
      let verdict = CommitlintHistory.portVerdict(CommitlintHistory.commitlintInput(commit), configuration)
      if verdict.skipped { skipped += 1 } else if verdict.errors.isEmpty { valid += 1 }
      for name in verdict.errors + verdict.warnings { broken[name, default: 0] += 1 }
    }
    #expect(skipped == 240)
    #expect(valid == 3074)
    #expect(
      broken == [
        "body-max-line-length": 22, "footer-leading-blank": 2, "footer-max-line-length": 1,
        "header-max-length": 47, "header-trim": 9, "subject-case": 13, "subject-empty": 64, "type-case": 1,
        "type-empty": 64, "type-enum": 2,
      ])
  }
}

extension CommitlintHistoryTests {
  /// Where the port and commitlint itself part, by reason, each commit by its hash (DIFFERENCES.md
  /// in Tests/Oracles/commitlint-history explains each reason). None over commitlint's history.
  static let differences: [String: [String]] = [:]

  /// commitlint itself (21.2.2's sources under Node 20: commitlint-verdicts.json) against the port,
  /// commit by commit: the same rules broken at the same levels, in the same order, on every
  /// commit but those `differences` lists.
  @Test func thePortDecidesAsCommitlintItself() throws {
    let real = CommitlintHistory.commitlintVerdicts
    #expect(real.version.hasPrefix("21.2.2 "))
    #expect(real.verdicts.count == 154)
    let listed = Set(Self.differences.values.joined())
    var found: [String] = []
    for commit in try CommitlintHistory.commits() {
      let port = CommitlintHistory.portVerdict(
        CommitlintHistory.commitlintInput(commit), CommitlintSharedConfigurations.conventional)
      let expected = real.verdicts[commit.index]
      let same =
        expected.map { $0.errors == port.errors && $0.warnings == port.warnings }
        ?? (port.errors.isEmpty && port.warnings.isEmpty)
      if !same {
        found.append(
          "\(commit.hash) #\(commit.index): commitlint \(expected?.description ?? "no problem"), port \(port)"
        )
      }
    }
    let unlisted = found.filter { !listed.contains(String($0.prefix(40))) }
    #expect(
      unlisted.count == 0, "differences not in the list:\n\(unlisted.prefix(20).joined(separator: "\n"))")
    #expect(
      found.count == listed.count,
      "listed differences that are gone: \(listed.subtracting(found.map { String($0.prefix(40)) }))")
  }
}

/// gitlint 0.19.1 over the same history (gitlint-verdicts.json, its command's report over the
/// replayed repository with gitlint.ini as `.gitlint`): the core's port gives every commit the same
/// violations, line, id and wording, in gitlint's order.
@Suite struct GitlintHistoryTests {
  @Test func thePortGivesGitlintsVerdictOnEveryCommit() throws {
    let report = CommitlintHistory.gitlintReport
    #expect(report.version == "0.19.1")
    let configuration = try CommitlintHistory.gitlintConfiguration()
    var differences: [String] = []
    for commit in try CommitlintHistory.commits() {
      let expected = report.verdicts[commit.index] ?? []
      let port = CommitlintHistory.portGitlintVerdict(commit, configuration)
      if port != expected {
        differences.append("#\(commit.index) \(commit.hash.prefix(12)): gitlint \(expected), port \(port)")
      }
    }
    #expect(
      differences.count == 0,
      "\(differences.count) commits differ:\n\(differences.prefix(20).joined(separator: "\n"))")
  }
}

/// `CommitlintEnsure.isCase`'s shortcut (a text led by an ASCII lowercase letter is in none of
/// the capitalizing cases) against the conversions themselves: every subject, header and body
/// line of the history that starts with such a letter, and those texts' words in every order of
/// capitals, none of which any capitalizing conversion leaves unchanged.
@Suite struct CaseShortcutTests {
  @Test func theShortcutIsWhatTheConversionsDecide() throws {
    var texts: Set<String> = []
    for commit in try CommitlintHistory.commits() {
      for line in commit.message.split(separator: "\n") {
        let text = line.trimmingCharacters(in: .whitespaces)
        texts.insert(text)
        if let colon = text.firstIndex(of: ":") {
          texts.insert(String(text[text.index(after: colon)...]).trimmingCharacters(in: .whitespaces))
        }
      }
    }
    let led = texts.filter { text in
      guard let first = text.utf8.first else { return false }
      return (0x61...0x7A).contains(first) && !text.contains { "`\"'".contains($0) }
        && !text.unicodeScalars.contains { JavaScriptTrim.isSpace($0) && $0 != " " }
        && !text.hasSuffix(" ")
    }
    #expect(led.count > 2000)
    var checked = 0
    for text in led {
      for target in CommitlintCase.allCases where target.capitalizesFirstLetter {
        let converted = CommitlintEnsure.toCase(text, target)
        let full =
          converted.isEmpty || converted.unicodeScalars.first.map { ("0"..."9").contains($0) } == true
          || Array(converted.utf16) == Array(text.utf16)
        #expect(!full, "\(target) of \(text.debugDescription) is \(converted.debugDescription)")
        #expect(CommitlintEnsure.isCase(text, target) == full)
        checked += 1
      }
    }
    #expect(checked == led.count * 4)
  }
}
