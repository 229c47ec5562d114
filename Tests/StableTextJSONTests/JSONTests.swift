import StableTextProtocol
import Testing

@testable import StableTextJSON
@testable import StableTextTransport

@Test(arguments: [
  ("\u{FEFF}{}", false),
  ("{\"a\": NaN}", false),
  ("{\"a\": \"\\ud800\"}", false),
  ("{\"a\": \"\\udc00x\"}", false),
  ("", false),
  ("{\"a\": 1,}", false),
  ("{\"a\": \"\\u0000\"}", true),
  ("{\"a\": \"\\ud83d\\ude00\"}", true),
  ("1", true),
  ("[]", true),
])
func parsesOnlyJSON(text: String, valid: Bool) {
  let parsed = try? JSONParser.parse(text)
  #expect((parsed != nil) == valid)
}

@Test func invalidUTF8IsNotJSON() {
  #expect(throws: JSONParseError.self) { try JSONParser.parse([0x22, 0xFF, 0x22] as [UInt8]) }
}

@Test func roundTripKeepsOrderNULAndNumbers() throws {
  let value: JSONValue = ["b": 1, "a": [true, nil, 2.5, "x\u{0}y"], "c": ["d": "é😀"]]
  #expect(value.serialized == "{\"b\":1,\"a\":[true,null,2.5,\"x\\u0000y\"],\"c\":{\"d\":\"é😀\"}}")
  #expect(try JSONValue(parsing: value.serialized) == value)
}

@Test func fieldPathsNameTheField() throws {
  let handle = try JSONParser.parse(
    "{\"params\": {\"contentChanges\": [{}, {\"range\": {\"start\": {\"line\": -1, \"character\": 1.0}}}]}}")
  let start = handle.ref()["params"]["contentChanges"]
  let second = try start.array()[1]["range"]["start"]
  #expect(throws: Never.self) { try second.object() }
  do {
    _ = try second["line"].nonNegativeInt()
    Issue.record("expected an error")
  } catch {
    #expect(
      error.description
        == "params.contentChanges[1].range.start.line: expected a non-negative integer, got -1")
  }
  do {
    _ = try second["character"].int()
    Issue.record("expected an error")
  } catch {
    #expect(
      error.description
        == "params.contentChanges[1].range.start.character: expected an integer, got a non-integer number")
  }
  do {
    _ = try second["nothing"].string()
    Issue.record("expected an error")
  } catch {
    #expect(error.description == "params.contentChanges[1].range.start.nothing: missing; expected a string")
  }
}

@Test(arguments: [
  ("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"m\"}", "request 1 m"),
  ("{\"jsonrpc\":\"2.0\",\"id\":\"a\",\"method\":\"m\",\"params\":null}", "request a m"),
  ("{\"jsonrpc\":\"2.0\",\"method\":\"n\",\"params\":[]}", "notification n"),
  ("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":null}", "response"),
  (
    "{\"jsonrpc\":\"2.0\",\"id\":null,\"method\":\"m\"}",
    "invalid nil -32600 Invalid request: id: expected a string or a number, got null"
  ),
  (
    "{\"jsonrpc\":\"2.0\",\"id\":true,\"method\":\"m\"}",
    "invalid nil -32600 Invalid request: id: expected a string or a number, got a boolean"
  ),
  (
    "{\"jsonrpc\":\"1.0\",\"id\":7,\"method\":\"m\"}",
    "invalid 7 -32600 Invalid request: jsonrpc: expected \"2.0\", got \"1.0\""
  ),
  ("{\"id\":7,\"method\":\"m\"}", "invalid 7 -32600 Invalid request: jsonrpc: expected \"2.0\", missing"),
  (
    "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":3}",
    "invalid 7 -32600 Invalid request: method: expected a string, got an integer"
  ),
  ("{\"jsonrpc\":\"2.0\"}", "invalid nil -32600 Invalid request: method: missing"),
  (
    "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"m\",\"params\":3}",
    "invalid 7 -32600 Invalid request: params: expected an object or an array, got an integer"
  ),
  ("42", "invalid nil -32600 Invalid request: expected a request or notification object, got an integer"),
])
func classifiesMessages(text: String, expected: String) throws {
  let handle = try JSONParser.parse(text)
  let summary: String
  switch IncomingMessage.classify(handle.ref()) {
  case .request(let id, let method, _): summary = "request \(id) \(method)"
  case .notification(let method, _): summary = "notification \(method)"
  case .cancelRequest(let id, _): summary = "cancel \(id)"
  case .response: summary = "response"
  case .invalid(let id, let error):
    summary = "invalid \(id.map(\.description) ?? "nil") \(error.code.rawValue) \(error.message)"
  }
  #expect(summary == expected)
}

@Test func idsKeepTheirKind() throws {
  let number = RequestID(try JSONParser.parse("1").ref())!
  let string = RequestID(try JSONParser.parse("\"1\"").ref())!
  #expect(number != string)
  #expect(JSONSerializer.string(number.json) == "1")
  #expect(JSONSerializer.string(string.json) == "\"1\"")
}

/// The Swift writer and jansson's compact dump of the same value are the same bytes: random
/// trees of every kind, strings with every control character, quotes, backslashes, DEL,
/// U+2028, emoji and NUL, integers at both ends of the range, reals and raw jansson values.
@Test func writerMatchesJanssonByteForByte() throws {
  var state: UInt64 = 0x2545_F491_4F6C_DD1D
  func next(_ bound: Int) -> Int {
    state ^= state << 13
    state ^= state >> 7
    state ^= state << 17
    return Int(state % UInt64(bound))
  }
  let pieces =
    (0..<0x20).map { String(UnicodeScalar(UInt8($0))) } + [
      "\"", "\\", "/", "\u{7F}", "a", "Z", " ", "é", "한", "\u{2028}", "😀", "👩‍👩‍👧", "\u{FEFF}",
    ]
  let raw = try JSONParser.parse(#"{"id":[1,"x",{"k":null}],"r":1.5e300}"#)
  func value(_ depth: Int) -> JSONValue {
    switch next(depth > 3 ? 6 : 8) {
    case 0: return .null
    case 1: return .bool(next(2) == 0)
    case 2: return .int([0, 1, -1, 42, Int.max, Int.min, 1_000_000_007][next(7)])
    case 3: return .double([0.5, -2.25, 1e300, 3.0, 0.1][next(5)])
    case 4: return .raw(raw)
    case 5: return .string((0..<next(6)).map { _ in pieces[next(pieces.count)] }.joined())
    case 6: return .array((0..<next(4)).map { _ in value(depth + 1) })
    default:
      var object = JSONObject()
      for _ in 0..<next(4) { object[pieces[next(pieces.count)] + "k"] = value(depth + 1) }
      return .object(object)
    }
  }
  for _ in 0..<2_000 {
    let tree = value(0)
    var jansson: [UInt8] = []
    JSONSerializer.write(JSONSerializer.makeHandle(tree), to: &jansson)
    #expect(JSONSerializer.bytes(tree) == jansson, "\(String(decoding: jansson, as: UTF8.self))")
  }
}

/// Numbers compared by exact value from their text (request ids): equal spellings of one
/// number share a canonical form, and different numbers never do.
@Test(arguments: [
  ("0", "0"), ("-0", "0"), ("0.000", "0"), ("0e-99999", "0"), ("1", "1e0"), ("1.0", "1e0"), ("1e0", "1e0"),
  ("10E-1", "1e0"), ("100", "1e2"), ("1E2", "1e2"), ("12.50", "125e-1"), ("-7", "-7e0"), ("1e-400", "1e-400"),
  ("1e-401", "1e-401"), ("9007199254740993", "9007199254740993e0"), ("1.5e+3", "15e2"),
  ("5e99999999999999999999", "5e99999999999999999999"), ("50e99999999999999999998", "5e99999999999999999999"),
  ("0.5e-99999999999999999999", "5e-100000000000000000000"),
])
func numberValuesAreCanonical(text: String, canonical: String) {
  #expect(NumberValue.canonical(text) == canonical)
}

@Test func onlyJSONNumbersHaveAValue() {
  for text in ["", "-", "01", "1.", ".5", "1e", "1e+", "+1", "1.5.5", "0x10", "NaN", "1 ", "\"1\""] {
    #expect(NumberValue.canonical(text) == nil, "\(text)")
  }
}

/// `JSONStringScan` marks exactly the bytes of strings, quotes included: escaped quotes and
/// backslashes stay inside, an escaped backslash before a quote ends the string, brackets and
/// commas inside a string are the string's. (`s` marks a string's byte, `.` any other.)
@Test(arguments: [
  (#"{"a": [1, "]"]}"#, #".sss......sss.."#),
  (#"["\"", 2]"#, #".ssss...."#),
  (#"["\\", ","]"#, #".ssss..sss."#),
  (#""{\u0022}" x"#, #"ssssssssss.."#),
  (#"[] "open"#, #"...sssss"#),
  ("", ""),
])
func stringBytesAreMarked(text: String, marks: String) {
  var scan = JSONStringScan()
  let got = String(text.utf8.map { scan.take($0) ? "s" : "." })
  #expect(got == marks, "\(text)")
}
