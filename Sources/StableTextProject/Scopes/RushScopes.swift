/// `@commitlint/config-rush-scopes` (commitlint 21), read natively: `rush.json` read with jsonc 2
/// (comments removed, then `JSON.parse`: a trailing comma or a byte order mark fails); any
/// failure to read or parse it, or a `null` document, is no project (silently: the list is
/// empty). Then `projects` must be a list (anything else fails), each project's truthy
/// `packageName` with an npm scope dropped, in the file's order, duplicates kept. No
/// `package.json` is read. Protocol/README.md, "Scopes from a monorepo's packages".
enum RushScopes {
  static func compute(_ walk: ScopeWalk) throws(ScopeProblem) -> (scopes: [String?], unread: String?) {
    let reading = ScopeReading(walk: walk, excluded: { _ in false })
    let file = "rush.json"
    let parsed: ManifestValue
    switch walk.contents(file) {
    case .failure(.tooLarge(let reason)): throw reading.notComputed(file, reason)
    case .failure(.unreadable(let reason)): return ([], walk.isAbsent(file) ? nil : reason)
    case .success(let bytes):
      switch ManifestParsing.jsonWithComments(bytes) {
      case .success(let handle): parsed = .json(handle.ref())
      case .failure(.unsupported(let message)): throw reading.notComputed(file, message)
      case .failure(.invalid(let message, let line, let column)):
        let place = [line, column].compactMap { $0 }.map(String.init).joined(separator: ":")
        return ([], "jsonc cannot parse it\(place.isEmpty ? "" : " at \(place)"): \(message)")
      }
    }
    if parsed.isNullish { return ([], "it holds null") }
    let projects = parsed["projects"]
    guard let list = projects.elements else {
      throw reading.fails(
        file,
        projects.isNullish
          ? "Cannot read properties of \(projects.typeName) (reading 'map'): there is no projects list"
          : "projects: packages.map is not a function (it is \(projects.typeName))")
    }
    var scopes: [String?] = []
    for (index, project) in list.enumerated() {
      if project.isNullish {
        throw reading.fails(
          file, "projects[\(index)]: Cannot read properties of \(project.typeName) (reading 'packageName')")
      }
      switch ScopeNames.name(project["packageName"]) {
      case .success(nil): continue
      case .success(let name?): scopes.append(ScopeNames.scope(of: name))
      case .failure(let failure):
        throw reading.fails(file, "projects[\(index)].packageName: \(failure.message)")
      }
    }
    return (scopes, nil)
  }
}
