import StableTextConventions
import StableTextCore

/// The shareable configurations that compute commitlint's `scope-enum` from a monorepo's
/// packages, each read natively as its own code computes it (Protocol/README.md, "Scopes from a
/// monorepo's packages").
package enum ScopePackage: String, CaseIterable, Hashable, Sendable {
  case workspace = "@commitlint/config-workspace-scopes"
  case lerna = "@commitlint/config-lerna-scopes"
  case pnpm = "@commitlint/config-pnpm-scopes"
  case nx = "@commitlint/config-nx-scopes"
  case rush = "@commitlint/config-rush-scopes"

  /// The package an `extends` entry names, if it is one of these.
  package init?(extends name: String) {
    self.init(rawValue: name)
  }
}

/// Something to say about a computation of scopes.
package struct ScopeProblem: Error, Hashable, Sendable, CustomStringConvertible {
  package enum Kind: String, Hashable, Sendable {
    /// The package's own code throws on this repository: commitlint's `load` fails, so the
    /// team's commitlint checks nothing at all (an invalid configuration, as commitlint sees it).
    case commitlintFails
    /// StableText cannot compute what the package would (a bound passed, a manifest format it
    /// does not read, a pattern reaching outside the repository): `scope-enum` is not applied.
    case notComputed
    /// The list is what commitlint computes, but it checks nothing (empty although the
    /// repository has packages) or holds an entry that matches no scope.
    case warning
  }

  package var kind: Kind
  /// The file concerned (absolute), when one is.
  package var path: String?
  /// Where in it (1-based), when known.
  package var line: Int?
  package var column: Int?
  /// What happened, naming the package's own reading (`package.json`'s `workspaces` is an
  /// object, which config-workspace-scopes reads as no workspaces).
  package var message: String

  package init(_ kind: Kind, path: String? = nil, line: Int? = nil, column: Int? = nil, _ message: String) {
    self.kind = kind
    self.path = path
    self.line = line
    self.column = column
    self.message = message
  }

  package var description: String {
    let place = [path, line.map(String.init), column.map(String.init)].compactMap { $0 }.joined(
      separator: ":")
    return place.isEmpty ? message : "\(place): \(message)"
  }
}

/// What one scope package computes for a repository.
package struct ComputedScopes: Hashable, Sendable {
  package var package: ScopePackage
  /// The repository's root (absolute): the folder commitlint runs in.
  package var root: String
  /// The list `scope-enum` gets, in the package's order, duplicates kept; `nil` entries are
  /// JavaScript's `undefined` (a package named `@scope` alone), which match no scope. `nil` when
  /// it is not computed: commitlint fails (`commitlintFails`) or StableText cannot say
  /// (`notComputed`); the problems say which.
  package var scopes: [String?]?
  /// The manifests read, in the order read (absolute paths).
  package var manifests: [String]
  /// Every path looked at, for a caller that recomputes when one changes.
  package var watch: ScopeWatch
  package var problems: [ScopeProblem]

  /// The rule the package's configuration holds: `[2, "always", scopes]` (level 2, an error, for
  /// every one of the five), an `undefined` entry as `null`; nil when not computed.
  package var rule: CommitlintValue? {
    scopes.map { list in
      .array([.number(2), .string("always"), .array(list.map { $0.map(CommitlintValue.string) ?? .null })])
    }
  }

  /// Whether commitlint itself fails on this repository with this package.
  package var commitlintFails: Bool { problems.contains { $0.kind == .commitlintFails } }
}
