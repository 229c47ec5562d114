/// Input-method composition ("`stableText/edit` (request)", composing): Korean, Japanese and
/// Chinese are typed as marked text that an input method rewrites keystroke by keystroke (iOS
/// `markedTextRange`, the web's `compositionstart`). A limit judged on marked text would cut a
/// syllable in half, so composing edits are applied as they come and never rejected or
/// truncated; the first edit after them without `composing` (the committed text) is judged by
/// the policy as one change from the text as it was before the composition began.
extension StableTextField {
  /// What the composition changed: the text before it, and the window outside which the text
  /// still equals it (`start` bytes at the front, `endFromEnd` at the back).
  struct Composition: Sendable {
    let base: TextBuffer
    var start = Int.max
    var endFromEnd = Int.max
    /// The text's state after the last composing edit: any other change ends the composition.
    var stamp: EditHistory.Stamp

    /// Widens the window by `splices`, applied in order to a text of `count` bytes.
    mutating func widen(by splices: [TextSplice], count: Int) {
      var count = count
      for splice in splices {
        start = min(start, splice.range.lowerBound)
        endFromEnd = min(endFromEnd, count - splice.range.upperBound)
        count += splice.insertedCount - splice.range.count
      }
    }

    /// Widens the window to whole line terminators: in none of `texts` (each equal to the others
    /// outside the window) may it start or end between a `\r` and a `\n`, a place no position
    /// names ("Positions and lines"). A `\r` the text had, joined by a composed `\n`, put the
    /// window's start there, and the answer's edit with it.
    mutating func widenToTerminators(in texts: [TextBuffer]) {
      func splits(_ text: TextBuffer, at offset: Int) -> Bool {
        offset > 0 && offset < text.utf8Count && text.byte(at: offset - 1) == 0x0D
          && text.byte(at: offset) == 0x0A
      }
      if texts.contains(where: { splits($0, at: start) }) { start -= 1 }
      if texts.contains(where: { splits($0, at: $0.utf8Count - endFromEnd) }) { endFromEnd -= 1 }
    }
  }

  /// `shouldChange(_:replacementText:)`, for an edit an input method makes while it composes
  /// (`composing`): always allowed, with the length it would make.
  public func shouldChange(_ range: Range<Int>, replacementText text: String, composing: Bool) -> ChangeCheck
  {
    guard composing else { return shouldChange(range, replacementText: text) }
    var scratch = self
    scratch.text.replace(range, with: text)
    scratch.catchUp()
    return ChangeCheck(
      allowed: true, reason: nil, length: scratch.length, limit: rules.limit, fitting: nil)
  }

  /// Whether an input method is composing (a composing edit came, and nothing since ended it).
  public var isComposing: Bool { composition.map { $0.stamp === text.history.latest } ?? false }

  /// Applies `edits` made while an input method composes (`composing`), or the edit that commits
  /// the composition. Composing edits always apply; the commit is judged by `policy` as one
  /// change from the text before the composition: rejected (`applied` false), the text is that
  /// text again; truncated, the committed text is cut to fit. A commit's outcome has one edit,
  /// over the composed text the caller holds, from what changed to what is there now (its
  /// `splices` likewise), even when rejected. Without a composition under way this is
  /// `apply(_:in:policy:)`.
  @discardableResult
  public mutating func apply(
    _ edits: [FieldEdit], in encoding: PositionEncoding, policy: LimitPolicy? = nil, composing: Bool
  ) throws(FieldEditError) -> EditOutcome {
    if composing {
      if !isComposing {
        catchUp()
        composition = Composition(base: text, stamp: text.history.latest)
      }
      let count = text.utf8Count
      let outcome = try apply(edits, in: encoding, policy: .allow)
      if var under = composition {
        under.widen(by: outcome.splices, count: count)
        under.stamp = text.history.latest
        composition = under
      }
      return outcome
    }
    guard isComposing, let started = composition else {
      composition = nil
      return try apply(edits, in: encoding, policy: policy)
    }
    // The commit: the composed text with the committed edits, as one change from the base.
    let composed = text
    let composedCount = text.utf8Count
    var window = started
    let committed = try apply(edits, in: encoding, policy: .allow)
    window.widen(by: committed.splices, count: composedCount)
    composition = nil
    guard window.start != .max else { return committed }
    let final = text
    window.widenToTerminators(in: [window.base, composed, final])
    let replacement = String(final.slice(window.start..<final.utf8Count - window.endFromEnd))
    let base = window.base
    let range = TextRange(
      start: base.position(of: window.start, in: encoding),
      end: base.position(of: base.utf8Count - window.endFromEnd, in: encoding))
    text = base
    catchUp()
    var outcome = try apply([FieldEdit(range: range, text: replacement)], in: encoding, policy: policy)
    // Against the composed text the client holds: one edit over the window, whatever the policy
    // did (a refused commit puts the text before the composition back).
    let end = text.utf8Count - window.endFromEnd
    let composedWindow = window.start..<composedCount - window.endFromEnd
    let echoed = TextRange(
      start: composed.position(of: composedWindow.lowerBound, in: encoding),
      end: composed.position(of: composedWindow.upperBound, in: encoding))
    outcome.edits = [AppliedEdit(range: echoed, text: String(text.slice(window.start..<end)))]
    outcome.splices = [TextSplice(range: composedWindow, insertedCount: end - window.start)]
    outcome.caretOffset = end
    return outcome
  }
}
