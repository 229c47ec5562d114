/// The `twitter` weight of a text that grows at its end, a closed cluster at a time
/// (`RunningLength`'s): counting the whole line again for every word made a rewrap to a large
/// limit quadratic in the line (a line of 10,000 weighted characters, 5,000 words on it).
///
/// The weight splits at a space that is a cluster of its own: no URL holds a space, a space ends
/// a URL as the end of the text does, and one before a URL lets it stand as the start of the
/// text does, so the text weighs what the part before the space and the part from it weigh, each
/// alone. Only the part since the last such space (the tail: a word) is ever counted again, and
/// only when it holds a `.`: without one there is no URL, and a text weighs what its clusters
/// weigh alone, summed as they close.
struct RunningTwitterWeight {
  /// The weight of everything before `tail`.
  private var frozen = 0
  /// The closed clusters since the last split.
  private var tail = ""
  private var tailHasDot = false
  /// The sum of `tail`'s clusters' weights, each alone: its weight when it has no dot.
  private var tailClusters = 0

  /// Adds a cluster that is closed (the one after it has begun).
  mutating func close(_ cluster: Character) {
    if cluster == " " {
      frozen += tailWeight
      tail = ""
      tailHasDot = false
      tailClusters = 0
    }
    tail.append(cluster)
    if cluster.utf8.contains(0x2E) { tailHasDot = true }
    tailClusters += TwitterWeights().count(Substring(String(cluster)))
  }

  private var tailWeight: Int { tailHasDot ? TwitterWeights().count(tail[...]) : tailClusters }

  /// The weight of everything closed, then `open` (the open cluster, or empty).
  func length(open: String) -> Int {
    guard !open.isEmpty else { return frozen + tailWeight }
    if tailHasDot || open.utf8.contains(0x2E) { return frozen + TwitterWeights().count((tail + open)[...]) }
    return frozen + tailClusters + TwitterWeights().count(open[...])
  }
}
