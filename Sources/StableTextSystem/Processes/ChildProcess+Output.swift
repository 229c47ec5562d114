#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension ChildProcess {
  /// What reading a child's output may take (docs/bounds.md): a child that writes more, or runs
  /// longer, is killed (its process group) and what was read so far is the answer. Every caller
  /// says its own: a repository can make git print 300 MB (ten commits of 30 MB subjects) or wait
  /// on a lock for ever.
  public struct Bounds: Sendable {
    /// The most bytes of standard output read.
    public var maxOutputBytes: Int
    /// The most bytes of standard error kept (the rest is read and dropped, so the child is
    /// never blocked on it).
    public var maxErrorBytes: Int
    /// How long the child may run, from when its output is first read; nil for as long as it
    /// takes (`check --commits` over a long history).
    public var seconds: Double?

    public init(maxOutputBytes: Int, maxErrorBytes: Int = 64 * 1024, seconds: Double?) {
      self.maxOutputBytes = maxOutputBytes
      self.maxErrorBytes = maxErrorBytes
      self.seconds = seconds
    }
  }

  /// Why the output was not read to its end.
  public enum Cut: Sendable, Equatable, CustomStringConvertible {
    /// `maxOutputBytes` were read.
    case outputLimit
    /// `seconds` passed.
    case deadline
    /// The reader said it had enough.
    case reader

    public var description: String {
      switch self {
      case .outputLimit: return "printed more than it may"
      case .deadline: return "took longer than it may"
      case .reader: return "printed more than was read"
      }
    }
  }

  /// What the child said: its exit status (-1, or the signal's number, when it was cut), what it
  /// wrote on standard error (the first `maxErrorBytes`), and why its output was cut, if it was.
  public struct Outcome: Sendable {
    public var status: Int32
    public var errors: [UInt8]
    public var cut: Cut?
  }

  /// Standard output and standard error until the child closes both (read together, so a child
  /// that fills one pipe while the other is read does not wait for ever), within `bounds`. The
  /// input is closed first.
  public func collectOutput(within bounds: Bounds) -> (output: [UInt8], outcome: Outcome) {
    var output: [UInt8] = []
    let outcome = streamOutput(within: bounds) { piece in
      output += piece
      return true
    }
    return (output, outcome)
  }

  /// As `collectOutput`, but each piece of standard output (at most 64 KiB) goes to `body` as it
  /// is read, in order, and only standard error is kept: the caller holds no more of the output
  /// than it chooses to. `body` returns false to stop reading (the child is then killed).
  public func streamOutput(within bounds: Bounds, _ body: (UnsafeRawBufferPointer) -> Bool) -> Outcome {
    closeInput()
    var errors: [UInt8] = []
    var read = 0
    var cut: Cut?
    let deadline = bounds.seconds.map { MonotonicTime.after(seconds: $0) }
    var open: [(fd: Int32, isOutput: Bool)] = [(standardOutput, true), (standardError, false)]
    let piece = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 1)
    defer { piece.deallocate() }
    reading: while !open.isEmpty {
      var timeout: Int32 = -1
      if let deadline {
        let left = Int64(bitPattern: deadline.nanoseconds &- MonotonicTime.now().nanoseconds)
        guard left > 0 else {
          cut = .deadline
          break
        }
        // Fits: clamped to a day of milliseconds.
        timeout = Int32(min(left / 1_000_000 + 1, 86_400_000))
      }
      // Fits: POLLIN is 1.
      var watched = open.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
      // Fits: at most two descriptors.
      let ready = poll(&watched, nfds_t(watched.count), timeout)
      guard ready >= 0 || errno == EINTR else { break }
      var still: [(fd: Int32, isOutput: Bool)] = []
      for (index, stream) in open.enumerated() {
        guard ready > 0, watched[index].revents != 0 else {
          still.append(stream)
          continue
        }
        guard let count = FileDescriptorIO.readSome(stream.fd, into: piece), count > 0 else { continue }
        if stream.isOutput {
          let kept = min(count, bounds.maxOutputBytes - read)
          read += kept
          if kept > 0, !body(UnsafeRawBufferPointer(rebasing: piece[..<kept])) {
            cut = .reader
            break reading
          }
          if kept < count {
            cut = .outputLimit
            break reading
          }
        } else {
          errors += piece[..<min(count, max(bounds.maxErrorBytes - errors.count, 0))]
        }
        still.append(stream)
      }
      open = still
    }
    if cut != nil {
      // Whatever it was doing, it and what it started end now; it is reaped below.
      signalGroup(SIGKILL)
    }
    return Outcome(status: waitForExit() ?? -1, errors: errors, cut: cut)
  }
}
