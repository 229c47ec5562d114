import Testing

@testable import StableTextCore

/// Commit messages as git writes them against a plain model: random messages of many blocks (a
/// block is 256 lines) built from the lines git and people write (generated subjects, prose, URLs,
/// CJK, trailers, sign-offs, cherry-pick lines, continuations, comments, list items, the scissors
/// line), in runs long enough to fill whole blocks. The model reads the message line by line, as
/// git interpret-trailers does (from the last line up), and says which diagnostics the `gitCommit`
/// preset owes; the field must publish exactly those, built afresh and after an edit that puts a
/// piece of the message back, uncapped and capped.
@Test(arguments: [251, 252, 253, 254] as [UInt64])
func commitMessagesAgreeWithAPlainModel(seed: UInt64) {
  var rng = SeededGenerator(seed: seed)
  for round in 0..<10 {
    let lines = CommitModel.randomMessage(&rng)
    let text = lines.joined(separator: "\n") + (Bool.random(using: &rng) ? "\n" : "")
    let required = round % 3 == 0 ? ["Signed-off-by", "co-AUTHORED-by"] : []
    let exemptions: Set<Exemption> =
      round % 4 == 3
      ? Set(Exemption.allCases.filter { _ in Bool.random(using: &rng) }) : Set(Exemption.allCases)
    var patch = RulePatch()
    patch.requiredTrailers = required
    patch.exemptions = exemptions
    let rules = RuleConfiguration().resolve(
      uri: "file:///repo/.git/COMMIT_EDITMSG", languageId: "text", configured: patch)
    let expected = CommitModel(text: text, exemptions: exemptions, required: required).diagnostics
    let fresh = StableTextField(text: text, rules: rules)
    #expect(
      CommitModel.difference(CommitModel.summary(fresh), expected) == nil, "seed \(seed) round \(round)")

    // The same text reached by an edit: a piece of it replaced by junk, then put back.
    let bytes = Array(text.utf8)
    let from = Int.random(in: 0...bytes.count, using: &rng)
    let to = Int.random(in: from...min(bytes.count, from + 5_000), using: &rng)
    guard let piece = String(validating: bytes[from..<to], as: UTF8.self) else { continue }
    let junk = ["Signed-off-by: X\n", "\n\n", "  indented\n", "#", "word", ""].randomElement(using: &rng)!
    let changed = String(decoding: bytes[..<from] + Array(junk.utf8) + bytes[to...], as: UTF8.self)
    var edited = StableTextField(text: changed, rules: rules)
    edited.text.replace(from..<from + junk.utf8.count, with: piece)
    edited.catchUp()
    #expect(edited.text.string == text)
    #expect(
      CommitModel.difference(CommitModel.summary(edited), expected) == nil,
      "seed \(seed) round \(round), edited")

    // Capped: the model's line diagnostics by whole lines, then the count of the lines left out.
    var capped = rules
    capped.maxDiagnostics = Int.random(in: 1...40, using: &rng)
    let field = StableTextField(text: text, rules: capped)
    #expect(
      CommitModel.difference(
        CommitModel.summary(field), CommitModel.capped(expected, at: capped.maxDiagnostics))
        == nil,
      "seed \(seed) round \(round), cap \(capped.maxDiagnostics)")
  }
}

/// The plain model: lines split at `\n`, classified by their text, the rules of the `gitCommit`
/// preset applied to each.
struct CommitModel {
  static let scissors = "# ------------------------ >8 ------------------------"
  static let generated = [
    "Merge branch ", "Merge branches ", "Merge tag ", "Merge tags ", "Merge remote-tracking branch ",
    "Merge remote-tracking branches ", "Merge commit ", "Merge pull request #", "Revert \"", "Reapply \"",
    "fixup! ", "squash! ", "amend! ",
  ]

  let lines: [String]
  let exemptions: Set<Exemption>
  let required: [String]

  init(text: String, exemptions: Set<Exemption>, required: [String]) {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if text.hasSuffix("\n") { lines.removeLast() }
    self.lines = lines
    self.exemptions = exemptions
    self.required = required
  }

  /// `code@line(severity)` for each diagnostic, lines 1-based in the document, with the message.
  var diagnostics: [String] {
    let cut = lines.firstIndex(of: Self.scissors) ?? lines.count
    let message = (0..<cut).filter { !lines[$0].hasPrefix("#") }
    func isBlank(_ line: Int) -> Bool { lines[line].allSatisfy { $0 == " " || $0 == "\t" } }
    guard let first = message.first(where: { !isBlank($0) }) else { return ["empty-after-trim@1(2)"] }
    let numbered = message.filter { $0 >= first }
    let block = trailerBlock(numbered, isBlank)
    var found: [String] = []
    for (offset, line) in numbered.enumerated() {
      let number = offset + 1
      let content = lines[line]
      if number == 2 && !isBlank(line) {
        found.append("line-not-blank@\(line + 1)(2): line 2 should be blank")
      }
      var exempt = false
      if number == 1 {
        exempt =
          exemptions.contains(.generated)
          && (Self.generated.contains { content.hasPrefix($0) }
            || (block.map { Array($0) } ?? []).contains { Self.isCherryPick(lines[$0]) })
      } else {
        exempt =
          (exemptions.contains(.longWords) && Self.isOneWord(content))
          || (exemptions.contains(.trailers) && block?.contains(line) == true)
      }
      let width = Self.columns(content)
      let limit = number == 1 ? (width > 72 ? 72 : 50) : 72
      // Line 2 has a `blank` rule and no length rule.
      if number != 2 && !exempt && width > limit {
        let severity = number == 1 && width > 72 ? 1 : 2
        found.append(
          "line-too-long@\(line + 1)(\(severity)): \(width)/\(limit) columns: \(width - limit) over the limit"
        )
      }
    }
    let present = Set(
      (block.map { Array($0) } ?? []).filter { !lines[$0].hasPrefix("#") && Self.isTrailer(lines[$0]) }.map {
        String(lines[$0].prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }).lowercased()
      })
    let last = numbered.last { !isBlank($0) }!
    for token in required where !present.contains(token.lowercased()) {
      found.append("missing-trailer@\(last + 1)(2): missing trailer \"\(token):\"")
    }
    return found
  }

  /// git interpret-trailers' walk: from the last line of the message up to the blank line above
  /// the last paragraph, counting trailers, lines that are not, and indented lines that become
  /// one or the other by what is above them.
  func trailerBlock(_ numbered: [Int], _ isBlank: (Int) -> Bool) -> ClosedRange<Int>? {
    guard let last = numbered.last(where: { !isBlank($0) }) else { return nil }
    var trailers = 0
    var others = 0
    var possible = 0
    var recognized = false
    var line = last
    let first = numbered.first!
    while true {
      if line <= first { return nil }  // the subject's paragraph: never a trailer block
      let content = lines[line]
      if content.hasPrefix("#") {
        others += possible
        possible = 0
      } else if isBlank(line) {
        others += possible
        let isBlock = (recognized && trailers * 3 >= others) || (trailers > 0 && others == 0)
        return isBlock ? line + 1...last : nil
      } else if content.hasPrefix("Signed-off-by: ") || content.hasPrefix("(cherry picked from commit ") {
        trailers += 1
        possible = 0
        recognized = true
      } else if Self.isTrailer(content) {
        trailers += 1
        possible = 0
      } else if content.hasPrefix(" ") || content.hasPrefix("\t") {
        possible += 1
      } else {
        others += 1 + possible
        possible = 0
      }
      line -= 1
    }
  }

  /// A token of ASCII letters, digits and `-` (not first), optional spaces or tabs, a colon.
  static func isTrailer(_ content: String) -> Bool {
    let scalars = Array(content.unicodeScalars)
    var i = 0
    func isToken(_ s: Unicode.Scalar) -> Bool {
      s.isASCII && (s.properties.isAlphabetic || ("0"..."9").contains(s) || s == "-")
    }
    while i < scalars.count && isToken(scalars[i]) { i += 1 }
    guard i > 0, scalars[0] != "-" else {
      return scalars.starts(with: "(cherry picked from commit ".unicodeScalars)
    }
    while i < scalars.count && (scalars[i] == " " || scalars[i] == "\t") { i += 1 }
    return i < scalars.count && scalars[i] == ":"
  }

  /// `git cherry-pick -x`'s line whole: 4 to 64 hex digits, `)`, nothing after.
  static func isCherryPick(_ content: String) -> Bool {
    let prefix = "(cherry picked from commit "
    guard content.hasPrefix(prefix), content.hasSuffix(")") else { return false }
    let name = content.dropFirst(prefix.count).dropLast()
    return (4...64).contains(name.count) && name.allSatisfy { $0.isASCII && $0.isHexDigit }
  }

  static func isOneWord(_ content: String) -> Bool {
    var text = Substring(content)
    while let f = text.first, f == " " || f == "\t" { text.removeFirst() }
    while let l = text.last, l == " " || l == "\t" { text.removeLast() }
    if ["- ", "* ", "+ ", "> "].contains(where: { text.hasPrefix($0) }) {
      text.removeFirst(2)
    } else if let dot = text.firstIndex(where: { !$0.isASCII || !$0.isNumber }), dot > text.startIndex,
      text[dot...].hasPrefix(". ") || text[dot...].hasPrefix(") ")
    {
      text = text[text.index(dot, offsetBy: 2)...]
    }
    return !text.isEmpty && !text.contains(" ") && !text.contains("\t") && !text.contains(where: isWide)
  }

  /// The generator's only wide characters are CJK ideographs.
  static func isWide(_ c: Character) -> Bool {
    c.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) }
  }

  /// Display columns: a tab to the next multiple of 8, CJK 2; the generator writes no cluster of
  /// width 0.
  static func columns(_ content: String) -> Int {
    content.reduce(0) { $1 == "\t" ? ($0 / 8 + 1) * 8 : $0 + (isWide($1) ? 2 : 1) }
  }

  /// Where two lists first differ, to keep a failure's report short; nil when they are equal.
  static func difference(_ actual: [String], _ expected: [String]) -> String? {
    guard actual != expected else { return nil }
    let at =
      zip(actual, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset
      ?? min(actual.count, expected.count)
    return
      "at \(at): \(at < actual.count ? actual[at] : "nothing") instead of \(at < expected.count ? expected[at] : "nothing") (\(actual.count) vs \(expected.count))"
  }

  /// The field's diagnostics in the model's spelling.
  static func summary(_ field: StableTextField) -> [String] {
    field.diagnostics.map { d in
      let line = field.text.line(containing: d.range.lowerBound) + 1
      let code = d.code.rawValue
      if code == "empty-after-trim" { return "\(code)@\(line)(\(d.severity.rawValue))" }
      return "\(code)@\(line)(\(d.severity.rawValue)): \(d.message)"
    }
  }

  /// The model's list under `maxDiagnostics`: whole lines of line diagnostics while they fit,
  /// then `N more lines break a line rule` at the first line left out, then the rest.
  static func capped(_ list: [String], at cap: Int) -> [String] {
    func line(_ entry: String) -> Int { Int(entry.split(separator: "@")[1].split(separator: "(")[0])! }
    let isLine = { (entry: String) in entry.hasPrefix("line-") }
    let lineDiagnostics = list.filter(isLine)
    var kept: [String] = []
    var index = 0
    while index < lineDiagnostics.count {
      let here = lineDiagnostics[index...].prefix { line($0) == line(lineDiagnostics[index]) }
      if kept.count + here.count > cap {
        let omitted = Set(lineDiagnostics[index...].map(line)).count
        kept.append(
          "too-many-diagnostics@\(line(lineDiagnostics[index]))(3): \(omitted) more lines break a line rule")
        break
      }
      kept += here
      index += here.count
    }
    return list.filter { !isLine($0) && !$0.hasPrefix("missing-") } + kept
      + list.filter { $0.hasPrefix("missing-") }
  }

  /// A message of runs of lines: mostly single lines, some runs of a few hundred of one kind.
  static func randomMessage(_ rng: inout SeededGenerator) -> [String] {
    let words = ["fix", "the", "parser", "so", "that", "it", "handles", "long", "lines", "gracefully"]
    func prose(_ width: ClosedRange<Int>) -> String {
      let target = Int.random(in: width, using: &rng)
      var line = ""
      while line.count < target { line += (line.isEmpty ? "" : " ") + words.randomElement(using: &rng)! }
      return line
    }
    func url() -> String {
      "https://example.com/" + String(repeating: "p", count: Int.random(in: 10...120, using: &rng))
    }
    func cjk() -> String { String(repeating: "中文", count: Int.random(in: 10...25, using: &rng)) }
    func line(ofKind kind: Int) -> String {
      switch kind {
      case 0, 1: return ""
      case 2, 3: return prose(20...100)
      case 4: return url()
      case 5: return "- " + url()
      case 6: return "  " + url()
      case 7: return "12. " + url()
      case 8: return cjk()
      case 9: return "Signed-off-by: " + prose(10...90)
      case 10: return "Co-authored-by: " + prose(10...90)
      case 11: return "Reviewed-by:" + prose(5...80)
      case 12: return "Bad token: x"
      case 13: return "-Not-a-token: x"
      case 14:
        // git's line, and near misses: too few or too many digits, not hex, text after it.
        let name = ["a", "F", "0", "g"].randomElement(using: &rng)!
        let after = Int.random(in: 0...5, using: &rng) == 0 ? ") x" : ")"
        return "(cherry picked from commit "
          + String(repeating: name, count: [3, 4, 40, 64, 65].randomElement(using: &rng)!) + after
      case 15: return "  " + prose(10...90)
      case 16: return "\t" + prose(10...90)
      case 17: return "# a comment " + prose(0...90)
      case 18: return "   "
      case 19: return "- " + prose(10...90)
      case 20: return prose(73...73)
      default: return prose(72...72)
      }
    }
    var subject: String
    switch Int.random(in: 0...3, using: &rng) {
    case 0: subject = generated.randomElement(using: &rng)! + prose(30...90)
    case 1: subject = "merge branch " + prose(40...90)
    default: subject = prose(10...90)
    }
    var lines: [String] = []
    if Bool.random(using: &rng) { lines += ["", "# leading comment"] }
    lines.append(subject)
    if Bool.random(using: &rng) { lines.append(prose(5...40)) }
    let runs = Int.random(in: 5...40, using: &rng)
    for _ in 0..<runs {
      let kind = Int.random(in: 0...21, using: &rng)
      let count = Int.random(in: 0...9, using: &rng) == 0 ? Int.random(in: 100...400, using: &rng) : 1
      for _ in 0..<count { lines.append(line(ofKind: kind)) }
    }
    // Often a trailer block of its own at the end, sometimes a scissors line and a diff below.
    // Its share of prose is drawn too, so that blocks on both sides of git's quarter come up.
    if Bool.random(using: &rng) {
      lines.append("")
      let prose = Double.random(in: 0...0.95, using: &rng)
      let trailers = [[9], [10], [9, 10, 11, 14], [10, 15, 16], [9, 15, 17], [10, 17]].randomElement(
        using: &rng)!
      for _ in 0..<Int.random(in: 1...300, using: &rng) {
        let kind = Double.random(in: 0..<1, using: &rng) < prose ? 2 : trailers.randomElement(using: &rng)!
        lines.append(line(ofKind: kind))
      }
    }
    if Int.random(in: 0...3, using: &rng) == 0 {
      lines.append(scissors)
      for _ in 0..<Int.random(in: 1...300, using: &rng) { lines.append(prose(60...150)) }
    }
    return lines
  }
}
