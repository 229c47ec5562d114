/// Which lines one edit replaced: lines `first ..< oldLineCount - tail` of the text before it
/// became lines `first ..< newLineCount - tail` of the text after it. The lines around the edit
/// are included, since a `\r` and a `\n` can join or split across its ends.
package struct LineSplice: Equatable, Sendable {
  package var first: Int
  package var tail: Int
  package var oldLineCount: Int
  package var newLineCount: Int
  /// The edit itself (several folded together are composed into one): its UTF-8 range in the text
  /// before it and how many bytes it put there. A long line uses it to lay out only the rows
  /// around the edit.
  package var edit: TextSplice?

  package init(first: Int, tail: Int, oldLineCount: Int, newLineCount: Int, edit: TextSplice? = nil) {
    self.first = first
    self.tail = tail
    self.oldLineCount = oldLineCount
    self.newLineCount = newLineCount
    self.edit = edit
  }

  var oldLines: Range<Int> { first..<oldLineCount - tail }
  var newLines: Range<Int> { first..<newLineCount - tail }
}
