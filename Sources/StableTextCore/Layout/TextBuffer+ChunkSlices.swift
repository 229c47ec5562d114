extension TextBuffer {
  /// Calls `body` with the UTF-8 of each chunk overlapping `range` (scalar boundaries), the part
  /// of it inside the range, and that part's offset in the text; `body` returns false to stop.
  func forEachChunkSlice(
    _ range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>, Range<Int>, Int) -> Bool
  ) {
    forEachChunkSlice(range) {
      body($0, $1, $2) ? .next : .stop
    } resume: { _ in
    }
  }

  /// The same, where `body` may ask to skip the rest of a cluster: reading goes on at the next
  /// chunk that starts a cluster (found in O(log n)), and `resume` gets the grapheme state there.
  func forEachChunkSlice(
    _ range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>, Range<Int>, Int) -> SliceStep,
    resume: (Unicode._CharacterRecognizer) -> Void
  ) {
    guard !range.isEmpty else { return }
    let (first, before, firstChunk) = rope.locateChunk(.utf8, range.lowerBound)
    var index = first
    var chunkStart = before.utf8
    while chunkStart < range.upperBound && index < rope.chunkCount {
      let chunk = index == first ? firstChunk : rope.chunk(at: index)
      let count = chunk.byteCount
      let from = max(range.lowerBound - chunkStart, 0)
      let to = min(range.upperBound - chunkStart, count)
      let step = from < to ? chunk.withUTF8 { body($0, from..<to, chunkStart + from) } : .next
      if step == .stop { return }
      chunkStart += count
      index += 1
      if step == .skipClusterTail && index < rope.chunkCount && rope.chunk(at: index).summary.graphemes == 0 {
        // The first chunk from here with a cluster start (canonical counts are zero exactly
        // where no cluster starts: the regional correction only ever removes starts).
        let canonicalBefore = rope.summary(before: index).graphemes
        let (next, skipped) = rope.locate(.canonicalGraphemes, canonicalBefore)
        guard next > index else { continue }
        index = next
        chunkStart = skipped.utf8
        resume(rope.chunk(at: index).startState(afterOddRun: rope.afterOddRun(before: index)))
      }
    }
  }
}
