/// Where the cursor is in a commit message, as completion sees it (Protocol/README.md,
/// "Completion").
package enum CompletionPlace: Hashable, Sendable {
  /// On line 1, in the word it starts with (`fe|`): a type, written over `range`; `after` is the
  /// rest of the line past the word.
  case type(range: Range<Int>, after: Substring)
  /// On line 1 after `type(` (and after a scope delimiter `,`, `/` or `\`): a scope over
  /// `range`; `before` is the line up to `range`, `after` the rest past the scope's word;
  /// `typeIsKnown` whether the type before `(` is a word (always, here).
  case scope(range: Range<Int>, before: Substring, after: Substring, typeIsKnown: Bool)
  /// At the start of a line of the trailer block or of a new last paragraph, in its first word.
  case trailerToken(range: Range<Int>)
  /// After `Token:` of a person trailer (`Co-authored-by: `): a person over `range`, with a space
  /// first when none follows the colon.
  case person(token: String, range: Range<Int>, needsSpace: Bool)

  /// The UTF-8 range every item at this place replaces.
  package var range: Range<Int> {
    switch self {
    case .type(let range, _), .scope(let range, _, _, _), .trailerToken(let range), .person(_, let range, _):
      return range
    }
  }
}

/// The trailers whose value is a person (`Name <email>`), compared ASCII-case-insensitively:
/// the kernel's and git's own (Documentation/SubmittingPatches) and GitHub's `Co-authored-by`.
package let personTrailers: Set<String> = [
  "signed-off-by", "co-authored-by", "reviewed-by", "acked-by", "tested-by", "reported-by", "suggested-by",
  "helped-by", "cc", "reported-and-tested-by", "mentored-by",
]

extension StableTextField {
  /// Where `offset` is, or nil where nothing is completed: a comment, after the end marker, a
  /// body line that is prose, a line longer than `completionLineBytes`.
  package func completionPlace(at offset: Int) -> CompletionPlace? {
    let index = messageIndex
    let line = text.line(containing: offset)
    guard line < index.endMarkerLine, !index[line].isComment, index[line].bytes <= Self.completionLineBytes
    else { return nil }
    let start = index.lineStart(line)
    let end = start + index[line].bytes
    guard offset <= end else { return nil }
    let before = text.slice(start..<offset)
    let rest = text.slice(offset..<end)
    // Line 1: the first message line that is not blank, or the one being written.
    if index.firstNumbered.map({ $0 >= line }) ?? true {
      return subjectPlace(start: start, offset: offset, before: before, rest: rest)
    }
    guard isTrailerArea(line, index) else { return nil }
    if before.utf8.allSatisfy(TrailerToken.isTokenByte) {
      let word = rest.utf8.prefix(while: TrailerToken.isTokenByte).count
      return .trailerToken(range: start..<offset + word)
    }
    guard let colon = before.firstIndex(of: ":") else { return nil }
    let token = before[..<colon]
    guard TrailerToken.isValid(token), personTrailers.contains(token.lowercased()) else { return nil }
    let value = before[before.index(after: colon)...]
    let spaces = value.prefix { $0 == " " || $0 == "\t" }
    let valueStart = offset - value.utf8.count + spaces.utf8.count
    // The person replaces what is typed of it and the rest of the line.
    return .person(token: String(token), range: valueStart..<end, needsSpace: spaces.isEmpty)
  }

  /// Line 1: in the leading word (a type), or after `type(` (a scope).
  private func subjectPlace(start: Int, offset: Int, before: Substring, rest: Substring) -> CompletionPlace? {
    if before.utf8.allSatisfy(Self.isTypeByte) {
      let word = rest.utf8.prefix(while: Self.isTypeByte).count
      return .type(
        range: start..<offset + word, after: rest[rest.utf8.index(rest.startIndex, offsetBy: word)...])
    }
    guard let open = before.firstIndex(of: "("),
      before[..<open].utf8.allSatisfy(Self.isTypeByte), !before[..<open].isEmpty
    else { return nil }
    let scope = before[before.index(after: open)...]
    guard !scope.contains(where: { "():\r\n".contains($0) }) else { return nil }
    // After the last delimiter, the next scope of a list (the
    // Conventional Commits tools' default delimiters).
    let typed = scope.reversed().prefix { !Self.scopeDelimiters.contains($0) }.count
    let typedBytes = String(scope.suffix(typed)).utf8.count
    let word = rest.utf8.prefix { !Self.scopeEndBytes.contains($0) }.count
    let rangeStart = offset - typedBytes
    return .scope(
      range: rangeStart..<offset + word, before: text.slice(start..<rangeStart),
      after: rest[rest.utf8.index(rest.startIndex, offsetBy: word)...],
      typeIsKnown: true)
  }

  /// Whether `line` (not line 1) is in the trailer block, or in a new last paragraph: no message
  /// line that is not blank comes after it, and the lines of its paragraph before it (at most
  /// 1,000 are read) are trailers.
  private func isTrailerArea(_ line: Int, _ index: MessageLineIndex) -> Bool {
    if let block = index.trailerBlock, block.contains(line) { return true }
    if let last = index.lastFilledLine, last > line { return false }
    var previous = line - 1
    var read = 0
    while previous >= 0, read < 1_000 {
      let facts = index[previous]
      if facts.isComment {
      } else if facts.flags.contains(.blank) {
        return index.firstNumbered.map { $0 < previous } ?? false
      } else if !facts.flags.contains(.trailer) {
        return false
      }
      previous -= 1
      read += 1
    }
    return false
  }

  /// What a type is written with: JavaScript's `\w` (the Conventional Commits header
  /// pattern) and `-`.
  static func isTypeByte(_ byte: UInt8) -> Bool {
    TrailerToken.isTokenByte(byte) || byte == UInt8(ascii: "_")
  }

  /// The Conventional Commits tools' default scope delimiters.
  static let scopeDelimiters: Set<Character> = [",", "/", "\\"]
  /// Where a scope's word ends.
  static let scopeEndBytes: Set<UInt8> = Set(",/\\)(: ".utf8)
}
