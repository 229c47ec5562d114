import Testing

@testable import StableTextCore

/// What completion's items leave of the subject (Protocol/README.md, "Completion"), counted in
/// parts (`SubjectLeft`): for every registered unit, both tab sizes, and seams where grapheme
/// rules could join the parts (a combining mark, a zero-width joiner, a prepended mark, a lone
/// regional indicator, a tab), the words equal those of the whole line counted afresh.
@Suite struct SubjectLeftTests {
  static let heads = [
    "", "feat(", "feat(ui,", "é(", "fix\t(", "🇫", "a\u{0600}", "x\u{200D}", "中文(", "\u{0915}\u{094D}",
    // Spaces, where `twitter` splits the line: before a URL, a mark, a flag, a prepended mark.
    "see example.com and ", "fix the a.b ", "x \u{0301}y ", "🇫 🇷 (", "a\u{0600} b ", "wide 中文 words (",
  ]
  static let tails = [
    "", "): add", ")\tx\tyz", "\u{0301}abc", ": 🇫🇷 flag", "):\u{1F469}\u{200D}\u{1F4BB}",
    " https://example.com/a/long/path", "\u{0915}", "\r", "\t",
    "x and https://e.com/p more", " \u{0301} next a.b", ".com rest of it", "end. 🇫 🇷 ok",
  ]
  static let items = [
    "ui", "", "\u{0301}", "🇷", "scope\tx", "ä", "\u{200D}\u{1F4BB}", "日本", "ui): ", "\u{0600}",
  ]

  @Test(arguments: [4, 8]) func partsCountAsTheWholeLine(tabSize: Int) {
    let units = LengthUnit.registered
    for head in Self.heads {
      for tail in Self.tails {
        // Each unit alone (limits that the lines pass and that they do not), then all at once.
        var limitSets = units.map { [SubjectLimit(limit: 7, unit: $0, tabSize: tabSize)] }
        limitSets.append(
          units.enumerated().map { SubjectLimit(limit: 20 + $0.offset, unit: $0.element, tabSize: tabSize) })
        for limits in limitSets {
          var left = SubjectLeft(limits, head: head[...], tail: tail[...])
          // Twice over: the second round reads what the first remembered.
          for item in Self.items + Self.items {
            let expected = SubjectLimit.words(limits, after: Substring(head + item + tail))
            let got = left.words(with: item[...])
            #expect(
              got == expected,
              "head \(head.debugDescription), item \(item.debugDescription), tail \(tail.debugDescription), \(limits.map(\.unit.rawValue))"
            )
          }
        }
      }
    }
  }

  /// In `twitter` the word the item goes into is weighed per item, the rest of the line once: a
  /// line of 60 KB of combining marks (one word) gives no words for what an item leaves in that
  /// unit, where it was weighed whole for each item; another unit's limit still gives them.
  @Test func twitterWordsPastTheBoundSayNothing() {
    let marks = String(repeating: "\u{301}\u{302}", count: 15_000)
    let twitter = SubjectLimit(limit: 280, unit: .twitter, tabSize: 8)
    let columns = SubjectLimit(limit: 50, unit: .columns, tabSize: 8)
    var alone = SubjectLeft([twitter], head: "", tail: marks[...])
    #expect(alone.words(with: "feat: ") == nil)
    var both = SubjectLeft([twitter, columns], head: "", tail: marks[...])
    #expect(both.words(with: "feat: ") == SubjectLimit.words([columns], after: Substring("feat: " + marks)))
    // A word at the bound is weighed; the line around it once.
    let word = String(repeating: "w", count: SubjectLeft.maxTwitterWordBytes - " the ".utf8.count)
    var atBound = SubjectLeft([twitter], head: "fix the ", tail: (word + " and more")[...])
    #expect(
      atBound.words(with: "it: ")
        == SubjectLimit.words([twitter], after: Substring("fix the it: " + word + " and more")))
  }

  @Test func noLimitNoWords() {
    var left = SubjectLeft([], head: "feat(", tail: "): x")
    #expect(left.words(with: "ui") == nil)
  }
}
