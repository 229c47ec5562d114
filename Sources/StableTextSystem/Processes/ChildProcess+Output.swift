#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension ChildProcess {
  /// Everything the child writes to its standard output and standard error until it closes
  /// both, read together (so a child that fills one pipe while the other is being read does not
  /// wait forever), and its exit status. The input is closed first.
  public func collectOutput() -> (status: Int32, output: [UInt8], errors: [UInt8]) {
    var output: [UInt8] = []
    let (status, errors) = streamOutput { output += $0 }
    return (status, output, errors)
  }

  /// As `collectOutput`, but each piece of standard output (at most 64 KiB) goes to `body` as it
  /// is read, in order, and only standard error is kept: the caller holds no more of the output
  /// than it chooses to.
  public func streamOutput(_ body: (UnsafeRawBufferPointer) -> Void) -> (status: Int32, errors: [UInt8]) {
    closeInput()
    var errors: [UInt8] = []
    var open: [(fd: Int32, isOutput: Bool)] = [(standardOutput, true), (standardError, false)]
    let piece = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 1)
    defer { piece.deallocate() }
    while !open.isEmpty {
      // Fits: POLLIN is 1.
      var watched = open.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
      // Fits: at most two descriptors.
      guard poll(&watched, nfds_t(watched.count), -1) >= 0 || errno == EINTR else { break }
      var still: [(fd: Int32, isOutput: Bool)] = []
      for (index, stream) in open.enumerated() {
        guard watched[index].revents != 0 else {
          still.append(stream)
          continue
        }
        guard let count = FileDescriptorIO.readSome(stream.fd, into: piece), count > 0 else { continue }
        if stream.isOutput {
          body(UnsafeRawBufferPointer(rebasing: piece[..<count]))
        } else {
          errors += piece[..<count]
        }
        still.append(stream)
      }
      open = still
    }
    return (waitForExit() ?? -1, errors)
  }
}
