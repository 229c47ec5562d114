import StableTextCore
import StableTextSystem

/// `check --fix FILE…` (Protocol/README.md, "Command line": `--fix`): the fixes that have one
/// right answer (`StableTextField.fixesAppliedByCheck`: the sign-off from git's identity, a type's
/// case, a full stop, the header's white space) applied to the file, each said as `FILE:LINE:
/// fixed CODE`, the file rewritten in place (`write`); then the file is checked as `check`
/// checks it, so the exit status is what remains.
package enum CheckFix {
  /// One fix applied: the 1-based line of its first edit (in the text it was applied to) and the
  /// code of the diagnostic it resolved.
  package struct Applied: Equatable, Sendable {
    package var line: Int
    package var code: String

    package init(line: Int, code: String) {
      self.line = line
      self.code = code
    }
  }

  /// The most rounds of fixing: a fix can make another appear or move (a trimmed header's full
  /// stop), so the text is checked again after each round; every fix removes a diagnostic, so a
  /// few rounds settle any message, and the bound keeps a pair of rules that undo each other
  /// (a configuration can ask for both) from looping.
  package static let maxRounds = 8

  /// `text` with every fix applied, and the fixes in the order they were applied. In a round the
  /// fixes whose edits overlap none before them are applied together (from the end, so the
  /// earlier offsets hold).
  package static func apply(_ text: TextBuffer, rules: Rules) -> (text: TextBuffer, applied: [Applied]) {
    var text = text
    var applied: [Applied] = []
    for _ in 0..<maxRounds {
      let field = StableTextField(buffer: text, rules: rules)
      var taken: [QuickFix] = []
      var edits: [(range: Range<Int>, text: String)] = []
      for fix in field.fixesAppliedByCheck {
        let overlaps = fix.edits.contains { edit in
          edits.contains { $0.range.overlaps(edit.range) || $0.range.lowerBound == edit.range.lowerBound }
        }
        guard !overlaps, !fix.edits.isEmpty else { continue }
        taken.append(fix)
        edits += fix.edits
      }
      guard !taken.isEmpty else { break }
      for fix in taken {
        let line = text.position(of: fix.edits[0].range.lowerBound, in: .utf8).line + 1
        applied.append(Applied(line: line, code: fix.diagnostic?.code.rawValue ?? fix.kind.rawValue))
      }
      for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
        _ = text.replace(edit.range, with: edit.text)
      }
    }
    return (text, applied)
  }

  /// Writes `fixed` over the file at `path`, which held `original` when it was read: in place,
  /// through no symbolic link out of its work tree, and only if it still holds `original`
  /// (`FileSystem.rewriteInPlace`); nil when written, else why nothing was.
  package static func write(_ fixed: TextBuffer, over original: TextBuffer, at path: String) -> FileSystem
    .WriteRefusal?
  {
    switch FileSystem.resolveForWriting(path) {
    case .failure(let refusal): return refusal
    case .success(let real):
      return FileSystem.rewriteInPlace(
        real, expecting: Array(original.string.utf8), with: Array(fixed.string.utf8))
    }
  }
}
