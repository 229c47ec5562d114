import StableTextConventions
import StableTextCore
import StableTextSystem

/// The team's conventions that decide a repository's commit messages, as `stabletext init` says
/// them (Protocol/README.md, "Command line", `init`): commitlint's or gitlint's configuration
/// owns the limits, so init writes no line rule of its own, names the file that decides, and
/// says what share of the history each of that tool's error rules refuses.
struct DecidingConventions {
  /// `commitlint's (/repo/.commitlintrc.json)`, and gitlint's when both apply; the paths
  /// escaped (`ShownText`): they name the repository's folders.
  let said: String

  init?(_ conventions: TeamConventions) {
    var parts: [String] = []
    if let setup = conventions.commitlint {
      let file = ShownText.escaped(setup.file)
      parts.append(
        "commitlint's (\(setup.member.map { "\(file), member \(ShownText.escaped($0))" } ?? file))")
    }
    if let setup = conventions.gitlint { parts.append("gitlint's (\(ShownText.escaped(setup.file)))") }
    guard !parts.isEmpty else { return nil }
    said = parts.joined(separator: " and ")
  }

  /// What decides, and the share of the history each error rule refuses (by code, the most
  /// refusing first, then by name).
  func report(_ history: CommitHistory) -> String {
    var out =
      "The limits are \(said): init writes no line rule of its own (the gitCommit preset keeps git's"
      + " grammar).\n"
    guard history.count > 0 else { return out }
    guard history.refusedByAny > 0 else { return out + "Its error rules refuse none of the commits read.\n" }
    out += "Share of commits its error rules refuse:\n"
    let rows =
      history.refusedBy.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
      .map { (ShownText.escaped($0.key), $0.value) } + [("any of them", history.refusedByAny)]
    let width = rows.map(\.0.count).max() ?? 0
    for (code, count) in rows {
      out +=
        "  \(code)\(String(repeating: " ", count: width - code.count))  "
        + "\(InitCommand.share(count, of: history.count)) (\(count))\n"
    }
    return out
  }
}
