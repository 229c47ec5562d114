/// A section's glob as libeditorconfig reads it (its `ec_glob`), for what the library's matching
/// of it costs and for whether it could match a path at all (Protocol/README.md, "EditorConfig
/// sections and their cost"). The library never matches with this: it turns the glob into a PCRE
/// pattern and backtracks; this reads the same glob into the same pieces to bound that work.
///
/// The library joins the `.editorconfig`'s folder to the section (`FOLDER**/SECTION` for a
/// section without `/`, `FOLDER/SECTION` for one with a `/` not at its start, `FOLDERSECTION`
/// otherwise) and reads it a byte at a time: `*` is `[^/]*`, `**` is `.*`, `/**/` is `(/|/.*/)`,
/// `?` and a bracket expression one byte, `{a,b}` alternatives (when the file's braces pair),
/// `{1..9}` a number, `\x` the byte `x`, every other byte itself.
///
/// **Cost.** PCRE tries the pattern's alternatives one by one (as if each brace were written
/// out: `{a,b}c` is `ac` or `bc`), and within one it backtracks over the places each unbounded
/// piece may end. Its work on a path of n bytes grows as n^d, d the pieces that can end in more
/// than one place that another piece's failure makes it try again: a `*` right before a `/`
/// ends at that `/` (PCRE makes it possessive), a `**` right before the end always succeeds, a
/// `**/` followed in the same folder name by a `*` that counts is placed by that `*` (it can
/// only end at the `/` before the name the `*` is in). Every other `*`, `**` and number counts.
/// The estimate is the sum over the alternatives of C(n + d, d), the ways to place d ends in n
/// bytes; `stabletext-bench editorconfig` measures the library against it (docs/bounds.md).
package struct EditorConfigGlob: Sendable {
  /// One piece of an alternative.
  enum Piece: Hashable, Sendable {
    /// A byte, itself.
    case byte(UInt8)
    /// One byte (`?` is any but `/`; a bracket expression is taken as any).
    case one
    /// `*`: a run of bytes without `/`.
    case name
    /// `**`: any run of bytes.
    case any
    /// `{1..9}`: a run of digits after an optional sign (taken as any run without `/`).
    case number
  }

  /// A group of alternatives while reading; each alternative a list of items.
  private indirect enum Item {
    case piece(Piece)
    case group([[Item]])
  }

  /// The most alternatives written out; a glob with more is costed as if every wildcard of it
  /// counted, and is taken to match any path.
  static let maxAlternatives = 1_024

  /// The alternatives written out (nil: more than `maxAlternatives`).
  let alternatives: [[Piece]]?

  /// How many alternatives the glob has written out (nil: more than `maxAlternatives`).
  package var alternativeCount: Int? { alternatives?.count }
  /// Every wildcard of the glob, for a glob whose alternatives were not written out.
  let wildcards: Int

  /// The glob the library matches for `section` in an `.editorconfig` whose folder is
  /// `folder` (no trailing `/`, empty for the mirror's root).
  package init(section: [UInt8], folder: [UInt8]) {
    var full = folder
    if !section.contains(UInt8(ascii: "/")) {
      full += Array("**/".utf8)
    } else if section.first != UInt8(ascii: "/") {
      full.append(UInt8(ascii: "/"))
    }
    full += section
    // The folder is matched as it is (the library escapes its special bytes).
    let items = Self.read(full, literalPrefix: folder.count)
    alternatives = Self.writtenOut(items)
    wildcards = full.reduce(0) { $0 + ($1 == UInt8(ascii: "*") ? 1 : 0) }
  }

  /// The estimated number of steps PCRE takes, at most, to match the glob against a path of
  /// `length` bytes (see the type's comment).
  package func cost(pathBytes length: Int) -> Double {
    guard let alternatives else { return Self.placements(length, wildcards) * Double(Self.maxAlternatives) }
    return alternatives.reduce(0) { $0 + Self.placements(length, Self.degree(of: $1)) }
  }

  /// The most pieces that count in any alternative.
  package var degree: Int {
    alternatives?.map(Self.degree(of:)).max() ?? wildcards
  }

  /// C(n + d, d): the ways to place d ends among n bytes.
  static func placements(_ length: Int, _ degree: Int) -> Double {
    var result = 1.0
    for index in stride(from: 1, through: degree, by: 1) {
      result = result * Double(length + index) / Double(index)
    }
    return result
  }

  /// The pieces of one alternative whose end PCRE may try again in more than one place.
  static func degree(of pieces: [Piece]) -> Int {
    pieces.indices.reduce(0) { $0 + (counts(pieces, $1) ? 1 : 0) }
  }

  /// Whether the piece at `index` counts (see the type's comment).
  static func counts(_ pieces: [Piece], _ index: Int) -> Bool {
    let piece = pieces[index]
    guard piece == .name || piece == .any || piece == .number else { return false }
    guard index + 1 < pieces.count else { return piece != .any }
    let next = pieces[index + 1]
    let slash = Piece.byte(UInt8(ascii: "/"))
    if piece == .name && next == slash { return false }
    if piece == .number {
      // PCRE makes `\d+` possessive before anything that is not a digit.
      if case .byte(let byte) = next, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { return false }
    }
    if piece == .any && next == slash {
      // Placed by the next `*` in the same folder name, when that one counts.
      var later = index + 2
      while later < pieces.count, pieces[later] != slash, pieces[later] != .any {
        if pieces[later] == .name || pieces[later] == .number { return !counts(pieces, later) }
        later += 1
      }
    }
    return true
  }

  /// Whether the glob could match `path` (the library's full path, matched byte by byte): the
  /// pieces read loosely (a bracket expression any byte, a number any run without `/`), so
  /// whatever the library matches is matched here. A glob whose alternatives were not written
  /// out could match anything.
  package func couldMatch(_ path: [UInt8]) -> Bool {
    guard let alternatives else { return true }
    return alternatives.contains { Self.matches($0, path) }
  }

  /// One alternative against `path`: the set of pieces reached after each byte (no backtracking,
  /// so linear in the path for each piece).
  static func matches(_ pieces: [Piece], _ path: [UInt8]) -> Bool {
    // reached[i]: the first i pieces can have matched the bytes so far.
    var reached = [Bool](repeating: false, count: pieces.count + 1)
    func close(_ states: inout [Bool]) {
      // A run (`*`, `**`, a number) may be empty: reaching it reaches the piece after it.
      for index in pieces.indices where states[index] && pieces[index] != .one {
        if case .byte = pieces[index] { continue }
        states[index + 1] = true
      }
    }
    reached[0] = true
    close(&reached)
    for byte in path {
      var next = [Bool](repeating: false, count: pieces.count + 1)
      for index in pieces.indices where reached[index] {
        switch pieces[index] {
        case .byte(let expected): if byte == expected { next[index + 1] = true }
        case .one: next[index + 1] = true
        case .name, .number: if byte != UInt8(ascii: "/") { next[index] = true }
        case .any: next[index] = true
        }
      }
      close(&next)
      reached = next
      if !reached.contains(true) { return false }
    }
    return reached[pieces.count]
  }

  /// The glob as the library reads it into pieces and brace groups; the first `literalPrefix`
  /// bytes (the folder) as they are.
  private static func read(_ glob: [UInt8], literalPrefix: Int) -> [Item] {
    let paired = bracesPair(glob, from: literalPrefix)
    var stack: [[[Item]]] = [[[]]]
    func add(_ item: Item) { stack[stack.count - 1][stack[stack.count - 1].count - 1].append(item) }
    func add(_ piece: Piece) { add(.piece(piece)) }
    // Bytes a single `{…}` escapes: the library writes a `\` before its `}`.
    var escapedClose: Set<Int> = []
    var index = 0
    while index < glob.count {
      let byte = glob[index]
      if index < literalPrefix {
        add(.byte(byte))
        index += 1
        continue
      }
      if escapedClose.contains(index) {
        add(.byte(byte))
        index += 1
        continue
      }
      switch byte {
      case UInt8(ascii: "\\"):
        add(.byte(index + 1 < glob.count ? glob[index + 1] : byte))
        index += 2
        continue
      case UInt8(ascii: "?"): add(.one)
      case UInt8(ascii: "*"):
        if index + 1 < glob.count && glob[index + 1] == UInt8(ascii: "*") {
          add(.any)
          index += 1
        } else {
          add(.name)
        }
      case UInt8(ascii: "["):
        // A bracket expression without `/` and without bytes the library would read as
        // wildcards inside it is one byte; anything else is costed byte by byte.
        var end = index + 1
        while end < glob.count && glob[end] != UInt8(ascii: "]") { end += 1 }
        let inside = end < glob.count ? glob[(index + 1)..<end] : []
        if end < glob.count && !inside.contains(where: { Array("/*?{},[\\".utf8).contains($0) }) {
          add(.one)
          index = end
        } else {
          add(.byte(byte))
        }
      case UInt8(ascii: "{") where paired:
        let close = singleBraceEnd(glob, from: index)
        if let close {
          if isNumberRange(glob[index...close]) {
            add(.number)
            index = close
          } else {
            add(.byte(byte))
            escapedClose.insert(close)
          }
        } else {
          stack.append([[]])
        }
      case UInt8(ascii: "}") where paired && stack.count > 1:
        let group = stack.removeLast()
        add(.group(group))
      case UInt8(ascii: ",") where stack.count > 1:
        stack[stack.count - 1].append([])
      case UInt8(ascii: "/"):
        if glob[index...].starts(with: Array("/**/".utf8)) {
          add(.group([[.piece(.byte(byte))], [.piece(.byte(byte)), .piece(.any), .piece(.byte(byte))]]))
          index += 3
        } else {
          add(.byte(byte))
        }
      default: add(.byte(byte))
      }
      index += 1
    }
    // Groups left open (braces that pair overall but not in this reading) close at the end.
    while stack.count > 1 {
      let group = stack.removeLast()
      add(.group(group))
    }
    return stack[0][0]
  }

  /// Whether the glob's braces pair, as the library decides before reading it (`\` escapes).
  private static func bracesPair(_ glob: [UInt8], from start: Int) -> Bool {
    var open = 0
    var close = 0
    var index = start
    while index < glob.count {
      let byte = glob[index]
      if byte == UInt8(ascii: "\\") && index + 1 < glob.count {
        index += 2
        continue
      }
      if byte == UInt8(ascii: "}") { close += 1 }
      if byte == UInt8(ascii: "{") { open += 1 }
      if close > open { return false }
      index += 1
    }
    return open == close
  }

  /// For a `{` at `start`: the index of its `}` when the braces hold no `,` (a single, which the
  /// library escapes, or a number range); nil when it opens alternatives.
  private static func singleBraceEnd(_ glob: [UInt8], from start: Int) -> Int? {
    var index = start + 1
    while index < glob.count && glob[index] != UInt8(ascii: "}") {
      if glob[index] == UInt8(ascii: "\\") && index + 1 < glob.count {
        index += 2
        continue
      }
      if glob[index] == UInt8(ascii: ",") { return nil }
      index += 1
    }
    return index < glob.count ? index : nil
  }

  /// `{N..M}`, each a number with an optional sign.
  private static func isNumberRange(_ text: ArraySlice<UInt8>) -> Bool {
    let inner = String(decoding: text.dropFirst().dropLast(), as: UTF8.self)
    let parts = inner.split(separator: "..", omittingEmptySubsequences: false)
    guard parts.count == 2 else { return false }
    return parts.allSatisfy { part in
      let digits = part.hasPrefix("+") || part.hasPrefix("-") ? part.dropFirst() : part
      return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }
  }

  /// Every alternative written out, nil past `maxAlternatives`.
  private static func writtenOut(_ items: [Item]) -> [[Piece]]? {
    var result: [[Piece]] = [[]]
    for item in items {
      switch item {
      case .piece(let piece):
        for index in result.indices { result[index].append(piece) }
      case .group(let choices):
        var expanded: [[Piece]] = []
        for choice in choices {
          guard let written = writtenOut(choice) else { return nil }
          for prefix in result {
            for suffix in written {
              expanded.append(prefix + suffix)
              if expanded.count > maxAlternatives { return nil }
            }
          }
        }
        result = expanded
      }
    }
    return result
  }
}
