/// An `.editorconfig`'s sections bounded in work before libeditorconfig reads the copy
/// (Protocol/README.md, "A repository's configuration"). The library turns each section into a
/// PCRE pattern (`**` is `.*`, `/**/` is `(/|/.*/)`, `*` is `[^/]*`) and compiles and matches it
/// once per property line under it; a pattern with several `.*` backtracks polynomially in the
/// path (a section of a hundred `**/` took 2.7 s, a thousand 58 s). So, reading the file as the
/// library does (lines of at most 4,999 bytes, as its `fgets` cuts them):
///
/// - a run of `**/` in a section header is shortened where the library's pattern means the same:
///   it asks for one more folder every two `**/` (`**/**/a` is not `**/a` to it: it needs a
///   folder between), so after a `/` an odd run of three or more means what one fewer does, and
///   elsewhere an even run (the copy keeps every line, so the library's line numbers stay the
///   file's);
/// - a section that still has more than `maxGlobstars` `**` (counting the one the library puts
///   before a section without `/`) or more than `maxWildcards` wildcards (`*` or `**`) is
///   refused;
/// - each property line costs one unit, or `costlyUnit` under a section with two `**` or three
///   wildcards (its matching grows with the square of the path, or of a name, or faster: up to
///   PCRE's match limit, about 0.2 s), and a file over `maxUnits` is refused at the line that
///   crosses it (ten such properties).
///
/// A refused file is named with the line and why; no EditorConfig layer applies under it until
/// it changes. The library's own matching is untouched: only headers are rewritten.
package enum EditorConfigSections {
  package static let maxGlobstars = 2
  package static let maxWildcards = 4
  package static let costlyUnit = 1_000
  package static let maxUnits = 10_000
  /// The longest line the library reads whole (its buffer is 5,000 bytes).
  static let libraryLine = 4_999
  /// The longest section name the library takes (a longer one is skipped).
  static let librarySection = 4_096

  /// The bytes to give the library, or the line (from 1) that refuses the file and why.
  package static func bounded(_ bytes: [UInt8]) -> Result<[UInt8], Refusal> {
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var units = 0
    var sectionCost = 1
    var hasName = false
    var line = 0
    var start = 0
    while start < bytes.count {
      // One line as the library's `fgets` reads it: up to a newline, at most 4,999 bytes.
      var end = start
      while end < bytes.count && end - start < libraryLine && bytes[end] != UInt8(ascii: "\n") { end += 1 }
      if end < bytes.count && bytes[end] == UInt8(ascii: "\n") && end - start < libraryLine { end += 1 }
      line += 1
      let chunk = bytes[start..<end]
      let whole = end == bytes.count || bytes[end - 1] == UInt8(ascii: "\n")
      start = end
      var text = chunk.startIndex
      while text < chunk.endIndex && isSpace(chunk[text]) { text += 1 }
      guard text < chunk.endIndex else {
        output += chunk
        continue
      }
      let first = chunk[text]
      if first == UInt8(ascii: ";") || first == UInt8(ascii: "#") {
        output += chunk
      } else if hasName && text > chunk.startIndex {
        // A continuation of the last value: one more call of the library's handler.
        units += sectionCost
        output += chunk
      } else if first == UInt8(ascii: "[") {
        guard let close = lastBracket(chunk, from: text + 1) else {
          output += chunk  // the library stops at it: an error it names
          continue
        }
        let name = Array(chunk[(text + 1)..<close])
        guard name.count <= librarySection else {
          output += chunk  // skipped by the library: the section before goes on
          continue
        }
        let shortened =
          whole && !name.contains(UInt8(ascii: "[")) && !name.contains(UInt8(ascii: "\\"))
          ? collapsed(name) : name
        let (globstars, wildcards) = wildcardCounts(shortened)
        if globstars > maxGlobstars {
          return .failure(
            Refusal(
              line: line,
              why:
                "the section's pattern has \(globstars) `**` (more than \(maxGlobstars), counting the `**/` put before a name without `/`): EditorConfig's library could take minutes to match it"
            ))
        }
        if wildcards > maxWildcards {
          return .failure(
            Refusal(
              line: line,
              why:
                "the section's pattern has \(wildcards) wildcards `*` and `**` (more than \(maxWildcards), counting the `**/` put before a name without `/`): EditorConfig's library could take minutes to match it"
            ))
        }
        sectionCost = globstars == 2 || wildcards >= 3 ? costlyUnit : 1
        hasName = false
        output += chunk[..<(text + 1)]
        output += shortened
        output += chunk[close...]
      } else {
        if chunk.contains(UInt8(ascii: "=")) || chunk.contains(UInt8(ascii: ":")) {
          units += sectionCost
          hasName = true
        }
        output += chunk
      }
      if units > maxUnits {
        return .failure(
          Refusal(
            line: line,
            why:
              "matching the file's sections would take EditorConfig's library too long (more than \(maxUnits) units of work; a property under a section with two `**` or three wildcards costs \(costlyUnit))"
          ))
      }
    }
    return .success(output)
  }

  /// Why a file is refused.
  package struct Refusal: Error, Equatable {
    package var line: Int
    package var why: String

    package init(line: Int, why: String) {
      self.line = line
      self.why = why
    }
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

  /// The `**` the library's pattern for a section holds (one more before a section without
  /// `/`), and all its wildcards (`**` and `*`: `?` is one character, nothing to try again).
  static func wildcardCounts(_ name: [UInt8]) -> (globstars: Int, wildcards: Int) {
    var globstars = name.contains(UInt8(ascii: "/")) ? 0 : 1
    var wildcards = globstars
    var index = 0
    while index < name.count {
      let byte = name[index]
      if byte == UInt8(ascii: "\\") {
        index += 2
        continue
      }
      if byte == UInt8(ascii: "*") {
        if index + 1 < name.count && name[index + 1] == UInt8(ascii: "*") {
          globstars += 1
          index += 1
        }
        wildcards += 1
      }
      index += 1
    }
    return (globstars, wildcards)
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
