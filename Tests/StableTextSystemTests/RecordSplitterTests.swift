import StableTextSystem
import Testing

/// `check --commits` reads `git log -z` as it comes (Protocol/README.md, "Command line"): the
/// splitter hands on each record when its separator arrives, wherever the pieces were cut, and
/// holds no more than the record not yet complete.
@Suite struct RecordSplitterTests {
  static let stream = Array("a\0bb\0\0cccc\0dd".utf8)
  static let records = ["a", "bb", "", "cccc", "dd"]

  /// The records and the most bytes held between pieces, for the stream cut at `cuts`.
  static func split(at cuts: [Int]) -> (records: [String], mostHeld: Int) {
    var splitter = RecordSplitter(separator: 0)
    var found: [String] = []
    var mostHeld = 0
    let bounds = [0] + cuts + [stream.count]
    for (start, end) in zip(bounds, bounds.dropFirst()) {
      stream[start..<end].withUnsafeBytes { piece in
        splitter.read(piece) { found.append(String(decoding: $0, as: UTF8.self)) }
      }
      mostHeld = max(mostHeld, splitter.held)
    }
    splitter.finish { found.append(String(decoding: $0, as: UTF8.self)) }
    #expect(splitter.held == 0)
    return (found, mostHeld)
  }

  @Test(
    arguments: [
      // (cuts, the most bytes held: the longest record not yet complete at a cut)
      ([], 2),  // one piece: only the unterminated "dd" is held
      ([1], 2),  // after "a": held until its separator
      ([2], 2),
      ([5, 6], 2),  // the empty record between two separators, alone in a piece
      ([8], 2),  // inside "cccc": "cc" held
      ([9], 3),
      ([10], 4),  // "cccc" whole, its separator in the next piece
      ([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], 4),  // a byte a piece
    ] as [([Int], Int)])
  func recordsWhereverThePiecesAreCut(cuts: [Int], held: Int) {
    let (records, mostHeld) = Self.split(at: cuts)
    #expect(records == Self.records)
    #expect(mostHeld == held)
  }

  /// Every way of cutting the stream in three gives the same records, and never holds more than
  /// the longest record.
  @Test func everyCutInThree() {
    for first in 0...Self.stream.count {
      for second in first...Self.stream.count {
        let (records, mostHeld) = Self.split(at: [first, second])
        #expect(records == Self.records, "\(first), \(second)")
        #expect(mostHeld <= 4, "\(first), \(second)")
      }
    }
  }
}
