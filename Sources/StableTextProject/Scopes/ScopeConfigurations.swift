/// What the scope packages compute for a repository, natively and exactly as each package's own
/// code computes it (Protocol/README.md, "Scopes from a monorepo's packages"): the list
/// `scope-enum` gets, what was read (to watch), and what to say: commitlint failing, what
/// StableText cannot compute, and a list that checks nothing although the repository has
/// packages.
package enum ScopeConfigurations {
  /// What `package` computes for the repository at `root` (an absolute path: the folder
  /// commitlint runs in), within `limits`. Never throws, never hangs: a walk past a bound stops
  /// and the scopes are not computed.
  package static func compute(
    _ package: ScopePackage, root: String, limits: ScopeLimits = .standard
  ) -> ComputedScopes {
    compute(package, root: root, limits: limits, resolvedFromRoot: true)
  }

  /// The same, the walk's fast way or its ordinary one (`ScopeWalk.init`).
  static func compute(
    _ package: ScopePackage, root: String, limits: ScopeLimits, resolvedFromRoot: Bool
  ) -> ComputedScopes {
    let walk = ScopeWalk(root: root, limits: limits, resolvedFromRoot: resolvedFromRoot)
    var problems: [ScopeProblem] = []
    var scopes: [String?]?
    var unreadRushFile: String?
    do throws(ScopeProblem) {
      switch package {
      case .workspace: scopes = try WorkspaceScopes.compute(walk)
      case .lerna: scopes = try LernaScopes.compute(walk)
      case .pnpm: scopes = try PnpmScopes.compute(walk)
      case .nx: scopes = try NxScopes.compute(walk)
      case .rush:
        let read = try RushScopes.compute(walk)
        scopes = read.scopes
        unreadRushFile = read.unread
      }
    } catch {
      problems.append(error)
    }
    if let stopped = walk.stopped {
      scopes = nil
      problems = [ScopeProblem(.notComputed, path: root, "the walk of the repository stopped: \(stopped)")]
    }
    if let list = scopes {
      problems += warnings(package, list, unreadRushFile: unreadRushFile, walk)
      if walk.stopped != nil { problems = problems.filter { $0.kind != .warning } }
    }
    return ComputedScopes(
      package: package, root: root, scopes: scopes, manifests: walk.read, watch: ScopeWatch(walk.watched),
      problems: problems)
  }

  /// A list that checks nothing, or refuses every scope, while the repository has packages.
  private static func warnings(
    _ package: ScopePackage, _ list: [String?], unreadRushFile: String?, _ walk: ScopeWalk
  ) -> [ScopeProblem] {
    let name = package.rawValue
    let undefined = list.filter { $0 == nil }.count
    if undefined > 0 {
      let message =
        undefined == list.count
        ? "\(name) computes a list whose every entry is undefined (packages named \"@scope\" with nothing "
          + "after it): commitlint refuses every message with a scope"
        : "\(name) computes \(undefined) undefined \(undefined == 1 ? "entry" : "entries") (packages named "
          + "\"@scope\" with nothing after it), which match no scope"
      return [ScopeProblem(.warning, path: walk.root, message)]
    }
    let names = list.compactMap { $0 }.filter { package != .pnpm || $0 != "global" }
    guard names.isEmpty else { return [] }
    let evidence = RepositoryPackages.declarations(walk)
    guard !evidence.isEmpty else { return [] }
    let why: String
    var file = "package.json"
    switch package {
    case .workspace:
      why = RepositoryPackages.workspacesReading(walk)
    case .lerna:
      why = "package.json's workspaces and lerna.json's packages find no package with a name"
      file = "lerna.json"
    case .pnpm:
      why = "pnpm-workspace.yaml's packages find no package with a name, so only \"global\" is allowed"
      file = "pnpm-workspace.yaml"
    case .nx:
      why = "Nx has no project here"
      file = "nx.json"
    case .rush:
      file = "rush.json"
      why =
        walk.isAbsent(file)
        ? "there is no rush.json"
        : unreadRushFile.map {
          "rush.json cannot be read by jsonc (\($0)), which it takes as no project"
        } ?? "rush.json lists no project with a packageName"
    }
    let effect = package == .pnpm ? "scope-enum refuses every other scope" : "scope-enum checks nothing"
    return [
      ScopeProblem(
        .warning, path: walk.absolute(file),
        "\(name) finds no scope: \(why); \(effect), although the repository declares packages in "
          + evidence.joined(separator: ", "))
    ]
  }
}

/// Where a repository declares packages, whatever package reads it: for saying that a list
/// which finds none checks nothing.
enum RepositoryPackages {
  /// The declarations present at the root: `package.json` `workspaces` (either form),
  /// `pnpm-workspace.yaml`, `lerna.json`, `rush.json`, `nx.json`.
  static func declarations(_ walk: ScopeWalk) -> [String] {
    var found: [String] = []
    let workspaces = rootWorkspaces(walk)
    if workspaces.isObject && workspaces["packages"].isTruthy {
      found.append("package.json (workspaces.packages)")
    } else if let list = workspaces.elements, !list.isEmpty {
      found.append("package.json (workspaces)")
    }
    for file in ["pnpm-workspace.yaml", "lerna.json", "rush.json", "nx.json"] where !walk.isAbsent(file) {
      found.append(file)
    }
    return found
  }

  /// Why config-workspace-scopes read no workspace.
  static func workspacesReading(_ walk: ScopeWalk) -> String {
    let workspaces = rootWorkspaces(walk)
    if workspaces.isObject {
      return "package.json's workspaces is an object ({\"packages\": […]}), which it reads as no workspaces "
        + "(it reads only a list)"
    }
    if workspaces.elements != nil { return "package.json's workspaces find no package with a name" }
    return "package.json has no workspaces list"
  }

  private static func rootWorkspaces(_ walk: ScopeWalk) -> ManifestValue {
    let reading = ScopeReading(walk: walk, excluded: { _ in false })
    guard !walk.isAbsent("package.json"),
      let root = try? reading.json("package.json", dropsByteOrderMark: true),
      !root.isNullish
    else { return .undefined }
    return root["workspaces"]
  }
}
