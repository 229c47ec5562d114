import Testing

@testable import StableTextCore

/// Korean typed jamo by jamo through an input method at a limit: while composing nothing is
/// refused or cut (the marked text is rewritten as the syllable grows), and the committed text is
/// judged by the policy against the text before the composition — a whole syllable kept or left
/// out, never half of one.
@Test(arguments: [
  // policy, the text after the commit
  (LimitPolicy.reject, "가나"), (.truncate, "가나다"), (.allow, "가나다가"),
])
func koreanJamoByJamoAtTheLimit(policy: LimitPolicy, committed: String) throws {
  var field = StableTextField(text: "가나", rules: Rules(maxLength: 3, policy: policy))
  // The marked text after each keystroke of ㄷ ㅏ ㄱ ㅏ (다, then 닥, then 다가: the ㄱ moves on).
  let marked = ["ㄷ", "다", "닥", "다가"]
  var markedRange = 2..<2  // in UTF-16 units: the marked text's place
  for (step, text) in marked.enumerated() {
    let range = TextRange(
      start: TextPosition(line: 0, character: markedRange.lowerBound),
      end: TextPosition(line: 0, character: markedRange.upperBound))
    let outcome = try field.apply(
      [FieldEdit(range: range, text: text)], in: .utf16, policy: policy, composing: true)
    #expect(outcome.applied, "step \(step)")
    #expect(field.text.string == "가나" + text, "step \(step)")
    #expect(field.isComposing)
    markedRange = 2..<2 + text.utf16.count
  }
  #expect(field.length == 4)
  // The input method commits the marked text as it stands.
  let range = TextRange(start: TextPosition(line: 0, character: 2), end: TextPosition(line: 0, character: 4))
  let outcome = try field.apply(
    [FieldEdit(range: range, text: "다가")], in: .utf16, policy: policy, composing: false)
  #expect(field.text.string == committed)
  #expect(!field.isComposing)
  #expect(outcome.reason == .overLimit)
  #expect(outcome.applied == (policy != .reject))
  // One edit over the composed text the input method holds: from 다가 to what is there now.
  #expect(outcome.edits == [AppliedEdit(range: range, text: String(committed.dropFirst(2)))])
  #expect(field.invariantViolations() == [])
  #expect(field.length == committed.count)
}

/// A change that is not the input method's ends the composition: the next edit is judged alone.
@Test func anotherChangeEndsTheComposition() throws {
  var field = StableTextField(text: "ab", rules: Rules(maxLength: 3))
  let end = TextRange(start: TextPosition(line: 0, character: 2), end: TextPosition(line: 0, character: 2))
  try field.apply([FieldEdit(range: end, text: "xy")], in: .utf16, composing: true)
  #expect(field.isComposing)
  field.text.replace(0..<1, with: "")
  #expect(!field.isComposing)
  // "bxy" + "z" is over the limit: rejected as an edit of its own, the composition forgotten.
  let after = TextRange(start: TextPosition(line: 0, character: 3), end: TextPosition(line: 0, character: 3))
  let outcome = try field.apply([FieldEdit(range: after, text: "z")], in: .utf16, composing: false)
  #expect(!outcome.applied)
  #expect(field.text.string == "bxy")
}

/// A `\r` of the text joined by a composed `\n`, then a commit the policy refuses: the answer's
/// edit started between the `\r` and the `\n` (its start named the next line's start), so the
/// client's text after applying it differed from the daemon's. The window now takes the whole
/// terminator.
@Test func aComposedNewlineAfterACarriageReturnIsEchoedWhole() throws {
  var field = StableTextField(text: "ab\r", rules: Rules(maxLength: 3, policy: .reject))
  let end = TextRange(start: TextPosition(line: 1, character: 0), end: TextPosition(line: 1, character: 0))
  try field.apply([FieldEdit(range: end, text: "\nc")], in: .utf16, composing: true)
  #expect(field.text.string == "ab\r\nc")
  // The commit: "c" as it is; "ab\r\nc" is 4 clusters, over 3: refused, "ab\r" again.
  let marked = TextRange(start: TextPosition(line: 1, character: 0), end: TextPosition(line: 1, character: 1))
  let outcome = try field.apply([FieldEdit(range: marked, text: "c")], in: .utf16, composing: false)
  #expect(!outcome.applied)
  #expect(field.text.string == "ab\r")
  #expect(
    outcome.edits == [
      AppliedEdit(
        range: TextRange(
          start: TextPosition(line: 0, character: 2), end: TextPosition(line: 1, character: 1)),
        text: "\r")
    ])
  #expect(clientApplies(outcome.edits, to: "ab\r\nc") == field.text.string)
}

/// A position's UTF-8 offset in `text`, lines ended by `\r\n`, `\r` or `\n` (the client's model,
/// independent of the field's).
private func offset(of position: TextPosition, in text: String) -> Int {
  var line = 0
  var index = text.unicodeScalars.startIndex
  let scalars = text.unicodeScalars
  while line < position.line, index < scalars.endIndex {
    let scalar = scalars[index]
    index = scalars.index(after: index)
    if scalar == "\r" {
      if index < scalars.endIndex && scalars[index] == "\n" { index = scalars.index(after: index) }
      line += 1
    } else if scalar == "\n" {
      line += 1
    }
  }
  var units = 0
  while units < position.character, index < scalars.endIndex, scalars[index] != "\r", scalars[index] != "\n" {
    units += scalars[index].utf16.count
    index = scalars.index(after: index)
  }
  return text.utf8.distance(from: text.startIndex, to: index)
}

/// The position of a UTF-8 offset (on a scalar boundary, not inside a `\r\n`) in `text`.
private func position(of target: Int, in text: String) -> TextPosition {
  var line = 0
  var character = 0
  var offset = 0
  let scalars = Array(text.unicodeScalars)
  var i = 0
  while offset < target {
    let scalar = scalars[i]
    if scalar == "\r" && i + 1 < scalars.count && scalars[i + 1] == "\n" {
      (i, offset, line, character) = (i + 2, offset + 2, line + 1, 0)
    } else if scalar == "\r" || scalar == "\n" {
      (i, offset, line, character) = (i + 1, offset + 1, line + 1, 0)
    } else {
      (i, offset, character) = (i + 1, offset + scalar.utf8.count, character + scalar.utf16.count)
    }
  }
  return TextPosition(line: line, character: character)
}

/// `edits` (in order, each on the text the one before left) applied to `text` as a client does.
private func clientApplies(_ edits: [AppliedEdit], to text: String) -> String {
  var text = text
  for edit in edits {
    guard let range = edit.range else {
      text = edit.text
      continue
    }
    let bytes = Array(text.utf8)
    let start = offset(of: range.start, in: text)
    let end = offset(of: range.end, in: text)
    text = String(decoding: bytes[..<start] + Array(edit.text.utf8) + bytes[end...], as: UTF8.self)
  }
  return text
}

/// The places a client can name in `text`: scalar boundaries, none between a `\r` and a `\n`.
private func nameablePlaces(in text: String) -> [Int] {
  let bytes = Array(text.utf8)
  return (0...bytes.count).filter { i in
    (i == bytes.count || bytes[i] & 0xC0 != 0x80)
      && !(i > 0 && i < bytes.count && bytes[i - 1] == 0x0D && bytes[i] == 0x0A)
  }
}

/// Compositions over texts and inserts of lone `\r`, lone `\n` and `\r\n` (joining and splitting
/// terminators), committed under each policy: every edit answered starts and ends at a place a
/// position names in the text the client holds, and the client applying the answer holds the
/// field's text.
@Test(arguments: [71, 72, 73, 74] as [UInt64])
func compositionsAgreeWithTheClientOverTerminators(seed: UInt64) throws {
  var rng = SeededGenerator(seed: seed)
  let pieces = ["a", "가", "\r", "\n", "\r\n", "é", "😀"]
  let inserts = ["", "\r", "\n", "\r\n", "x", "가", "\r\nb", "c\r"]
  for _ in 0..<300 {
    let base = (0..<Int.random(in: 0...6, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }
      .joined()
    let policy = [LimitPolicy.reject, .truncate, .allow].randomElement(using: &rng)!
    var field = StableTextField(
      text: base, rules: Rules(maxLength: Int.random(in: 1...8, using: &rng), policy: policy))
    var client = base
    let steps = Int.random(in: 1...4, using: &rng)
    for step in 0...steps {
      let places = nameablePlaces(in: client)
      let a = places.randomElement(using: &rng)!
      let b = places.randomElement(using: &rng)!
      let range = TextRange(
        start: position(of: min(a, b), in: client), end: position(of: max(a, b), in: client))
      let insert = inserts.randomElement(using: &rng)!
      let composing = step < steps
      let before = client
      let outcome = try field.apply(
        [FieldEdit(range: range, text: insert)], in: .utf16, policy: policy, composing: composing)
      if composing {
        client = clientApplies([AppliedEdit(range: range, text: insert)], to: client)
        #expect(field.text.string == client)
        continue
      }
      // The commit: the answer is against the composed text the client held before it.
      for edit in outcome.edits {
        guard let range = edit.range else { continue }
        let names = nameablePlaces(in: before)
        for place in [range.start, range.end] {
          #expect(names.contains(offset(of: place, in: before)), "\(before.debugDescription) \(edit)")
          #expect(
            position(of: offset(of: place, in: before), in: before) == place, "\(before.debugDescription)")
        }
      }
      if !outcome.edits.isEmpty {
        #expect(
          clientApplies(outcome.edits, to: before) == field.text.string,
          "\(base.debugDescription) → \(before.debugDescription) \(outcome.edits)")
      }
      #expect(field.invariantViolations() == [])
    }
  }
}
