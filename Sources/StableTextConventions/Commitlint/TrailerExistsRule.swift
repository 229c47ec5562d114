import StableTextCore

/// `trailer-exists`: a trailer of the message, as `git interpret-trailers --parse` prints it
/// (`Token: value`), starts with the value (`always`) or none does (`never`). commitlint runs git;
/// `GitTrailers` reads the trailer block as git 2.39 does with its default configuration.
package struct TrailerExistsRule: CommitlintRule {
  package init() {}
  package var part: CommitlintPart { .trailers }
  package var name: String { "trailer-exists" }

  package func verdict(_ commit: ConventionalCommit, _ when: CommitlintCondition, _ value: CommitlintValue?)
    -> CommitlintVerdict
  {
    let prefix = CommitlintValueShape.string(value, default: "")
    // The output's lines end with a newline, so `toLines` gives one empty line more, which an
    // empty value matches.
    let hasTrailer =
      prefix.isEmpty || GitTrailers.parse(commit.raw).contains { $0.utf8.starts(with: prefix.utf8) }
    let negated = when == .never
    return CommitlintVerdict(
      negated ? !hasTrailer : hasTrailer,
      CommitlintMessage.join(["message", negated ? "must not" : "must", "have `" + prefix + "` trailer"]))
  }
}

extension TrailerExistsRule {
  /// The message's trailers as `git interpret-trailers --parse` prints them (`Token: value`).
  package static func trailers(_ message: String) -> [String] { GitTrailers.parse(message) }
}
