/// A legacy encoding the `bytes` unit can count in (CP949 for Korean LMS, Shift_JIS, GB18030, a
/// database column's ISO-8859-1, …): how many bytes each scalar takes in it, from the tables
/// `scripts/generate-encoding-tables.py` writes with Python's codecs (0: the encoding cannot
/// write the scalar). A lookup is two array reads.
struct LegacyEncoding: Sendable {
  /// The name rules use (`"CP949"`; `CharacterEncoding` finds it without regard to case).
  let name: String
  /// Per page of 256 scalars: the bytes every scalar of it takes, or `Self.mixed`.
  private let pages: [UInt8]
  /// Per mixed page: where its 256 widths start in `widths`.
  private let offsets: [Int32]
  private let widths: [UInt8]
  /// Every ASCII scalar but a tab takes one byte (`LengthMeasure.countsASCIIAsBytes`).
  private(set) var writesASCIIAsBytes: Bool
  /// Some scalar takes more bytes than in UTF-8 (`LengthMeasure.exceedsBytes`; above the BMP
  /// UTF-8 takes 4, as many as any encoding).
  private(set) var exceedsUTF8: Bool

  private static let mixed: UInt8 = .max

  init(name: String, pages: String, mixed: String) {
    self.name = name
    var pageWidths: [UInt8] = []
    var offsets: [Int32] = []
    pageWidths.reserveCapacity(pages.utf8.count)
    var next: Int32 = 0
    for character in pages.utf8 {
      if character == UInt8(ascii: "x") {
        pageWidths.append(Self.mixed)
        offsets.append(next)
        next += 256
      } else {
        pageWidths.append(character - UInt8(ascii: "0"))
        offsets.append(-1)
      }
    }
    self.pages = pageWidths
    self.offsets = offsets
    widths = mixed.utf8.map { $0 - UInt8(ascii: "0") }
    writesASCIIAsBytes = true
    exceedsUTF8 = false
    let table = self
    writesASCIIAsBytes = (0..<0x80).allSatisfy { value in
      // Fits: below 0x80.
      value == 0x09 || table.bytes(of: Unicode.Scalar(UInt8(value))) == 1
    }
    exceedsUTF8 = (0..<0x1_0000).contains { value in
      guard let scalar = Unicode.Scalar(UInt32(value)) else { return false }
      return table.bytes(of: scalar) > UTF8.width(scalar)
    }
  }

  /// The bytes `scalar` takes, 0 when the encoding cannot write it.
  func bytes(of scalar: Unicode.Scalar) -> Int {
    let page = Int(scalar.value >> 8)
    let width = pages[page]
    guard width == Self.mixed else { return Int(width) }
    return Int(widths[Int(offsets[page]) + Int(scalar.value & 0xFF)])
  }

  /// Every encoding the tables hold, in their order (each table built, if it was not yet).
  static var all: [LegacyEncoding] { EncodingTables.all.indices.map(table) }

  /// The names, in the tables' order, without building any table.
  static var names: [String] { EncodingTables.all.map(\.name) }

  /// Encoding `index` of the tables, built the first time something counts in it: each is its
  /// own `static let` (lazy and thread-safe), so that rules in one encoding, or none, never
  /// pay for the others (parsing a table and finding its facts reads 65,536 scalars).
  static func table(_ index: Int) -> LegacyEncoding {
    switch index {
    case 0: return table0
    case 1: return table1
    case 2: return table2
    case 3: return table3
    case 4: return table4
    case 5: return table5
    default:
      // scripts/generate-encoding-tables.py wrote more tables than there are `static let`s here.
      preconditionFailure("legacy encoding table \(index) has no static let in LegacyEncoding")
    }
  }

  private static func build(_ index: Int) -> LegacyEncoding {
    let entry = EncodingTables.all[index]
    return LegacyEncoding(name: entry.name, pages: entry.pages, mixed: entry.mixed)
  }
  private static let table0 = build(0)
  private static let table1 = build(1)
  private static let table2 = build(2)
  private static let table3 = build(3)
  private static let table4 = build(4)
  private static let table5 = build(5)
}
