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
  /// Problems found and not yet taken (`takeProblems`), each once per change of its file.
  private var problems: [ConfigurationProblem] = []
  /// EditorConfig problems already said since the files last changed (the library finds them
  /// each time it is asked).
  private var saidEditorConfigProblems: Set<ConfigurationProblem> = []
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

  /// The layers the configuration files give the file at the absolute path `path`, looking at
  /// the files due a look (never looked at, or a second ago or more). Problems found go to
  /// `takeProblems`.
  package func layers(forFile path: String) -> FileLayers {
    let normal = DocumentURI.normalisedPath(path)
    bound()
    let chain = tree.chain(toFolder: FileSystem.folder(of: normal))
    _ = look(chain, force: false)
    var layers = FileLayers()
    // The nearest `.stabletext.json` decides, valid or not (an invalid one gives no layers, not
    // an ancestor's).
    let nearest = tree.nearestProject(chain)
    if nearest >= 0, case .success(let file) = tree[nearest].project.project { layers = file.layers }
    layers.conventions = conventions(chain)
    // libeditorconfig is asked only when a copy is in place above the file and no file above
    // it was refused (that one is said, and no EditorConfig layer applies under it).
    let placed = chain.contains { tree[$0].editorConfig.placed }
    let refused = chain.contains { tree[$0].editorConfig.refused }
    if placed && !refused && normal.utf8.count <= Self.maxFolderBytes {
      switch mirror.properties(forFile: normal) {
      case .success(let properties):
        layers.editorConfig = EditorConfigLayer.patch(properties)
        if layers.editorConfig != nil {
          // The files the library read: the nearest up to the first that says `root = true`.
          for node in chain.reversed() where tree[node].editorConfig.placed {
            layers.editorConfigFiles.append(FileSystem.join(tree.path(of: node), EditorConfigLayer.name))
            if tree[node].editorConfig.isRoot { break }
          }
        }
      case .failure(let problem):
        if saidEditorConfigProblems.insert(problem).inserted { problems.append(problem) }
      }
    }
    return layers
  }

  /// The team's conventions for a file in the last folder of `chain`: the nearest commitlint
  /// configuration (in each folder commitlint's search places in its order, then a
  /// `.stabletext.json`'s `commitlint`; the first that is one decides, and a refused one leaves
  /// none), and the nearest `.gitlint`. Files are read here, when first needed after a change.
  private func conventions(_ chain: [Int]) -> TeamConventions? {
    var commitlint: CommitlintSetup?
    var gitlint: GitlintSetup?
    var commitlintDecided = false
    var gitlintDecided = false
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
          read = ConventionFiles.read(
            name: state.name, entry: state.entry, path: FileSystem.join(tree.path(of: node), state.name))
          tree[node].conventions[index].read = read
          if case .refused(let problem) = read { problems.append(problem) }
        }
        switch read {
        case .notAConfiguration: continue
        case .commitlint(let setup): commitlint = setup
        case .gitlint(let setup): gitlint = setup
        case .refused: break
        }
        if isGitlint { gitlintDecided = true } else { commitlintDecided = true }
      }
      if !commitlintDecided, case .success(let file)? = tree[node].project.project,
        let setup = file.commitlint
      {
        commitlint = setup
        commitlintDecided = true
      }
    }
    guard commitlint != nil || gitlint != nil else { return nil }
    return TeamConventions(commitlint: commitlint, gitlint: gitlint)
  }

  /// The problems found since the last call, each once per change of its file.
  package func takeProblems() -> [ConfigurationProblem] {
    defer { problems.removeAll() }
    return problems
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
    if let again, let last = chain.last {
      waiting.insert(last)
      waitingUntil = min(waitingUntil ?? again, again)
    }
    return changed
  }

  /// Looks again at one configuration file now, whatever the time since the last look (a client
  /// said it changed); whether it did. Paths of other names, and files never looked at, are not
  /// looked at.
  package func refresh(path: String) -> Bool {
    let normal = DocumentURI.normalisedPath(path)
    let name = FileSystem.lastComponent(of: normal)
    guard
      name == ProjectFile.name || name == EditorConfigLayer.name || ConventionFiles.nameSet.contains(name),
      let folder = tree.find(folder: FileSystem.folder(of: normal)), tree[folder].checked != nil
    else {
      return false
    }
    return look(tree.chain(to: folder), force: true, only: folder).changed
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
      if let again {
        waiting.insert(folder)
        waitingUntil = min(waitingUntil ?? again, again)
      }
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
        states.append(known)
        continue
      }
      if entry != .absent {
        states.append(ConventionFiles.FileState(name: name, entry: entry, read: nil))
        changed = true
      }
    }
    if before.contains(where: { old in !states.contains { $0.name == old.name } }) { changed = true }
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
    if !isNew && known.entry == entry { return false }
    let name = isProject ? ProjectFile.name : EditorConfigLayer.name
    var found = FolderTree.FileState(entry: entry)
    var content: [UInt8]?
    var problem: ConfigurationProblem?
    let path = { FileSystem.join(self.tree.path(of: node), name) }
    switch entry {
    case .absent: break
    case .notAFile(let what, _):
      problem = ConfigurationProblem(path: path(), problem: "is \(what), not a file")
    case .file:
      reads += 1
      switch folder?.smallFile(named: name, limit: ProjectFile.maxBytes)
        ?? .failure(.unreadable(reason: "its folder is gone"))
      {
      case .success(let bytes): content = bytes
      case .failure(.tooLarge(let limit)):
        problem = ConfigurationProblem(path: path(), problem: "is over \(limit) bytes")
      case .failure(.notAFile(let what)):
        problem = ConfigurationProblem(path: path(), problem: "is \(what), not a file")
      case .failure(.unreadable(let reason)):
        problem = ConfigurationProblem(path: path(), problem: "cannot be read: \(reason)")
      }
    }
    if let problem { problems.append(problem) }
    if isProject {
      if let problem {
        found.project = .failure(problem)
      } else if let content {
        found.project = ProjectFile.parse(content, path: path())
        if case .failure(let problem) = found.project { problems.append(problem) }
      }
      tree.setProject(found, of: node)
    } else {
      // The mirror is told only of a copy to make or to remove: a folder that never had a file
      // costs nothing (a walk down a deep path makes many).
      if content != nil || known.placed {
        switch mirror.place(content, in: tree.components(of: node), path: path()) {
        case .success(let placed):
          found.placed = placed
          found.isRoot = placed && content.map(EditorConfigLayer.declaresRoot) == true
        case .failure(let refused):
          problems.append(refused)
          found.refused = true
        }
        saidEditorConfigProblems.removeAll()
      }
      tree[node].editorConfig = found
    }
    return !(isNew && entry == .absent)
  }
}
