import StableTextConventions
import StableTextCore
import StableTextSystem

/// The configuration files that apply to files on disk: the nearest `.stabletext.json` in a
/// file's folder or an ancestor, and every `.editorconfig` there (Protocol/README.md, "A
/// repository's configuration"), and the team's commitlint and gitlint files (`ConventionFiles`;
/// Protocol/README.md, "Where the rules come from"). Only those names are ever opened, only as
/// regular files of at most 1 MiB, never a file a document names; a folder that cannot be
/// searched is skipped. A convention file is read only when it is the one that decides for a
/// file (a `package.json` in an ancestor is not read when a nearer `.commitlintrc` decides).
/// Each file is read when first needed and again only when a stat says it changed, and it is
/// stat'ed at most once a second (`recheckSeconds`) however many documents ask: ten thousand
/// documents in one folder read each file once.
///
/// The folders are kept as a tree (`FolderTree`): a lookup walks the path once, opening each
/// folder from its parent (`openat`), stopping at the first folder that is not there (nothing
/// below it is), and never looking in a folder whose path is longer than `maxFolderBytes`; each
/// folder's nearest `.stabletext.json` is remembered for the documents below it. So a lookup
/// costs time linear in the path's length, however deep.
///
/// Every problem of the files that apply to a file is given with its layers (`lookup`), each
/// time: `check` prints them all, and the daemon shows each once per change of its file
/// (`unsaid`).
///
/// One owner at a time: the daemon's handler thread, or one `check` run.
package final class ProjectConfigurations {
  /// The least time between two stats of one file, unless forced.
  package static let recheckSeconds = 1.0
  /// The longest folder path looked in: a path near `PATH_MAX` (4,096 bytes) names nothing a
  /// program can open by its path, and libeditorconfig is given the copy's path (a little
  /// longer).
  package static let maxFolderBytes = 4_000

  private let clock: () -> MonotonicTime
  private let mirror = EditorConfigMirror()
  private var tree = FolderTree()
  /// Problems already said (`unsaid`) since their file last changed.
  private var said: Set<ConfigurationProblem> = []
  /// The deepest folders of lookups that came when it was not yet a second since their last one.
  private var waiting: Set<Int> = []
  private var waitingUntil: MonotonicTime?

  /// Configuration files read so far (each read of each file counts one).
  package private(set) var reads = 0
  /// Stats made so far.
  package private(set) var stats = 0

  /// The most folders remembered before those that hold no configuration file are forgotten.
  private let maxFolders: Int

  package init(clock: @escaping () -> MonotonicTime = MonotonicTime.now, maxFolders: Int = 100_000) {
    self.clock = clock
    self.maxFolders = maxFolders
  }

  /// How many folders are remembered.
  package var folderCount: Int { tree.count }

  /// Forgets the folders that hold nothing when there are too many (before a lookup makes a
  /// chain: indices change).
  private func bound() {
    guard tree.count > maxFolders else { return }
    let moved = tree.compact(keeping: waiting)
    waiting = Set(moved.values)
    if waiting.isEmpty { waitingUntil = nil }
  }

  /// The folders from `/` down to the folder of the absolute path `path` (made lexically normal:
  /// `.` and `..` resolved, never above `/`).
  private func chain(forFile path: String) -> [Int] {
    bound()
    return tree.chain(toFolder: FileSystem.folder(of: DocumentURI.normalisedPath(path)))
  }

  /// What the configuration files say of one file: its layers, and every problem of the files
  /// that apply to it (Protocol/README.md, "Configuration problems"), in the order the layers
  /// apply: the nearest `.stabletext.json`, the `.editorconfig` files the library reads, the
  /// team's convention files that decide.
  package struct Lookup: Sendable {
    package var layers: FileLayers
    package var problems: [ConfigurationProblem]

    package init(layers: FileLayers = FileLayers(), problems: [ConfigurationProblem] = []) {
      self.layers = layers
      self.problems = problems
    }
  }

  /// The layers the configuration files give the file at the absolute path `path`, looking at
  /// the files due a look (never looked at, or a second ago or more).
  package func layers(forFile path: String) -> FileLayers { lookup(forFile: path).layers }

  /// The layers the configuration files give the file at the absolute path `path`, and every
  /// problem of those files that concerns it, looking at the files due a look (never looked at,
  /// or a second ago or more).
  package func lookup(forFile path: String) -> Lookup {
    let normal = DocumentURI.normalisedPath(path)
    bound()
    let chain = tree.chain(toFolder: FileSystem.folder(of: normal))
    _ = look(chain, force: false)
    var layers = FileLayers()
    var problems: [ConfigurationProblem] = []
    // The nearest `.stabletext.json` decides, valid or not (an invalid one gives no layers, not
    // an ancestor's).
    let nearest = tree.nearestProject(chain)
    if nearest >= 0 {
      switch tree[nearest].project.project {
      case .success(let file)?: layers = file.layers
      case .failure(let invalid)?: problems += invalid.all
      case nil: break
      }
    }
    problems += editorConfig(chain, path: normal, into: &layers)
    let conventions = conventions(chain)
    layers.conventions = conventions.found
    problems += conventions.problems
    return Lookup(layers: layers, problems: problems)
  }

  /// EditorConfig's layer for the file at the normal path `path` in the last folder of
  /// `chain`, and the problems of the `.editorconfig` files the library reads for it: the
  /// nearest up to the first that says `root = true`. libeditorconfig is asked when a copy is
  /// in place; an `.editorconfig` that cannot be read (a FIFO, a folder, over 1 MiB) is said and
  /// has no copy, as if it were not there. A section left out of a copy is said only when it could match the
  /// path; a line the library cannot read (made a comment in the copy) for every path.
  private func editorConfig(_ chain: [Int], path: String, into layers: inout FileLayers)
    -> [ConfigurationProblem]
  {
    var problems: [ConfigurationProblem] = []
    var read: [Int] = []
    for node in chain.reversed() {
      let state = tree[node].editorConfig
      if let problem = state.problem {
        problems.append(problem)
        continue
      }
      guard state.placed else { continue }
      read.append(node)
      if state.isRoot { break }
    }
    guard !read.isEmpty, path.utf8.count <= Self.maxFolderBytes else { return problems }
    switch mirror.properties(forFile: path) {
    case .success(let properties):
      layers.editorConfig = EditorConfigLayer.patch(properties)
      if layers.editorConfig != nil {
        layers.editorConfigFiles = read.map { FileSystem.join(tree.path(of: $0), EditorConfigLayer.name) }
      }
    case .failure(let problem):
      problems.append(problem)
    }
    let pathBytes = Array(path.utf8)
    for node in read {
      let skipped = tree[node].editorConfig.skipped
      guard !skipped.isEmpty else { continue }
      let folder = tree.path(of: node)
      // The library's folder of `/.editorconfig` is the empty string.
      let prefix = folder == "/" ? [] : Array(folder.utf8)
      for part in skipped {
        // A section only where it could match; a line the library cannot read, everywhere.
        if part.header != nil && !EditorConfigGlob(section: part.glob, folder: prefix).couldMatch(pathBytes) {
          continue
        }
        problems.append(
          .notHonoured(
            concern: .editorConfig, path: FileSystem.join(folder, EditorConfigLayer.name), line: part.line,
            column: part.column, field: part.header.map { "[\($0)]" } ?? "this line", reason: part.why))
      }
    }
    return problems
  }

  /// The team's conventions for a file in the last folder of `chain`: the nearest commitlint
  /// configuration (in each folder commitlint's search places in its order, then a
  /// `.stabletext.json`'s `commitlint`; the first that is one decides, and a refused one leaves
  /// none), and the nearest `.gitlint`; and the problems of the files that decide. Files are
  /// read here, when first needed after a change.
  private func conventions(_ chain: [Int]) -> (found: TeamConventions?, problems: [ConfigurationProblem]) {
    var commitlint: CommitlintSetup?
    var gitlint: GitlintSetup?
    var commitlintDecided = false
    var gitlintDecided = false
    var problems: [ConfigurationProblem] = []
    for node in chain.reversed() {
      if commitlintDecided && gitlintDecided { break }
      for index in tree[node].conventions.indices {
        let state = tree[node].conventions[index]
        let isGitlint = state.name == GitlintFile.name
        if isGitlint ? gitlintDecided : commitlintDecided { continue }
        let read: ConventionFiles.Read
        if let known = state.read {
          read = known
        } else {
          if case .file = state.entry { reads += 1 }
          let path = FileSystem.join(tree.path(of: node), state.name)
          forget(path)
          let found = ConventionFiles.read(name: state.name, entry: state.entry, path: path)
          read = found.read
          tree[node].conventions[index].read = read
          tree[node].conventions[index].watch = found.watch
        }
        switch read {
        case .notAConfiguration(let cautions):
          problems += cautions
          continue
        case .commitlint(let setup, _): commitlint = setup
        case .gitlint(let setup, _): gitlint = setup
        case .refused: break
        }
        problems += read.problems
        if isGitlint { gitlintDecided = true } else { commitlintDecided = true }
      }
      if !commitlintDecided, case .success(let file)? = tree[node].project.project,
        let setup = file.commitlint
      {
        commitlint = setup
        commitlintDecided = true
        problems += file.problems
      }
    }
    let found =
      commitlint != nil || gitlint != nil ? TeamConventions(commitlint: commitlint, gitlint: gitlint) : nil
    return (found, problems)
  }

  /// Of `problems`, those not said since their file last changed (each said once per change of
  /// its file: the daemon shows them); they are now said.
  package func unsaid(_ problems: [ConfigurationProblem]) -> [ConfigurationProblem] {
    problems.filter { said.insert($0).inserted }
  }

  /// The file at `path` is read again (or went): its problems are to be said again.
  private func forget(_ path: String) {
    guard said.contains(where: { $0.path == path }) else { return }
    said = said.filter { $0.path != path }
  }

  /// The warnings of the `.stabletext.json` that applies to `path` (unknown rules), if any.
  package func warnings(forFile path: String) -> [String] {
    let nearest = tree.nearestProject(chain(forFile: path))
    guard nearest >= 0, case .success(let file) = tree[nearest].project.project else { return [] }
    return file.warnings.map { "\(file.path): \($0)" }
  }

  /// Looks again at the configuration files of the file at `path` that were last looked at a
  /// second ago or more (all of them when `force`); whether any changed. Those looked at more
  /// recently are looked at when `due` says, by `refreshWaiting`.
  package func refresh(forFile path: String, force: Bool = false) -> Bool {
    let chain = chain(forFile: path)
    let (changed, again) = look(chain, force: force)
    if let again, let last = chain.last { lookLater(at: last, when: again) }
    return changed
  }

  /// The folder `node` waits for its look until `time` (`due`, `refreshWaiting`).
  private func lookLater(at node: Int, when time: MonotonicTime) {
    waiting.insert(node)
    waitingUntil = min(waitingUntil ?? time, time)
  }

  /// Looks again at one configuration file now, whatever the time since the last look (a client
  /// said it changed); whether it did. A path that is no configuration file looked at, but one a
  /// configuration was computed from (a scope package's manifest, a folder listed for packages,
  /// a file an `extends` read from `node_modules`: `ScopeWatch`), or a path in such a folder,
  /// has the configurations computed from it looked at, at most once a second (`due` says when
  /// the next is). Other paths are not looked at.
  package func refresh(path: String) -> Bool {
    let normal = DocumentURI.normalisedPath(path)
    let name = FileSystem.lastComponent(of: normal)
    guard
      name == ProjectFile.name || name == EditorConfigLayer.name || ConventionFiles.nameSet.contains(name),
      let folder = tree.find(folder: FileSystem.folder(of: normal)), tree[folder].checked != nil
    else {
      return refresh(computedFrom: normal)
    }
    return look(tree.chain(to: folder), force: true, only: folder).changed
  }

  /// The folders whose configuration watches `path`, its folder or the folder above (a package
  /// added as `packages/new/package.json` changes the listed `packages`): looked at now, or, for
  /// one looked at less than `recheckSeconds` ago, when that second is over (`due`), so that a
  /// `git checkout` that changes a thousand manifests, each named to the daemon, computes the
  /// scopes about once a second, not a thousand times.
  private func refresh(computedFrom path: String) -> Bool {
    let folder = FileSystem.folder(of: path)
    let near: Set<String> = [path, folder, FileSystem.folder(of: folder)]
    var changed = false
    for node in tree.nodes.indices where tree[node].checked != nil {
      let project = (try? tree[node].project.project?.get())?.scopeWatch ?? []
      let watches = project + tree[node].conventions.flatMap(\.watch)
      guard watches.contains(where: { $0.seen.contains { near.contains($0.path) } }) else { continue }
      // Due now when its last look is a second old (`look` decides, as for a document's).
      let (any, again) = look(tree.chain(to: node), force: false, only: node)
      if any { changed = true }
      if let again { lookLater(at: node, when: again) }
    }
    return changed
  }

  /// When files that were asked about too soon after their last look are due another.
  package var due: MonotonicTime? { waitingUntil }

  /// Looks at the files that were due a look and waited for it; whether any changed.
  package func refreshWaiting() -> Bool {
    guard let until = waitingUntil, clock() >= until else { return false }
    let folders = waiting
    waiting.removeAll()
    waitingUntil = nil
    var changed = false
    for folder in folders {
      let (any, again) = look(tree.chain(to: folder), force: false)
      if any { changed = true }
      if let again { lookLater(at: folder, when: again) }
    }
    return changed
  }

  /// One walk down `chain`, looking at the files of each folder due a look (never looked at,
  /// last looked at a second ago or more, or `force`; only the folder `only` when given):
  /// whether any changed, and when the earliest folder not yet due will be.
  private func look(_ chain: [Int], force: Bool, only: Int? = nil) -> (changed: Bool, again: MonotonicTime?) {
    let now = clock()
    var again: MonotonicTime?
    var lastDue = -1
    var due = [Bool](repeating: false, count: chain.count)
    for (index, node) in chain.enumerated() {
      if let only, node != only { continue }
      if force {
        due[index] = true
      } else if let checked = tree[node].checked {
        let next = MonotonicTime(
          nanoseconds: checked.nanoseconds &+ MonotonicTime.nanoseconds(Self.recheckSeconds))
        if now < next { again = min(again ?? next, next) } else { due[index] = true }
      } else {
        due[index] = true
      }
      if due[index] { lastDue = index }
    }
    guard lastDue >= 0 else { return (false, again) }
    var changed = false
    // The folder being looked in, open; nil once one on the way is not there (then nothing
    // below it is) or is too long a path to look in.
    var folder = FileSystem.Folder.root()
    for index in 0...lastDue {
      let node = chain[index]
      if tree[node].pathBytes > Self.maxFolderBytes {
        folder?.close()
        folder = nil
      }
      if due[index] {
        var project = FileSystem.Entry.absent
        var editorConfig = FileSystem.Entry.absent
        if let folder {
          stats += 2
          project = folder.entry(named: ProjectFile.name)
          editorConfig = folder.entry(named: EditorConfigLayer.name)
        }
        let isNew = tree[node].checked == nil
        tree[node].checked = now
        if apply(project, to: node, project: true, in: folder, isNew: isNew) { changed = true }
        if apply(editorConfig, to: node, project: false, in: folder, isNew: isNew) { changed = true }
        if lookAtConventions(of: node, in: folder) { changed = true }
      }
      if index < lastDue, let open = folder {
        folder = open.folder(named: tree[chain[index + 1]].name)
        open.close()
      }
    }
    folder?.close()
    return (changed, again)
  }

  /// Looks at a folder's convention files: lists the folder again when its own stat changed,
  /// then stats each convention file it holds; a file whose stat changed is to be read again.
  /// Whether any came, went or changed.
  private func lookAtConventions(of node: Int, in folder: FileSystem.Folder?) -> Bool {
    let before = tree[node].conventions
    guard let folder else {
      tree[node].listed = nil
      tree[node].conventions = []
      return !before.isEmpty
    }
    stats += 1
    let own = folder.ownEntry()
    var names = before.map(\.name)
    if tree[node].listed == nil || tree[node].listed != own {
      if let listed = folder.names(where: ConventionFiles.nameSet.contains) {
        names = ConventionFiles.ordered(listed)
        tree[node].listed = own
      } else {
        // A folder that can be searched but not listed: each name is looked for.
        names = ConventionFiles.names
        tree[node].listed = nil
      }
    }
    var states: [ConventionFiles.FileState] = []
    var changed = false
    for name in names {
      stats += 1
      let entry = folder.entry(named: name)
      if let known = before.first(where: { $0.name == name }), known.entry == entry {
        // A manifest a scope package read changed: the file is read again (its scopes computed).
        if known.scopesAreCurrent {
          states.append(known)
        } else {
          states.append(ConventionFiles.FileState(name: name, entry: entry, read: nil))
          forget(FileSystem.join(tree.path(of: node), name))
          changed = true
        }
        continue
      }
      if entry != .absent {
        states.append(ConventionFiles.FileState(name: name, entry: entry, read: nil))
        changed = true
      }
    }
    for old in before where !states.contains(where: { $0.name == old.name }) {
      forget(FileSystem.join(tree.path(of: node), old.name))
      changed = true
    }
    tree[node].conventions = states
    return changed
  }

  /// Takes what a stat said of one of a folder's two files, reading it again when it changed;
  /// whether it did (a file that was never there and still is not is no change).
  private func apply(
    _ entry: FileSystem.Entry, to node: Int, project isProject: Bool, in folder: FileSystem.Folder?,
    isNew: Bool
  ) -> Bool {
    let known = isProject ? tree[node].project : tree[node].editorConfig
    // A `.stabletext.json` is read again, too, when a manifest its scopes came from changed.
    let scopesAreCurrent = (try? known.project?.get())?.scopeWatch.allSatisfy(\.isCurrent) ?? true
    if !isNew && known.entry == entry && scopesAreCurrent { return false }
    let name = isProject ? ProjectFile.name : EditorConfigLayer.name
    var found = FolderTree.FileState(entry: entry)
    var content: [UInt8]?
    var problem: String?
    // The path only where there is or was a file: a walk down a deep path meets many folders
    // without one, and a folder's path costs its depth.
    let path = { FileSystem.join(self.tree.path(of: node), name) }
    if entry != .absent || known.entry != .absent { forget(path()) }
    switch entry {
    case .absent: break
    case .notAFile(let what, _): problem = "is \(what), not a file"
    case .file:
      reads += 1
      switch folder?.smallFile(named: name, limit: ProjectFile.maxBytes)
        ?? .failure(.unreadable(reason: "its folder is gone"))
      {
      case .success(let bytes): content = bytes
      case .failure(.tooLarge(let limit)): problem = "is over \(limit) bytes"
      case .failure(.notAFile(let what)): problem = "is \(what), not a file"
      case .failure(.unreadable(let reason)): problem = "cannot be read: \(reason)"
      }
    }
    if isProject {
      if let problem {
        found.project = .failure(
          ConfigurationProblems([ConfigurationProblem(concern: .files, path: path(), problem: problem)]))
      } else if let content {
        found.project = ProjectFile.parse(content, path: path())
      }
      tree.setProject(found, of: node)
    } else {
      found.problem = problem.map { ConfigurationProblem(concern: .editorConfig, path: path(), problem: $0) }
      // The mirror is told only of a copy to make or to remove: a folder that never had a file
      // costs nothing (a walk down a deep path makes many).
      if content != nil || known.placed {
        let placed = mirror.place(content, in: tree.components(of: node))
        found.placed = placed.placed
        found.skipped = placed.skipped
        found.isRoot = placed.placed && content.map(EditorConfigLayer.declaresRoot) == true
      }
      tree[node].editorConfig = found
    }
    return !(isNew && entry == .absent)
  }
}
