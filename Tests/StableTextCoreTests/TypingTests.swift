import Testing

@testable import StableTextCore

/// A long typing session into mixed text (the benchmark's), checked against a fresh build of
/// the same text: the incremental summaries must equal the from-scratch ones.
@Test func typingKeepsSummariesExact() {
  let lines = [
    "// The quick brown fox jumps over the lazy dog, again and again.",
    "// 다람쥐 헌 쳇바퀴에 타고파 — 키보드 위의 고양이 👋🏽",
    "// Café, naïve, résumé: e\u{301} and o\u{308} written the long way 🇰🇷",
  ]
  var text = ""
  var index = 0
  while text.utf8.count < 10_000 {
    text += lines[index % 3] + "\n"
    index += 1
  }
  var buffer = TextBuffer(text)
  var offset = buffer.lineStart(buffer.lineCount / 2)
  for n in 0..<6000 {
    let key = n % 40 == 39 ? "\n" : String(UnicodeScalar(UInt8(97 + n % 26)))
    buffer.replace(offset..<offset, with: key)
    offset += key.utf8.count
    if n % 500 == 0 || n == 5999 {
      let fresh = TextBuffer(buffer.string)
      #expect(buffer.summary == fresh.summary, "after \(n + 1) keys")
      #expect(buffer.clusterStart(150) == fresh.clusterStart(150))
    }
  }
}
