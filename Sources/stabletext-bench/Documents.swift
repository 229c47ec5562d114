/// Deterministic documents and typing sessions for the benchmarks.
enum Corpus {
  /// About `bytes` of mixed text (ASCII, Korean, emoji, combining marks), 60-ish bytes a line.
  static func document(bytes: Int) -> String {
    let lines = [
      "// The quick brown fox jumps over the lazy dog, again and again.",
      "// 다람쥐 헌 쳇바퀴에 타고파 — 키보드 위의 고양이 👋🏽",
      "// Café, naïve, résumé: e\u{301} and o\u{308} written the long way 🇰🇷",
    ]
    return cycling(lines, toFill: bytes)
  }

  /// About `bytes` of short posts with links, the text the `twitter` unit meets: URLs with and
  /// without a protocol, a t.co link, emoji, CJK and Korean.
  static func posts(bytes: Int) -> String {
    let lines = [
      "Shipping today: https://example.com/releases/v2?ref=feed 🎉 thanks all",
      "読んでください t.co/AbC123 とても良い記事です",
      "see docs.stabletext.dev/guide and github.com/x/y (mirror) 👩‍💻",
      "오늘의 날씨는 맑음 ☀️ www.weather.kr/seoul",
    ]
    return cycling(lines, toFill: bytes)
  }

  /// `lines` in turn, each ended by `\n`, until the text holds at least `bytes`.
  static func cycling(_ lines: [String], toFill bytes: Int) -> String {
    var text = ""
    text.reserveCapacity(bytes + 100)
    var index = 0
    while text.utf8.count < bytes {
      text += lines[index % lines.count]
      text += "\n"
      index += 1
    }
    return text
  }

  /// About `bytes` of a commit-like message: a subject, a blank line, then body lines of 40 to
  /// 100 columns (many over 72), one in ten a `#` comment.
  static func commitDocument(bytes: Int) -> String {
    let words = ["fix", "the", "build", "again", "after", "한국어", "review", "café", "tests", "👋🏽", "module"]
    var text = "Subject line of a commit message\n\n"
    text.reserveCapacity(bytes + 200)
    var n = 0
    while text.utf8.count < bytes {
      let width = 40 + (n * 37) % 61
      var line = n % 10 == 9 ? "# " : ""
      var k = n
      while line.count < width {
        line += words[k % words.count] + " "
        k = (k &* 7 &+ 3) & 0xFFFF
      }
      text += line + "\n"
      n += 1
    }
    return text
  }

  /// About `bytes` of a message whose last paragraph is all trailers and continuation lines
  /// (each sign-off long enough to be over 72 columns): the one shape in which finding the
  /// trailer block reads the paragraph line by line.
  static func trailerDocument(bytes: Int) -> String {
    var text = "Subject line of a commit message\n\nA body of one line.\n\n"
    text.reserveCapacity(bytes + 200)
    var n = 0
    while text.utf8.count < bytes {
      text +=
        n % 2 == 0
        ? "Signed-off-by: A Person With A Rather Long Name Number \(n) <person.\(n)@example.com>\n"
        : "  (continued: a note on the sign-off above)\n"
      n += 1
    }
    return text
  }

  /// The n-th keystroke of the scripted session: a letter, a newline every 40 keys.
  static func key(_ n: Int) -> String {
    // Fits: a letter's code, 97–122.
    n % 40 == 39 ? "\n" : String(UnicodeScalar(UInt8(97 + n % 26)))
  }
}
