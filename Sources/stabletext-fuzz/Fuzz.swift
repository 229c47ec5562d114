import StableTextJSON
import StableTextServer
import StableTextTransport

/// A libFuzzer target over the daemon's whole input path: framing, JSON-RPC dispatch and edits.
/// Each input is a byte stream fed after a fixed prelude (initialize, open a document with
/// Korean, emoji and CRLF), so random bytes reach the handlers as well as the parser. After the
/// input, the open document's incremental counts must equal a fresh count of its text. The
/// input is also read as a single message body, by the keystroke scanner and by jansson, and the
/// two must agree; and when it is JSON, the Swift writer must write it as jansson does.
///
/// Built with `scripts/fuzz` (`-sanitize=fuzzer -DFUZZER`); built normally, it is a replay tool:
/// `stabletext-fuzz FILE...` runs each file through the same check.
enum FuzzTarget {
  static let uri = "file:///fuzz.txt"

  static let prelude: [UInt8] = {
    func frame(_ body: String) -> [UInt8] { MessageWriter.frame(Array(body.utf8)) }
    return frame(
      #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"capabilities":{},"initializationOptions":{"rules":{"maxLength":20}}}}"#
    )
      + frame(
        #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///fuzz.txt","languageId":"plaintext","version":1,"text":"안녕 👋🏽\r\nline two e\u0301 🇰🇷\nend"}}}"#
      )
  }()

  static func run(_ bytes: UnsafeRawBufferPointer) {
    // The input as one message body: the keystroke scanner must never read what jansson's path
    // reads differently (or refuses).
    if let problem = KeystrokeCrossCheck.disagreement(bytes) {
      fatalError("keystroke scanner disagrees with jansson: \(problem)")
    }
    // When it is JSON, the Swift writer must write it exactly as jansson dumps it.
    if let handle = try? JSONParser.parse(bytes) {
      let value = JSONValue(handle)
      var jansson: [UInt8] = []
      JSONSerializer.write(JSONSerializer.makeHandle(value), to: &jansson)
      if JSONSerializer.bytes(value) != jansson {
        fatalError("the JSON writer differs from jansson for \(String(decoding: jansson, as: UTF8.self))")
      }
    }
    let session = InProcessSession(maxMessageBytes: 1 << 16)
    session.feed(prelude)
    session.feed(bytes)
    _ = session.takeOutput()
    if let problem = session.server.consistencyProblem(uri) {
      fatalError("inconsistent document after fuzz input: \(problem)")
    }
  }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  FuzzTarget.run(UnsafeRawBufferPointer(start: data, count: size))
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
        data.withUnsafeBytes { FuzzTarget.run($0) }
        count += 1
      }
      FileHandle.standardOutput.write(Data("replayed \(count) inputs without a crash\n".utf8))
    }
  }
#endif
