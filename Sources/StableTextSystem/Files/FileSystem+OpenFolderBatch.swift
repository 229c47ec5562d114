import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Many paths below an open folder looked at ahead of the walk that asks for them, on the
/// machine's other processors, while the walk goes on with its own work: on a machine where each
/// system call costs microseconds (a virtual machine), a thousand manifests' opens, stats, reads
/// and closes are most of a scope computation, and the walk's own work (its table, the glob,
/// the sort) the rest (docs/performance.md). Each answer is the one the single look gives.
extension FileSystem {
  /// A folder's listing: its names with their kinds, and what a stat of the open folder said.
  public typealias ListingAnswer = (names: [ListedName], entry: Entry)
}

extension FileSystem.OpenFolder {
  /// The fewest paths worth looking at on more than one thread: below it, waking a thread costs
  /// more than the system calls it would take.
  public static let batchMinimum = 16

  /// Each of `relatives` looked at as `probe(_:limit:)` looks (`read`: false, as `linkEntry(_:)`
  /// does, never reading), each answer whole: where the open is refused for another reason than
  /// nothing being there, what `linkEntry(_:)` says, without bytes. Started at once on the
  /// machine's other processors; the caller takes each answer with `Batch.take(_:)`.
  ///
  /// The bytes kept are taken from `budget`, which every batch of one walk shares: a file the
  /// budget has no room for is answered without bytes, as one over `limit` is, so the batches
  /// never hold more than the walk's bound on what it reads. Nil for a path not looked at
  /// because `deadline` had passed (a slow file system): the caller looks at it alone, and stops
  /// as it does.
  public func probes(
    _ relatives: [String], read: Bool, limit: Int, budget: ReadBudget, until deadline: MonotonicTime
  ) -> Batch<Probe?> {
    Batch(count: relatives.count) { [self] index in
      guard !deadline.hasPassed else { return nil }
      return lookAt(relatives[index], read: read, limit: limit, budget: budget)
    }
  }

  /// Each of `relatives` listed as `listing(_:)` lists it, started at once on the machine's
  /// other processors; `.none` for each not listed because `deadline` had passed.
  public func listings(
    _ relatives: [String], until deadline: MonotonicTime
  ) -> Batch<FileSystem.ListingAnswer??> {
    Batch(count: relatives.count) { [self] index in
      deadline.hasPassed ? .none : .some(listing(relatives[index]))
    }
  }

  /// One path of `probes`: the probe's answer, or what `linkEntry(_:)` says where it has none;
  /// bytes the budget has no room for dropped.
  private func lookAt(_ relative: String, read: Bool, limit: Int, budget: ReadBudget) -> Probe {
    if read, let probe = probe(relative, limit: min(limit, budget.left)) {
      guard case .found(let kind, let entry, let bytes?) = probe, !budget.take(bytes.count) else {
        return probe
      }
      return .found(kind: kind, entry: entry, bytes: nil)
    }
    guard let (kind, entry) = linkEntry(relative) else { return .absent }
    return .found(kind: kind, entry: entry, bytes: nil)
  }

  /// How many bytes the files read ahead of a walk may hold together: each kept file's bytes
  /// taken from it, given back when the walk takes them as read (then its own bound counts
  /// them). Shared by the threads that read ahead.
  public final class ReadBudget: Sendable {
    private let bytes: Atomic<Int>

    public init(_ bytes: Int) {
      self.bytes = Atomic(max(bytes, 0))
    }

    /// The bytes left (another thread may take some at any moment).
    public var left: Int { bytes.load(ordering: .relaxed) }

    /// Takes `count` bytes when that many are left; whether it did.
    public func take(_ count: Int) -> Bool {
      var left = bytes.load(ordering: .relaxed)
      while left >= count {
        let (exchanged, found) = bytes.weakCompareExchange(
          expected: left, desired: left - count, ordering: .relaxed)
        if exchanged { return true }
        left = found
      }
      return false
    }

    /// Gives back `count` bytes taken before.
    public func give(_ count: Int) {
      bytes.add(count, ordering: .relaxed)
    }
  }

  /// Answers worked out on the machine's other processors (as many threads as it has processors
  /// online, at most four, the caller's among them) and taken by one caller, in whatever order
  /// it needs them: an answer not yet started when it is asked for is worked out by the caller
  /// at once, one under way is waited for while the caller works out others, so the caller never
  /// waits on work nobody does. Each answer is its own index's, whichever thread worked it out.
  ///
  /// Sendable through its atomics: an index's answer is written by the one thread that claimed
  /// it and published by the release store that marks it done; it is read only after an
  /// acquiring load has seen that mark.
  public final class Batch<Answer: Sendable>: @unchecked Sendable {
    public let count: Int
    private let work: @Sendable (Int) -> Answer
    /// Where the helper threads look for work next (a hint: each index is claimed by its state).
    private let cursor = Atomic<Int>(0)
    /// Each index's state: `free`, `claimed`, `done` (its answer written) or `taken`.
    private let states: UnsafeMutablePointer<Atomic<UInt8>>
    /// Each index's answer, initialized while it is `done`.
    private let answers: UnsafeMutablePointer<Answer>

    private static var free: UInt8 { 0 }
    private static var claimed: UInt8 { 1 }
    private static var done: UInt8 { 2 }
    private static var taken: UInt8 { 3 }

    init(count: Int, work: @escaping @Sendable (Int) -> Answer) {
      self.count = count
      self.work = work
      states = .allocate(capacity: max(count, 1))
      for index in 0..<count { (states + index).initialize(to: Atomic(Self.free)) }
      answers = .allocate(capacity: max(count, 1))
      let helpers =
        count < FileSystem.OpenFolder.batchMinimum ? 0 : min(FileSystem.OpenFolder.processors, 4) - 1
      for _ in 0..<helpers {
        // Each helper holds the batch until it finds no index left to claim.
        DispatchQueue.global().async { self.help() }
      }
    }

    deinit {
      for index in 0..<count where states[index].load(ordering: .acquiring) == Self.done {
        (answers + index).deinitialize(count: 1)
      }
      states.deinitialize(count: count)
      states.deallocate()
      answers.deallocate()
    }

    /// The answer at `index`, taken: asked again, it is worked out again.
    public func take(_ index: Int) -> Answer {
      wait(for: index)
      if states[index].compareExchange(expected: Self.done, desired: Self.taken, ordering: .acquiring)
        .exchanged
      {
        return (answers + index).move()
      }
      // Taken before: worked out again, here (the answers are the same).
      return work(index)
    }

    /// The answer at `index`, left in place for a later `take(_:)`.
    public func peek(_ index: Int) -> Answer {
      wait(for: index)
      guard states[index].load(ordering: .acquiring) == Self.done else { return work(index) }
      return answers[index]
    }

    /// Stops the helpers claiming more work (what they have claimed they finish): for a caller
    /// that will take no more answers.
    public func cancel() {
      cursor.store(count, ordering: .relaxed)
    }

    /// Returns once `index` is done or taken: worked out here when nobody has claimed it, else
    /// other indices worked out here while another thread finishes it.
    private func wait(for index: Int) {
      if states[index].load(ordering: .acquiring) >= Self.done { return }
      if claim(index) {
        run(index)
        return
      }
      while states[index].load(ordering: .acquiring) < Self.done {
        if let other = claimNext() {
          run(other)
        } else {
          sched_yield()
        }
      }
    }

    /// What a helper thread does: work out every index nobody has claimed, in order.
    private func help() {
      while let index = claimNext() { run(index) }
    }

    private func claimNext() -> Int? {
      while true {
        let index = cursor.wrappingAdd(1, ordering: .relaxed).oldValue
        guard index < count else { return nil }
        if claim(index) { return index }
      }
    }

    private func claim(_ index: Int) -> Bool {
      states[index].compareExchange(expected: Self.free, desired: Self.claimed, ordering: .relaxed).exchanged
    }

    private func run(_ index: Int) {
      (answers + index).initialize(to: work(index))
      states[index].store(Self.done, ordering: .releasing)
    }
  }

  /// The processors the machine has online, for a batch's helpers (sysconf's count: a CPU
  /// affinity or a container's quota that allows fewer is not read, so such a process may start
  /// more helpers than it has processors, each answer still its own index's).
  fileprivate static let processors: Int = {
    // Fits: sysconf answers a small count, or -1 when it cannot say.
    max(Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), 1)
  }()
}
