import Foundation
import StableTextCore

/// The keystroke as an LSP server meets it: a one-character insert or a backspace at a UTF-16
/// line/character position (`TextBuffer.apply`), then the three counts a caller reads back (line
/// count, Characters, UTF-16 length), on prose with Korean, emoji, a ZWJ sequence and flags. The
/// caret wanders: it types, backs over what it typed, breaks lines, and jumps a few lines away.
///
/// `stabletext-bench keystrokes` prints ns per keystroke at 1 MB and 10 MB; under callgrind,
/// `--toggle-collect=stabletext_bench_keystrokes` counts the keystrokes alone (not building the
/// document), so Ir divided by `--count` is the instructions per keystroke:
///
///     valgrind --tool=callgrind --collect-atstart=no --toggle-collect=stabletext_bench_keystrokes \
///       .build/release/stabletext-bench --count 20000 --shape 1MB keystrokes
extension Benchmarks {
  func keystrokes() {
    for (name, size) in Self.sizes where size >= 1_000_000 {
      if let filter = Self.shapeFilter, !name.contains(filter) { continue }
      var buffer = TextBuffer(Corpus.prose(bytes: size))
      let count = Self.countOverride ?? (quick ? 20_000 : 200_000)
      let start = Self.now()
      let sink = typeKeystrokes(&buffer, count: count)
      let elapsed = Self.now() - start
      report(
        "keystroke at \(name) (apply at a UTF-16 position, then lines, Characters, UTF-16 read back): \(String(format: "%.0f", elapsed * 1e9 / Double(count))) ns per keystroke (\(count) keystrokes; checksum \(sink % 1000))"
      )
    }
  }
}

/// The typing script: its own symbol, so that callgrind can count it alone.
@inline(never)
@_silgen_name("stabletext_bench_keystrokes")
func typeKeystrokes(_ buffer: inout TextBuffer, count: Int) -> Int {
  var line = buffer.lineCount / 2
  var character = 0
  // The UTF-16 widths of what was typed since the caret last moved: a backspace takes the last.
  var typed: [Int] = []
  var sink = 0
  var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
  for n in 0..<count {
    seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    let roll = Int(truncatingIfNeeded: seed >> 33)
    let change: ContentChange
    if n % 97 == 96 {
      // A jump of up to 20 lines either way, to the line's start.
      line = min(max(0, line + roll % 41 - 20), buffer.lineCount - 1)
      character = 0
      typed.removeAll(keepingCapacity: true)
      let here = TextPosition(line: line, character: 0)
      change = ContentChange(range: TextRange(start: here, end: here), text: "")
    } else if roll % 6 == 0, let width = typed.popLast() {
      let from = TextPosition(line: line, character: character - width)
      change = ContentChange(
        range: TextRange(start: from, end: TextPosition(line: line, character: character)), text: "")
      character -= width
    } else {
      let key: String
      switch n % 53 {
      case 52: key = "\n"
      case 7, 19, 31, 43: key = "한"
      case 25: key = "👍"
      default: key = String(UnicodeScalar(UInt8(97 + n % 26)))
      }
      let here = TextPosition(line: line, character: character)
      change = ContentChange(range: TextRange(start: here, end: here), text: key)
      if key == "\n" {
        line += 1
        character = 0
        typed.removeAll(keepingCapacity: true)
      } else {
        let width = key.utf16.count
        character += width
        typed.append(width)
      }
    }
    try! buffer.apply([change], in: .utf16)
    sink &+= buffer.lineCount &+ buffer.count(.graphemes) &+ buffer.count(.utf16)
  }
  return sink
}

extension Corpus {
  /// About `bytes` of prose: mostly English, about a tenth Korean, about 2 % emoji (a skin
  /// tone, a ZWJ family, flags), 40 to 90 bytes a line.
  static func prose(bytes: Int) -> String {
    let lines = [
      "The quick brown fox jumps over the lazy dog, again and again.",
      "A keystroke edits one chunk of the rope; the counts come from its root.",
      "Typing wanders like a caret does: forward, back, a few lines away.",
      "다람쥐 헌 쳇바퀴에 타고파 — a line of Korean among English.",
      "Emoji too: 👋🏽 a wave, 👨‍👩‍👧 a family, 🇰🇷🇯🇵 two flags.",
      "Nothing here is special, which is the point of a benchmark's prose.",
      "Lines end in newlines, and some are short.",
      "Café, naïve, résumé: e\u{301} and o\u{308} written the long way.",
    ]
    return cycling(lines, toFill: bytes)
  }
}
