/// The rules a rope's structure keeps, checked from scratch. Tests check them after every edit
/// of their property runs, and the fuzzer after every input, because a rope whose sums are right
/// can still be wrong inside (a stale start state shows only in some later edit's count).
extension Rope {
  /// Each rule the rope breaks, described; empty when it keeps them all. O(n).
  func invariantViolations() -> [String] {
    var problems: [String] = []
    var chunkIndex = 0
    var previous: RopeChunk?
    var state = Unicode._CharacterRecognizer()

    func visit(_ node: RopeNode, path: String) {
      if node.fanout > Self.maxFanout {
        problems.append("\(path): \(node.fanout) children, more than \(Self.maxFanout)")
      }
      if node.isLeaf {
        var sum = RopeSummary()
        var profile = RegionalParity()
        for chunk in node.chunks {
          sum += chunk.summary
          profile = profile.followed(by: chunk.regional)
          check(chunk, at: chunkIndex)
          chunkIndex += 1
        }
        if sum != node.summary {
          problems.append("\(path): summary \(node.summary), its chunks add up to \(sum)")
        }
        if profile != node.regional { problems.append("\(path): regional profile differs from its chunks'") }
        if node.chunkCount != node.chunks.count {
          problems.append("\(path): chunk count \(node.chunkCount), holds \(node.chunks.count)")
        }
        return
      }
      if node.children.isEmpty { problems.append("\(path): an inner node without children") }
      var sum = RopeSummary()
      var profile = RegionalParity()
      var count = 0
      for (index, child) in node.children.enumerated() {
        if child.height != node.height - 1 {
          problems.append("\(path)[\(index)]: height \(child.height) under a node of height \(node.height)")
        }
        visit(child, path: "\(path)[\(index)]")
        sum += child.summary
        profile = profile.followed(by: child.regional)
        count += child.chunkCount
      }
      if sum != node.summary {
        problems.append("\(path): summary \(node.summary), its children add up to \(sum)")
      }
      if profile != node.regional { problems.append("\(path): regional profile differs from its children's") }
      if count != node.chunkCount {
        problems.append("\(path): chunk count \(node.chunkCount), its children hold \(count)")
      }
    }

    func check(_ chunk: RopeChunk, at index: Int) {
      var text = chunk.text
      let size = text.utf8.count
      if size == 0 || size > RopeChunk.maxSize {
        problems.append("chunk \(index): \(size) bytes, outside 1...\(RopeChunk.maxSize)")
      }
      if let first = text.utf8.first, first & 0xC0 == 0x80 {
        problems.append("chunk \(index): starts inside a scalar")
      }
      if let previous, previous.text.utf8.last == 0x0D, text.utf8.first == 0x0A {
        problems.append("chunk \(index): a \\r\\n is split between chunks \(index - 1) and \(index)")
      }
      // Canonical states chain from one chunk to the next (see `RegionalParity`).
      if chunk.startState != state {
        problems.append("chunk \(index): its start state is not the state the chunk before it leaves")
      }
      let (summary, endState, regional) = text.withUTF8 { RopeChunk.measure($0, from: chunk.startState) }
      if summary != chunk.summary {
        problems.append("chunk \(index): counts \(chunk.summary), measured \(summary)")
      }
      if endState != chunk.endState {
        problems.append("chunk \(index): end state differs from a fresh measurement")
      }
      if regional != chunk.regional {
        problems.append("chunk \(index): regional profile differs from a fresh measurement")
      }
      state = chunk.endState
      previous = chunk
    }

    visit(root, path: "root")
    if chunkIndex != chunkCount { problems.append("root: \(chunkCount) chunks counted, \(chunkIndex) found") }
    return problems
  }
}

extension TextBuffer {
  /// Each rule the buffer's storage breaks, described (empty when none): node sums, chunk sizes,
  /// `\r\n` never split, scalar boundaries, and chunk counts and grapheme states equal to a fresh
  /// measurement. O(n): for tests and the fuzzer.
  public func invariantViolations() -> [String] { rope.invariantViolations() }
}

extension RowIndex {
  func invariantViolations() -> [String] {
    table.invariantViolations().map { "row index: \($0)" }
      + (longLine?.rows.invariantViolations().map { "long line's rows: \($0)" } ?? [])
  }
}

extension MessageLineIndex {
  func invariantViolations() -> [String] { table.invariantViolations().map { "line index: \($0)" } }
}

extension StableTextField {
  /// Each rule the field's storage and per-line indexes break, described (empty when none): the
  /// rope's (see `TextBuffer.invariantViolations()`), and the line tables' of the row index and
  /// the line rules' index. O(n): for tests and the fuzzer.
  public func invariantViolations() -> [String] {
    text.invariantViolations() + (rows?.invariantViolations() ?? []) + (lines?.invariantViolations() ?? [])
  }
}
