/// One entry of `textDocument/didChange`'s `contentChanges`: a range replacement, or the whole
/// text when `range` is `nil`.
public struct ContentChange: Hashable, Sendable {
  public var range: TextRange?
  public var text: String

  public init(range: TextRange?, text: String) {
    self.range = range
    self.text = text
  }
}

/// A change list that could not be applied: which entry failed and why.
public struct ContentChangeError: Error, Equatable, Sendable {
  public var index: Int
  public var error: PositionError

  public init(index: Int, error: PositionError) {
    self.index = index
    self.error = error
  }
}

extension TextBuffer {
  /// Applies `changes` in order, each against the result of the previous one, or none of them:
  /// when an entry is invalid the buffer is restored to what it was before the first entry.
  public mutating func apply(_ changes: [ContentChange], in encoding: PositionEncoding)
    throws(ContentChangeError)
  {
    // Undo log of (range in the text after the edit, text it replaced).
    var undo: [(Range<Int>, String)] = []
    for (index, change) in changes.enumerated() {
      let range: Range<Int>
      if let clientRange = change.range {
        do {
          range = try offsets(of: clientRange, in: encoding)
        } catch {
          for (applied, original) in undo.reversed() { replace(applied, with: original) }
          throw ContentChangeError(index: index, error: error)
        }
      } else {
        range = 0..<utf8Count
      }
      let removed = replace(range, with: change.text)
      undo.append((range.lowerBound..<range.lowerBound + change.text.utf8.count, removed))
    }
  }
}
