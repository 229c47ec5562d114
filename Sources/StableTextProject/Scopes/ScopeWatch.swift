import StableTextSystem

/// Everything a computation of scopes looked at, with what it was then: the manifests read (a
/// stat of the open file), the files looked for (present or not) and the folders listed (whose
/// modification time changes when a name in them is added, removed or renamed); also the files
/// an `extends` entry read from `node_modules`, which are watched the same way. The scopes are
/// current for as long as every one of them still stats the same; checking costs one `stat` a
/// path, so a caller can check at most once a second and compute again only on a change.
package struct ScopeWatch: Hashable, Sendable {
  /// One path and what a stat (following symbolic links) said of it.
  package struct Seen: Hashable, Sendable {
    package var path: String
    package var entry: FileSystem.Entry
  }

  package var seen: [Seen]

  package init(_ seen: [Seen]) {
    self.seen = seen
  }

  /// The first path that no longer stats as it did, or nil when none changed.
  package func firstChange() -> String? {
    seen.first { FileSystem.entry(at: $0.path) != $0.entry }?.path
  }

  /// Whether every path still stats as it did.
  package var isCurrent: Bool { firstChange() == nil }
}
