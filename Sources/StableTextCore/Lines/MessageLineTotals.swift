/// Totals of a run of lines. `counted` sums the message lines' content and terminator in each unit
/// (the length of "Counting" with message lines); `longest` is the longest message line's content,
/// exact per block and an upper bound in the trees' prefixes (a maximum cannot be subtracted).
struct MessageLineTotals: LineTotals {
  /// Content and terminator bytes of every line: line starts.
  var bytes = 0
  /// Lines that are not comments.
  var messages = 0
  /// Lines that are not comments and not blank.
  var filled = 0
  var markers = 0
  var counted = PerSlot()
  var longest = PerSlot()
  /// The shortest message line that is not blank (its content), exact per block and a lower
  /// bound in the trees' prefixes, as `longest` is an upper bound; `unbounded` with no such line.
  var shortest = PerSlot.unbounded
  /// Message lines longer than each of the shape's `limits`.
  var over = OverCounts()
  /// Message lines that are trailer lines, git's own trailers, and indented (and not blank): the
  /// trailer block's counts, a paragraph at a time.
  var trailers = 0
  var gitTrailers = 0
  var indented = 0
  /// Message lines of one word (`longWords`).
  var oneWords = 0
  /// Scissors lines of any of git's comment characters (comments or not).
  var scissorsLines = 0
  /// Message lines holding a scalar the shape's `encoding` cannot write.
  var unencodable = 0
  /// Message lines that are `git cherry-pick -x`'s line whole (`LineFacts.Flags.cherryPick`).
  var cherryPicks = 0
  /// Lines (comments too) ended by a `\r` alone (`LineFacts.Flags.loneReturn`).
  var loneReturns = 0
  /// Message lines where `git interpret-trailers` takes a patch to start (`LineFacts.Flags.patchStart`).
  var patchStarts = 0

  static var zero: MessageLineTotals { MessageLineTotals() }

  func agrees(with other: MessageLineTotals) -> Bool {
    bytes == other.bytes && messages == other.messages && filled == other.filled && markers == other.markers
      && counted == other.counted && over == other.over && trailers == other.trailers
      && gitTrailers == other.gitTrailers && indented == other.indented
      && scissorsLines == other.scissorsLines
      && oneWords == other.oneWords && unencodable == other.unencodable && cherryPicks == other.cherryPicks
      && loneReturns == other.loneReturns && patchStarts == other.patchStarts
  }

  static func + (lhs: MessageLineTotals, rhs: MessageLineTotals) -> MessageLineTotals {
    MessageLineTotals(
      bytes: lhs.bytes + rhs.bytes, messages: lhs.messages + rhs.messages, filled: lhs.filled + rhs.filled,
      markers: lhs.markers + rhs.markers, counted: lhs.counted + rhs.counted,
      longest: PerSlot.maximum(lhs.longest, rhs.longest),
      shortest: PerSlot.minimum(lhs.shortest, rhs.shortest),
      over: lhs.over + rhs.over,
      trailers: lhs.trailers + rhs.trailers, gitTrailers: lhs.gitTrailers + rhs.gitTrailers,
      indented: lhs.indented + rhs.indented, oneWords: lhs.oneWords + rhs.oneWords,
      scissorsLines: lhs.scissorsLines + rhs.scissorsLines, unencodable: lhs.unencodable + rhs.unencodable,
      cherryPicks: lhs.cherryPicks + rhs.cherryPicks, loneReturns: lhs.loneReturns + rhs.loneReturns,
      patchStarts: lhs.patchStarts + rhs.patchStarts)
  }

  static func - (lhs: MessageLineTotals, rhs: MessageLineTotals) -> MessageLineTotals {
    MessageLineTotals(
      bytes: lhs.bytes - rhs.bytes, messages: lhs.messages - rhs.messages, filled: lhs.filled - rhs.filled,
      markers: lhs.markers - rhs.markers, counted: lhs.counted - rhs.counted, longest: lhs.longest,
      shortest: lhs.shortest,
      over: lhs.over - rhs.over, trailers: lhs.trailers - rhs.trailers,
      gitTrailers: lhs.gitTrailers - rhs.gitTrailers, indented: lhs.indented - rhs.indented,
      oneWords: lhs.oneWords - rhs.oneWords, scissorsLines: lhs.scissorsLines - rhs.scissorsLines,
      unencodable: lhs.unencodable - rhs.unencodable, cherryPicks: lhs.cherryPicks - rhs.cherryPicks,
      loneReturns: lhs.loneReturns - rhs.loneReturns, patchStarts: lhs.patchStarts - rhs.patchStarts)
  }

  /// One count per tracked limit, inline (eight of them).
  struct OverCounts: Sendable, Equatable {
    private var counts: SIMD8<Int> = .zero

    init() {}

    /// One line's share: 1 for each limit it passes.
    init(_ exceeds: UInt8) {
      for i in 0..<LineFacts.maxTracked where exceeds & (1 << i) != 0 { counts[i] = 1 }
    }

    subscript(index: Int) -> Int { counts[index] }

    static func + (lhs: OverCounts, rhs: OverCounts) -> OverCounts {
      var sum = lhs
      sum.counts &+= rhs.counts
      return sum
    }

    static func - (lhs: OverCounts, rhs: OverCounts) -> OverCounts {
      var difference = lhs
      difference.counts &-= rhs.counts
      return difference
    }
  }

  /// One count per line slot (the shape says which unit each slot holds).
  struct PerSlot: Sendable, Equatable {
    var utf8 = 0
    var utf16 = 0
    var scalars = 0
    var narrow = 0
    var wide = 0

    subscript(slot: LineSlot) -> Int {
      get {
        switch slot {
        case .utf8: return utf8
        case .utf16: return utf16
        case .scalars: return scalars
        case .narrow: return narrow
        case .wide: return wide
        case .unmeasured: return 0
        }
      }
      set {
        switch slot {
        case .utf8: utf8 = newValue
        case .utf16: utf16 = newValue
        case .scalars: scalars = newValue
        case .narrow: narrow = newValue
        case .wide: wide = newValue
        case .unmeasured: break
        }
      }
    }

    static func + (lhs: PerSlot, rhs: PerSlot) -> PerSlot {
      PerSlot(
        utf8: lhs.utf8 + rhs.utf8, utf16: lhs.utf16 + rhs.utf16, scalars: lhs.scalars + rhs.scalars,
        narrow: lhs.narrow + rhs.narrow, wide: lhs.wide + rhs.wide)
    }

    static func - (lhs: PerSlot, rhs: PerSlot) -> PerSlot {
      PerSlot(
        utf8: lhs.utf8 - rhs.utf8, utf16: lhs.utf16 - rhs.utf16, scalars: lhs.scalars - rhs.scalars,
        narrow: lhs.narrow - rhs.narrow, wide: lhs.wide - rhs.wide)
    }

    /// Every slot at its largest: the shortest of no line.
    static var unbounded: PerSlot {
      PerSlot(utf8: .max, utf16: .max, scalars: .max, narrow: .max, wide: .max)
    }

    static func minimum(_ lhs: PerSlot, _ rhs: PerSlot) -> PerSlot {
      PerSlot(
        utf8: min(lhs.utf8, rhs.utf8), utf16: min(lhs.utf16, rhs.utf16),
        scalars: min(lhs.scalars, rhs.scalars),
        narrow: min(lhs.narrow, rhs.narrow), wide: min(lhs.wide, rhs.wide))
    }

    static func maximum(_ lhs: PerSlot, _ rhs: PerSlot) -> PerSlot {
      PerSlot(
        utf8: max(lhs.utf8, rhs.utf8), utf16: max(lhs.utf16, rhs.utf16),
        scalars: max(lhs.scalars, rhs.scalars),
        narrow: max(lhs.narrow, rhs.narrow), wide: max(lhs.wide, rhs.wide))
    }

    /// The reader of one slot's counted length, for the trees' searches.
    static func reader(_ slot: LineSlot) -> (MessageLineTotals) -> Int {
      switch slot {
      case .utf8: return { $0.counted.utf8 }
      case .utf16: return { $0.counted.utf16 }
      case .scalars: return { $0.counted.scalars }
      case .narrow: return { $0.counted.narrow }
      case .wide: return { $0.counted.wide }
      case .unmeasured: return { _ in 0 }
      }
    }
  }
}
