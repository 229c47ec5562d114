/// `@commitlint/config-workspace-scopes` (commitlint 21), read natively: `require` the root
/// `package.json`; when its `workspaces` is an array (the object form `{"packages": […]}` is
/// read as none), each entry joined with `package.json` by `path.posix.join` and globbed on its
/// own (`fs.globSync`, excluding any path holding `node_modules`); all the paths found (one
/// found by two entries counts twice) sorted as strings; each `require`d; each truthy `name`
/// with an npm scope dropped. Not sorted by name, not de-duplicated. Protocol/README.md,
/// "Scopes from a monorepo's packages".
enum WorkspaceScopes {
  static func excluded(_ path: String) -> Bool { ScopeNames.includes(path, "node_modules") }

  static func compute(_ walk: ScopeWalk) throws(ScopeProblem) -> [String?] {
    let reading = ScopeReading(walk: walk, excluded: excluded)
    let root = try reading.json("package.json", dropsByteOrderMark: true)
    if root.isNullish {
      throw reading.fails("package.json", "Cannot destructure property 'workspaces' of null")
    }
    guard let workspaces = root["workspaces"].elements else { return [] }
    var paths: [String] = []
    for (index, workspace) in workspaces.enumerated() {
      guard let text = workspace.string else {
        throw reading.fails(
          "package.json",
          "workspaces[\(index)]: The \"path\" argument must be of type string (it is \(workspace.typeName))")
      }
      paths += try reading.glob(posixJoin(text, "package.json"), from: "package.json")
    }
    paths = ScopeNames.sorted(paths)
    // `require` keeps what it read: a path found twice is read once. Sorted, the same paths
    // are next to each other (the order is total on their bytes: distinct paths never tie).
    var read: [ManifestValue] = []
    read.reserveCapacity(paths.count)
    for (index, path) in paths.enumerated() {
      // `==` first: unequal strings (most) are unequal bytes, and it compares them fast; equal
      // ones may still differ in bytes (canonically equivalent), which the bytes then say.
      if let previous = read.last, paths[index - 1] == path, paths[index - 1].utf8.elementsEqual(path.utf8) {
        read.append(previous)
      } else {
        read.append(try reading.json(path, dropsByteOrderMark: true))
      }
    }
    var scopes: [String?] = []
    for (path, manifest) in zip(paths, read) {
      if manifest.isNullish { throw reading.fails(path, "Cannot read properties of null (reading 'name')") }
      if let scope = try reading.scope(ofNameIn: manifest, path) { scopes.append(scope) }
    }
    return scopes
  }

  /// Node's `path.posix.join(a, name)` for a file name: the two joined with `/` and normalised
  /// (`.` and empty segments dropped, `x/..` removed, a leading `..` of a relative path kept).
  static func posixJoin(_ first: String, _ name: String) -> String {
    let joined = [first, name].filter { !$0.isEmpty }.joined(separator: "/")
    let absolute = joined.hasPrefix("/")
    var parts: [Substring] = []
    for segment in joined.slashSeparated() {
      if segment == "." { continue }
      if segment == ".." {
        if let last = parts.last, last != ".." {
          parts.removeLast()
        } else if !absolute {
          parts.append(segment)
        }
        continue
      }
      parts.append(segment)
    }
    let result = parts.joined(separator: "/")
    return absolute ? "/" + result : result.isEmpty ? "." : result
  }
}
