/// The recent edits of a `TextBuffer` as line splices, so that the per-line indexes a field
/// keeps outside its buffer (rows, line lengths and kinds) catch up with whatever changed the
/// text, whoever changed it.
///
/// Each edit gets a fresh stamp. An index remembers the stamp of the text it describes; the
/// splices after that stamp bring it up to date. Copies of a buffer share their history up to
/// where they diverge, so an index never replays another copy's edits: a stamp that is not in
/// this buffer's history means "measure everything again".
struct EditHistory: Sendable {
  /// Identity only.
  final class Stamp: Sendable {}

  private struct Entry: Sendable {
    var stamp: Stamp
    var splice: LineSplice
  }

  /// How many edits an index may fall behind before it is rebuilt.
  static let capacity = 128

  private var entries: [Entry] = []
  /// The stamp of the text before the first kept entry.
  private var base: Stamp
  /// The stamp of the current text.
  private(set) var latest: Stamp

  init() {
    base = Stamp()
    latest = base
  }

  mutating func record(_ splice: LineSplice) {
    if entries.count >= Self.capacity {
      base = entries[Self.capacity / 2 - 1].stamp
      entries.removeFirst(Self.capacity / 2)
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

  /// The splices made after the text stamped `stamp`, or `nil` when it is not this text's
  /// ancestor within the kept history.
  func splices(since stamp: Stamp) -> [LineSplice]? {
    if stamp === latest { return [] }
    if stamp === base { return entries.map(\.splice) }
    guard let index = entries.lastIndex(where: { $0.stamp === stamp }) else { return nil }
    return entries[(index + 1)...].map(\.splice)
  }
}
