import Foundation
import StableTextCore

/// The keystroke as an LSP server meets it: a one-character insert or a backspace at a UTF-16
/// line/character position (`TextBuffer.apply`), then the three counts a caller reads back (line
/// count, Characters, UTF-16 length), on prose with Korean, emoji, a ZWJ sequence and flags. The
/// caret wanders: it types, backs over what it typed, breaks lines, and jumps a few lines away.
///
/// `stabletext-bench keystrokes` prints ns per keystroke at 1 MB and 10 MB and, where valgrind
/// is installed, the instructions per keystroke: callgrind runs this same program on 20,000
/// keystrokes, counting only `stabletext_bench_keystrokes` (not building the document), and Ir
/// over the keystrokes is the figure. `--against PATH` runs another build of the benchmark (an
/// earlier commit's) in turn with this one, round after round, and prints both and their ratio.
extension Benchmarks {
  /// `--against PATH`: an earlier build of stabletext-bench to compare the keystroke with.
  nonisolated(unsafe) static var against: String?
  nonisolated(unsafe) static var keystrokeSink = 0

  func keystrokes() {
    // Under callgrind (see above): only the typing, one size, no other figure.
    if ProcessInfo.processInfo.environment["STABLETEXT_BENCH_CALLGRIND"] != nil {
      for (name, size) in Self.sizes where size >= 1_000_000 && name == Self.shapeFilter {
        var buffer = TextBuffer(Corpus.prose(bytes: size))
        _ = typeKeystrokes(&buffer, count: Self.countOverride ?? 20_000)
      }
      return
    }
    let count = Self.countOverride ?? (quick ? 20_000 : 200_000)
    for (name, size) in Self.sizes where size >= 1_000_000 {
      if let filter = Self.shapeFilter, !name.contains(filter) { continue }
      let label =
        "keystroke at \(name) (apply at a UTF-16 position, then lines, Characters, UTF-16 read back)"
      guard let other = Self.against else {
        report(
          "\(label): \(String(format: "%.0f", keystrokeTime(size: size, count: count) * 1e9)) ns per keystroke (\(count) keystrokes)"
        )
        if let instructions = Self.callgrindInstructions(of: Self.executable, size: name) {
          report("\(label): \(instructions) instructions per keystroke (callgrind)")
        }
        continue
      }
      // Interleaved: this build and the other in turn, the order reversed every other round.
      var ours: [Double] = []
      var theirs: [Double] = []
      for round in 0..<4 {
        for mine in round % 2 == 0 ? [true, false] : [false, true] {
          if mine {
            ours.append(keystrokeTime(size: size, count: count))
          } else if let time = Self.keystrokeTime(of: other, size: name, count: count) {
            theirs.append(time)
          }
        }
      }
      func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
      let (now, then) = (median(ours) * 1e9, theirs.isEmpty ? .nan : median(theirs) * 1e9)
      report(
        "\(label): \(String(format: "%.0f", now)) ns per keystroke, \(String(format: "%.0f", then)) in \(other) (\(String(format: "%.2f", then / now))×; medians of 4 rounds interleaved)"
      )
      if let instructions = Self.callgrindInstructions(of: Self.executable, size: name),
        let earlier = Self.callgrindInstructions(of: other, size: name)
      {
        report(
          "\(label): \(instructions) instructions per keystroke, \(earlier) in \(other) (\(String(format: "%.2f", Double(earlier) / Double(instructions)))× fewer; callgrind)"
        )
      }
    }
  }

  /// Seconds per keystroke of the typing script on a fresh document of `size` bytes.
  func keystrokeTime(size: Int, count: Int) -> Double {
    var buffer = TextBuffer(Corpus.prose(bytes: size))
    let start = Self.now()
    let sink = typeKeystrokes(&buffer, count: count)
    let elapsed = Self.now() - start
    // Kept, so that the reads are not optimized away.
    Self.keystrokeSink &+= sink
    return elapsed / Double(count)
  }

  /// The same from another build, read from the line it prints.
  static func keystrokeTime(of executable: String, size: String, count: Int) -> Double? {
    guard
      let output = run(
        executable, ["--count", String(count), "--shape", size, "keystrokes"], environment: [:]),
      let line = output.split(separator: "\n").first(where: { $0.contains("ns per keystroke") }),
      let figure = line.split(separator: ": ").last?.split(separator: " ").first, let ns = Double(figure)
    else { return nil }
    return ns / 1e9
  }

  /// Instructions per keystroke of `executable`'s typing script at `size` under callgrind, or nil
  /// when valgrind is not installed.
  static func callgrindInstructions(of executable: String, size: String) -> Int? {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/valgrind") else { return nil }
    let count = 20_000
    let out = NSTemporaryDirectory() + "stabletext-bench-callgrind-\(getpid()).out"
    defer { try? FileManager.default.removeItem(atPath: out) }
    guard
      let output = run(
        "/usr/bin/valgrind",
        [
          "--tool=callgrind", "--collect-atstart=no", "--toggle-collect=stabletext_bench_keystrokes",
          "--callgrind-out-file=\(out)", executable, "--count", String(count), "--shape", size, "keystrokes",
        ], environment: ["STABLETEXT_BENCH_CALLGRIND": "1"], standardError: true),
      let line = output.split(separator: "\n").first(where: { $0.contains("Collected :") }),
      let figure = line.split(separator: " ").last, let collected = Int(figure)
    else { return nil }
    return collected / count
  }

  /// This program's path.
  static var executable: String {
    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
  }

  /// Runs a program to its end; its standard output (or error), or nil when it cannot start.
  static func run(
    _ path: String, _ arguments: [String], environment: [String: String], standardError: Bool = false
  )
    -> String?
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let pipe = Pipe()
    if standardError {
      process.standardError = pipe
      process.standardOutput = FileHandle.nullDevice
    } else {
      process.standardOutput = pipe
      process.standardError = FileHandle.nullDevice
    }
    do { try process.run() } catch { return nil }
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return output
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
      // Fits: 97 + (0...25) is a lowercase ASCII letter.
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
