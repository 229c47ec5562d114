import Testing

@testable import StableTextCore

// SMS segments against an oracle StableText did not write: cases ported from Twilio's
// message-segment-calculator test suite (github.com/TwilioDevEd/message-segment-calculator,
// tests/index.test.js and tests/segments.test.js at a50230f, MIT licence, © 2021 Twilio Inc):
// the GSM-7 and UCS-2 one/two/three-segment bodies, the flag and ZWJ boundary cases, the escape
// characters on a segment boundary, 70/71 UCS-2 characters, CRLF and triple accents. One
// deliberate difference: Twilio sends `ç` as UCS-2; GSM 03.38 encoders send it as `Ç`'s code,
// which "Counting in SMS segments" follows (so its 70/71 cases are left out for `ç` alone).

private func digits(_ count: Int, from first: Int = 1) -> String {
  String((0..<count).map { Character(String((first + $0) % 10)) })
}

@Test func smsSegmentsAgreeWithTwilio() {
  let cases: [(String, String, SMSMessage.Encoding, Int, Int)] = [
    ("GSM-7 in one segment", digits(160), .gsm7, 1, 160),
    ("GSM-7 in two segments", digits(161), .gsm7, 2, 161),
    ("GSM-7 in three segments", digits(307), .gsm7, 3, 307),
    ("UCS-2 message in one segment", "😜" + digits(68, from: 2), .ucs2, 1, 70),
    ("UCS-2 message in two segments", "😜" + digits(69, from: 2), .ucs2, 2, 71),
    ("UCS-2 message in three segments", "😜" + digits(133, from: 2), .ucs2, 3, 135),
    ("UCS-2 flag on one segment's boundary", "🇮🇹" + digits(66, from: 2), .ucs2, 1, 70),
    ("UCS-2 flag on two segments' boundary", "🇮🇹" + digits(67, from: 2), .ucs2, 2, 71),
    ("UCS-2 ZWJ flag on one segment's boundary", "🏳️‍🌈" + digits(64, from: 2), .ucs2, 1, 70),
    ("UCS-2 ZWJ flag on two segments' boundary", "🏳️‍🌈" + digits(65, from: 2), .ucs2, 2, 71),
    ("GSM characters in UCS-2, one segment", "😀" + String(repeating: "]", count: 68), .ucs2, 1, 70),
    ("GSM characters in UCS-2, two segments", "😀" + String(repeating: "]", count: 69), .ucs2, 2, 71),
    ("Triple accents, one segment", "é\u{301}\u{301}" + String(repeating: "a", count: 67), .ucs2, 1, 70),
    ("Triple accents, two segments", "é\u{301}\u{301}" + String(repeating: "a", count: 68), .ucs2, 2, 71),
    ("CRLF", "\rabcde\r\n123", .gsm7, 1, 11),
    ("LF", "\nabcde\n\n123\n", .gsm7, 1, 12),
  ]
  for (name, body, encoding, segments, units) in cases {
    let message = SMSMessage(body[...])
    #expect(message.encoding == encoding, "\(name)")
    #expect(message.segments == segments, "\(name)")
    #expect(message.units == units, "\(name)")
    #expect(LengthUnit.sms.count(body[...]) == segments, "\(name)")
    #expect(smsModel(body[...]) == segments, "\(name): the plain model")
  }
  // The escape characters: 2 septets each, never split; 160 fits one message, 161 takes two.
  for escape in ["|", "^", "€", "{", "}", "[", "]", "~", "\\"] {
    let one = SMSMessage((escape + digits(158))[...])
    #expect(one.encoding == .gsm7 && one.segments == 1 && one.units == 160, "\(escape)")
    let two = SMSMessage((escape + digits(159))[...])
    #expect(two.encoding == .gsm7 && two.segments == 2 && two.units == 161, "\(escape)")
  }
  // 70 UCS-2 characters are one message, 71 two.
  for character in ["Á", "Ú", "ú", "í", "Í", "ó", "Ó"] {
    #expect(SMSMessage(String(repeating: character, count: 70)[...]).segments == 1, "\(character)")
    #expect(SMSMessage(String(repeating: character, count: 71)[...]).segments == 2, "\(character)")
  }
  // segments.test.js: the third part of 307 GSM-7 digits holds one, as does 134 UCS-2's.
  let field = StableTextField(text: digits(307), rules: Rules(maxLength: 2, unit: .sms))
  #expect(field.firstClusterOverLimit == 306)
  let ucs2 = StableTextField(text: "😜" + digits(133, from: 2), rules: Rules(maxLength: 2, unit: .sms))
  #expect(ucs2.firstClusterOverLimit == 4 + 132)
}

/// Where the limit falls and what the state says: a prefix is a message of its own (GSM-7 until
/// its first character outside the alphabet), an escape pair is never split across parts, and
/// hover's summary names the encoding and units.
@Test func smsLimitsAndState() {
  // 152 septets then an escape: the pair would straddle the first part's end, so it starts part 2.
  let text = digits(152) + "€" + digits(10)
  var message = SMSMessage(text[...])
  #expect(message.segments == 2 && message.units == 164)
  #expect(message.summary == "2 SMS (GSM-7, 164 septets)")
  // A limit of one message: 160 septets fit; the first character past them is over.
  let field = StableTextField(text: text, rules: Rules(maxLength: 1, unit: .sms))
  #expect(field.length == 2 && field.isOverLimit)
  #expect(field.firstClusterOverLimit == 152 + 3 + 6)
  #expect(field.smsMessage == message)
  // One emoji at the end makes the whole text UCS-2: 165 units, 3 parts; the prefix before it
  // is still one GSM-7 message, so the limit of 1 is passed where 160 septets are.
  message = SMSMessage((text + "🙂")[...])
  #expect(message.encoding == .ucs2 && message.units == 165 && message.segments == 3)
  #expect(
    StableTextField(text: text + "🙂", rules: Rules(maxLength: 1, unit: .sms)).firstClusterOverLimit == 161)
  #expect(
    SMSMessage(""[...]).segments == 0 && StableTextField(text: "", rules: Rules(unit: .sms)).length == 0)
  // A cluster longer than a part is split between its scalars (it cannot be sent otherwise).
  let marks = "a" + String(repeating: "\u{301}", count: 100)
  #expect(SMSMessage(marks[...]).segments == 2 && smsModel(marks[...]) == 2)
  // Not SMS: no message in the state.
  #expect(StableTextField(text: "x", rules: Rules()).smsMessage == nil)
}

/// The count a field remembers after each change (one pass for the length, the limit and the
/// message) is the count of a fresh field, edit after edit, with comments and without; and a
/// text changed without catching up is counted afresh, never from the memo.
@Test func theRememberedSMSCountIsAFreshOnesAfterEveryEdit() throws {
  let pieces = ["a", "€", "{", "한", "😀", "\n", "# x\n", "e\u{301}", String(repeating: "b", count: 40), "ç"]
  var rng = SeededGenerator(seed: 160)
  for commentPrefix in [nil, "#"] as [String?] {
    let rules = Rules(maxLength: 2, unit: .sms, commentPrefix: commentPrefix)
    var field = StableTextField(text: digits(150), rules: rules)
    for step in 0..<120 {
      let end = field.text.utf8Count
      let a = Int.random(in: 0...end, using: &rng)
      let b = min(end, a + Int.random(in: 0...3, using: &rng))
      let range = TextRange(
        start: field.text.position(of: a, in: .utf8), end: field.text.position(of: b, in: .utf8))
      let inserted = (0..<Int.random(in: 0...4, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }
        .joined()
      _ = try? field.apply([FieldEdit(range: range, text: inserted)], in: .utf8, policy: .allow)
      let fresh = StableTextField(text: field.text.string, rules: rules)
      #expect(field.rememberedWholeCount != nil, "step \(step)")
      #expect(field.length == fresh.length, "length, step \(step)")
      #expect(field.firstClusterOverLimit == fresh.firstClusterOverLimit, "cut, step \(step)")
      #expect(field.smsMessage == fresh.smsMessage, "message, step \(step)")
    }
    // Changed in place without catching up: the memo no longer names the text.
    field.text.replace(0..<0, with: String(repeating: "한", count: 80))
    #expect(field.rememberedWholeCount == nil)
    let fresh = StableTextField(text: field.text.string, rules: rules)
    #expect(field.length == fresh.length && field.smsMessage == fresh.smsMessage)
    // New rules: the memo is for the old ones.
    field.catchUp()
    field.rules.maxLength = 5
    #expect(field.rememberedWholeCount == nil)
    #expect(
      field.firstClusterOverLimit
        == StableTextField(text: field.text.string, rules: field.rules).firstClusterOverLimit)
  }
}
