import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Many paths below an open folder looked at together, on more than one thread: on a machine
/// where each system call costs microseconds (a virtual machine), a thousand manifests' opens,
/// stats, reads and closes took 0.5 to 0.6 of one thread's time on two processors in C, and a
/// scope computation 0.57 to 1.06 (docs/performance.md). Each answer is the one the single look
/// gives, in the caller's order.
extension FileSystem.OpenFolder {
  /// The fewest paths worth looking at on more than one thread: below it, waking the threads
  /// costs more than the system calls they share.
  public static let batchMinimum = 16

  /// Each of `relatives` (not empty) looked at as `probe(_:limit:)` looks (`read`: false, as
  /// `linkEntry(_:)` does, never reading), each answer whole: where the open is refused for
  /// another reason than nothing being there, what `linkEntry(_:)` says, without bytes.
  ///
  /// The bytes read are at most `budget` together (each thread keeps to its share; a file past
  /// it is answered without bytes, as one over `limit` is), so a batch never holds more than
  /// the caller's bound on what it reads. Nil for each path not looked at because `deadline`
  /// had passed (a slow file system): the caller looks at it alone, and stops as it does.
  public func probes(
    _ relatives: [String], read: Bool, limit: Int, budget: Int, until deadline: MonotonicTime
  ) -> [Probe?] {
    let runs = Self.runs(relatives.count)
    // Fits: the budget is not negative, the count of runs at least 1.
    let share = max(budget, 0) / runs
    return Self.inRuns(relatives.count, runs) { indices in
      var left = share
      return indices.map { index in
        guard !deadline.hasPassed else { return nil }
        let answer = lookAt(relatives[index], read: read, limit: min(limit, left))
        if case .found(_, _, let bytes?) = answer { left -= bytes.count }
        return answer
      }
    }
  }

  /// Each of `relatives` (not empty) listed as `listing(_:)` lists it; `.none` for each not
  /// listed because `deadline` had passed.
  public func listings(
    _ relatives: [String], until deadline: MonotonicTime
  ) -> [(names: [FileSystem.ListedName], entry: FileSystem.Entry)??] {
    Self.inRuns(relatives.count, Self.runs(relatives.count)) { indices in
      indices.map { deadline.hasPassed ? .none : .some(listing(relatives[$0])) }
    }
  }

  /// One path of `probes`: the probe's answer, or what `linkEntry(_:)` says where it has none.
  private func lookAt(_ relative: String, read: Bool, limit: Int) -> Probe {
    if read, let probe = probe(relative, limit: limit) { return probe }
    guard let (kind, entry) = linkEntry(relative) else { return .absent }
    return .found(kind: kind, entry: entry, bytes: nil)
  }

  /// How many runs `count` paths are shared in: one per processor the machine has online (at
  /// most four), one for a batch too small to share.
  private static func runs(_ count: Int) -> Int {
    count < batchMinimum ? 1 : min(processors, 4)
  }

  /// `body` on each of `runs` consecutive runs of `0..<count` (on threads of their own when
  /// there are several), its answers joined in order.
  private static func inRuns<Answer>(
    _ count: Int, _ runs: Int, _ body: @Sendable (Range<Int>) -> [Answer]
  ) -> [Answer] {
    guard runs > 1 else { return body(0..<count) }
    var parts = [[Answer]](repeating: [], count: runs)
    parts.withUnsafeMutableBufferPointer { parts in
      // Each thread writes only its own element.
      let storage = Storage(parts.baseAddress)
      DispatchQueue.concurrentPerform(iterations: runs) { run in
        storage.address![run] = body(count * run / runs..<count * (run + 1) / runs)
      }
    }
    return parts.flatMap { $0 }
  }

  /// The processors the machine has online (sysconf's count: a CPU affinity or a container's
  /// quota that allows fewer is not read, so such a process may run more runs than it has
  /// processors, each answer still its own path's).
  private static let processors: Int = {
    // Fits: sysconf answers a small count, or -1 when it cannot say.
    max(Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), 1)
  }()

  /// The runs' answers, each written by its own thread only.
  private struct Storage<Element>: @unchecked Sendable {
    let address: UnsafeMutablePointer<Element>?
    init(_ address: UnsafeMutablePointer<Element>?) { self.address = address }
  }
}
