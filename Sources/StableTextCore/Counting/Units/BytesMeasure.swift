extension LengthUnit {
  /// Bytes in the rules' `encoding` (UTF-8 unless it names another): a database column's
  /// storage, Korean LMS in CP949, XLIFF's storage profiles.
  public static let bytes = LengthUnit(registered: "bytes")

  /// `bytes` in `encoding`: the registry holds one measure per encoding under the one name.
  static func bytes(in encoding: CharacterEncoding) -> LengthUnit {
    LengthUnit(index: LengthMeasures.bytesIndex(encoding))
  }

  /// The encoding a `bytes` unit counts in; `nil` for every other unit.
  var encoding: CharacterEncoding? { (measure as? BytesMeasure)?.encoding }

  /// This unit as rules with `encoding` count it: a `bytes` unit in that encoding, any other
  /// unit itself.
  func counting(in encoding: CharacterEncoding) -> LengthUnit {
    self.encoding == nil ? self : .bytes(in: encoding)
  }
}

/// The bytes a text takes in one encoding ("Counting"): in UTF-8 the rope's own offsets; in the
/// others each scalar's bytes summed (UTF-16 2 per code unit, UTF-32 4, a legacy encoding its
/// table's, 0 for a scalar it cannot write), counted line by line through the line index.
struct BytesMeasure: LengthMeasure {
  let encoding: CharacterEncoding

  /// Costs nothing: a legacy encoding's table, and the facts below read from it, are built when
  /// the unit is first used (`LegacyEncoding.table(_:)`), not when the registry is.
  init(encoding: CharacterEncoding) { self.encoding = encoding }

  var word: String { "bytes in \(encoding.name)" }

  var countsASCIIAsBytes: Bool {
    switch encoding.form {
    case .unicode(let unitBytes): return unitBytes == 1
    case .legacy(let table): return table.writesASCIIAsBytes
    }
  }

  /// Outside UTF-8 a line's bytes can pass its UTF-8 bytes (UTF-16's 2 for an ASCII byte,
  /// GB18030's 4 for U+0080's 2, EUC-KR's 8 for a syllable's 3): such a count takes the line
  /// index's 48-bit slot.
  var exceedsBytes: Bool {
    switch encoding.form {
    case .unicode(let unitBytes): return unitBytes > 1
    case .legacy(let table): return table.exceedsUTF8
    }
  }

  var name: String { "bytes" }

  private var isUTF8: Bool { encoding == .utf8 }

  func length(of character: Character, atColumn column: Int, tabSize: Int) -> Int {
    character.unicodeScalars.reduce(0) { $0 + encoding.bytes(of: $1) }
  }

  func count(_ text: Substring, tabSize: Int) -> Int {
    isUTF8 ? text.utf8.count : text.unicodeScalars.reduce(0) { $0 + encoding.bytes(of: $1) }
  }

  /// UTF-8's bytes are the rope's offsets, UTF-16's and UTF-32's a multiple of its code units
  /// and scalars; a legacy encoding's are counted by line.
  var ropeCount: RopeCount? {
    switch encoding {
    case .utf8: return .utf8
    case .utf16: return .utf16Bytes
    case .utf32: return .utf32Bytes
    default: return nil
    }
  }

  /// Byte `index` lies in UTF-16 code unit `index / 2`, in scalar `index / 4` in UTF-32.
  func utf8Offset(ofUnit index: Int, in buffer: TextBuffer, tabSize: Int) -> Int {
    switch encoding {
    case .utf8: return LengthUnit.utf8.measure.utf8Offset(ofUnit: index, in: buffer, tabSize: tabSize)
    case .utf16: return LengthUnit.utf16.measure.utf8Offset(ofUnit: index / 2, in: buffer, tabSize: tabSize)
    case .utf32: return LengthUnit.scalars.measure.utf8Offset(ofUnit: index / 4, in: buffer, tabSize: tabSize)
    default:
      return firstCluster(pastUnits: index, in: buffer.string[...], tabSize: tabSize) ?? buffer.utf8Count
    }
  }

  /// CR and LF take as many bytes each as the encoding writes `\n` in.
  func terminatorLength(bytes: Int) -> Int { bytes * encoding.bytes(of: "\n") }

  var lineCount: LineCount { isUTF8 ? .utf8 : .clusters }

  var readsClusterBytes: Bool { true }

  /// The cluster's scalars' bytes, read from its UTF-8: UTF-16 and UTF-32 from the lead bytes
  /// alone (a 4-byte lead is a surrogate pair), a legacy encoding by decoding each scalar.
  func length(ofCluster bytes: UnsafeBufferPointer<UInt8>, width: Int, atColumn column: Int, tabSize: Int)
    -> Int
  {
    var total = 0
    switch encoding.form {
    case .unicode(let unitBytes):
      guard unitBytes > 1 else { return bytes.count }
      for byte in bytes where byte & 0xC0 != 0x80 { total += unitBytes == 2 && byte >= 0xF0 ? 4 : unitBytes }
    case .legacy(let table):
      var i = 0
      while i < bytes.count {
        let (scalar, width) = UTF8Lead.decode(bytes, at: i)
        total += table.bytes(of: scalar)
        i += width
      }
    }
    return total
  }
}

/// Reading UTF-8 the rope holds (always valid) one scalar at a time.
enum UTF8Lead {
  /// The bytes of the scalar a lead byte starts.
  @inline(__always)
  static func width(_ lead: UInt8) -> Int { lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4 }

  /// The scalar starting at `i` and its width in bytes (the rope's decoder past ASCII).
  @inline(__always)
  static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> (Unicode.Scalar, Int) {
    bytes[i] < 0x80 ? (Unicode.Scalar(bytes[i]), 1) : decodeScalar(bytes, at: i)
  }
}
