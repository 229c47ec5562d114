/// An encoding the `bytes` unit counts in and the `encoding` rule checks against ("Counting"):
/// UTF-8, UTF-16 and UTF-32 (no byte order mark), or one of the legacy encodings whose tables
/// `scripts/generate-encoding-tables.py` writes (CP949, EUC-KR, Shift_JIS, GB18030, ISO-8859-1,
/// windows-1252). Names are compared ASCII-case-insensitively; `name` is the one rules write back.
public struct CharacterEncoding: Hashable, Sendable, CustomStringConvertible {
  /// The place in `all`: equality and hashing compare it alone.
  let index: Int

  /// UTF-8: every scalar can be written, in 1 to 4 bytes.
  public static let utf8 = CharacterEncoding(index: 0)
  /// UTF-16 (no byte order mark): 2 bytes a code unit.
  public static let utf16 = CharacterEncoding(index: 1)
  /// UTF-32 (no byte order mark): 4 bytes a scalar.
  public static let utf32 = CharacterEncoding(index: 2)

  /// The encoding named `name` (case ignored), or `nil` when StableText cannot count in it.
  public init?(named name: String) {
    let wanted = Self.folded(name)
    guard let index = Self.names.firstIndex(where: { Self.folded($0) == wanted }) else { return nil }
    self.index = index
  }

  private init(index: Int) { self.index = index }

  /// Every encoding, in the order documents list them.
  public static var all: [CharacterEncoding] { names.indices.map { CharacterEncoding(index: $0) } }

  /// The name rules use (`"UTF-8"`, `"CP949"`, `"Shift_JIS"`, …).
  public var name: String { Self.names[index] }

  /// The name, as `name`.
  public var description: String { name }

  /// How the encoding writes scalars.
  enum Form: Sendable {
    /// A Unicode form: every scalar, in `unitBytes`-byte code units (UTF-8's 1, UTF-16's 2, UTF-32's 4).
    case unicode(unitBytes: Int)
    /// A table of the bytes each scalar takes, 0 for those it cannot write.
    case legacy(LegacyEncoding)
  }

  /// A legacy encoding's table is built the first time something asks for its form.
  var form: Form {
    @inline(__always) get {
      switch index {
      case 0: return .unicode(unitBytes: 1)
      case 1: return .unicode(unitBytes: 2)
      case 2: return .unicode(unitBytes: 4)
      default: return .legacy(LegacyEncoding.table(index - 3))
      }
    }
  }

  /// Whether some scalar cannot be written in it (the `unencodable` check has work to do).
  public var isPartial: Bool {
    if case .legacy = form { return true }
    return false
  }

  /// The bytes `scalar` takes; 0 when the encoding cannot write it.
  @inline(__always)
  func bytes(of scalar: Unicode.Scalar) -> Int {
    switch form {
    case .unicode(let unitBytes):
      switch unitBytes {
      case 1: return UTF8.width(scalar)
      case 2: return UTF16.width(scalar) * 2
      default: return 4
      }
    case .legacy(let table): return table.bytes(of: scalar)
    }
  }

  private static let names = ["UTF-8", "UTF-16", "UTF-32"] + LegacyEncoding.names

  private static func folded(_ name: String) -> [UInt8] {
    name.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
  }
}
