import StableTextConventions
import StableTextSystem

/// Which file an `extends` entry names, found on disk as commitlint's `resolve-extends` finds it
/// through Node (Protocol/README.md, "Shareable configurations in node_modules"), without running
/// anything: a path (`./base.js`, absolute) with Node's suffixes, or a package in the nearest
/// `node_modules` from the folder up, entered by its `package.json` (`exports`' `.` under the
/// conditions `require` then `node` and `default`, as `require` reads them; else the ES module
/// entry commitlint falls back to, `import`, `module`; else `main`; else `index.js`).
enum NodeModuleResolution {
  /// What a look-up found: the file, if any, and every file it read (manifests), to watch.
  struct Found {
    var file: String?
    var read: [String] = []
    /// The package's folder, when a package was found (its entry may still be missing).
    var package: String?
    /// Where nothing was found, the paths whose appearance would change the answer: each
    /// `node_modules/<name>` from the folder up, the package's folder when it has no entry, or
    /// a path's candidates with Node's suffixes. Watched, so a package installed later (or a
    /// file written later) is read at the next look, as the hook reads it.
    var looked: [String] = []
  }

  /// The suffixes Node (and commitlint) try after a path.
  static let suffixes = ["", ".js", ".json", "/index.js", "/index.json"]

  /// The file `id` names from `folder` (absolute).
  static func resolve(_ id: String, from folder: String) -> Found {
    if id.hasPrefix("/") || id.hasPrefix(".") {
      let base = FileSystem.absolute(id.hasPrefix("/") ? id : FileSystem.join(folder, id)) ?? id
      let file = firstFile(base)
      return Found(file: file, looked: file == nil ? suffixes.map { base + $0 } : [])
    }
    let parts = id.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    let nameCount = id.hasPrefix("@") ? 2 : 1
    guard parts.count >= nameCount, !parts.prefix(nameCount).contains("") else { return Found() }
    let name = parts.prefix(nameCount).joined(separator: "/")
    let subpath = parts.dropFirst(nameCount).joined(separator: "/")
    var current = FileSystem.absolute(folder) ?? folder
    var looked: [String] = []
    while true {
      let package = FileSystem.join(FileSystem.join(current, "node_modules"), name)
      if FileSystem.kind(of: package) == .directory {
        var found = Found(package: package, looked: looked + [package])
        if !subpath.isEmpty {
          found.file = firstFile(FileSystem.join(package, subpath))
          if found.file != nil { found.looked = [] }
          return found
        }
        let manifest = FileSystem.join(package, "package.json")
        var entries: [String] = []
        if FileSystem.kind(of: manifest) == .file {
          found.read.append(manifest)
          if case .success(let content) = FileSystem.smallFile(at: manifest, limit: ProjectFile.maxBytes),
            case .success(.object(let members)) = CommitlintFile.json(content)
          {
            entries = self.entries(members)
          }
        }
        for entry in entries + ["index.js", "index.json"] {
          let path = FileSystem.absolute(FileSystem.join(package, entry)) ?? entry
          if FileSystem.kind(of: path) == .file {
            found.file = path
            found.looked = []
            return found
          }
        }
        return found
      }
      looked.append(package)
      let above = FileSystem.folder(of: current)
      if above == current || !current.hasPrefix("/") { return Found(looked: looked) }
      current = above
    }
  }

  /// The first of `base` with Node's suffixes that is a file.
  static func firstFile(_ base: String) -> String? {
    suffixes.lazy.map { base + $0 }.first { FileSystem.kind(of: $0) == .file }
  }

  /// A manifest's entries in the order they are tried: `exports` as `require` reads it (exact),
  /// then as commitlint's ES module fallback reads it, `module`, then `main` with Node's suffixes.
  static func entries(_ manifest: [CommitlintValue.Member]) -> [String] {
    func member(_ name: String) -> CommitlintValue? { manifest.last { $0.name == name }?.value }
    var found: [String] = []
    if var exports = member("exports") {
      if case .object(let members) = exports, let dot = members.last(where: { $0.name == "." }) {
        exports = dot.value
      }
      if let target = target(exports, inKeyOrder: ["require", "node", "default"]) { found.append(target) }
      if let target = target(exports, preferring: ["import", "module", "node", "default"]) {
        found.append(target)
      }
    }
    if case .string(let module)? = member("module") { found.append(module) }
    if case .string(let main)? = member("main") { found += suffixes.map { main + $0 } }
    return found
  }

  /// A conditional export's target as Node's `require` picks it: the first key, in the order
  /// written, that is one of `conditions`.
  static func target(_ value: CommitlintValue, inKeyOrder conditions: Set<String>) -> String? {
    switch value {
    case .string(let path): return path
    case .array(let items): return items.lazy.compactMap { target($0, inKeyOrder: conditions) }.first
    case .object(let members):
      for member in members where conditions.contains(member.name) {
        if let found = target(member.value, inKeyOrder: conditions) { return found }
      }
      return nil
    default: return nil
    }
  }

  /// A conditional export's target as commitlint's fallback for ES-module-only packages picks it:
  /// the conditions in `order`, whatever order the keys are written in.
  static func target(_ value: CommitlintValue, preferring order: [String]) -> String? {
    switch value {
    case .string(let path): return path
    case .object(let members):
      for condition in order {
        if let member = members.last(where: { $0.name == condition }),
          let found = target(member.value, preferring: order)
        {
          return found
        }
      }
      return nil
    default: return nil
    }
  }
}
