import Testing

@testable import StableTextCore

// The `twitter` unit against twitter-text's own conformance files (from twitter/twitter-text at
// 30e2430, kept beside the project in ../shared/third-party/twitter-text): every weighted-length
// case of validate.yml, every URL-extraction case of extract.yml and tlds.yml, and validate.yml's
// URL cases as far as they say anything of the extractor (see below).

private func scalars(_ text: String) -> [Unicode.Scalar] {
  Array(String(decoding: text._nfcCodeUnits, as: UTF8.self).unicodeScalars)
}

private func extracted(_ text: String) -> [String] {
  let all = scalars(text)
  return TwitterURLs.ranges(in: all).map { String(String.UnicodeScalarView(all[$0])) }
}

@Test func weightedLengthsAreTwitterTexts() throws {
  let cases = try TwitterConformance.cases("validate.yml")
  let sections = [
    "WeightedTweetsCounterTest": false,
    "WeightedTweetsWithDiscountedEmojiCounterTest": true,
    "UnicodeDirectionalMarkerCounterTest": true,
  ]
  var checked = 0
  for item in cases {
    guard let parsesEmoji = sections[item.section] else { continue }
    let weights = TwitterWeights(parsesEmoji: parsesEmoji)
    let expected = try #require(item.fields["weightedLength"].flatMap { Int($0) }, "\(item.description)")
    #expect(weights.count(item.text[...]) == expected, "\(item.section): \(item.description)")
    // Where 280 falls: twitter-text's last valid UTF-16 index, when only the length makes the
    // text invalid (its invalid characters end the valid range too, and its range is shifted by
    // what NFC removed, which names no cluster of the text as given).
    let plain = !item.text.unicodeScalars.contains { TwitterURLs.isInvalid($0.value) }
    if plain, item.text == String(decoding: item.text._nfcCodeUnits, as: UTF8.self),
      let end = item.fields["validRangeEnd"].flatMap({ Int($0) })
    {
      var cut: Int?
      var total = 0
      weights.forEachCluster(in: item.text[...]) { offset, weight in
        total += weight
        if total > 280 { cut = offset }
        return cut == nil
      }
      let units = cut.map { String(decoding: Array(item.text.utf8.prefix($0)), as: UTF8.self).utf16.count }
      #expect(units == (expected > 280 ? end + 1 : nil), "validRangeEnd of \(item.description)")
    }
    checked += 1
  }
  #expect(checked == 44)
  // The unit itself is version 3.
  #expect(LengthUnit.twitter.count("H🐱☺👨‍👩‍👧‍👦 http://test.co 故人") == 7 + 1 + 23 + 1 + 4)
}

@Test func urlsAreTheOnesTwitterTextExtracts() throws {
  var checked = 0
  for item in try TwitterConformance.cases("extract.yml") {
    switch item.section {
    case "urls", "tco_urls_with_params":
      #expect(extracted(item.text) == item.strings, "\(item.section): \(item.description)")
    case "urls_with_indices", "urls_with_directional_markers":
      let all = scalars(item.text)
      let found = TwitterURLs.ranges(in: all)
      #expect(
        found.map { String(String.UnicodeScalarView(all[$0])) } == item.urls.map(\.url), "\(item.description)"
      )
      #expect(
        found.map { [$0.lowerBound, $0.upperBound] } == item.urls.map(\.indices), "\(item.description)")
    default: continue
    }
    checked += 1
  }
  #expect(checked == 108)
  var domains = 0
  for item in try TwitterConformance.cases("tlds.yml") {
    #expect(extracted(item.text) == item.strings, "\(item.section): \(item.description)")
    domains += 1
  }
  #expect(domains == 1_574)
}

/// validate.yml's `urls` and `urls_without_protocol` test twitter-text's URL validator
/// (`isValidUrl`, RFC 3986's grammar), which its weighted length does not call: a post weighs
/// what the extractor finds. So each case is checked as the extractor sees it: a valid URL is
/// extracted whole, except the ones listed here with what the extractor takes instead; an invalid
/// one is not extracted whole.
@Test func validatorURLCasesAsTheExtractorSeesThem() throws {
  let notWhole: [String: [String]] = [
    // The extractor's domain is labels and a known top-level domain: no user information, no IP.
    "Valid url: port and userinfo": [],
    "Valid url: ipv4": [],
    "Valid url: ipv6": [],
    // A query ends with a letter, digit or one of `-_&=#/`: the `+` is left out (and weighs 1).
    "Valid url: sub delims and question marks": ["http://example.com?foo=$bar.;baz?BAZ&c=d-#top/?stories"],
  ]
  var checked = 0
  for item in try TwitterConformance.cases("validate.yml") {
    guard item.section == "urls" || item.section == "urls_without_protocol" else { continue }
    let found = extracted(item.text)
    if item.scalar == "true" {
      let expected = notWhole[item.description] ?? [item.text]
      #expect(found == expected, "\(item.description): \(found)")
      if expected == [item.text] {
        #expect(LengthUnit.twitter.count(item.text[...]) == 23, "\(item.description)")
      }
    } else {
      #expect(found != [item.text], "\(item.description): \(found)")
    }
    checked += 1
  }
  #expect(checked == 29)
}

/// RFC 3492's own examples (section 7.1) and the labels twitter-text measures.
@Test func punycodeIsRFC3492s() {
  let samples: [(String, String)] = [
    ("bücher", "bcher-kva"),
    ("ü", "tda"),
    ("☃", "n3h"),
    ("ليهمابتكلموشعربي؟", "egbpdaj6bu4bxfgehfvwxn"),
    ("他们为什么不说中文", "ihqwcrb4cv8a8dqg056pqjye"),
    ("Pročprostěnemluvíčesky", "Proprostnemluvesky-uyb24dma41a"),
    ("3年B組金八先生", "3B-ww4c5e180e575a65lsy2b"),
    ("MajiでKoiする5秒前", "MajiKoi5-783gue6qz075azm5e"),
  ]
  for (label, encoded) in samples {
    #expect(Punycode.encode(label.unicodeScalars.map(\.value)) == encoded, "\(label)")
  }
  #expect(Punycode.ascii(ofLabel: "twitter".unicodeScalars.map(\.value)) == "twitter")
  #expect(Punycode.ascii(ofLabel: "☃。net".unicodeScalars.map(\.value)) == "xn--n3h.net")
  // A label over 63 characters once encoded is no URL's.
  // (Python's codecs: `xn--` and 87 characters; nine of them take 29.)
  #expect(extracted("http://故人西辞黄鹤楼烟花三月下扬州孤帆远影碧空尽唯见长江天际流.com") == [])
  #expect(extracted("http://故人西辞黄鹤楼烟花.com") == ["http://故人西辞黄鹤楼烟花.com"])
  #expect(Punycode.asciiLength(ofLabel: "故人西辞黄鹤楼烟花三月下扬州孤帆远影碧空尽唯见长江天际流".unicodeScalars.map(\.value)) == 91)
}

/// Texts that make a backtracking pattern try every start against every label stay linear here:
/// a long line of domain characters and dots without a top-level domain, and one with a domain
/// name that cannot be one (an underscore) before each dot.
@Test func adversarialLinesAreRead() {
  let cases: [(String, Int)] = [
    (String(repeating: "a.", count: 20_000), 40_000),
    (String(repeating: "中", count: 30_000) + ".zz", 60_003),
    (String(repeating: "a_b.", count: 5_000) + "com", 20_003),
    (String(repeating: "http://", count: 3_000), 21_000),
    (
      String(repeating: "(((", count: 3_000) + "http://a.com/" + String(repeating: "(a", count: 3_000),
      9_000 + 23 + 6_000
    ),
  ]
  for (text, weight) in cases {
    #expect(LengthUnit.twitter.count(text[...]) == weight, "\(text.prefix(12))…")
  }
}

/// The weight kept line by line, edit after edit, is the whole text's weight counted afresh (the
/// model in LengthMeasureTests), in a field with the whole text's limit in `twitter` and a line
/// rule in it: URLs that grow, split, join across an edit, emoji and decomposed letters that NFC
/// composes, lines that join and split.
@Test func theWeightKeptByLineIsTheWholeTextsAfterEveryEdit() throws {
  let fragments = [
    "http://", "https://", "a.com", "t.co/", "abc", ".", "/", "?q=1", "(", ")", " ", "\n", "\r\n", "_", "-",
    "é", "e\u{301}", "中", "😀", "👨\u{200D}👩\u{200D}👧", "1\u{FE0F}\u{20E3}", "x", "co", "jp", "@", "#",
  ]
  var rng = SeededGenerator(seed: 280)
  let rules = Rules(
    maxLength: 40, unit: .twitter,
    lineRules: [LineRule(lines: LineSpan(first: 1, last: nil), maxLength: 30, unit: .twitter)])
  for round in 0..<40 {
    var field = StableTextField(
      text: (0..<Int.random(in: 0...12, using: &rng)).map { _ in fragments.randomElement(using: &rng)! }
        .joined(),
      rules: rules)
    for step in 0..<15 {
      let utf8 = field.text.utf8Count
      let a = Int.random(in: 0...utf8, using: &rng)
      let b = min(utf8, a + Int.random(in: 0...6, using: &rng))
      let inserted = (0..<Int.random(in: 0...3, using: &rng)).map { _ in fragments.randomElement(using: &rng)!
      }
      .joined()
      let range = TextRange(
        start: field.text.position(of: a, in: .utf8), end: field.text.position(of: b, in: .utf8))
      // Offsets inside a scalar are refused as positions; any other lands.
      _ = try? field.apply([FieldEdit(range: range, text: inserted)], in: .utf8, policy: .allow)
      let text = field.text.string
      #expect(
        field.length == twitterModel(text[...]), "round \(round), step \(step): \(text.debugDescription)")
      #expect(
        field.firstClusterOverLimit
          == TwitterMeasure().firstCluster(pastUnits: 40, in: text[...], tabSize: 8),
        "cut, round \(round), step \(step)")
      for diagnostic in field.lineDiagnostics where diagnostic.code == .lineTooLong {
        let line = try #require(diagnostic.data?.int("line"))
        let content = String(field.text.slice(field.text.lineStart(line)..<field.text.lineContentEnd(line)))
        #expect(
          diagnostic.data?.int("length") == twitterModel(content[...]),
          "line \(line): \(content.debugDescription)")
      }
    }
  }
}

/// The shortcuts of the weights decline rightly: the blocks taken as their own NFC form are, by
/// the standard library's normaliser, scalar by scalar; no scalar below U+231A has emoji
/// presentation; and the weights read a cluster at a time from bytes are the weights of the
/// clusters as `Character`s, on adversarial text.
@Test func theWeightsShortcutsOnlyDecline() {
  let stable: [ClosedRange<UInt32>] = [
    0x00...0x2FF, 0x400...0x52F, 0x600...0x6FF, 0xE00...0xE7F, 0x3041...0x30FF, 0x3400...0x4DBF,
    0x4E00...0x9FFF,
    0xAC00...0xD7A3, 0x1F300...0x1FAFF,
  ]
  var changed: [UInt32] = []
  for range in stable {
    for value in range {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let text = String(scalar)
      if text._nfcCodeUnits != Array(text.utf8) { changed.append(value) }
    }
  }
  #expect(changed == [])
  #expect((0..<0x231A).filter { Unicode.Scalar($0)?.properties.isEmojiPresentation == true } == [])
  var rng = SeededGenerator(seed: 51)
  for _ in 0..<300 {
    let text =
      adversarialText(&rng, count: 20) + ["", "a.com", "\u{212B}", "\u{2000}x.co"].randomElement(using: &rng)!
    var fromBytes: [Int] = []
    TwitterWeights().forEachCluster(in: text[...]) { _, weight in
      fromBytes.append(weight)
      return true
    }
    #expect(fromBytes.count == text.count)
    if !text.contains(".") {
      let expected = text.map { character -> Int in
        let scalars = Array(String(decoding: String(character)._nfcCodeUnits, as: UTF8.self).unicodeScalars)
        return TwitterWeights.isEmoji(scalars[...])
          ? 2 : scalars.reduce(0) { $0 + TwitterWeights.weight($1.value) }
      }
      #expect(fromBytes == expected, "\(text.unicodeScalars.map(\.value))")
    }
    #expect(fromBytes.reduce(0, +) == twitterModel(text[...]))
  }
}

/// Marks of every sort a canonical ordering meets: classes 220, 230, 202, 216, 1, 9, 129, 130,
/// 132, 240; marks that decompose to two (U+0344, U+0F73, U+0F75, U+0F81: the last three have
/// class 0 and decompose to marks); singletons (U+0340, U+0341, U+0343, U+212B); starters that
/// decompose to a starter and marks (é, ǖ, ḉ, U+0958); marks that compose with them (U+0308,
/// U+0327, U+0323, U+031B); Hangul jamo that compose; a joiner and a spacing mark.
private let canonicalOrderingPool: [UInt32] = [
  0x301, 0x316, 0x300, 0x308, 0x327, 0x323, 0x31B, 0x345, 0x334, 0x94D, 0xF71, 0xF72, 0xF74, 0xF80,
  0x35C, 0x344, 0xF73, 0xF75, 0xF81, 0x340, 0x341, 0x343, 0x212B, 0xE9, 0x1D6, 0x1E09, 0x958, 0x61,
  0x65, 0x1100, 0x1161, 0x11A8, 0x200D, 0x903, 0x5B0, 0x5B9, 0x1DCE, 0x302, 0x306,
]

/// The cluster normaliser gives the standard library's NFC, on every small text of those marks
/// (the rewritten order is canonically equivalent; the standard library has the final say), and
/// its rewrite leaves every run of marks in class order (what keeps the standard library's
/// insertion sort linear).
@Test(arguments: [61, 62, 63] as [UInt64])
func clusterNFCIsTheStandardLibrarys(seed: UInt64) {
  var rng = SeededGenerator(seed: seed)
  for _ in 0..<400 {
    let count = Int.random(in: 0...80, using: &rng)
    let scalars =
      [Unicode.Scalar(0x61)!]
      + (0..<count).map { _ in Unicode.Scalar(canonicalOrderingPool.randomElement(using: &rng)!)! }
    let expected = Array(
      String(decoding: String(String.UnicodeScalarView(scalars))._nfcCodeUnits, as: UTF8.self).unicodeScalars)
    let ordered = ClusterNFC.canonicallyOrdered(scalars)
    #expect(ClusterNFC.standardNFC(ordered) == expected, "\(scalars.map(\.value))")
    #expect(ClusterNFC.normalized(scalars) == expected, "\(scalars.map(\.value))")
    let classes = ordered.map { $0.properties.canonicalCombiningClass.rawValue }
    for i in classes.indices.dropFirst() where classes[i - 1] != 0 && classes[i] != 0 {
      #expect(classes[i - 1] <= classes[i], "\(scalars.map(\.value))")
    }
  }
  // Alternating classes, whose insertion sort is quadratic: in order after the rewrite.
  let alternating = [Unicode.Scalar(0x61)!] + (0..<1_000).map { Unicode.Scalar($0 % 2 == 0 ? 0x301 : 0x316)! }
  #expect(
    ClusterNFC.canonicallyOrdered(alternating)
      == [Unicode.Scalar(0x61)!] + Array(repeating: Unicode.Scalar(0x316)!, count: 500)
      + Array(repeating: Unicode.Scalar(0x301)!, count: 500))
}

/// A cluster of 200,000 marks of alternating classes weighs at once; the weights are the
/// standard library's NFC scalar counts of the same clusters (all below U+10FF, 1 each), which it
/// took 43 s to give for the three (its insertion sort). U+0301 and U+0316: `a` and one U+0301
/// compose; U+0344 (U+0308 U+0301) and U+0316: 300,000 scalars; four classes in turn.
@Test(
  arguments: [
    ([0x301, 0x316], 200_000), ([0x344, 0x316], 300_000), ([0x301, 0x316, 0x35C, 0x5B0], 200_000),
  ] as [([UInt32], Int)])
func aClusterOfAlternatingMarksWeighsInLinearTime(marks: [UInt32], weight: Int) {
  var text = "a"
  text.unicodeScalars.append(contentsOf: (0..<200_000).map { Unicode.Scalar(marks[$0 % marks.count])! })
  #expect(LengthUnit.twitter.count(text[...]) == weight)
}

/// A domain label of more than 63 code points is no label, refused before punycode encodes it
/// (whose work is the label's length times its distinct code points: 200,000 distinct CJK
/// scalars took minutes); at 63 and below the encoding decides.
@Test func longLabelsAreRefusedBeforeEncoding() {
  let long = (0..<200_000).map { 0x4E00 + UInt32($0 % 20_000) } + Array(".com".unicodeScalars.map(\.value))
  #expect(!TwitterURLs.isValidDomain(long))
  #expect(extracted("http://" + String(repeating: "a", count: 200_000) + ".com") == [])
  #expect(extracted("http://" + String(repeating: "a", count: 63) + ".com").count == 1)
  #expect(extracted("http://" + String(repeating: "a", count: 64) + ".com") == [])
  // 59 non-ASCII code points encode to at least 63 characters with `xn--`: refused by length.
  #expect(extracted("http://" + String(repeating: "ü", count: 59) + ".com") == [])
  #expect(extracted("http://" + String(repeating: "ü", count: 20) + ".com").count == 1)
}
