extension LengthUnit {
  /// SMS segments, as a carrier bills them: GSM-7 (160 septets, 153 a part) unless a character
  /// is outside GSM 03.38, then UCS-2 (70 code units, 67 a part).
  public static let sms = LengthUnit(registered: "sms")
}

/// The parts an SMS of the text takes ("Counting in SMS segments"). Not a sum over clusters: one
/// character outside the GSM alphabet makes every part UCS-2, and parts are packed greedily,
/// never splitting an extension pair, a surrogate pair or a grapheme cluster. So the text is
/// counted whole, in one pass (linear; a message is at most a few thousand characters), and a
/// line rule in `sms` counts each line as a message of its own.
struct SMSMeasure: LengthMeasure {
  var name: String { "sms" }
  var word: String { "SMS segments" }

  /// Septets of a scalar in GSM 03.38: 1 in the default alphabet, 2 in its extension table, 0
  /// outside both.
  static func septets(_ scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x80 {
      // ASCII: all of it but `` ` `` and the controls except LF, CR and FF, with the escapes.
      switch value {
      case 0x0A, 0x0D: return 1
      case 0x0C: return 2
      case 0x20...0x7E:
        switch value {
        case 0x60: return 0
        case 0x5B, 0x5C, 0x5D, 0x5E, 0x7B, 0x7C, 0x7D, 0x7E: return 2
        default: return 1
        }
      default: return 0
      }
    }
    if value == 0x20AC { return 2 }
    return latinAndGreek.contains(value) ? 1 : 0
  }

  /// The default alphabet's scalars above ASCII (`ç` too, which encoders send as `Ç`'s code).
  private static let latinAndGreek: Set<UInt32> = Set(
    "£¥èéùìòÇçØøÅåΔΦΓΛΩΠΨΣΘΞÆæßÉ¤¡ÄÖÑÜ§¿äöñüà".unicodeScalars.map(\.value) + [0x5F])

  /// One pass over the text: the encoding, all its units, and the parts.
  struct Tally {
    /// Septets (while every scalar is GSM) and UTF-16 units, of everything so far.
    var septets = 0
    var utf16 = 0
    var isGSM = true
    /// Greedy packing in each encoding, of everything so far: full parts and the open one's fill.
    var gsm = Packing(capacity: 153)
    var ucs2 = Packing(capacity: 67)

    /// Nothing yet.
    init() {}

    /// All of `text`, read a cluster at a time from its UTF-8 by the layout's reader, runs of
    /// printable ASCII a byte at a time without it.
    init(_ text: Substring) {
      self = SMSMeasure.measure(text, limit: nil, whole: true).tally
    }

    struct Packing {
      let capacity: Int
      var closed = 0
      var fill = 0

      /// Adds a cluster of `size` units: it starts a new part when it does not fit in the open
      /// one; one longer than a part fills parts of its own (split between its scalars).
      mutating func add(_ size: Int, scalarSizes: () -> [Int]) {
        guard size > 0 else { return }
        if fill + size <= capacity {
          fill += size
          return
        }
        if size <= capacity {
          closed += fill > 0 ? 1 : 0
          fill = size
          return
        }
        for part in scalarSizes() {
          if fill + part > capacity {
            closed += 1
            fill = 0
          }
          fill += part
        }
      }

      var parts: Int { closed + (fill > 0 ? 1 : 0) }
    }

    mutating func add(_ character: Character) {
      var text = String(character)
      text.withUTF8 { add(utf8: $0) }
    }

    /// Adds a cluster of one ASCII scalar: one UTF-16 unit, and its septets while the text is
    /// GSM-7 (two at most, so the packing needs no split).
    @inline(__always)
    mutating func addASCII(_ byte: UInt8) {
      let septets = SMSMeasure.septets(Unicode.Scalar(byte))
      if septets == 0 { isGSM = false }
      utf16 += 1
      ucs2.add(1) { [1] }
      if isGSM {
        self.septets += septets
        gsm.add(septets) { [septets] }
      }
    }

    /// Adds one cluster, given as its UTF-8.
    mutating func add(utf8 cluster: UnsafeBufferPointer<UInt8>) {
      // ASCII: one scalar, one UTF-16 unit.
      if cluster.count == 1 {
        addASCII(cluster[0])
        return
      }
      // UTF-16 units from the lead bytes (a 4-byte scalar is a surrogate pair); septets only
      // while the text is still GSM-7.
      var units = 0
      for byte in cluster where byte & 0xC0 != 0x80 { units += byte >= 0xF0 ? 2 : 1 }
      utf16 += units
      ucs2.add(units) { String(decoding: cluster, as: UTF8.self).unicodeScalars.map { UTF16.width($0) } }
      guard isGSM else { return }
      var inSeptets = 0
      for scalar in String(decoding: cluster, as: UTF8.self).unicodeScalars {
        let septets = SMSMeasure.septets(scalar)
        if septets == 0 {
          isGSM = false
          return
        }
        inSeptets += septets
      }
      septets += inSeptets
      gsm.add(inSeptets) { String(decoding: cluster, as: UTF8.self).unicodeScalars.map(SMSMeasure.septets) }
    }

    /// The number of parts: one message while it fits 160 septets or 70 units, else the packed
    /// parts; 0 for nothing.
    var segments: Int {
      if isGSM { return septets == 0 ? 0 : septets <= 160 ? 1 : gsm.parts }
      return utf16 <= 70 ? 1 : ucs2.parts
    }

    /// Every septet or UTF-16 unit of the text, in its encoding.
    var units: Int { isGSM ? septets : utf16 }
  }

  func length(of character: Character, atColumn column: Int, tabSize: Int) -> Int {
    var tally = Tally()
    tally.add(character)
    return tally.segments
  }

  func count(_ text: Substring, tabSize: Int) -> Int { Tally(text).segments }

  /// The first cluster at which the text so far takes more than `limit` parts, counted as its
  /// own message (in its own encoding: a prefix before the first non-GSM character is GSM-7).
  func firstCluster(pastUnits limit: Int, in text: Substring, tabSize: Int) -> Int? {
    Self.measure(text, limit: limit, whole: false).firstOver
  }

  /// One pass: the first cluster at which the text so far takes more than `limit` parts (none
  /// without a limit), and with `whole` the tally of all of it (else of the text up to there).
  static func measure(_ text: Substring, limit: Int?, whole: Bool) -> (tally: Tally, firstOver: Int?) {
    var tally = Tally()
    var found: Int?
    var text = text
    // Printable ASCII with ASCII on both sides is a cluster a byte (the text of most messages):
    // counted without the reader.
    text.withUTF8 { bytes in
      Cluster.forEach(
        in: bytes,
        printableRun: { offset, count in
          guard whole || found == nil else { return }
          for i in offset..<offset + count {
            tally.addASCII(bytes[i])
            if found == nil, let limit, tally.segments > limit {
              found = i
              if !whole { return }
            }
          }
        }
      ) { cluster, clusterBytes in
        guard whole || found == nil else { return }
        tally.add(utf8: clusterBytes)
        if found == nil, let limit, tally.segments > limit { found = cluster.offset }
      }
    }
    return (tally, found)
  }

  func terminatorLength(bytes: Int) -> Int { 0 }

  var lineCount: LineCount { .whole }

  var countsASCIIAsBytes: Bool { false }

  /// The whole decides: a count is not its parts' sum.
  var sumsClusters: Bool { false }
}
