import StableTextCore
import Testing

@testable import StableTextProject

/// Hostile files: read in bounded time and memory, with a clear error or note, never a crash or
/// a hang (the time itself is measured by `stabletext-bench commitlint-script`, not asserted here).
@Suite struct CommitlintScriptBoundsTests {
  @Test func deepNestingIsRefusedWithItsPosition() {
    let brackets =
      "module.exports = " + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
    #expect(
      readScript(brackets).configuration == "syntax error: nested deeper than 150 levels (line 1, column 166)"
    )
    let parentheses =
      "module.exports = " + String(repeating: "(", count: 10_000) + "1"
      + String(repeating: ")", count: 10_000)
    #expect(readScript(parentheses).configuration.hasPrefix("syntax error: nested deeper than 150 levels"))
    let unary = "module.exports = { a: " + String(repeating: "!", count: 100_000) + "0 };"
    #expect(readScript(unary).configuration.hasPrefix("syntax error: nested deeper than 150 levels"))
    let types =
      "const x: " + String(repeating: "Array<", count: 5_000) + "string"
      + String(repeating: ">", count: 5_000)
      + " = [];\nexport default {};"
    #expect(
      readScript(types, name: "commitlint.config.ts").configuration.hasPrefix("syntax error: nested deeper"))
  }

  /// Nested defaults in parentheses that are no arrow function: each `(` is tried as parameters
  /// once, so the file is read in linear time.
  @Test func speculationIsPaidOnce() {
    var text = "module.exports = { a: "
    for index in 0..<40 { text += "(x\(index) = " }
    text += "1" + String(repeating: ")", count: 40) + " };"
    #expect(readScript(text).configuration == #"{"a":1}"#)
  }

  @Test func aMebibyteListIsRead() {
    var text = "module.exports = { rules: { 'type-enum': [2, 'always', ["
    var count = 0
    while text.utf8.count < 1_048_000 {
      text += "'t\(count)', "
      count += 1
    }
    text += "]] } };"
    guard
      case .success(let script) = CommitlintScript.read(
        Array(text.utf8), fileName: "commitlint.config.js", packageType: nil),
      case .object(let members)? = script.configuration, case .object(let rules) = members[0].value,
      case .array(let setting) = rules[0].value, case .array(let types) = setting[2]
    else {
      Issue.record("not read")
      return
    }
    #expect(types.count == count)
    #expect(types.last == .string("t\(count - 1)"))
  }

  @Test func aMebibyteStringIsRead() {
    let long = String(repeating: "x", count: 1_040_000)
    let reading = readScript("module.exports = { helpUrl: '\(long)' };")
    #expect(reading.configuration == #"{"helpUrl":""# + long + #""}"#)
  }

  /// Spreads that double a list forty times would make a trillion values: the room for values
  /// runs out, and only the part that needs them is named.
  @Test func exponentialSpreadsRunOutOfRoom() {
    var text = "const a0 = ['x', 'y'];\n"
    for index in 1...40 { text += "const a\(index) = [...a\(index - 1), ...a\(index - 1)];\n" }
    text +=
      "module.exports = { rules: { 'scope-enum': [2, 'always', a40], 'header-max-length': [2, 'always', 72] } };"
    let reading = readScript(text)
    #expect(reading.configuration == #"{"rules":{"header-max-length":[2,"always",72]}}"#)
    #expect(reading.notes.count == 1)
    #expect(
      reading.notes.first?.hasSuffix(
        #"rules["scope-enum"] is not honoured: more values than a configuration's data holds (StableText stops there)"#
      )
        == true)
  }

  /// A function that calls itself forever, and one that loops over a long list forever after.
  @Test func runawayCodeIsBounded() {
    let recursion = """
      function deeper(n) { return deeper(n + 1); }
      module.exports = { rules: { 'header-max-length': [2, 'always', deeper(0)], 'body-leading-blank': [1, 'always'] } };
      """
    let reading = readScript(recursion)
    #expect(reading.configuration == #"{"rules":{"body-leading-blank":[1,"always"]}}"#)
    #expect(
      reading.notes == [#"1:29: rules["header-max-length"] is not honoured: calls nested over 64 deep"#])
    var work =
      "const big = [];\nfor (const a of Array.from('x'.repeat(2000))) for (const b of Array.from('y'.repeat(2000))) big.push(a + b);\n"
    work += "module.exports = { rules: { 'scope-enum': [2, 'always', big] } };"
    let busy = readScript(work)
    // Compared by length first: a failure must not print a list of millions.
    #expect(busy.configuration.count < 100)
    #expect(busy.configuration == #"{"rules":{}}"#)
    #expect(busy.notes.count == 1)
    #expect(busy.notes.first?.contains("more work than a configuration's data needs") == true)
  }

  @Test(arguments: [
    ("module.exports = { a: 'x };", "syntax error: unterminated string (line 1, column 23)"),
    ("module.exports = { a: `x };", "syntax error: unterminated template (line 1, column 23)"),
    ("module.exports = {}; /* never closed", "syntax error: unterminated comment (line 1, column 22)"),
    ("module.exports = { a: /x };", "syntax error: unterminated regular expression (line 1, column 23)"),
    ("module.exports = { a: 1 ", "syntax error: expected '}' before the end of the file (line 1, column 25)"),
    (
      "module.exports = { a: '\\u{110000}' };", "syntax error: invalid escape in a string (line 1, column 24)"
    ),
    ("module.exports = 3in;", "syntax error: a name right after a number (line 1, column 18)"),
    ("module.exports = {\u{1}};", "syntax error: unexpected character '\\u{01}' (line 1, column 19)"),
  ])
  func malformedFilesAreNamedWhereTheyBreak(_ text: String, _ expected: String) {
    #expect(readScript(text).configuration == expected)
  }

  @Test func bytesThatAreNotUTF8AreReadAsNodeReadsThem() {
    // Node decodes a malformed byte as U+FFFD: inside a string it is one; outside, a syntax error.
    let inString: [UInt8] = Array("module.exports = { a: '".utf8) + [0xFF] + Array("' };".utf8)
    #expect(
      ScriptReading(CommitlintScript.read(inString, fileName: "commitlint.config.js", packageType: nil))
        .configuration
        == #"{"a":"\#u{FFFD}"}"#)
    let outside: [UInt8] = Array("module.exports = ".utf8) + [0xC3, 0x28]
    #expect(
      ScriptReading(CommitlintScript.read(outside, fileName: "commitlint.config.js", packageType: nil))
        .configuration
        == "syntax error: unexpected character '\\u{FFFD}' (line 1, column 18)")
  }

  /// A lone surrogate cannot be a Swift string: a key or value holding one is named, not
  /// replaced.
  @Test func loneSurrogatesAreNamed() {
    let reading = readScript("module.exports = { rules: { 'type-enum': [2, 'always', ['\\uD800']] } };")
    #expect(reading.configuration == #"{"rules":{}}"#)
    #expect(reading.notes == [#"1:57: rules["type-enum"] is not honoured: a string with a lone surrogate"#])
  }

  /// Work over long values is paid by their length: a loop that concatenates or compares a long
  /// string runs out as a loop over many values does, and only its part is named.
  @Test func longValuesInLoopsArePaidByLength() {
    let text = """
      let s = 'x'.repeat(500000);
      const list = Array.from('y'.repeat(20000));
      for (const c of list) { s = s + c; if (s === s.toUpperCase()) break; }
      module.exports = { rules: { 'header-max-length': [2, 'always', 72], 'scope-enum': [2, 'always', [s]] } };
      """
    let reading = readScript(text)
    #expect(reading.configuration.count < 200)
    #expect(reading.configuration == #"{"rules":{"header-max-length":[2,"always",72]}}"#)
    #expect(reading.notes.count == 1)
  }
}
