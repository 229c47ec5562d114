import Dispatch
import StableTextCore
import Testing

/// The core's values are `Sendable` (Protocol/README.md, "The core as a library"): one value read
/// from eight threads at once, and copies of it changed on each, give every thread the answers
/// one thread gets. The test command runs this suite under ThreadSanitizer, which fails on any
/// race: a memo kept in shared storage behind a non-mutating read, or a copy-on-write storage
/// changed without being made unique, shows here. Each field stands for a kind of text the core
/// keeps its own state for: a commit message under the preset's line rules (line facts, trailers,
/// the comment part), an SMS (segments in GSM-7 and UCS-2), columns with tabs, and a text of many
/// rope chunks (its line index and layout built lazily).
@Suite struct SharedAcrossThreads {
  /// What one thread reads of a field, and reads again after its own edits.
  struct Reading: Equatable {
    var counter: String
    var diagnostics: [String]
    var allowed: [Bool]
    var scrollOffset: Double
    var editedText: String
    var editedCounter: String
    var editedDiagnostics: Int
  }

  static func fields() -> [(name: String, field: StableTextField)] {
    var rng = SeededGenerator(seed: 2026)
    let commitText =
      "feat(core)!: a subject that runs on past the seventy-two columns a subject may take\n"
      + "not blank\n"
      + (0..<60).map { _ in
        ["a body line\n", String(repeating: "word ", count: 20) + "\n", "\n", "한국어 🇰🇷\n", "\r\n"]
          .randomElement(using: &rng)!
      }.joined()
      + "Signed-off-by: Ann <ann@example.com>\n# a comment\n"
    let commitRules = RuleConfiguration().resolve(
      uri: "file:///repo/.git/COMMIT_EDITMSG", languageId: "gitcommit")
    let large = (0..<30_000).map { _ in
      ["a line\n", "x\r\n", "\r", "한국어 🇰🇷\n", "\n", "👩‍👩‍👧 1\u{FE0F}\u{20E3}\n"].randomElement(using: &rng)!
    }.joined()
    return [
      ("commit message", StableTextField(text: commitText, rules: commitRules)),
      (
        "sms",
        StableTextField(
          text: "Hello {world} 안녕 " + String(repeating: "€", count: 90),
          rules: Rules(maxLength: 3, unit: .sms))
      ),
      (
        "columns",
        StableTextField(
          text: "\tone\n\t\ttwo\t三\n", rules: Rules(maxLength: 40, unit: .columns, tabSize: 4))
      ),
      (
        "large",
        StableTextField(
          text: large,
          rules: Rules(
            maxLength: 100, lineRules: [LineRule(lines: LineSpan(first: 1, last: nil), maxLength: 5)]))
      ),
    ]
  }

  /// What a thread reads of `field`, with edits from `seed`.
  static func read(_ field: StableTextField, seed: UInt64) -> Reading {
    var rng = SeededGenerator(seed: seed)
    let length = field.text.count(.utf16)
    var allowed: [Bool] = []
    for _ in 0..<40 {
      let start = Int.random(in: 0...length, using: &rng)
      let end = Int.random(in: start...min(length, start + 50), using: &rng)
      allowed.append(
        field.shouldChange(
          utf16Range: start..<end, replacementText: ["", "가", "\n", "x\r"].randomElement(using: &rng)!)?
          .allowed ?? false)
    }
    var scrolled = field
    let caret = scrolled.text.lineStart(min(12, scrolled.text.lineCount - 1))
    let offset = scrolled.scroll(
      ScrollRequest(caret: caret, offset: 0, viewport: Viewport(height: 100, lineHeight: 20))
    ).offset
    var edited = field
    for _ in 0..<20 {
      // A line's start, a boundary in every text.
      let line = Int.random(in: 0..<edited.text.lineCount, using: &rng)
      let position = edited.text.position(of: edited.text.lineStart(line), in: .utf16)
      _ = try? edited.apply(
        [
          FieldEdit(
            range: TextRange(start: position, end: position),
            text: ["ab", "\n", "🇰🇷", "\t"].randomElement(using: &rng)!)
        ],
        in: .utf16, policy: .allow)
    }
    return Reading(
      counter: field.state.counter, diagnostics: field.diagnostics.map { "\($0.code.rawValue) \($0.range)" },
      allowed: allowed, scrollOffset: offset, editedText: edited.text.string,
      editedCounter: edited.state.counter,
      editedDiagnostics: edited.diagnostics.count)
  }

  @Test func eightThreadsReadAndCopyOneField() {
    for (name, field) in Self.fields() {
      // The answers one thread gets, from a value of its own (nothing shared with `field`).
      let alone = (0..<8).map {
        Self.read(StableTextField(text: field.text.string, rules: field.rules), seed: UInt64($0))
      }
      let readings = Readings()
      DispatchQueue.concurrentPerform(iterations: 8) { thread in
        readings.set(thread, Self.read(field, seed: UInt64(thread)))
      }
      for thread in 0..<8 {
        #expect(readings.get(thread) == alone[thread], "\(name), thread \(thread)")
      }
    }
  }
}

/// The threads' readings (the test's own shared state, behind a serial queue).
private final class Readings: @unchecked Sendable {
  private let queue = DispatchQueue(label: "readings")
  private var readings: [Int: SharedAcrossThreads.Reading] = [:]
  func set(_ thread: Int, _ reading: SharedAcrossThreads.Reading) {
    queue.sync { readings[thread] = reading }
  }
  func get(_ thread: Int) -> SharedAcrossThreads.Reading? { queue.sync { readings[thread] } }
}
