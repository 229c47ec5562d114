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
