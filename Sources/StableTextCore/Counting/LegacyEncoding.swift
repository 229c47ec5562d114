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
  }

  /// The bytes `scalar` takes, 0 when the encoding cannot write it.
  func bytes(of scalar: Unicode.Scalar) -> Int {
    let page = Int(scalar.value >> 8)
    let width = pages[page]
    guard width == Self.mixed else { return Int(width) }
    return Int(widths[Int(offsets[page]) + Int(scalar.value & 0xFF)])
  }

  /// Every encoding the tables hold, in their order.
  static let all: [LegacyEncoding] = EncodingTables.all.map {
    LegacyEncoding(name: $0.name, pages: $0.pages, mixed: $0.mixed)
  }
}
