/// An `.editorconfig`'s sections bounded in work before libeditorconfig reads the copy
/// (Protocol/README.md, "EditorConfig sections and their cost"). The library turns each section
/// into a PCRE pattern and compiles and matches it once per property line under it; a pattern
/// whose unbounded pieces backtrack against each other costs a power of the path's length (a
/// section of a hundred `**/` took 2.7 s, a thousand 58 s). So, reading the file as the library
/// does (lines of at most 4,999 bytes, as its `fgets` cuts them):
///
/// - runs in a section header are shortened where the library's pattern means the same: three
///   or more `*` are `**` (`.*` twice is `.*`; between two `/` they stay three, since `/**/`
///   means something else), and a run of `**/` loses one where the library reads the same with
///   one fewer (it asks for one more folder every two `**/`, so after a `/` an odd run of three
///   or more, elsewhere an even run); every line stays where it was, so the library's line
///   numbers are the file's;
/// - each section's cost is estimated (`EditorConfigGlob`: its alternatives one by one, each
///   by the wildcards that backtrack against each other) for the longest path the library is
///   asked about; a section over `maxSectionCost`, the match limit past which PCRE gives up (and
///   the library answers that the section does not match), is not honoured;
/// - each property line costs its section's estimate, and a section whose lines would take the
///   file past `maxFileCost` is not honoured (the sections before and after it still are).
///
/// A line the library's INI reader cannot read (not a section, a property or a comment: a
/// zero-width space, a merge conflict's marker, JSON, a file in UTF-16, a `[` without `]`) would
/// make the library give no property at all for any file; editors whose EditorConfig reads on
/// anyway are many. So the line is not honoured: it is a comment in the copy, named with its
/// line, and the rest of the file applies.
///
/// A section not honoured keeps its lines in the copy under a header that matches no file
/// (`[/]`: the library's pattern ends in `/`, and it is asked only about files), so the library
/// never matches it; it is named with its line and why, and only for the paths it could match.
/// The library's own matching is untouched: only headers are rewritten.
package enum EditorConfigSections {
  /// PCRE's match limit (10,000,000, the library keeps PCRE's default): the most one match of a
  /// section may cost.
  package static let maxSectionCost = 10_000_000.0
  /// The most the property lines of one file may cost together: `stabletext-bench
  /// editorconfig` times a file at this budget at about 0.3 s a lookup on a loaded machine
  /// (docs/bounds.md); the heaviest of 304 real files costs a fifth of it.
  package static let maxFileCost = 5_000_000.0
  /// The longest path costed: the longest the library is asked about.
  package static let pathBytes = EditorConfigMirror.maxPathBytes
  /// The longest line the library reads whole (its buffer is 5,000 bytes).
  static let libraryLine = 4_999
  /// The longest section name the library takes (a longer one is skipped).
  static let librarySection = 4_096
  /// The header a section not honoured is given in the copy.
  static let nowhere: [UInt8] = Array("/".utf8)

  /// A part of the file not honoured: a section, or a line the library cannot read.
  package struct Skipped: Hashable, Sendable {
    /// Its line (from 1, as an editor numbers them) and the column its text starts at.
    package var line: Int
    package var column: Int
    /// A section's name as written between the brackets; nil for a line the library cannot read.
    package var header: String?
    /// A section's name as the library would have read it (runs shortened).
    package var glob: [UInt8]
    package var why: String

    package init(line: Int, column: Int, header: String?, glob: [UInt8] = [], why: String) {
      self.line = line
      self.column = column
      self.header = header
      self.glob = glob
      self.why = why
    }
  }

  /// The copy to give the library, and the parts it is not given.
  package struct Bounded: Hashable, Sendable {
    package var bytes: [UInt8]
    package var skipped: [Skipped]
  }

  /// One section header as the library reads it.
  private struct Header {
    var line: Int
    var column: Int
    /// Where its name is in the file's bytes.
    var name: Range<Int>
    var written: [UInt8]
    var shortened: [UInt8]
    var properties = 0
  }

  /// What the library's INI reader makes of one piece of a line (what one `fgets` gives it,
  /// read as a C string: up to a NUL).
  private enum Piece {
    case nothing
    case continuation
    /// A header; the index of its `]`, nil for a name too long, which the library skips.
    case section(Int?)
    case property
    /// A piece it stops at: why.
    case unreadable(String)
  }

  /// The bytes to give the library, and the parts it is not given.
  package static func bounded(_ bytes: [UInt8]) -> Bounded {
    var headers: [Header] = []
    var skipped: [Skipped] = []
    /// Lines the library cannot read, replaced in the copy by a comment.
    var unreadable: [Range<Int>] = []
    var hasName = false
    var line = 0
    var start = 0
    while start < bytes.count {
      // One line as an editor numbers them, up to a newline.
      var end = start
      while end < bytes.count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
      line += 1
      let text = start..<end
      start = end + 1
      // Its pieces as the library's `fgets` reads them: at most 4,999 bytes each.
      var pieces: [(range: Range<Int>, piece: Piece)] = []
      var from = text.lowerBound
      var named = hasName
      repeat {
        let to = min(from + libraryLine, text.upperBound)
        let read = piece(bytes, from..<to, first: from == 0, hasName: named)
        pieces.append((from..<to, read))
        switch read {
        case .property: named = true
        case .section: named = false
        default: break
        }
        if case .unreadable = read { break }
        from = to
      } while from < text.upperBound
      if case .unreadable(var why)? = pieces.last?.piece {
        if text.count > libraryLine {
          why =
            "EditorConfig's library cannot read it: longer than \(libraryLine) bytes, it is read in pieces"
        }
        unreadable.append(text)
        skipped.append(Skipped(line: line, column: 1, header: nil, why: why))
        continue
      }
      for (range, piece) in pieces {
        switch piece {
        case .nothing, .unreadable: break
        case .continuation:
          // One more call of the library's handler.
          if !headers.isEmpty { headers[headers.count - 1].properties += 1 }
        case .property:
          if !headers.isEmpty { headers[headers.count - 1].properties += 1 }
          hasName = true
        case .section(nil):
          // A name too long: the library skips it, and the section before goes on.
          break
        case .section(let close?):
          let open = bytes[range].firstIndex(of: UInt8(ascii: "["))!
          let name = Array(bytes[(open + 1)..<close])
          let whole = range == text
          let shortened =
            whole && !name.contains(UInt8(ascii: "[")) && !name.contains(UInt8(ascii: "\\"))
            ? collapsed(starRuns(name)) : name
          let column =
            String(decoding: bytes[range.lowerBound..<open], as: UTF8.self).unicodeScalars.count + 1
          headers.append(
            Header(line: line, column: column, name: (open + 1)..<close, written: name, shortened: shortened))
          hasName = false
        }
      }
    }
    // Which sections are honoured: each within the match limit, and the file within its budget.
    var skippedLines: Set<Int> = []
    var fileCost = 0.0
    for header in headers {
      let glob = EditorConfigGlob(section: header.shortened, folder: [])
      let cost = glob.cost(pathBytes: pathBytes)
      let total = cost * Double(header.properties)
      var why: String?
      if cost > maxSectionCost {
        why =
          "matching it could take EditorConfig's library up to \(figure(cost)) steps for one path (\(glob.degree) of its wildcards backtrack against each other), more than the \(figure(maxSectionCost)) after which the library gives up and answers that it does not match"
      } else if fileCost + total > maxFileCost {
        why =
          "its \(header.properties) properties would take matching the file's sections past \(figure(maxFileCost)) steps of EditorConfig's library for one path (each costs up to \(figure(cost)))"
      }
      if let why {
        skippedLines.insert(header.line)
        skipped.append(
          Skipped(
            line: header.line, column: header.column, header: String(decoding: header.written, as: UTF8.self),
            glob: header.shortened, why: why))
      } else {
        fileCost += total
      }
    }
    // The copy: every byte as it is, but the headers' names shortened or sent nowhere, and the
    // lines the library cannot read made comments (so it reads the rest, line for line).
    var edits: [(range: Range<Int>, with: [UInt8])] = unreadable.map { ($0, Array(";".utf8)) }
    for header in headers {
      let replacement = skippedLines.contains(header.line) ? nowhere : header.shortened
      if replacement != header.written { edits.append((header.name, replacement)) }
    }
    edits.sort { $0.range.lowerBound < $1.range.lowerBound }
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var copied = 0
    for edit in edits {
      output += bytes[copied..<edit.range.lowerBound]
      output += edit.with
      copied = edit.range.upperBound
    }
    output += bytes[copied...]
    skipped.sort { $0.line < $1.line }
    return Bounded(bytes: output, skipped: skipped)
  }

  /// What the library's reader makes of the bytes `range` of `bytes` (read as a C string: up to
  /// a NUL), `first` for the file's first piece (whose byte order mark it skips), after a
  /// property when `hasName` (an indented piece continues its value).
  private static func piece(_ bytes: [UInt8], _ range: Range<Int>, first: Bool, hasName: Bool) -> Piece {
    var end = bytes[range].firstIndex(of: 0) ?? range.upperBound
    var start = range.lowerBound
    if first && bytes[range].starts(with: [0xEF, 0xBB, 0xBF]) { start += 3 }
    let raw = start
    while start < end && isSpace(bytes[start]) { start += 1 }
    while end > start && isSpace(bytes[end - 1]) { end -= 1 }
    guard start < end else { return .nothing }
    let text = bytes[start..<end]
    let byte = text.first!
    if byte == UInt8(ascii: ";") || byte == UInt8(ascii: "#") { return .nothing }
    if hasName && start > raw { return .continuation }
    let cannot = "EditorConfig's library cannot read it"
    if byte == UInt8(ascii: "[") {
      guard let close = lastBracket(text, from: start + 1) else {
        return .unreadable("\(cannot): a section's `[` without its `]`")
      }
      return .section(close - (start + 1) > librarySection ? nil : close)
    }
    if findOutsideComment(text, UInt8(ascii: "=")) || findOutsideComment(text, UInt8(ascii: ":")) {
      return .property
    }
    if bytes[range].contains(0) {
      return .unreadable("\(cannot): it holds NUL bytes (EditorConfig files are UTF-8; is it UTF-16?)")
    }
    return .unreadable("\(cannot): neither a section, a property (name = value) nor a comment")
  }

  /// Whether `byte` is in `text` before a comment (`;` or `#` after white space).
  private static func findOutsideComment(_ text: ArraySlice<UInt8>, _ byte: UInt8) -> Bool {
    var wasSpace = false
    for current in text {
      if current == byte { return true }
      if wasSpace && (current == UInt8(ascii: ";") || current == UInt8(ascii: "#")) { return false }
      wasSpace = isSpace(current)
    }
    return false
  }

  /// A figure with thousands separated (`10,000,000`).
  package static func figure(_ value: Double) -> String {
    guard value < 1e18 else { return "more than 10^18" }
    // Fits: a non-negative estimate under 10^18, below Int.max (about 9.2 × 10^18).
    let digits = String(Int(value.rounded()))
    var grouped = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { grouped.append(",") }
      grouped.append(digit)
    }
    return grouped
  }

  /// The section name with each run of three or more `*` made `**` (the library reads a run as
  /// `.*` and `[^/]*` pieces that together mean `.*`), except a run between two `/` (or after the
  /// `/` the library puts before a name holding one) that `**` would make `/**/`: it keeps three.
  static func starRuns(_ name: [UInt8]) -> [UInt8] {
    let star = UInt8(ascii: "*")
    let slash = UInt8(ascii: "/")
    var output: [UInt8] = []
    var index = 0
    while index < name.count {
      guard name[index] == star else {
        output.append(name[index])
        index += 1
        continue
      }
      var end = index
      while end < name.count && name[end] == star { end += 1 }
      let count = end - index
      if count >= 3 {
        let joinsFolder = index == 0 && name.contains(slash) && name.first != slash
        let afterSlash = index > 0 ? name[index - 1] == slash : joinsFolder
        let beforeSlash = end < name.count && name[end] == slash
        output += [UInt8](repeating: star, count: afterSlash && beforeSlash ? 3 : 2)
      } else {
        output += name[index..<end]
      }
      index = end
    }
    return output
  }

  /// The section name with runs of `**/` shortened where the library's pattern means the same
  /// (after a `/`, or at the start, which the library joins to the folder with a `/`: an odd
  /// run of three or more loses one; elsewhere an even run does).
  static func collapsed(_ name: [UInt8]) -> [UInt8] {
    let run: [UInt8] = Array("**/".utf8)
    var output: [UInt8] = []
    var index = 0
    while index < name.count {
      var count = 0
      var end = index
      while end + 3 <= name.count && Array(name[end..<(end + 3)]) == run { count += 1; end += 3 }
      // A `*` just before would pair with the run's first one in the library's reading.
      let joined = index > 0 && name[index - 1] == UInt8(ascii: "*")
      if count > 0 && !joined {
        let afterSlash = index == 0 || name[index - 1] == UInt8(ascii: "/")
        // The library reads a run as `(/|/.*/)` and `.*` in turn, which asks for at least one
        // more `/` every two `**/`: after a `/`, 2k+1 of them mean what 2k do (`**/**/` is at
        // least two folders, not `**/`); elsewhere 2k what 2k-1 do.
        let kept = count > 1 && count % 2 == (afterSlash ? 1 : 0) ? count - 1 : count
        for _ in 0..<kept { output += run }
        index = end
      } else {
        output.append(name[index])
        index += 1
      }
    }
    return output
  }

  /// The last `]` of a section line before a comment (`;` or `#` after white space), as the
  /// library finds it.
  private static func lastBracket(_ chunk: ArraySlice<UInt8>, from: Int) -> Int? {
    var last: Int?
    var wasSpace = false
    var index = from
    while index < chunk.endIndex {
      let byte = chunk[index]
      if byte == 0 || (wasSpace && (byte == UInt8(ascii: ";") || byte == UInt8(ascii: "#"))) { break }
      if byte == UInt8(ascii: "]") { last = index }
      wasSpace = isSpace(byte)
      index += 1
    }
    return last
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || (0x09...0x0D).contains(byte)
  }
}
