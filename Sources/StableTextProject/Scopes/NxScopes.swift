/// `@commitlint/config-nx-scopes` (commitlint 21) runs Nx's project graph in a child process and
/// takes every node's name, an npm scope dropped, in the graph's order. Nx cannot run here, so
/// the graph's projects are computed natively from Nx 21's own readings (its `project.json` and
/// `package.json` plugins), for the repositories they describe; Protocol/README.md, "Scopes from
/// a monorepo's packages", says what is modelled:
///
/// - the walk: every folder but `.git` and `node_modules`, not through symbolic links, leaving
///   out what the root `.gitignore` (in a git repository) and `.nxignore` ignore;
/// - a folder with a `project.json` is a project named by its `name`, else its `package.json`'s
///   `nx.name` or `name`, else the folder's name in lower case;
/// - a `package.json` is a project when a workspace pattern matches it (`package.json`
///   `workspaces`, either form; `pnpm-workspace.yaml` `packages`; `lerna.json` `packages`, or
///   `packages/*` when it has none; `!` patterns exclude; the root's own when it has an `nx`
///   member) or a `project.json` is beside it; named by `nx.name`, else `name`, else its folder;
/// - one project per folder, its `project.json` deciding the name; projects ordered as Nx's graph
///   holds them (folders of `package.json` projects first, then the others, each by path; names
///   that are array indices first, as a JavaScript object orders keys);
/// - a name two folders share fails (Nx refuses it), as does a root `package.json` project
///   without a name. A plugin in `nx.json` other than Nx's own (`@nx/…`, `@nrwl/…`) may add
///   projects not seen here: the scopes are then not computed.
enum NxScopes {
  static func compute(_ walk: ScopeWalk) throws(ScopeProblem) -> [String?] {
    let reading = ScopeReading(walk: walk, excluded: { _ in false })
    try refuseForeignPlugins(reading)
    let ignore = ignoreRules(walk)
    var projectFiles: [String] = []
    var packageFiles: [String] = []
    collect("", walk: walk, ignore: ignore, projects: &projectFiles, packages: &packageFiles)
    if walk.stopped != nil { return [] }
    projectFiles.sort(by: ScopeNames.codePointsPrecede)
    packageFiles.sort(by: ScopeNames.codePointsPrecede)
    let inWorkspaces = try workspaceMatcher(reading)
    let projectFolders = Set(projectFiles.map(folder))
    // Roots in the order Nx first meets them, with the name the last plugin gives.
    var roots: [String] = []
    var names: [String: String] = [:]
    let projectPackages = packageFiles.filter { inWorkspaces($0) || projectFolders.contains(folder($0)) }
    walk.lookAhead(projectPackages + projectFiles, toRead: true)
    for file in projectPackages {
      let root = folder(file)
      let manifest = try lenientJSON(file, reading)
      var name = manifest["name"].string
      if name == nil && root == "." {
        throw reading.fails(
          file, "Nx requires the root package.json to specify a name if it is being used as an Nx project")
      }
      if let own = manifest["nx"]["name"].string { name = own }
      if names[root] == nil { roots.append(root) }
      names[root] = name ?? projectName(file)
    }
    for file in projectFiles {
      let project = try lenientJSON(file, reading)
      let root = project["root"].string ?? folder(file)
      var name = project["name"].string
      let siblingFile = folder(file) == "." ? "package.json" : ScopeWalk.join(folder(file), "package.json")
      if name == nil, let sibling = try? lenientJSON(siblingFile, reading) {
        name = sibling["nx"]["name"].string ?? sibling["name"].string
      }
      if names[root] == nil { roots.append(root) }
      names[root] = name ?? projectName(file)
    }
    var seen: [String: String] = [:]
    for root in roots {
      let name = names[root]!
      if let other = seen[name] {
        throw reading.fails(
          nil, "Nx refuses the project name \(reading.quoted(name)), which both \(other) and \(root) have")
      }
      seen[name] = root
    }
    let ordered = roots.map { names[$0]! }
    // Fits: an array index is at most 2³² − 2, which a UInt64 holds (`isArrayIndex`).
    let indices = ordered.filter(isArrayIndex).sorted { UInt64($0)! < UInt64($1)! }
    return (indices + ordered.filter { !isArrayIndex($0) }).map(ScopeNames.scope(of:))
  }

  /// Every `project.json` and `package.json` of the walk.
  private static func collect(
    _ folder: String, walk: ScopeWalk, ignore: IgnoreRules, projects: inout [String], packages: inout [String]
  ) {
    // The names kept, each with its path, and the folders among them listed together first.
    var kept: [(path: String, name: String, isFolder: Bool)] = []
    for listed in walk.names(in: folder) {
      let path = ScopeWalk.join(folder, listed.name)
      let isFolder = listed.kind == .directory
      if ignore.ignores(path, isFolder: isFolder) { continue }
      if isFolder && (listed.name == ".git" || listed.name == "node_modules") { continue }
      kept.append((path, listed.name, isFolder))
    }
    walk.lookAhead(listing: kept.filter(\.isFolder).map(\.path))
    for (path, name, isFolder) in kept {
      if isFolder {
        collect(path, walk: walk, ignore: ignore, projects: &projects, packages: &packages)
        if walk.stopped != nil { return }
      } else if name == "project.json" {
        projects.append(path)
      } else if name == "package.json" {
        packages.append(path)
      }
    }
  }

  /// The root `.nxignore`, and `.gitignore` when the root is a git repository.
  private static func ignoreRules(_ walk: ScopeWalk) -> IgnoreRules {
    var text = ""
    var files = [".nxignore"]
    if !walk.isAbsent(".git") { files.insert(".gitignore", at: 0) }
    for file in files where !walk.isAbsent(file) {
      if case .success(let bytes) = walk.contents(file) {
        text += String(decoding: bytes, as: UTF8.self) + "\n"
      }
    }
    return IgnoreRules(text)
  }

  /// A plugin that is not Nx's own may infer projects from files of its choosing.
  private static func refuseForeignPlugins(_ reading: ScopeReading) throws(ScopeProblem) {
    guard !reading.walk.isAbsent("nx.json"), let nx = try? lenientJSON("nx.json", reading) else { return }
    for entry in nx["plugins"].elements ?? [] {
      let name = entry.string ?? entry["plugin"].string ?? ""
      if !(name.hasPrefix("@nx/") || name.hasPrefix("@nrwl/")) {
        throw reading.notComputed(
          "nx.json", "the Nx plugin \(reading.quoted(name)) may add projects that StableText does not see")
      }
    }
  }

  /// Nx's test of a `package.json` against the package managers' workspace patterns.
  private static func workspaceMatcher(_ reading: ScopeReading) throws(ScopeProblem) -> (String) -> Bool {
    guard let root = try? lenientJSON("package.json", reading), root.isObject else { return { _ in false } }
    var patterns: [String] = []
    let workspaces = root["workspaces"]
    for pattern in (workspaces.elements ?? workspaces["packages"].elements ?? []).compactMap(\.string) {
      patterns.append(pattern)
    }
    if !reading.walk.isAbsent("pnpm-workspace.yaml"), let pnpm = try? reading.yaml("pnpm-workspace.yaml") {
      patterns += (pnpm["packages"].elements ?? []).compactMap(\.string)
    }
    if !reading.walk.isAbsent("lerna.json"), let lerna = try? lenientJSON("lerna.json", reading) {
      let declared = (lerna["packages"].elements ?? []).compactMap(\.string)
      patterns += declared.isEmpty ? ["packages/*"] : declared
    }
    var normalized = patterns.map { pattern -> String in
      var joined =
        pattern.hasSuffix("/package.json") ? pattern : WorkspaceScopes.posixJoin(pattern, "package.json")
      if joined.hasPrefix("./") { joined.removeFirst(2) }
      return joined
    }
    if !root["nx"].isUndefined { normalized.append("package.json") }
    let negative = normalized.filter { $0.hasPrefix("!") }
    var positive = normalized.filter { !$0.hasPrefix("!") }
    if !negative.isEmpty && (positive.isEmpty || positive == ["package.json"]) {
      positive.append("**/package.json")
    }
    for pattern in normalized where NodeGlob.PathPattern(pattern) == nil {
      throw reading.notComputed(
        "package.json", "the workspace pattern \(reading.quoted(pattern)) is not expanded here")
    }
    let positives = positive.compactMap(NodeGlob.PathPattern.init)
    let negatives = negative.compactMap(NodeGlob.PathPattern.init)
    return { path in
      let names = NodeGlob.PathPattern.names(of: path)
      return positives.contains { $0.matches(names) } && negatives.allSatisfy { $0.matches(names) }
    }
  }

  /// Nx's `readJsonFile`: comments and trailing commas allowed.
  private static func lenientJSON(_ relative: String, _ reading: ScopeReading) throws(ScopeProblem)
    -> ManifestValue
  {
    let bytes = try reading.contents(relative)
    let text = ManifestParsing.withoutTrailingCommas(ManifestParsing.withoutComments(bytes))
    switch ManifestParsing.json(text, dropsByteOrderMark: true) {
    case .success(let handle): return .json(handle.ref())
    case .failure(let failure): throw reading.problem(failure, relative)
    }
  }

  /// `dirname`, `.` for the root.
  private static func folder(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return String(path[..<slash])
  }

  /// Nx's `toProjectName`: the folder's last name in lower case.
  private static func projectName(_ file: String) -> String {
    (folder(file).slashSeparated().last.map(String.init) ?? ".").lowercased()
  }

  /// A canonical array index (`0` to 2³² − 2, no leading zero), which a JavaScript object lists
  /// first, in numeric order.
  private static func isArrayIndex(_ name: String) -> Bool {
    // Fits: parsing a string is failable; a name past UInt64 is no index.
    guard let value = UInt64(name), value < 4_294_967_295 else { return false }
    return String(value) == name
  }
}
