/// A node of the rope's B+ tree. Leaves hold chunks; internal nodes hold children. Each node
/// keeps the sum of its subtree's summaries and chunk count, so a descent by any metric, or by
/// chunk index, costs O(log n). Nodes are shared between copies and copied on write.
///
/// Dynamic exclusivity checks are off for the node's fields: every keystroke reaches them along
/// a path, the checks cost several percent of a keystroke, and a node is only ever changed by
/// the one `Rope` that holds it uniquely (copy on write), never while another access is open.
final class RopeNode: @unchecked Sendable {
  /// Canonical sums (see `RopeChunk`): additive, so a path is fixed by subtracting and adding.
  @exclusivity(unchecked) var summary = RopeSummary()
  /// The composition of the children's regional-indicator profiles, in order.
  @exclusivity(unchecked) var regional = RegionalParity()
  @exclusivity(unchecked) var chunkCount = 0
  @exclusivity(unchecked) var chunks: [RopeChunk] = []
  @exclusivity(unchecked) var children: [RopeNode] = []
  /// 0 for a leaf.
  let height: Int

  init(chunks: [RopeChunk]) {
    height = 0
    self.chunks = chunks
    recompute()
  }

  init(children: [RopeNode], height: Int) {
    self.height = height
    self.children = children
    recompute()
  }

  private init(copying other: RopeNode) {
    height = other.height
    summary = other.summary
    regional = other.regional
    chunkCount = other.chunkCount
    chunks = other.chunks
    children = other.children
  }

  func copy() -> RopeNode { RopeNode(copying: self) }

  var isLeaf: Bool { height == 0 }
  var fanout: Int { isLeaf ? chunks.count : children.count }

  func recompute() {
    var total = RopeSummary()
    if isLeaf {
      for chunk in chunks { total += chunk.summary }
      chunkCount = chunks.count
    } else {
      var count = 0
      for child in children {
        total += child.summary
        count += child.chunkCount
      }
      chunkCount = count
    }
    summary = total
    recomposeRegional()
  }

  /// Composes the children's profiles again after one of them changed (O(fanout)).
  func recomposeRegional() {
    var total = RegionalParity()
    // Each profile read in place: `for chunk in chunks` would copy every chunk (a retain and a
    // release of its bytes) to read three fields, on every keystroke among indicators.
    if isLeaf {
      for i in chunks.indices { total = total.followed(by: chunks[i].regional) }
    } else {
      for i in children.indices { total = total.followed(by: children[i].regional) }
    }
    regional = total
  }
}
