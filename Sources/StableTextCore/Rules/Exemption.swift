/// Kinds of message lines on which `maxLength` line rules report nothing (the rule of exempt lines, `--exempt`):
/// lines git writes itself, the trailer block, and lines that wrapping cannot shorten.
public enum Exemption: String, Hashable, Sendable, CaseIterable {
  /// Message line 1 as `git merge`, `git revert`, GitHub and `git commit --fixup/--squash`
  /// write it (`Merge branch `, `Revert "`, `fixup! `, …).
  case generated
  /// Every line of the trailer block (`Signed-off-by: …`), as git interpret-trailers finds it.
  case trailers
  /// A line other than line 1 that is one word (a URL, a path, a hash): no space, no tab and no
  /// wide cluster once trimmed and less one list marker.
  case longWords

  /// The subjects git and GitHub write (case-sensitive).
  static let generatedPrefixes: [[UInt8]] = [
    "Merge branch ", "Merge branches ", "Merge tag ", "Merge tags ", "Merge remote-tracking branch ",
    "Merge remote-tracking branches ", "Merge commit ", "Merge pull request #", "Revert \"", "Reapply \"",
    "fixup! ", "squash! ", "amend! ",
  ].map { Array($0.utf8) }
}
