/// What a frontend binds its counter and placeholder to.
public struct FieldState: Equatable, Sendable {
  /// The length in the rules' unit (less a final terminator the rules leave out, over message lines when the rules read lines).
  public var length: Int
  /// The limit, `nil` without one.
  public var limit: Int?
  /// The unit `length` and `limit` are in.
  public var unit: LengthUnit
  /// `limit − length`; negative when over, `nil` without a limit.
  public var remaining: Int?
  /// Whether `length` is over `limit`.
  public var overLimit: Bool
  /// True when the text is blank after trimming, whether or not the rules report it.
  public var emptyAfterTrim: Bool
  /// `07/150`, or the bare count without a limit.
  public var counter: String
  /// The placeholder text of the rules (shown while `placeholderVisible`).
  public var placeholder: String
  /// The placeholder shows exactly when the text is blank.
  public var placeholderVisible: Bool
  /// Line terminators plus one.
  public var lineCount: Int
}

extension StableTextField {
  /// The figures a view binds to: the counter, the remaining count, the placeholder.
  public var state: FieldState {
    let length = length
    let blank = isEmptyAfterTrim
    return FieldState(
      length: length, limit: rules.limit, unit: rules.lengthUnit,
      remaining: rules.remaining(after: length), overLimit: rules.isOver(length), emptyAfterTrim: blank,
      counter: counter(length: length),
      placeholder: rules.placeholderText, placeholderVisible: blank, lineCount: text.lineCount)
  }
}
