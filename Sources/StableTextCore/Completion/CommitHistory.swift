/// What a repository's history tells completion (Protocol/README.md, "Completion"): the scopes of
/// its last commits and the people who wrote them, each with how many commits, most first, and
/// the committer's own identity. The daemon reads it from git off its thread; kept bounded
/// (`maxScopes`, `maxPeople`).
package struct CommitHistory: Hashable, Sendable {
  /// The most scopes and people kept per repository.
  package static let maxScopes = 1_000
  package static let maxPeople = 1_000
  /// The longest scope or person kept, in UTF-8 bytes: a longer one (a header or an identity
  /// nobody types) is left out, so that what a history holds has a bound
  /// (`stabletext-bench completion` measures it).
  package static let maxNameBytes = 256
  /// The most repositories whose histories the daemon keeps at once.
  package static let maxRepositories = 16

  /// Scopes as written in the headers (`ui` of `feat(ui): …`), most used first.
  package var scopes: [Counted]
  /// People as `Name <email>` (`.mailmap` applied), most commits first.
  package var people: [Counted]
  /// git's committer identity, `Name <email>` (`git var GIT_COMMITTER_IDENT` without its date),
  /// when git has one.
  package var committer: String?

  /// A name and how many commits it came from.
  package struct Counted: Hashable, Sendable {
    package var name: String
    package var commits: Int

    package init(_ name: String, _ commits: Int) {
      self.name = name
      self.commits = commits
    }
  }

  package init(scopes: [Counted] = [], people: [Counted] = [], committer: String? = nil) {
    self.scopes = scopes
    self.people = people
    self.committer = committer
  }

  /// Nothing known: a document outside a work tree, or git not answered yet.
  package static let none = CommitHistory()

  /// Counts `names` (as they come, newest first) into a list most-counted first, ties in the
  /// order first seen, at most `limit` long; an empty name, one longer than `maxNameBytes`, and
  /// one holding a control or bidirectional character (`CompletionText`) are left out.
  package static func ranked(_ names: [String], limit: Int) -> [Counted] {
    var counts: [String: Int] = [:]
    var order: [String] = []
    for name in names where !name.isEmpty && name.utf8.count <= maxNameBytes && !CompletionText.isUnsafe(name)
    {
      if counts[name] == nil { order.append(name) }
      counts[name, default: 0] += 1
    }
    let firstSeen = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
    let sorted = order.sorted { a, b in
      counts[a]! != counts[b]! ? counts[a]! > counts[b]! : firstSeen[a]! < firstSeen[b]!
    }
    return sorted.prefix(limit).map { Counted($0, counts[$0]!) }
  }
}
