import StableTextCore
import StableTextProject

/// The two files `stabletext init` writes, and how it knows them again (Protocol/README.md,
/// "Command line", `init`).
///
/// The `.stabletext.json` gives git's message files the gitCommit preset with the limits the
/// history chose, through one override by the files' names: what `check`, the hook, `check
/// --commits` and an editor's buffer of `.git/COMMIT_EDITMSG` all see (a `.stabletext.json` is
/// read only for `file:` documents, which have the name), so a newcomer reads one entry, not the
/// same rules three times. Strict JSON has no
/// comments and an unknown member draws a warning, so the file carries no mark: it is init's when
/// its bytes hash to what init recorded writing (`InitRecord`); any edit makes it the user's,
/// which init then replaces only with `--force`. Where a team's commitlint or gitlint
/// configuration decides, the file holds the preset alone: its line rules give way to the team's.
enum InitFiles {
  static let messageFiles = "**/{COMMIT_EDITMSG,MERGE_MSG,SQUASH_MSG,TAG_EDITMSG}"

  /// The preset's own limits: the subject's (a warning past it; an error past 72) and the body
  /// lines' (a warning).
  static let presetSubject = 50
  static let presetSubjectError = 72
  static let presetBody = 72

  /// The file for a subject limit and a body line limit, in columns.
  static func projectFile(subject: Int, body: Int) -> String {
    let rules: String
    if subject == presetSubject && body == presetBody {
      rules = "{\"preset\": \"gitCommit\"}"
    } else {
      // The preset's line rules with the history's limits: the subject a warning past its limit
      // and an error past the larger of it and the preset's 72, line 2 blank, the body a warning.
      let error = max(subject, presetSubjectError)
      var lines = [
        "{\"lines\": \"1\", \"maxLength\": \(error), \"unit\": \"columns\", \"severity\": \"error\"}"
      ]
      if subject < error {
        lines.append(
          "{\"lines\": \"1\", \"maxLength\": \(subject), \"unit\": \"columns\", \"severity\": \"warning\"}")
      }
      lines.append("{\"lines\": \"2\", \"blank\": true, \"unit\": \"columns\", \"severity\": \"warning\"}")
      lines.append(
        "{\"lines\": \"3-\", \"maxLength\": \(body), \"unit\": \"columns\", \"severity\": \"warning\"}")
      rules =
        "{\"preset\": \"gitCommit\", \"lineRules\": [\n        "
        + lines.joined(separator: ",\n        ") + "\n      ]}"
    }
    return "{\n  \"overrides\": [\n    {\"pattern\": \"\(messageFiles)\",\n"
      + "      \"rules\": \(rules)}\n  ]\n}\n"
  }

  /// The line that marks a hook as init's (any hook holding it is init's to rewrite).
  static let hookMark = "# Written by stabletext init; stabletext init --force rewrites it."

  /// What a hook of one's own needs, to check messages as init's hook does.
  static let hookLine = "stabletext check \"$1\" || exit 1"

  /// The commit-msg hook: `check` on the message file git passes, with the repository's rules.
  static let hook = """
    #!/bin/sh
    \(hookMark)
    # Checks the commit message with the repository's rules (stabletext rules .git/COMMIT_EDITMSG
    # lists them); a refusal says where git kept the message.
    exec stabletext check "$1"

    """

  /// Whether a hook's bytes are init's.
  static func isOurs(hook bytes: [UInt8]) -> Bool {
    String(decoding: bytes, as: UTF8.self).split(separator: "\n").contains { $0 == hookMark }
  }
}
