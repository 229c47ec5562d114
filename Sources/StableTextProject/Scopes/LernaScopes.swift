/// `@commitlint/config-lerna-scopes` (commitlint 21), read natively: first what
/// config-workspace-scopes computes (its failures are this package's); when that is not empty it
/// is the answer (commitlint prints a notice to move to config-workspace-scopes). Otherwise
/// `lerna.json` (read with `JSON.parse`: a byte order mark fails) gives `packages` (none when
/// missing, falsy or of length 0); each pattern gets `/package.json` (a trailing slash
/// replaced, `./` kept) and is globbed on its own (`fs.glob`, excluding paths holding
/// `node_modules` or `bower_components`); the paths found, each once, are read with `JSON.parse`
/// (a falsy document is `{}`); each truthy `name` with an npm scope dropped; the names sorted as
/// strings, duplicates kept. Protocol/README.md, "Scopes from a monorepo's packages".
enum LernaScopes {
  static func excluded(_ path: String) -> Bool {
    ScopeNames.includes(path, "node_modules") || ScopeNames.includes(path, "bower_components")
  }

  static func compute(_ walk: ScopeWalk) throws(ScopeProblem) -> [String?] {
    let fromWorkspaces = try WorkspaceScopes.compute(walk)
    if !fromWorkspaces.isEmpty { return fromWorkspaces }
    let reading = ScopeReading(walk: walk, excluded: excluded)
    let lerna = try reading.json("lerna.json", dropsByteOrderMark: false)
    let packages = lerna.isNullish ? ManifestValue.undefined : lerna["packages"]
    guard packages.isTruthy && !packages.hasLengthZero else { return [] }
    var paths: [String] = []
    var seen = Set<String>()
    for pattern in try reading.patterns(packages, field: "packages", in: "lerna.json") {
      let found = try reading.glob(ScopeReading.withFileName(pattern, "package.json"), from: "lerna.json")
      for path in found where seen.insert(path).inserted { paths.append(path) }
    }
    // Every file is read and parsed before any name is looked at.
    var manifests: [ManifestValue] = []
    for path in paths { manifests.append(try reading.json(path, dropsByteOrderMark: false)) }
    var scopes: [String?] = []
    for (path, manifest) in zip(paths, manifests) {
      if let scope = try reading.scope(ofNameIn: manifest, path) { scopes.append(scope) }
    }
    return ScopeNames.sorted(scopes)
  }
}
