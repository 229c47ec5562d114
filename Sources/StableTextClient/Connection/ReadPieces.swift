import StableTextSystem

/// Calls `body` with each piece read from `fd` until its end (or a read error): the reading
/// threads of every carrier.
func readPieces(_ fd: Int32, _ body: (UnsafeRawBufferPointer) -> Void) {
  let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 1)
  defer { buffer.deallocate() }
  while let count = FileDescriptorIO.readSome(fd, into: buffer), count > 0 {
    body(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
  }
}
