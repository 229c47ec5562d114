import StableTextFuzzing

/// A libFuzzer target over the daemon's whole input path: framing, JSON-RPC dispatch and edits,
/// from raw bytes and from generated messages with extreme values (`FuzzTarget` says which
/// input is which, and what must hold after each).
///
/// Built with `scripts/fuzz` (`-sanitize=fuzzer -DFUZZER`); built normally, it is a replay tool:
/// `stabletext-fuzz FILE...` runs each file through the same check.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  if let problem = FuzzTarget.check(UnsafeRawBufferPointer(start: data, count: size)) {
    fatalError(problem)
  }
  return 0
}

#if FUZZER
  /// SwiftPM links executables with `main` aliased to `stabletext_fuzz_main`; under the fuzzer
  /// that entry point hands control to libFuzzer's driver.
  @_silgen_name("LLVMFuzzerRunDriver")
  func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
  ) -> Int32

  @_cdecl("stabletext_fuzz_main")
  public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzOneInput(data, size) }
  }
#else
  import Foundation

  @main
  struct Replay {
    static func main() {
      var count = 0
      for path in CommandLine.arguments.dropFirst() {
        guard let data = FileManager.default.contents(atPath: path) else {
          FileHandle.standardError.write(Data("cannot read \(path)\n".utf8))
          exit(2)
        }
        if let problem = data.withUnsafeBytes({ FuzzTarget.check($0) }) {
          FileHandle.standardError.write(Data("\(path): \(problem)\n".utf8))
          exit(1)
        }
        count += 1
      }
      FileHandle.standardOutput.write(Data("replayed \(count) inputs without a crash\n".utf8))
    }
  }
#endif
