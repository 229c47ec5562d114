/// Lines: where each starts and ends, and which holds an offset ("Positions and lines").
extension TextBuffer {
  /// UTF-8 offset where `line` starts (the end of the document past the last line).
  public func lineStart(_ line: Int) -> Int {
    guard line > 0 else { return 0 }
    guard line <= rope.summary.lineBreaks else { return utf8Count }
    let (_, before, chunk) = rope.locateChunk(.lineBreaks, line - 1)
    let wanted = line - before.lineBreaks
    let local = chunk.withUTF8 {
      LineBreakWord.start(afterBreak: wanted, of: chunk.summary.lineBreaks, in: $0)
    }
    return before.utf8 + local
  }

  /// UTF-8 offset of the end of `line`'s content, before its terminator.
  public func lineContentEnd(_ line: Int) -> Int {
    guard line < rope.summary.lineBreaks else { return utf8Count }
    return terminatorStart(before: lineStart(line + 1))
  }

  /// Where the line terminator (`\r\n`, `\n` or `\r`) that ends just before `end` starts, or
  /// `end` when there is none.
  public func terminatorStart(before end: Int) -> Int {
    guard end > 0 else { return end }
    switch byte(at: end - 1) {
    case 0x0A: return end >= 2 && byte(at: end - 2) == 0x0D ? end - 2 : end - 1
    case 0x0D: return end - 1
    default: return end
    }
  }

  /// The line holding `offset` and where it starts, from one look-up: the start is found by
  /// reading back from the offset to the terminator before it, when that is in the same chunk
  /// (lines are mostly shorter than chunks), else through the line index.
  func lineAndStart(containing offset: Int) -> (line: Int, start: Int) {
    let offset = min(max(0, offset), utf8Count)
    guard offset > 0 else { return (0, 0) }
    let (chunk, _, before) = chunk(atUTF8: offset)
    let local = offset - before.utf8
    let atEnd = offset == utf8Count
    let found: (breaks: Int, start: Int?) = chunk.withUTF8 { bytes in
      // At the end of the text the line is the last one: no breaks to count.
      let breaks = atEnd ? 0 : LineBreakWord.count(in: bytes, before: local, stoppingAfter: .max).breaks
      var i = local - 1
      // Between `\r` and `\n` is inside the terminator of the line they end.
      if bytes[i] == 0x0D && local < bytes.count && bytes[local] == 0x0A { i -= 1 }
      while i >= 0 {
        if bytes[i] == 0x0A || bytes[i] == 0x0D { return (breaks, before.utf8 + i + 1) }
        i -= 1
      }
      return (breaks, nil)
    }
    let line = atEnd ? rope.summary.lineBreaks : before.lineBreaks + found.breaks
    return (line, found.start ?? lineStart(line))
  }

  /// The line holding UTF-8 `offset`. An offset between `\r` and `\n` belongs to the line they end.
  public func line(containing offset: Int) -> Int {
    let offset = min(max(0, offset), utf8Count)
    guard offset > 0 else { return 0 }
    let (chunk, _, before) = chunk(atUTF8: offset)
    let local = offset - before.utf8
    return before.lineBreaks
      + chunk.withUTF8 { LineBreakWord.count(in: $0, before: local, stoppingAfter: .max).breaks }
  }
}
