/// The edits of a `TextBuffer` since its field's indexes last caught up, as line splices, so
/// that the per-line indexes kept outside the buffer (rows, line lengths and kinds) learn which
/// lines to measure again, whoever changed the text.
///
/// Each edit gets a fresh stamp; an index remembers the stamp of the text it describes. The
/// history is never dropped: when it grows long, its oldest half becomes one splice covering
/// every line those edits touched (typing in one place stays a few lines), so an index at the
/// history's base still catches up by measuring only touched lines. An index whose stamp is not
/// in the history (another copy's, or one from before a `settle`) is measured afresh.
struct EditHistory: Sendable {
  /// Identity only.
  final class Stamp: Sendable {}

  private struct Entry: Sendable {
    var stamp: Stamp
    var splice: LineSplice
  }

  /// How many edits are kept one by one before the oldest half is merged.
  static let capacity = 128

  private var entries: [Entry] = []
  /// The stamp of the text before the first entry.
  private(set) var base: Stamp
  /// The stamp of the current text.
  private(set) var latest: Stamp

  init() {
    base = Stamp()
    latest = base
  }

  mutating func record(_ splice: LineSplice) {
    if entries.count >= Self.capacity {
      // The oldest half as one splice; stamps inside it are gone, the base is kept.
      let half = Self.capacity / 2
      let merged = entries[1..<half].reduce(entries[0].splice) { $0.followed(by: $1.splice) }
      entries.replaceSubrange(0..<half, with: [Entry(stamp: entries[half - 1].stamp, splice: merged)])
    }
    let stamp = Stamp()
    entries.append(Entry(stamp: stamp, splice: splice))
    latest = stamp
  }

  /// Marks the text as new without saying which lines changed: every index is measured again.
  mutating func forget() {
    if !entries.isEmpty { entries = [] }
    base = Stamp()
    latest = base
  }

  /// Every index has caught up with the current text: the history starts again from here.
  mutating func settle() {
    if !entries.isEmpty { entries = [] }
    base = latest
  }

  /// The splices made after the text stamped `stamp`, or `nil` when it is not this text's
  /// ancestor within the kept history.
  func splices(since stamp: Stamp) -> [LineSplice]? {
    if stamp === latest { return [] }
    if stamp === base { return entries.map { $0.splice } }
    guard let index = entries.lastIndex(where: { $0.stamp === stamp }) else { return nil }
    return entries[(index + 1)...].map { $0.splice }
  }
}
