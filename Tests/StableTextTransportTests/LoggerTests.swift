import StableTextSystem
import Testing

@testable import StableTextTransport

#if canImport(Glibc)
  import Glibc
#endif

/// A log nobody reads never blocks the daemon: past a full pipe, lines are dropped and counted,
/// and the next line written once it is read says how many.
@Test func aLogNobodyReadsDropsLinesAndSaysHowMany() {
  var ends: [Int32] = [-1, -1]
  #expect(pipe(&ends) == 0)
  defer {
    close(ends[0])
    close(ends[1])
  }
  let log = Logger(level: .info, fileDescriptor: ends[1])
  // A 64 KiB pipe holds a few hundred of these; the rest are dropped, none blocks.
  let line = String(repeating: "x", count: 200)
  for _ in 0..<2_000 { log.info(line) }
  let dropped = log.droppedLines
  #expect(dropped > 1_000)
  // Read everything, then one more line: it comes after the count.
  _ = fcntl(ends[0], F_SETFL, O_NONBLOCK)
  var buffer = [UInt8](repeating: 0, count: 1 << 16)
  var read = 0
  while let count = buffer.withUnsafeMutableBytes({ FileDescriptorIO.readSome(ends[0], into: $0) }), count > 0
  {
    read += count
  }
  #expect(read == (2_000 - dropped) * "stabletext [info] \(line)\n".utf8.count)
  log.info("after")
  let count = buffer.withUnsafeMutableBytes { FileDescriptorIO.readSome(ends[0], into: $0) } ?? 0
  #expect(
    String(decoding: buffer[0..<count], as: UTF8.self)
      == "stabletext [warning] \(dropped) log lines dropped (nobody read the log)\nstabletext [info] after\n")
  #expect(log.droppedLines == 0)
}

/// A line longer than one atomic pipe write is cut (at a scalar's start) so that its write never
/// blocks half-way.
@Test func aLongLineIsCutToOnePipeWrite() {
  var ends: [Int32] = [-1, -1]
  #expect(pipe(&ends) == 0)
  defer {
    close(ends[0])
    close(ends[1])
  }
  let log = Logger(level: .info, fileDescriptor: ends[1])
  log.info(String(repeating: "한", count: 3_000))
  var buffer = [UInt8](repeating: 0, count: 1 << 16)
  let count = buffer.withUnsafeMutableBytes { FileDescriptorIO.readSome(ends[0], into: $0) } ?? 0
  let text = String(decoding: buffer[0..<count], as: UTF8.self)
  #expect(count <= Logger.maxLineBytes)
  #expect(text.hasPrefix("stabletext [info] 한한"))
  #expect(text.hasSuffix("한…\n"))
  #expect(String(validating: buffer[0..<count], as: UTF8.self) != nil)
}
