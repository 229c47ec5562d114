/// A B+ tree of UTF-8 chunks (see `RopeChunk`), addressed by chunk index or by any metric.
struct Rope: Sendable {
  static let maxFanout = 16
  static let minFanout = 4

  private(set) var root: RopeNode

  init() { root = RopeNode(chunks: []) }

  /// Builds a balanced tree over `chunks` bottom up.
  init(chunks: [RopeChunk]) {
    guard !chunks.isEmpty else {
      root = RopeNode(chunks: [])
      return
    }
    var level: [RopeNode] = stride(from: 0, to: chunks.count, by: Self.maxFanout).map {
      RopeNode(chunks: Array(chunks[$0..<min(chunks.count, $0 + Self.maxFanout)]))
    }
    var height = 0
    while level.count > 1 {
      height += 1
      level = stride(from: 0, to: level.count, by: Self.maxFanout).map {
        RopeNode(children: Array(level[$0..<min(level.count, $0 + Self.maxFanout)]), height: height)
      }
    }
    root = level[0]
  }

  /// True counts of the whole text (canonical sums with the regional-indicator correction).
  var summary: RopeSummary {
    var summary = root.summary
    summary.graphemes -= root.regional.correctionAfterEven
    return summary
  }
  var chunkCount: Int { root.chunkCount }

  /// Calls `body` with each chunk in order.
  func forEachChunk(_ body: (RopeChunk) -> Void) {
    func visit(_ node: RopeNode) {
      if node.isLeaf {
        for chunk in node.chunks { body(chunk) }
      } else {
        for child in node.children { visit(child) }
      }
    }
    visit(root)
  }

  func chunk(at index: Int) -> RopeChunk {
    var node = root
    var index = index
    while !node.isLeaf {
      let (i, local) = Self.child(of: node, holding: index)
      (node, index) = (node.children[i], local)
    }
    return node.chunks[index]
  }

  /// The child of an internal node that holds chunk `index`, and the index within it.
  private static func child(of node: RopeNode, holding index: Int) -> (child: Int, index: Int) {
    var i = 0
    var index = index
    while index >= node.children[i].chunkCount {
      index -= node.children[i].chunkCount
      i += 1
    }
    return (i, index)
  }

  /// Makes child `i` of `node` (itself unique) unique too, copying it when shared.
  private static func unshare(_ node: RopeNode, child i: Int) {
    if !isKnownUniquelyReferenced(&node.children[i]) { node.children[i] = node.children[i].copy() }
  }

  /// The canonical summary of every chunk before `index` (its `graphemes` are not the true
  /// count: see `cluster(_:)`).
  func summary(before index: Int) -> RopeSummary {
    prefix(before: index, RopeSummary()) { total, summary, _ in total += summary }
  }

  /// Folds what every chunk before `index` holds into `initial`, a whole child at a time where
  /// it can (O(log n) steps).
  @inline(__always)
  private func prefix<Total>(
    before index: Int, _ initial: Total, _ add: (inout Total, RopeSummary, RegionalParity) -> Void
  ) -> Total {
    var total = initial
    var node = root
    var index = index
    while !node.isLeaf {
      var i = 0
      while i < node.children.count - 1 && index >= node.children[i].chunkCount {
        index -= node.children[i].chunkCount
        add(&total, node.children[i].summary, node.children[i].regional)
        i += 1
      }
      node = node.children[i]
    }
    for i in 0..<min(index, node.chunks.count) {
      add(&total, node.chunks[i].summary, node.chunks[i].regional)
    }
    return total
  }

  /// The first chunk whose metric, added to everything before it, exceeds `value` (or the last
  /// chunk when none does), with the canonical summary of everything before it. Clusters are
  /// found with `cluster(_:)`, which corrects for regional indicators.
  func locate(_ metric: RopeMetric, _ value: Int) -> (index: Int, before: RopeSummary) {
    let found = descend(metric, value)
    return (found.index, found.before)
  }

  /// The same, with the chunk itself (one descent where `locate` and `chunk(at:)` took two). The
  /// rope must hold a chunk.
  func locateChunk(_ metric: RopeMetric, _ value: Int) -> (index: Int, before: RopeSummary, chunk: RopeChunk)
  {
    let found = descend(metric, value)
    return (found.index, found.before, found.leaf.chunks[found.slot])
  }

  @inline(__always)
  private func descend(_ metric: RopeMetric, _ value: Int) -> (
    index: Int, before: RopeSummary, leaf: RopeNode, slot: Int
  ) {
    var node = root
    var before = RopeSummary()
    var index = 0
    var remaining = value
    while !node.isLeaf {
      var i = 0
      while i < node.children.count - 1 {
        let child = node.children[i]
        let amount = metric.value(child.summary)
        if remaining < amount { break }
        remaining -= amount
        before += child.summary
        index += child.chunkCount
        i += 1
      }
      node = node.children[i]
    }
    var i = 0
    while i < node.chunks.count - 1 {
      let amount = metric.value(node.chunks[i].summary)
      if remaining < amount { break }
      remaining -= amount
      before += node.chunks[i].summary
      i += 1
    }
    return (index + i, before, node, i)
  }

  /// The chunk where cluster number `value` starts (or the last chunk), with the true number of
  /// clusters before it and the parity of the regional indicators' run it continues.
  func cluster(_ value: Int) -> (index: Int, clustersBefore: Int, afterOddRun: Bool) {
    var node = root
    var index = 0
    var clusters = 0
    var odd = false
    var remaining = value
    while true {
      let count = node.fanout
      var i = 0
      while i < count - 1 {
        let (summary, regional) =
          node.isLeaf
          ? (node.chunks[i].summary, node.chunks[i].regional)
          : (node.children[i].summary, node.children[i].regional)
        let amount = summary.graphemes - regional.correction(afterOdd: odd)
        if remaining < amount { break }
        remaining -= amount
        clusters += amount
        odd = regional.parity(afterOdd: odd)
        if !node.isLeaf { index += node.children[i].chunkCount }
        i += 1
      }
      if node.isLeaf { return (index + i, clusters, odd) }
      node = node.children[i]
    }
  }

  /// The parity of the regional indicators' run that chunk `index` continues (O(log n)).
  func afterOddRun(before index: Int) -> Bool {
    prefix(before: index, false) { odd, _, regional in odd = regional.parity(afterOdd: odd) }
  }

  // MARK: - Mutation (copy on write along the path)

  private mutating func uniqueRoot() {
    if !isKnownUniquelyReferenced(&root) { root = root.copy() }
  }

  mutating func setChunk(_ chunk: RopeChunk, at index: Int) {
    modifyChunk(at: index) { $0 = chunk }
  }

  /// Changes one chunk in place (its text buffer too, when nothing else shares it) and fixes the
  /// sums along its path.
  mutating func modifyChunk<R>(at index: Int, _ body: (inout RopeChunk) -> R) -> R {
    uniqueRoot()
    return Self.modify(at: index, in: root, body)
  }

  private static func modify<R>(at index: Int, in node: RopeNode, _ body: (inout RopeChunk) -> R) -> R {
    // A profile that did not change (any edit away from regional indicators) leaves every
    // composition above it as it was.
    if node.isLeaf {
      let (old, oldRegional) = (node.chunks[index].summary, node.chunks[index].regional)
      let result = body(&node.chunks[index])
      node.summary -= old
      node.summary += node.chunks[index].summary
      if node.chunks[index].regional != oldRegional { node.recomposeRegional() }
      return result
    }
    let (i, index) = uniqueChild(of: node, holding: index)
    let (old, oldRegional) = (node.children[i].summary, node.children[i].regional)
    let result = modify(at: index, in: node.children[i], body)
    node.summary -= old
    node.summary += node.children[i].summary
    if node.children[i].regional != oldRegional { node.recomposeRegional() }
    return result
  }

  /// The child of an internal node that holds chunk `index`, made unique for writing, and the
  /// index within it.
  private static func uniqueChild(of node: RopeNode, holding index: Int) -> (child: Int, index: Int) {
    let found = child(of: node, holding: index)
    unshare(node, child: found.child)
    return found
  }

  mutating func insert(_ chunk: RopeChunk, at index: Int) {
    uniqueRoot()
    if let sibling = Self.insert(chunk, at: index, into: root) {
      root = RopeNode(children: [root, sibling], height: root.height + 1)
    }
  }

  /// Inserts and returns the new right sibling when `node` had to split.
  private static func insert(_ chunk: RopeChunk, at index: Int, into node: RopeNode) -> RopeNode? {
    if node.isLeaf {
      node.chunks.insert(chunk, at: index)
      node.summary += chunk.summary
      node.chunkCount += 1
      guard node.chunks.count > maxFanout else {
        node.recomposeRegional()
        return nil
      }
      let right = RopeNode(chunks: Array(node.chunks[(node.chunks.count / 2)...]))
      node.chunks.removeSubrange((node.chunks.count / 2)...)
      node.recompute()
      return right
    }
    var i = 0
    var index = index
    while i < node.children.count - 1 && index > node.children[i].chunkCount {
      index -= node.children[i].chunkCount
      i += 1
    }
    unshare(node, child: i)
    if let split = insert(chunk, at: index, into: node.children[i]) {
      node.children.insert(split, at: i + 1)
    }
    node.summary += chunk.summary
    node.chunkCount += 1
    guard node.children.count > maxFanout else {
      node.recomposeRegional()
      return nil
    }
    let right = RopeNode(children: Array(node.children[(node.children.count / 2)...]), height: node.height)
    node.children.removeSubrange((node.children.count / 2)...)
    node.recompute()
    return right
  }

  @discardableResult
  mutating func remove(at index: Int) -> RopeChunk {
    uniqueRoot()
    let removed = Self.remove(at: index, from: root)
    while !root.isLeaf && root.children.count == 1 { root = root.children[0] }
    if !root.isLeaf && root.children.isEmpty { root = RopeNode(chunks: []) }
    return removed
  }

  private static func remove(at index: Int, from node: RopeNode) -> RopeChunk {
    if node.isLeaf {
      let chunk = node.chunks.remove(at: index)
      node.summary -= chunk.summary
      node.chunkCount -= 1
      node.recomposeRegional()
      return chunk
    }
    let (i, index) = uniqueChild(of: node, holding: index)
    let chunk = remove(at: index, from: node.children[i])
    node.summary -= chunk.summary
    node.chunkCount -= 1
    let child = node.children[i]
    if child.chunkCount == 0 {
      node.children.remove(at: i)
    } else if child.fanout < minFanout && node.children.count > 1 {
      // Merge with a neighbour when the two fit in one node, keeping leaves at one depth.
      let j = i + 1 < node.children.count ? i + 1 : i - 1
      let (left, right) = (min(i, j), max(i, j))
      if node.children[left].fanout + node.children[right].fanout <= maxFanout {
        unshare(node, child: left)
        let target = node.children[left]
        let source = node.children[right]
        if target.isLeaf { target.chunks += source.chunks } else { target.children += source.children }
        target.recompute()
        node.children.remove(at: right)
      }
    }
    node.recomposeRegional()
    return chunk
  }
}
