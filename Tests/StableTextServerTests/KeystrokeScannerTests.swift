import StableTextFuzzing
import StableTextSessionSupport
import Testing

/// The keystroke scanner reads the common `didChange` shapes itself and declines everything
/// else; whenever it reads a body, jansson's path reads the same keystroke from it.
@Suite struct KeystrokeScanner {
  static let head = #"{"jsonrpc":"2.0","method":"textDocument/didChange","params":"#
  static let document = #"{"textDocument":{"uri":"file:///d.txt","version":7},"contentChanges":"#
  static func change(_ text: String, line: Int = 0, character: Int = 3) -> String {
    #"[{"range":{"start":{"line":\#(line),"character":\#(character)},"end":{"line":\#(line),"character":\#(character)}},"text":\#(text)}]"#
  }
  static func body(_ changes: String) -> String { head + document + changes + "}}" }
  /// The plain keystroke's bytes with one piece of text replaced.
  static func keystroke(replacing old: String, with new: String) -> [UInt8] {
    Array(body(change(#""a""#)).replacingOccurrences(of: old, with: new).utf8)
  }

  /// (what the row shows, body, whether the scanner reads it itself)
  static let rows: [(String, [UInt8], Bool)] = [
    ("plain keystroke", Array(body(change(#""a""#)).utf8), true),
    ("Korean and emoji", Array(body(change(#""한글 👩‍👩‍👧 🇰🇷 é""#)).utf8), true),
    ("escapes", Array(body(change(#""\n\r\t\"\\\/\b\f\u00e9\ud83d\ude00""#)).utf8), true),
    ("decomposed and precomposed é, kept apart", Array(body(change(#""e\u0301 \u00e9 é""#)).utf8), true),
    ("NUL escape (jansson accepts it)", Array(body(change(#""a\u0000b""#)).utf8), true),
    ("full text", Array(body(#"[{"text":"whole\r\ntext"}]"#).utf8), true),
    ("no changes", Array(body("[]").utf8), true),
    (
      "two changes and rangeLength",
      Array(
        body(
          #"[{"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":1}},"rangeLength":1,"text":""},{"text":"x"}]"#
        ).utf8), true
    ),
    (
      "members in another order, extra members",
      Array(
        #"{"params":{"contentChanges":[{"text":"x","extra":[1,-2,{"a":null,"b":[true,false]}]}],"textDocument":{"version":8,"uri":"file:///d.txt","ключ":"значение"}},"x":{},"method":"textDocument/didChange","jsonrpc":"2.0"}"#
          .utf8), true
    ),
    (
      "whitespace everywhere",
      Array(
        " \r\n{ \"jsonrpc\" : \"2.0\" ,\n\t\"method\":\"textDocument/didChange\", \"params\" : {\"textDocument\" : { \"uri\" : \"u\" , \"version\" : 1 } , \"contentChanges\" : [ { \"text\" : \"\" } ] } } \n"
          .utf8), true
    ),
    (
      "nesting 31 deep",
      Array(
        (head + #"{"x":"# + String(repeating: "[", count: 29) + String(repeating: "]", count: 29) + ","
          + document.dropFirst() + "[]}}").utf8), true
    ),
    (
      "nesting 40 deep",
      Array(
        (head + #"{"x":"# + String(repeating: "[", count: 40) + String(repeating: "]", count: 40) + ","
          + document.dropFirst() + "[]}}").utf8), false
    ),
    (
      "a request id", Array(#"{"jsonrpc":"2.0","id":1,"method":"textDocument/didChange","params":{}}"#.utf8),
      false
    ),
    ("another method", keystroke(replacing: "didChange", with: "didSave"), false),
    ("jsonrpc 1.0", keystroke(replacing: "2.0", with: "1.0"), false),
    ("jsonrpc missing", keystroke(replacing: #""jsonrpc":"2.0","#, with: ""), false),
    ("duplicate text", Array(body(#"[{"text":"a","text":"b"}]"#).utf8), false),
    (
      "duplicate method",
      keystroke(replacing: "{\"jsonrpc", with: "{\"method\":\"textDocument/didChange\",\"jsonrpc"), false
    ),
    ("real version", keystroke(replacing: "\"version\":7", with: "\"version\":7.0"), false),
    (
      "19-digit version",
      keystroke(replacing: "\"version\":7", with: "\"version\":1234567890123456789"), false
    ),
    ("leading zero", keystroke(replacing: "\"version\":7", with: "\"version\":07"), false),
    ("negative character", Array(body(change(#""a""#, character: -1)).utf8), false),
    ("exponent in a skipped member", Array(body(#"[{"text":"a","x":1e5}]"#).utf8), false),
    ("lone surrogate escape", Array(body(change(#""\ud800""#)).utf8), false),
    ("raw tab in a string", Array(body(change("\"a\tb\"")).utf8), false),
    ("escaped key", Array(body(#"[{"te\u0078t":"a"}]"#).utf8), false),
    (
      "a didOpen with its params first",
      Array(
        #"{"params":{"textDocument":{"uri":"u","languageId":"t","version":1,"text":"x"}},"method":"textDocument/didOpen","jsonrpc":"2.0"}"#
          .utf8), false
    ),
    ("range null", Array(body(#"[{"range":null,"text":"a"}]"#).utf8), false),
    ("version missing", Array((head + #"{"textDocument":{"uri":"u"},"contentChanges":[]}}"#).utf8), false),
    ("trailing garbage", Array((body(change(#""a""#)) + "x").utf8), false),
    ("a batch", Array(("[" + body(change(#""a""#)) + "]").utf8), false),
    (
      "invalid UTF-8",
      Array(body(change(#""a""#)).utf8).replacing([0x61], with: [0xC3, 0x28], maxReplacements: 1), false
    ),
    (
      "overlong UTF-8",
      Array(body(change(#""a""#)).utf8).replacing([0x61], with: [0xC0, 0x80], maxReplacements: 1), false
    ),
    (
      "encoded surrogate",
      Array(body(change(#""a""#)).utf8).replacing([0x61], with: [0xED, 0xA0, 0x80], maxReplacements: 1), false
    ),
  ]

  @Test func readsCommonShapesAndDeclinesTheRest() {
    for (name, bytes, expected) in Self.rows {
      bytes.withUnsafeBytes { body in
        #expect(DidChangeCrossCheck.scans(body) == expected, "\(name)")
        #expect(DidChangeCrossCheck.disagreement(body) == nil, "\(name)")
      }
    }
  }

  /// Mutated rows (bytes replaced by JSON's structural characters, escapes, digits and UTF-8
  /// lead bytes, deleted or repeated): whatever the scanner reads, jansson's path reads the same.
  @Test func agreesWithJanssonOnMutatedBodies() {
    let alphabet =
      Array(#"{}[]:,"\0123456789-.eEtrufalsn /"#.utf8) + [
        0x00, 0x09, 0x1F, 0x7F, 0x80, 0xC3, 0xE0, 0xED, 0xF0, 0xF4, 0xFF,
      ]
    var rng = SplitMix(seed: 7)
    func next(_ bound: Int) -> Int { rng.next(upTo: bound) }
    var scanned = 0
    for (name, original, _) in Self.rows {
      for _ in 0..<400 {
        var bytes = original
        for _ in 0..<(1 + next(3)) {
          let at = next(bytes.count)
          switch next(3) {
          case 0: bytes[at] = alphabet[next(alphabet.count)]
          case 1: bytes.remove(at: at)
          default: bytes.insert(contentsOf: bytes[at..<min(bytes.count, at + 1 + next(8))], at: at)
          }
          if bytes.isEmpty { bytes = [0x7B] }
        }
        bytes.withUnsafeBytes { body in
          if DidChangeCrossCheck.scans(body) { scanned += 1 }
          #expect(
            DidChangeCrossCheck.disagreement(body) == nil,
            "\(name): \(String(decoding: bytes, as: UTF8.self))")
        }
      }
    }
    // Some mutations keep the body a readable keystroke (a different letter, digit or space), so
    // the scanner's accepting side is exercised too (over a hundred of the 13,600 with this seed).
    #expect(scanned > 100)
  }
}
