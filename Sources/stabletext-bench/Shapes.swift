import Foundation
import StableTextClient
import StableTextCore
import StableTextJSON
import StableTextProtocol
import StableTextTransport

/// Text shapes real files and hostile clients contain, each with the keystroke that hurts it:
/// issue 13's table. Every shape runs in a fresh daemon over stdio.
struct TextShape: Sendable {
  var name: String
  /// The document of about `bytes`.
  var text: @Sendable (Int) -> String
  /// The n-th keystroke for a document of `lines` lines: the position (UTF-16) and the change.
  var keystroke:
    @Sendable (_ n: Int, _ text: TextShapeCursor) -> (line: Int, start: Int, end: Int, insert: String)
  /// How many lines after `line` the n-th keystroke's range ends (0: on the same line).
  var endLineOffset: @Sendable (_ n: Int) -> Int = { _ in 0 }

  static func repeated(_ unit: String, toFill bytes: Int) -> String {
    String(repeating: unit, count: max(1, bytes / unit.utf8.count))
  }

  static let all: [TextShape] = [
    TextShape(
      name: "short lines", text: { Corpus.document(bytes: $0) },
      keystroke: { n, cursor in cursor.type(Corpus.key(n)) }),
    TextShape(
      name: "one line, typing in the middle", text: { repeated("word ", toFill: $0) },
      // Fits: a letter's code, 97–122.
      keystroke: { n, cursor in cursor.type(String(UnicodeScalar(UInt8(97 + n % 26)))) }),
    TextShape(
      name: "regional indicators, one in and out at the start", text: { repeated("🇰🇷", toFill: $0) },
      keystroke: { n, _ in n % 2 == 0 ? (0, 0, 0, "🇯") : (0, 0, 2, "") }),
    TextShape(
      name: "a letter and combining marks, typing after it",
      text: { "a" + repeated("\u{301}", toFill: $0 - 1) },
      // Fits: a letter's code, 97–122.
      keystroke: { n, cursor in cursor.type(String(UnicodeScalar(UInt8(97 + n % 26)))) }),
    TextShape(
      name: "a Hangul leading jamo run, typing at its end", text: { repeated("\u{1100}", toFill: $0) },
      keystroke: { n, cursor in cursor.type(n % 2 == 0 ? "\u{1100}" : "\u{1161}") }),
    TextShape(
      name: "a run of \\r\\n", text: { repeated("\r\n", toFill: $0) },
      keystroke: { n, cursor in cursor.type(Corpus.key(n)) }),
    // Issue 31's shapes: each keystroke goes in and comes out again at one place, so the text
    // keeps its shape however many are typed.
    TextShape(
      name: "a run of flags, an indicator in and out near the start", text: { repeated("🇰🇷", toFill: $0) },
      keystroke: { n, _ in toggle(n, at: 4, "🇯") }),
    TextShape(
      name: "a run of ZWJ families, a joiner in and out near the start",
      text: { repeated("👨\u{200D}👩\u{200D}👧", toFill: $0) },
      keystroke: { n, _ in toggle(n, at: 8, "\u{200D}") }),
    TextShape(
      name: "a base and a run of combining marks, split in the middle",
      text: { "a" + repeated("\u{301}", toFill: $0 - 1) },
      keystroke: { n, cursor in toggle(n, at: cursor.character, "x") }),
    TextShape(
      name: "one CJK line, typing CJK", text: { repeated("漢", toFill: $0) },
      keystroke: { n, cursor in cursor.type(n % 2 == 0 ? "字" : "文") }),
    TextShape(
      name: "a run of lone \\r, joining and splitting \\r\\n", text: { repeated("\r", toFill: $0) },
      // A `\n` typed after a `\r` (one terminator), then the `\r\n` put back as `\r`: the second
      // edit's range spans the line break, so it is written with `endLine` (`line - 1` to `line`).
      keystroke: { n, cursor in n % 2 == 0 ? (cursor.line, 0, 0, "\n") : (cursor.line - 1, 0, 0, "\r") },
      endLineOffset: { n in n % 2 == 0 ? 0 : 1 }),
    TextShape(
      name: "a run of Hangul jamo, a vowel in and out near the start",
      text: { repeated("\u{1100}\u{1161}\u{11A8}", toFill: $0) },
      keystroke: { n, _ in toggle(n, at: 3, "\u{1161}") }),
    TextShape(
      name: "a letter and a run of variation selectors, one in and out near the start",
      text: { "a" + repeated("\u{FE0F}", toFill: $0 - 1) },
      keystroke: { n, _ in toggle(n, at: 2, "\u{FE0E}") }),
    TextShape(
      name: "tag-sequence flags, a tag in and out near the start",
      text: { repeated("🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}", toFill: $0) },
      keystroke: { n, _ in toggle(n, at: 4, "\u{E0067}") }),
    TextShape(
      name: "Indic conjuncts, a virama in and out in the middle", text: { repeated("क्ष", toFill: $0) },
      keystroke: { n, cursor in toggle(n, at: cursor.character, "\u{94D}") }),
  ]

  /// The n-th keystroke of a toggle on line 0 at UTF-16 column `column`: `insert` typed, then
  /// deleted.
  static func toggle(_ n: Int, at column: Int, _ insert: String) -> (
    line: Int, start: Int, end: Int, insert: String
  ) {
    n % 2 == 0 ? (0, column, column, insert) : (0, column, column + insert.utf16.count, "")
  }
}

/// Where a shape's typing goes: it starts at a place chosen per shape and moves with what is
/// typed (UTF-16 columns; a newline moves to the next line).
final class TextShapeCursor {
  var line: Int
  var character: Int

  init(line: Int, character: Int) {
    self.line = line
    self.character = character
  }

  func type(_ key: String) -> (line: Int, start: Int, end: Int, insert: String) {
    let edit = (line, character, character, key)
    if key == "\n" {
      line += 1
      character = 0
    } else {
      character += key.utf16.count
    }
    return edit
  }

  /// The middle of the document for each shape: the middle line's start, the middle of a one-line
  /// document, or the end of the first line (after a run).
  static func start(for shape: String, text: String) -> TextShapeCursor {
    switch shape {
    case "short lines", "a run of \\r\\n":
      let lines = text.utf8.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
      return TextShapeCursor(line: lines / 2, character: 0)
    case "one line, typing in the middle", "one CJK line, typing CJK":
      return TextShapeCursor(line: 0, character: text.utf16.count / 2)
    case "a base and a run of combining marks, split in the middle":
      return TextShapeCursor(line: 0, character: text.utf16.count / 2)
    case "Indic conjuncts, a virama in and out in the middle":
      // After a whole conjunct (three UTF-16 units each).
      return TextShapeCursor(line: 0, character: text.utf16.count / 6 * 3)
    case "a run of lone \\r, joining and splitting \\r\\n":
      // After the middle `\r`: a line of its own, ended by it.
      let lines = text.utf8.count
      return TextShapeCursor(line: lines / 2, character: 0)
    default:
      return TextShapeCursor(line: 0, character: text.utf16.count)
    }
  }
}

extension Benchmarks {
  /// Only the shapes whose name contains this (`--shape`).
  nonisolated(unsafe) static var shapeFilter: String?

  /// Issue 13's table: for each shape at 1 MB and 10 MB, keystrokes per second without and with
  /// the row index (a scroll answered first), the first scroll answer, the scroll answer after an
  /// edit, and the daemon's peak RSS. Slow shapes are measured for at most a few seconds each.
  func shapes() {
    let directory = Self.workspace()
    let viewport = Viewport(height: 40, wrap: WrapOptions(columns: 50, wrap: .word))
    for shape in TextShape.all where Self.shapeFilter.map({ shape.name.contains($0) }) ?? true {
      for (name, size) in Self.sizes where size >= 1_000_000 {
        let text = shape.text(size)
        let uri = "file://\(directory)/shape.txt"
        do {
          let server = try shapeDaemon()
          defer { server.terminate() }
          server.send(Self.opening(uri, text))
          _ = try server.request(StableTextStateRequest(TextDocumentIdentifier(uri)), timeout: 120)
          let scroll = StableTextScrollRequest(
            TextDocumentIdentifier(uri),
            fields: ScrollFields(caret: nil, request: ScrollRequest(viewport: viewport)))
          // A small document beside it, asked about while the large one's layout goes on.
          let other = "file://\(directory)/other.txt"
          server.send(Self.opening(other, "hi"))
          let typing = ShapeTyping(shape: shape, uri: uri, text: text)
          let change = typing.change
          /// Keystrokes in bursts of 50 with a barrier after each, until `count` or `seconds`.
          func typingRate(count: Int, seconds: Double) throws -> (rate: Double, count: Int) {
            var typed = 0
            let start = Self.now()
            while typed < count && Self.now() - start < seconds {
              var frames: [UInt8] = []
              for _ in 0..<50 { frames += MessageWriter.frame(change()) }
              typed += 50
              frames += MessageWriter.frame(
                StableTextStateRequest(TextDocumentIdentifier(uri)).message(id: .string("t\(typed)")))
              server.sendRaw(frames)
              _ = try server.response(id: .string("t\(typed)"), timeout: 600)
            }
            return (Double(typed) / (Self.now() - start), typed)
          }
          let count = quick ? 500 : 2_000
          let plain = try typingRate(count: count, seconds: quick ? 2 : 5)
          let firstStart = Self.now()
          _ = try server.request(scroll, timeout: 600)
          let first = Self.now() - firstStart
          // While the rest of the layout goes on between messages: the other document's state,
          // then scroll answers until one is exact.
          var otherWaits: [Double] = []
          var exact = false
          var exactAfter = 0.0
          while !exact && Self.now() - firstStart < 60 {
            let t0 = Self.now()
            _ = try server.request(StableTextStateRequest(TextDocumentIdentifier(other)), timeout: 60)
            otherWaits.append(Self.now() - t0)
            let answer = try server.request(scroll, timeout: 600)
            exact = answer["result"]?["exact"] == true
            exactAfter = Self.now() - firstStart
          }
          otherWaits.sort()
          let withRows = try typingRate(count: count, seconds: quick ? 2 : 5)
          var times: [Double] = []
          let scrollStart = Self.now()
          while times.count < (quick ? 20 : 100) && Self.now() - scrollStart < (quick ? 2 : 5) {
            server.send(change())
            let t0 = Self.now()
            _ = try server.request(scroll, timeout: 600)
            times.append(Self.now() - t0)
          }
          times.sort()
          let p50 = times[times.count / 2]
          let peak = Self.status("VmHWM", of: server.processIdentifier)
          report(
            "shapes \(shape.name) at \(name): \(Int(plain.rate)) edits/s (\(plain.count)), \(Int(withRows.rate)) with rows (\(withRows.count)); first scroll \(String(format: "%.1f", first * 1000)) ms (exact after \(String(format: "%.0f", exactAfter * 1000)) ms; another document meanwhile: max \(String(format: "%.2f", otherWaits.last! * 1000)) ms over \(otherWaits.count)); scroll after an edit p50 \(String(format: "%.2f", p50 * 1000)) ms (\(times.count)); peak RSS \(peak / 1024) MiB"
          )
        } catch {
          report("shapes \(shape.name) at \(name): failed (\(error))")
        }
      }
    }
  }
}
