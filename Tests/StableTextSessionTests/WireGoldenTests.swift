import Foundation
import StableTextSessionSupport
import Testing

/// The bytes the daemon writes for a session that calls every method with good and bad params
/// (Tests/Fixtures/wire, made by its `generate.py`) are exactly those of the recorded answer,
/// which the build before the typed protocol layer wrote: a change to how messages are read,
/// dispatched or written that moves one byte on the wire fails here, and says where. Recorded
/// again only for a change of text made on purpose, the diff checked to be that alone (issue 30:
/// the unit names an unknown unit's error lists).
@Suite struct WireGolden {
  @Test func everyMethodAnswersByteForByteAsRecorded() throws {
    let folder = repositoryPath("Tests/Fixtures/wire")
    let input = try String(contentsOfFile: "\(folder)/every-method.in", encoding: .utf8)
    let expected = try String(contentsOfFile: "\(folder)/every-method.out", encoding: .utf8)
    let (status, out, _) = try runBinary(["--stdio", "--log-level", "error"], stdin: input)
    #expect(status == 0)
    let got = out.components(separatedBy: "Content-Length: ")
    let want = expected.components(separatedBy: "Content-Length: ")
    #expect(got.count == want.count, "messages written")
    for (index, (message, recorded)) in zip(got, want).enumerated() where message != recorded {
      Issue.record("message \(index) differs:\n  got  \(message.prefix(400))\n  want \(recorded.prefix(400))")
      break
    }
    #expect(out == expected)
  }
}
