/// `.gitlint`'s `[general]` section, the options that decide which rules run and which commits
/// are checked at all (gitlint's `LintConfig`). A commit's kind is decided from its title as
/// `GitlintCommit` says (a merge also by its parents when read from a repository).
package struct GitlintGeneralOptions: Hashable, Sendable {
  /// `ignore`: rule ids or names not applied (`all`: none is).
  package var ignore: GitlintIgnoredRules = .rules([])
  /// `contrib`: contrib rules enabled, by id or name (`CT1`, `contrib-body-requires-signed-off-by`).
  package var contrib: [String] = []
  /// `ignore-merge-commits`: skip merge commits.
  package var ignoreMergeCommits = true
  /// `ignore-revert-commits`: skip revert commits.
  package var ignoreRevertCommits = true
  /// `ignore-fixup-commits`: skip `fixup!` commits.
  package var ignoreFixupCommits = true
  /// `ignore-fixup-amend-commits`: skip `amend!` commits.
  package var ignoreFixupAmendCommits = true
  /// `ignore-squash-commits`: skip `squash!` commits.
  package var ignoreSquashCommits = true
  /// `regex-style-search`: the ignore rules' and M1's custom regexes are searched anywhere (true)
  /// or matched at the start (false: the default of gitlint 0.19.1, the release teams run, which
  /// warns about it; gitlint's unreleased main branch makes true the default).
  package var regexStyleSearch = false
  /// The other options gitlint has, which concern how gitlint runs rather than what it checks
  /// (`verbosity`, `debug`, `target`, `extra-path`, `ignore-stdin`, `staged`,
  /// `fail-without-commits`), by name, with their values as written and type-checked; the caller
  /// decides what they mean (`extra-path` names Python user rules, which cannot run here).
  package var other: [String: String] = [:]

  /// The rule; its options are given to each call.
  package init() {}

  /// Sets `[general] name = raw` with gitlint's checks and messages (`'x' is not a valid gitlint
  /// option`, `Option 'ignore-merge-commits' must be either 'true' or 'false'`, `No contrib rule
  /// with id or name 'x' found.`).
  package mutating func set(_ name: String, _ raw: String) throws(GitlintOptionError) {
    func bool() throws(GitlintOptionError) -> Bool {
      guard case .bool(let value) = try GitlintOptionSpec(name, .bool, .bool(false), "").read(raw) else {
        return false
      }
      return value
    }
    switch name {
    case "ignore": ignore = GitlintIgnoredRules(raw)
    case "contrib":
      let names = GitlintText.commaList(raw)
      let known =
        GitlintRules.contrib.flatMap { [$0.id, $0.name] }
        + GitlintRules.contribNotImplemented.flatMap { [$0.id, $0.name] }
      if let unknown = names.first(where: { !known.contains($0) }) {
        throw GitlintOptionError("No contrib rule with id or name '\(unknown)' found.")
      }
      contrib = names
    case "ignore-merge-commits": ignoreMergeCommits = try bool()
    case "ignore-revert-commits": ignoreRevertCommits = try bool()
    case "ignore-fixup-commits": ignoreFixupCommits = try bool()
    case "ignore-fixup-amend-commits": ignoreFixupAmendCommits = try bool()
    case "ignore-squash-commits": ignoreSquashCommits = try bool()
    case "regex-style-search": regexStyleSearch = try bool()
    case "debug", "ignore-stdin", "staged", "fail-without-commits":
      _ = try bool()
      other[name] = raw
    case "verbosity":
      guard let level = GitlintOptionSpec.pythonInt(raw), level >= 0 else {
        throw GitlintOptionError("Option 'verbosity' must be a positive integer (current value: '\(raw)')")
      }
      guard level <= 3 else { throw GitlintOptionError("Option 'verbosity' must be set between 0 and 3") }
      other[name] = raw
    case "target", "extra-path":
      other[name] = raw
    default:
      throw GitlintOptionError("'\(name)' is not a valid gitlint option")
    }
  }

  /// Whether gitlint skips `commit` altogether: a merge, squash, fixup, fixup-amend or revert
  /// commit whose kind is ignored (all are, by default).
  package func skips(_ commit: GitlintCommit) -> Bool {
    (commit.isMergeCommit && ignoreMergeCommits) || (commit.isSquashCommit && ignoreSquashCommits)
      || (commit.isFixupCommit && ignoreFixupCommits)
      || (commit.isFixupAmendCommit && ignoreFixupAmendCommits)
      || (commit.isRevertCommit && ignoreRevertCommits)
  }
}
