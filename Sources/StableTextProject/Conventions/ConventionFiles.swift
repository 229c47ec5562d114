import StableTextConventions
import StableTextCore
import StableTextSystem

/// The team's convention files a folder may hold (Protocol/README.md, "Where the rules come
/// from"): commitlint's search places in the order commitlint looks at them, then gitlint's
/// `.gitlint`. A folder is listed only when its own stat changes (a name added, removed or
/// renamed), so looking at a folder costs one stat more than before, plus one per convention file
/// it holds.
package enum ConventionFiles {
  /// Every name, in precedence order.
  package static let names: [String] = CommitlintFile.searchPlaces.map(\.name) + [GitlintFile.name]
  package static let nameSet = Set(names)
  static let order: [String: Int] = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })

  /// `names` that are in `present`, in precedence order.
  static func ordered(_ present: [String]) -> [String] {
    present.filter { order[$0] != nil }.sorted { order[$0]! < order[$1]! }
  }

  /// What one convention file in a folder was when last looked at, and, once it was needed, what
  /// it holds.
  struct FileState {
    var name: String
    var entry: FileSystem.Entry
    var read: Read?
    /// What the scope packages its configuration extends looked at (`ScopeWatch`): the read is
    /// current while every one still stats the same.
    var watch: [ScopeWatch] = []

    /// Whether what was read is still what the file and the manifests it computed from hold
    /// (its own stat is compared by the caller).
    var scopesAreCurrent: Bool { watch.allSatisfy(\.isCurrent) }
  }

  /// What a convention file holds, with the problems found in it (parts not honoured beside a
  /// setup; every problem of a refused file).
  enum Read {
    /// Not a configuration (empty, or a `package.json` without `commitlint`): look further.
    /// A JavaScript file that exports nothing may say why (Node would load nothing from it).
    case notAConfiguration([ConfigurationProblem] = [])
    case commitlint(CommitlintSetup, [ConfigurationProblem])
    case gitlint(GitlintSetup, [ConfigurationProblem])
    /// Invalid: no configuration of its tool applies to the files below it.
    case refused([ConfigurationProblem])

    var problems: [ConfigurationProblem] {
      switch self {
      case .notAConfiguration(let problems), .commitlint(_, let problems), .gitlint(_, let problems),
        .refused(let problems):
        return problems
      }
    }
  }

  /// Reads the file `name` whose stat said `entry`, at `path`: what it holds, and what the scope
  /// packages it extends looked at.
  static func read(name: String, entry: FileSystem.Entry, path: String) -> (read: Read, watch: [ScopeWatch]) {
    var watch: [ScopeWatch] = []
    let read = read(name: name, entry: entry, path: path, watch: &watch)
    return (read, watch)
  }

  private static func read(
    name: String, entry: FileSystem.Entry, path: String, watch: inout [ScopeWatch]
  ) -> Read {
    func refused(_ problem: String) -> Read {
      .refused([ConfigurationProblem(concern: .commitMessages, path: path, problem: problem)])
    }
    switch entry {
    case .absent: return .notAConfiguration()
    case .notAFile(let what, _): return refused("is \(what), not a file")
    case .file: break
    }
    let bytes: [UInt8]
    switch FileSystem.smallFile(at: path, limit: ProjectFile.maxBytes) {
    case .success(let content): bytes = content
    case .failure(.tooLarge(let limit)): return refused("is over \(limit) bytes")
    case .failure(.notAFile(let what)): return refused("is \(what), not a file")
    case .failure(.unreadable(let reason)): return refused("cannot be read: \(reason)")
    }
    if name == GitlintFile.name {
      let read = GitlintFile.read(bytes, path: path)
      guard let setup = read.setup else { return .refused(read.problems) }
      return .gitlint(setup, read.problems)
    }
    guard let format = CommitlintFile.searchPlaces.first(where: { $0.name == name })?.format else {
      return .notAConfiguration()
    }
    let outcome: CommitlintFile.Outcome
    if format == .script {
      let type = CommitlintFile.packageType(above: FileSystem.folder(of: path)) { manifest in
        guard case .success(let bytes) = FileSystem.smallFile(at: manifest, limit: ProjectFile.maxBytes)
        else { return nil }
        return bytes
      }
      let read = CommitlintFile.readScript(bytes, path: path, packageType: type)
      guard let found = read.outcome else { return .notAConfiguration(read.caution.map { [$0] } ?? []) }
      outcome = found
    } else {
      guard let found = CommitlintFile.read(bytes, path: path, format: format) else {
        return .notAConfiguration()
      }
      outcome = found
    }
    watch = outcome.watch
    guard let setup = outcome.setup else { return .refused(outcome.problems) }
    return .commitlint(setup, outcome.problems)
  }
}
