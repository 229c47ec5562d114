import Testing

@testable import StableTextCore

/// The generated tables read back as written: spot values Python's codecs give (the tables'
/// oracle, `scripts/generate-encoding-tables.py`, whose `--check` the test command runs), and the
/// paged lookup against a plain reading of the same strings for every scalar.
@Test func legacyEncodingsAgreeWithTheirTables() throws {
  let samples: [Unicode.Scalar] = ["A", "한", "あ", "漢", "é", "€", "😀", "\u{A5}", "\u{81}", "\u{AC02}"]
  let expected: [String: [Int]] = [
    "CP949": [1, 2, 2, 2, 0, 2, 0, 0, 0, 2],
    "EUC-KR": [1, 2, 2, 2, 0, 2, 0, 0, 0, 8],
    "Shift_JIS": [1, 0, 2, 2, 0, 0, 0, 1, 0, 0],
    "GB18030": [1, 4, 2, 2, 2, 2, 4, 4, 4, 4],
    "ISO-8859-1": [1, 0, 0, 0, 1, 0, 0, 1, 1, 0],
    "windows-1252": [1, 0, 0, 0, 1, 1, 0, 1, 0, 0],
  ]
  #expect(Set(LegacyEncoding.all.map(\.name)) == Set(expected.keys))
  for (name, widths) in expected {
    let encoding = try #require(CharacterEncoding(named: name))
    #expect(samples.map { encoding.bytes(of: $0) } == widths, "\(name)")
  }
  #expect(CharacterEncoding(named: "cp949")?.name == "CP949")
  #expect(CharacterEncoding(named: "SHIFT_JIS")?.name == "Shift_JIS")
  #expect(CharacterEncoding(named: "utf-16")?.name == "UTF-16")
  #expect([CharacterEncoding.utf8, .utf16, .utf32].map(\.name) == ["UTF-8", "UTF-16", "UTF-32"])
  #expect(CharacterEncoding(named: "CP 949") == nil)
  #expect(CharacterEncoding(named: "UTF8") == nil)
  #expect(
    CharacterEncoding.all.map(\.name) == ["UTF-8", "UTF-16", "UTF-32"] + LegacyEncoding.all.map(\.name))
  // The Unicode forms: UTF-16 two bytes per code unit, UTF-32 four per scalar.
  let forms = [
    "UTF-8": [1, 3, 3, 3, 2, 3, 4, 2, 2, 3], "UTF-16": [2, 2, 2, 2, 2, 2, 4, 2, 2, 2],
    "UTF-32": [4, 4, 4, 4, 4, 4, 4, 4, 4, 4],
  ]
  for (name, widths) in forms {
    let encoding = try #require(CharacterEncoding(named: name))
    #expect(samples.map { encoding.bytes(of: $0) } == widths, "\(name)")
    #expect(!encoding.isPartial)
  }
  // Every scalar, through a plain reading of the strings (count the mixed pages before).
  for (name, pages, mixed) in EncodingTables.all {
    let encoding = try #require(LegacyEncoding.all.first { $0.name == name })
    let pageBytes = Array(pages.utf8)
    let mixedBytes = Array(mixed.utf8)
    var mixedBefore = 0
    var mismatches = 0
    for page in 0..<pageBytes.count {
      for low in 0..<256 {
        guard let scalar = Unicode.Scalar(UInt32(page << 8 | low)) else { continue }
        let plain =
          pageBytes[page] == UInt8(ascii: "x")
          ? Int(mixedBytes[mixedBefore * 256 + low] - 48) : Int(pageBytes[page] - 48)
        if encoding.bytes(of: scalar) != plain { mismatches += 1 }
      }
      if pageBytes[page] == UInt8(ascii: "x") { mixedBefore += 1 }
    }
    #expect(mismatches == 0, "\(name)")
    #expect(mixedBefore * 256 == mixedBytes.count, "\(name)")
  }
}
