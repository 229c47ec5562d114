/// `@commitlint/config-pnpm-scopes` (commitlint 21), read natively: `pnpm-workspace.yaml` read
/// with read-yaml-file (none when it is not there); its `packages` (every folder, `**`, when the
/// file, its document or `packages` is falsy; an empty list is no pattern); each pattern gets
/// `/package.{json,json5,yaml}` (a trailing slash replaced) and is globbed on its own (`fs.glob`,
/// excluding paths holding `node_modules` or `bower_components`). A `!` pattern is globbed like
/// any other (Node's glob does not negate), so pnpm's exclusions exclude nothing here. Every file
/// found is read with @pnpm/read-project-manifest 6 (`package.json` with parse-json after
/// strip-bom, `package.yaml` with js-yaml; a dependency field that is `null` fails); each truthy
/// `name` with an npm scope dropped, de-duplicated, `global` added, sorted as strings.
/// `package.json5` (JSON5) is not read here: the scopes are then not computed. Protocol/README.md,
/// "Scopes from a monorepo's packages".
enum PnpmScopes {
  static let dependencyFields = [
    "dependencies", "devDependencies", "optionalDependencies", "peerDependencies",
  ]

  static func compute(_ walk: ScopeWalk) throws(ScopeProblem) -> [String?] {
    let reading = ScopeReading(walk: walk, excluded: LernaScopes.excluded)
    let file = "pnpm-workspace.yaml"
    let workspace = walk.isAbsent(file) ? ManifestValue.undefined : try reading.yaml(file)
    let declared = workspace.isTruthy ? workspace["packages"] : .undefined
    let patterns = declared.isTruthy ? try reading.patterns(declared, field: "packages", in: file) : ["**"]
    var paths: [String] = []
    var seen = Set<String>()
    for pattern in patterns {
      let found = try reading.glob(
        ScopeReading.withFileName(pattern, "package.{json,json5,yaml}"), from: file)
      for path in found where seen.insert(path).inserted { paths.append(path) }
    }
    // Every manifest is read before any name is looked at.
    var manifests: [ManifestValue] = []
    for path in paths { manifests.append(try manifest(path, reading)) }
    var scopes: [String?] = []
    var distinct = Set<String?>()
    for (path, manifest) in zip(paths, manifests) {
      if manifest.isNullish {
        throw reading.fails(path, "Cannot read properties of \(manifest.typeName) (reading 'name')")
      }
      if let scope = try reading.scope(ofNameIn: manifest, path), distinct.insert(scope).inserted {
        scopes.append(scope)
      }
    }
    if distinct.insert("global").inserted { scopes.append("global") }
    return ScopeNames.sorted(scopes)
  }

  /// One manifest as `readExactProjectManifest` reads it (by its name, lower-cased).
  private static func manifest(_ path: String, _ reading: ScopeReading) throws(ScopeProblem) -> ManifestValue
  {
    let value: ManifestValue
    // The last name of the path (what `split(separator: "/").last` gives, without splitting it
    // all: a path the glob finds ends with a file name).
    let fileName = path.lastIndex(of: "/").map { path[path.index(after: $0)...] } ?? path[...]
    switch fileName.isEmpty ? path.slashSeparated().last?.lowercased() : fileName.lowercased() {
    case "package.json": value = try reading.json(path, dropsByteOrderMark: true)
    case "package.yaml": value = try reading.yaml(path)
    default:
      throw reading.notComputed(path, "package.json5 is JSON5, which StableText does not read")
    }
    // Its manifest writer copies the manifest first: a dependency field that is null throws.
    if value.isObject {
      for field in dependencyFields {
        let member = value[field]
        guard member.isNullish && !member.isUndefined else { continue }
        throw reading.fails(path, "\(field): Cannot convert undefined or null to object")
      }
    }
    return value
  }
}
