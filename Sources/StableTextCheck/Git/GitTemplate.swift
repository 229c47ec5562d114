#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What git's own lines in a message file say about how git will clean the message up, read
/// from the file's text piece by piece as it is read (only each line's first bytes are kept).
///
/// When git opens an editor it writes, under the message, a blank line and its template: with
/// the default cleanup (`strip`) the hint `C with 'C' will be ignored…`, with `verbatim` or
/// `whitespace` the hint `C with 'C' will be kept; …`, with `scissors` the scissors line right
/// there instead of a hint; then the status, every line a comment; and with `-v` the scissors
/// line and the diff below the status. C is the comment character (Protocol/README.md, "Commit
/// messages as git writes them", "Which lines git keeps").
package struct GitTemplate {
  /// The comment prefixes it may be written with: git's configured one, or for
  /// `core.commentChar=auto` each character git chooses from.
  package let prefixes: [[UInt8]]

  /// The first scissors line: its prefix, and whether the line above it is a comment (as the
  /// status is under `-v`; `--cleanup=scissors` puts it right under the message).
  package private(set) var scissors: (prefix: [UInt8], belowComment: Bool)?
  /// git's hint above the first scissors line, in git's English: its prefix, and whether it
  /// says comment lines are kept.
  package private(set) var hint: (prefix: [UInt8], kept: Bool)?
  /// The prefix the last line that is not blank starts with, if any (git's status ends the
  /// template, so this is git's character when the template is there).
  package private(set) var lastLinePrefix: [UInt8]?

  /// The first bytes of the line being read, and of the line before it.
  private var line: [UInt8] = []
  private var previous: [UInt8] = []
  private var lineBlank = true
  private let keep: Int

  /// git's comment characters for `core.commentChar=auto`, in the order git tries them.
  package static let autoCharacters = Array("#;@!$%^&|:".utf8)

  /// Each prefix's scissors line and the start of its hint's second line, made once.
  private let scissorsLines: [[UInt8]]
  private let hintStarts: [[UInt8]]

  package init(prefixes: [String]) {
    self.prefixes = prefixes.map { Array($0.utf8) }
    scissorsLines = self.prefixes.map(Self.scissorsLine)
    hintStarts = self.prefixes.map { $0 + Array(" with '".utf8) + $0 + Array("' will be ".utf8) }
    keep = (self.prefixes.map(\.count).max() ?? 1) * 3 + 80
  }

  package mutating func read(_ piece: UnsafeRawBufferPointer) {
    guard let base = piece.baseAddress else { return }
    var start = 0
    while start < piece.count {
      let found = memchr(base + start, 0x0A, piece.count - start)
      let end = found.map { base.distance(to: UnsafeRawPointer($0)) } ?? piece.count
      let segment = piece[start..<end]
      if line.count < keep { line += segment.prefix(keep - line.count) }
      // Read only until the line shows a byte that is not blank.
      if lineBlank { lineBlank = segment.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D } }
      if end < piece.count { endLine() }
      start = end + 1
    }
  }

  /// The end of the text (a last line without a terminator).
  package mutating func finish() {
    if !line.isEmpty { endLine() }
  }

  private mutating func endLine() {
    if line.last == 0x0D { line.removeLast() }
    if scissors == nil {
      if let index = scissorsLines.firstIndex(of: line) {
        scissors = (prefixes[index], previous.starts(with: prefixes[index]))
      } else if hint == nil {
        for (prefix, start) in zip(prefixes, hintStarts) {
          guard line.starts(with: start) else { continue }
          let rest = line.dropFirst(start.count)
          if rest.starts(with: "kept;".utf8) {
            hint = (prefix, true)
          } else if rest.starts(with: "ignored".utf8) {
            hint = (prefix, false)
          }
        }
      }
    }
    if !lineBlank { lastLinePrefix = prefixes.first { line.starts(with: $0) } }
    previous = line
    line.removeAll(keepingCapacity: true)
    lineBlank = true
  }

  package static func scissorsLine(_ prefix: [UInt8]) -> [UInt8] {
    prefix + Array(" ------------------------ >8 ------------------------".utf8)
  }
}

/// How git cleans a message up before it stores it (`git commit --cleanup`), as far as the
/// commit-msg hook can tell, and so which lines of the message file are message lines.
package enum GitCleanup: Equatable {
  /// Comment lines and everything from the scissors line down go (`strip`, git's default with
  /// an editor).
  case strip
  /// Everything from the scissors line down goes; comment lines above it stay.
  case scissors
  /// Every line stays (`whitespace`, git's default without an editor, and `verbatim`); a
  /// scissors line git wrote (`-v`) still ends the message.
  case keep

  /// The cleanup git applies: `configured` is `commit.cleanup` (nil when not set), `editor`
  /// whether git opened an editor (git runs its hooks with `GIT_EDITOR=:` when it does not;
  /// githooks(5)), `template` what git's lines in the file say. git's hint, when it is there,
  /// says the mode outright; then `commit.cleanup` as git maps it; without an editor
  /// `whitespace`, unless a cherry-pick or revert stopped at a conflict is being concluded
  /// (`concludesAPick`, asked only then: `git cherry-pick --continue` commits with
  /// `--cleanup=strip`); with one, a scissors line right under the message is
  /// `--cleanup=scissors`, anything else `strip`.
  package static func of(
    configured: String?, editor: Bool, template: GitTemplate, concludesAPick: () -> Bool = { false }
  ) -> GitCleanup {
    if let hint = template.hint { return hint.kept ? .keep : .strip }
    switch configured {
    case "verbatim", "whitespace": return .keep
    case "strip": return .strip
    case "scissors": return editor ? .scissors : .keep
    default:
      guard editor else { return concludesAPick() ? .strip : .keep }
      if let scissors = template.scissors, !scissors.belowComment { return .scissors }
      return .strip
    }
  }
}
