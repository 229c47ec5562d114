/// Where the line index takes a line's length in a unit from: one of the counts its one pass
/// over the line's bytes makes, or a pass of the layout's cluster reader summing the measure's
/// `length(ofCluster:width:atColumn:tabSize:)`.
enum LineCount: Sendable {
  case utf8, utf16, scalars
  case clusters
  /// Each line counted as a text of its own with the measure's `count`; the whole text is the
  /// sum of its lines and terminators (`twitter`: what weighs, a URL, never crosses a line).
  case lines
  /// Not a sum of lines: the text is counted whole with the measure's `count` (a line rule
  /// counts each line so, as a text of its own).
  case whole
}
