/// What the line rules ("Lines, comments and commit messages") need to know of one line, measured
/// from the line alone: whether it is a comment or the end marker, whether it is blank, and its
/// content's length in the units the rules use. Where the message starts and ends, and each line's
/// number, come from the totals of the lines before it (`MessageLineIndex`).
struct LineFacts: LineEntry {
  /// UTF-8 bytes of the content, without the terminator: exact at any size, because line starts
  /// are sums of it.
  var bytes = 0
  /// The content's length in the other units: exact for a content of up to 4 GiB (`UInt32.max`
  /// bytes, beyond any document the daemon or `check` accepts), saturated past it, never
  /// trapping (docs/checked-arithmetic.md).
  var utf16: UInt32 = 0
  var scalars: UInt32 = 0
  /// The content's length in the shape's `narrow` unit (a unit measured by cluster: graphemes
  /// when a rule uses them), saturated like the counts; 0 when the shape has none.
  var narrow: UInt32 = 0
  /// The content's length in the shape's `wide` unit, in 48 bits: display columns go there (a
  /// tab is one byte but up to `WrapOptions.maxTabSize`, 1,000, columns, so a line's columns can
  /// pass 32 bits long before its bytes do; 48 bits hold 1,000 columns for each of 2^38 bytes).
  private var wideLow: UInt32 = 0
  private var wideHigh: UInt16 = 0
  // Declared here, in the two bytes after `columnsHigh`, so that the facts stay 48 bytes.
  var flags: Flags = []
  /// For each of the shape's `passOffsets`, the UTF-8 offset in the content of the first cluster past
  /// its limit (the content's length, saturated like the counts, when all of it fits); not kept
  /// for plain lines.
  var passOffsets = PassOffsets(repeating: 0)
  static let maxPassOffsets = 4
  /// 0, 1 or 2 bytes of `\n`, `\r` or `\r\n`.
  var terminator: UInt8 = 0
  /// Bit `i` set: the content is longer than the shape's `limits[i]`.
  var exceeds: UInt8 = 0
  /// When the shape detects git's comment character: 1 + the index in
  /// `Preset.commentCharacters` of the character this line is the scissors line of, else 0.
  var scissors: UInt8 = 0
  /// The terminator's length in the shape's `narrow` unit (low four bits) and `wide` unit (high
  /// four bits): what its measure says of one cluster of `terminator` bytes.
  var terminatorUnits: UInt8 = 0
  /// How many of the shape's limits a line notes (the bits of `exceeds`).
  static let maxTracked = 8

  struct Flags: OptionSet, Sendable {
    let rawValue: UInt16
    static let comment = Flags(rawValue: 1)
    static let marker = Flags(rawValue: 2)
    static let blank = Flags(rawValue: 4)
    /// ASCII without tabs: every unit counts one per byte.
    static let plain = Flags(rawValue: 8)
    /// Starts as git or GitHub starts the subjects they write (`Merge branch `, `Revert "`, …).
    static let generated = Flags(rawValue: 16)
    /// A trailer line: a token (ASCII letters, digits and `-`, not starting with `-`), optional
    /// spaces or tabs, then `:`; or `(cherry picked from commit …`.
    static let trailer = Flags(rawValue: 32)
    /// Starts with one of the trailers git writes itself: `Signed-off-by: `, `(cherry picked
    /// from commit `.
    static let gitTrailer = Flags(rawValue: 64)
    /// Starts with a space or a tab: a trailer's continuation, after one.
    static let indented = Flags(rawValue: 128)
    /// One word once trimmed and less one list marker: no space, no tab, no breakable wide
    /// cluster (`BreakableWide`).
    static let oneWord = Flags(rawValue: 256)
    /// Holds a scalar the shape's `encoding` cannot write (`unencodable`).
    static let unencodable = Flags(rawValue: 512)
    /// The whole line is `(cherry picked from commit <4 to 64 hex digits>)`, as `git cherry-pick
    /// -x` writes it: in the trailer block, it says that the message is a copy of another
    /// commit's (`MessageLineIndex.subjectIsGenerated(trailerBlock:)`).
    static let cherryPick = Flags(rawValue: 1024)
    /// Ended by a `\r` alone: no line break to git, which reads this line and the next as one
    /// (`MessageLineIndex.holdsLoneReturns`).
    static let loneReturn = Flags(rawValue: 2048)
    /// `---` then white space or the line's end: where `git interpret-trailers` takes a patch to
    /// start, and looks for trailers only before it (`MessageLineIndex.gitReadsTrailersOtherwise`).
    static let patchStart = Flags(rawValue: 4096)
  }

  /// The largest count the 48 bits of `wide` hold.
  static let maxWide = 1 << 48 - 1

  var wide: Int {
    get { Int(wideHigh) << 32 | Int(wideLow) }
    set {
      let value = min(max(0, newValue), Self.maxWide)
      // Fits: both halves are masked to their width.
      wideLow = UInt32(truncatingIfNeeded: value)
      wideHigh = UInt16(truncatingIfNeeded: value >> 32)
    }
  }

  static var unmeasured: LineFacts { LineFacts() }

  var isComment: Bool { flags.contains(.comment) }

  /// Every byte of the content is ASCII (tabs allowed).
  var isASCII: Bool { Int(scalars) == bytes }

  /// The content's length kept in `slot` (the shape says which slot holds which unit).
  func length(_ slot: LineSlot) -> Int {
    if flags.contains(.plain) && slot != .unmeasured { return bytes }
    switch slot {
    case .utf8: return bytes
    case .utf16: return Int(utf16)
    case .scalars: return Int(scalars)
    case .narrow: return Int(narrow)
    case .wide: return wide
    case .unmeasured: return 0
    }
  }

  /// The terminator's length in the unit kept in `slot`: its code units, or what its measure
  /// gave the narrow or wide unit (one cluster, no columns, two bytes in UTF-16).
  func terminatorLength(_ slot: LineSlot) -> Int {
    guard terminator > 0 else { return 0 }
    switch slot {
    case .utf8, .utf16, .scalars: return Int(terminator)
    case .narrow: return Int(terminatorUnits & 0x0F)
    case .wide: return Int(terminatorUnits >> 4)
    case .unmeasured: return 0
    }
  }

  var totals: MessageLineTotals {
    var totals = MessageLineTotals(bytes: bytes + Int(terminator))
    if flags.contains(.marker) { totals.markers = 1 }
    if scissors != 0 { totals.scissorsLines = 1 }
    if flags.contains(.loneReturn) { totals.loneReturns = 1 }
    guard !isComment else { return totals }
    totals.messages = 1
    if !flags.contains(.blank) { totals.filled = 1 }
    if flags.contains(.trailer) { totals.trailers = 1 }
    if flags.contains(.gitTrailer) { totals.gitTrailers = 1 }
    if flags.contains(.indented) && !flags.contains(.blank) { totals.indented = 1 }
    if flags.contains(.oneWord) { totals.oneWords = 1 }
    if flags.contains(.unencodable) { totals.unencodable = 1 }
    if flags.contains(.cherryPick) { totals.cherryPicks = 1 }
    if flags.contains(.patchStart) { totals.patchStarts = 1 }
    totals.over = MessageLineTotals.OverCounts(exceeds)
    let filled = !flags.contains(.blank)
    for slot in LineSlot.kept {
      totals.counted[slot] = length(slot) + terminatorLength(slot)
      totals.longest[slot] = length(slot)
      if filled { totals.shortest[slot] = length(slot) }
    }
    return totals
  }

  /// Measures one line's content: one pass over its bytes, and for lines that are not plain
  /// ASCII a pass of the layout's cluster reader when graphemes or columns are wanted, over the
  /// stretches that are not runs of printable ASCII (`ClusterTally.measure`; `bulkASCII` false
  /// reads every cluster, the reference the tests compare with). `shape` is borrowed, not
  /// copied for each line (see `ClusterTally.init`).
  init(
    content: UnsafeBufferPointer<UInt8>, terminator: Int, shape: borrowing MessageLineIndex.Shape,
    bulkASCII: Bool = true
  ) {
    bytes = content.count
    // Fits: a terminator is 0, 1 or 2 bytes.
    self.terminator = UInt8(terminator)
    var plain = true
    // An ASCII byte that is not whitespace: the line is not blank, whatever else it holds.
    var visible = false
    var scalars = 0
    var utf16 = 0
    // Eight bytes at a time, then the rest one by one.
    var i = 0
    while i + 8 <= content.count {
      let word = ByteWord(content, at: i)
      if word.isASCII {
        scalars += 8
        utf16 += 8
        if plain && word.matches(0x09) != 0 { plain = false }
      } else {
        plain = false
        let starts = 8 - ByteWord.tally(word.continuations)
        scalars += starts
        utf16 += starts + ByteWord.tally(word.fourByteLeads)
      }
      if !visible && word.asciiVisible != 0 { visible = true }
      i += 8
    }
    for byte in content[i...] {
      if byte >= 0x80 || byte == 0x09 { plain = false }
      if byte < 0x80 && !(byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)) { visible = true }
      if byte & 0xC0 != 0x80 {
        scalars += 1
        utf16 += byte >= 0xF0 ? 2 : 1
      }
    }
    // Fits: exact up to 4 GiB of content; past it saturated (see `utf16`).
    self.scalars = UInt32(clamping: scalars)
    self.utf16 = UInt32(clamping: utf16)
    if let marker = shape.marker, content.elementsEqual(marker) { flags.insert(.marker) }
    if let prefix = shape.commentStart, content.starts(with: prefix) { flags.insert(.comment) }
    if shape.detectsCommentCharacter { scissors = Self.scissorsCharacter(content) }
    flags.formUnion(Self.kind(of: content))
    if terminator > 0 {
      terminatorUnits = shape.terminatorUnits[terminator]
    }
    // A line of ASCII without tabs counts its bytes in every unit whose measure says so.
    if plain && !shape.asciiIsBytes { plain = false }
    if plain {
      flags.insert(.plain)
      // Fits: as `scalars`.
      narrow = UInt32(clamping: bytes)
      wide = bytes
      if !visible { flags.insert(.blank) }
      if Self.isOneWord(content, hasBreakableWide: false) { flags.insert(.oneWord) }
      noteExceeded(shape)
      return
    }
    // Every encoding writes ASCII; past it, a scalar the shape's encoding cannot write.
    if let encoding = shape.encoding, Self.holdsUnencodable(content, encoding) { flags.insert(.unencodable) }
    // Non-ASCII whitespace (U+3000, U+00A0, …) needs the scalars.
    if !visible && Whitespace.isBlank(Substring(String(decoding: content, as: UTF8.self))) {
      flags.insert(.blank)
    }
    // A unit counted whole or by line counts the line as a text of its own.
    if shape.narrowCountedAsText || shape.wideCountedAsText {
      let line = String(decoding: content, as: UTF8.self)[...]
      // Fits: as `scalars`.
      if shape.narrowCountedAsText {
        narrow = UInt32(clamping: shape.narrow!.count(line, tabSize: shape.tabSize))
      }
      if shape.wideCountedAsText { wide = shape.wide!.count(line, tabSize: shape.tabSize) }
    }
    // The cluster pass, for units measured by cluster and for words.
    guard shape.needsClusterPass else {
      noteExceeded(shape)
      return
    }
    // Fits: as `scalars`; the passOffsets' "all fits" mark is the saturated length.
    var tally = ClusterTally(shape, bytes: UInt32(clamping: bytes))
    tally.measure(content, bulkASCII: bulkASCII && shape.asciiIsBytes)
    let measured = tally.measured
    // Fits: as `scalars`.
    if !shape.narrowCountedAsText { narrow = UInt32(clamping: measured.narrow) }
    if !shape.wideCountedAsText { wide = measured.wide }
    self.passOffsets = tally.passOffsets
    if Self.isOneWord(content, hasBreakableWide: tally.hasBreakableWide) { flags.insert(.oneWord) }
    noteExceeded(shape)
  }

  /// What a line's start says of it to git: generated subject, trailer, git's own trailer,
  /// indented (a possible continuation). Costs the first bytes of the line.
  static func kind(of content: UnsafeBufferPointer<UInt8>) -> Flags {
    guard let first = content.first else { return [] }
    if first == 0x20 || first == 0x09 { return .indented }
    var flags: Flags = []
    if Exemption.generatedPrefixes.contains(where: { content.starts(with: $0) }) { flags.insert(.generated) }
    if content.starts(with: signedOff) {
      flags.formUnion([.trailer, .gitTrailer])
    } else if content.starts(with: cherryPicked) {
      flags.formUnion([.trailer, .gitTrailer])
      if isCherryPick(content) { flags.insert(.cherryPick) }
    } else if first == UInt8(ascii: "-") {
      // git's `find_patch_start`: `---` and a space, a tab, a CR or the line's end.
      if content.count >= 3, content[1] == first, content[2] == first,
        content.count == 3 || [0x20, 0x09, 0x0D].contains(content[3])
      {
        flags.insert(.patchStart)
      }
    } else {
      // A token, optional spaces or tabs, then a colon.
      var i = 0
      while i < content.count && TrailerToken.isTokenByte(content[i]) { i += 1 }
      if i > 0 {
        while i < content.count && (content[i] == 0x20 || content[i] == 0x09) { i += 1 }
        if i < content.count && content[i] == UInt8(ascii: ":") { flags.insert(.trailer) }
      }
    }
    return flags
  }

  /// Whether some scalar of `content` takes no bytes in `encoding`.
  static func holdsUnencodable(_ content: UnsafeBufferPointer<UInt8>, _ encoding: CharacterEncoding) -> Bool {
    var i = 0
    while i < content.count {
      if content[i] < 0x80 {
        i += 1
        continue
      }
      let (scalar, width) = UTF8Lead.decode(content, at: i)
      if encoding.bytes(of: scalar) == 0 { return true }
      i += width
    }
    return false
  }

  static let signedOff = Array("Signed-off-by: ".utf8)
  static let cherryPicked = Array("(cherry picked from commit ".utf8)

  /// Whether a line that starts with `cherryPicked` is the rest of what `git cherry-pick -x`
  /// writes: 4 to 64 hex digits (an abbreviated or a full SHA-1 or SHA-256 name, either case),
  /// then `)`, and nothing after it.
  static func isCherryPick(_ content: UnsafeBufferPointer<UInt8>) -> Bool {
    var i = cherryPicked.count
    while i < content.count && isHexDigit(content[i]) { i += 1 }
    let digits = i - cherryPicked.count
    return (4...64).contains(digits) && i == content.count - 1 && content[i] == UInt8(ascii: ")")
  }

  private static func isHexDigit(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
      || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"))
      || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "F"))
  }

  /// Whether the content is one word: trimmed of spaces and tabs at both ends, less one list
  /// marker at its start (`- `, `* `, `+ `, `> `, digits then `. ` or `) `), it is not empty and
  /// holds no space, no tab and (`hasBreakableWide`) no breakable wide cluster: a Korean word
  /// is one word, a Chinese or Japanese line is not.
  static func isOneWord(_ content: UnsafeBufferPointer<UInt8>, hasBreakableWide: Bool) -> Bool {
    guard !hasBreakableWide else { return false }
    var start = 0
    var end = content.count
    while start < end && (content[start] == 0x20 || content[start] == 0x09) { start += 1 }
    while end > start && (content[end - 1] == 0x20 || content[end - 1] == 0x09) { end -= 1 }
    if end - start >= 2,
      [UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ">")].contains(content[start]),
      content[start + 1] == 0x20
    {
      start += 2
    } else {
      var digits = start
      while digits < end && content[digits] >= 0x30 && content[digits] <= 0x39 { digits += 1 }
      if digits > start && digits + 1 < end
        && (content[digits] == UInt8(ascii: ".") || content[digits] == UInt8(ascii: ")"))
        && content[digits + 1] == 0x20
      {
        start = digits + 2
      }
    }
    guard start < end else { return false }
    for i in start..<end where content[i] == 0x20 || content[i] == 0x09 { return false }
    return true
  }

  /// 1 + the index of the character `C` when the content is `C ------------------------ >8
  /// ------------------------` for one of git's comment characters, else 0.
  static func scissorsCharacter(_ content: UnsafeBufferPointer<UInt8>) -> UInt8 {
    guard content.count == scissorsTail.count + 1, content.dropFirst().elementsEqual(scissorsTail),
      let index = Preset.commentCharacters.firstIndex(of: content[0])
    else { return 0 }
    // Fits: ten characters.
    return UInt8(index + 1)
  }

  /// The scissors line after its comment character (`Preset.scissors` less its one-byte `#`).
  static let scissorsTail = Array(Preset.scissors.utf8.dropFirst())

  /// Sets the bits of `exceeds` (the shape's units are measured by then).
  private mutating func noteExceeded(_ shape: MessageLineIndex.Shape) {
    for (i, limit) in shape.limits.enumerated() where length(shape.slot(limit.unit)) > limit.limit {
      exceeds |= 1 << i
    }
  }

  init() {}

  /// Four offsets kept inline (a `SIMD4` would align the entry to 16 bytes).
  struct PassOffsets: Sendable {
    private var values: (UInt32, UInt32, UInt32, UInt32)

    init(repeating value: UInt32) { values = (value, value, value, value) }

    subscript(index: Int) -> UInt32 {
      get {
        switch index {
        case 0: return values.0
        case 1: return values.1
        case 2: return values.2
        default: return values.3
        }
      }
      set {
        switch index {
        case 0: values.0 = newValue
        case 1: values.1 = newValue
        case 2: values.2 = newValue
        default: values.3 = newValue
        }
      }
    }
  }
}
