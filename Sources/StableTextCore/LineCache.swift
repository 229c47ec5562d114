/// See `TextBuffer.lineCache`. A few entries, because a keystroke and the publish after it look
/// up different lines (the edited one; the ends of each diagnostic), and one entry thrashed.
final class LineCache: @unchecked Sendable {
  private var lines = [-1, -1, -1, -1]
  private var offsets = [0, 0, 0, 0]
  private var next = 0

  func offset(ofLine line: Int) -> Int? {
    for i in 0..<lines.count where lines[i] == line { return offsets[i] }
    return nil
  }

  func remember(line: Int, offset: Int) {
    lines[next] = line
    offsets[next] = offset
    next = (next + 1) % lines.count
  }

  /// Forgets every entry but the starts of lines after the first strictly before `offset`.
  func keepEntries(before offset: Int) {
    for i in 0..<lines.count where !(lines[i] > 0 && offsets[i] < offset) { lines[i] = -1 }
  }

  func copy() -> LineCache {
    let copy = LineCache()
    copy.lines = lines
    copy.offsets = offsets
    copy.next = next
    return copy
  }
}
