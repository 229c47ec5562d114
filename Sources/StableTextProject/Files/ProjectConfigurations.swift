import StableTextCore
import StableTextSystem

/// The configuration files that apply to files on disk: the nearest `.stabletext.json` in a
/// file's folder or an ancestor, and every `.editorconfig` there (Protocol/README.md, "A
/// repository's configuration"). Only those two names are ever opened, only as regular files of
/// at most 1 MiB, never a file a document names; a folder that cannot be searched is skipped.
/// Each file is read when first needed and again only when a stat says it changed, and it is
/// stat'ed at most once a second (`recheckSeconds`) however many documents ask: ten thousand
/// documents in one folder read each file once.
///
/// One owner at a time: the daemon's handler thread, or one `check` run.
package final class ProjectConfigurations {
  /// The least time between two stats of one file, unless forced.
  package static let recheckSeconds = 1.0

  /// What one candidate path held when it was last looked at.
  private struct Watched {
    var checked: MonotonicTime
    var entry: FileSystem.Entry
    /// For a `.stabletext.json` that is there: its layers or what is wrong with it.
    var project: Result<ProjectFile, ConfigurationProblem>?
  }

  private let clock: () -> MonotonicTime
  private let mirror = EditorConfigMirror()
  private var watched: [String: Watched] = [:]
  /// Problems found and not yet taken (`takeProblems`), each once per change of its file.
  private var problems: [ConfigurationProblem] = []
  /// EditorConfig problems already said since the files last changed (the library finds them
  /// each time it is asked).
  private var saidEditorConfigProblems: Set<ConfigurationProblem> = []
  /// Folders whose files were due a look when it was not yet a second since the last one.
  private var waiting: Set<String> = []
  private var waitingUntil: MonotonicTime?

  /// Configuration files read so far (each read of each file counts one).
  package private(set) var reads = 0
  /// Stats made so far.
  package private(set) var stats = 0

  package init(clock: @escaping () -> MonotonicTime = MonotonicTime.now) {
    self.clock = clock
  }

  /// The folders a file's configuration is looked for in, nearest first: its own and each
  /// ancestor up to `/`.
  package static func folders(above path: String) -> [String] {
    var folders: [String] = []
    var folder = FileSystem.folder(of: path)
    while true {
      folders.append(folder)
      if folder == "/" || folder == "." { return folders }
      folder = FileSystem.folder(of: folder)
    }
  }

  /// The layers the configuration files give the file at the absolute path `path`, looking at
  /// files not seen yet (a file already seen is taken as last seen: `refresh` looks again).
  /// Problems found go to `takeProblems`.
  package func layers(forFile path: String) -> FileLayers {
    let folders = Self.folders(above: path)
    for folder in folders {
      look(at: FileSystem.join(folder, ProjectFile.name), force: false)
      look(at: FileSystem.join(folder, EditorConfigLayer.name), force: false)
    }
    var layers = FileLayers()
    // The nearest `.stabletext.json` decides, valid or not (an invalid one gives no layers, not
    // an ancestor's).
    for folder in folders {
      guard let found = watched[FileSystem.join(folder, ProjectFile.name)], found.entry != .absent else {
        continue
      }
      if case .success(let file) = found.project { layers = file.layers }
      break
    }
    if !mirror.isEmpty {
      switch mirror.properties(forFile: path) {
      case .success(let properties): layers.editorConfig = EditorConfigLayer.patch(properties)
      case .failure(let problem):
        if saidEditorConfigProblems.insert(problem).inserted { problems.append(problem) }
      }
    }
    return layers
  }

  /// The problems found since the last call, each once per change of its file.
  package func takeProblems() -> [ConfigurationProblem] {
    defer { problems.removeAll() }
    return problems
  }

  /// The warnings of the `.stabletext.json` that applies to `path` (unknown rules), if any.
  package func warnings(forFile path: String) -> [String] {
    for folder in Self.folders(above: path) {
      guard let found = watched[FileSystem.join(folder, ProjectFile.name)], found.entry != .absent else {
        continue
      }
      if case .success(let file) = found.project { return file.warnings.map { "\(file.path): \($0)" } }
      return []
    }
    return []
  }

  /// Looks again at the configuration files of the file at `path` that were last looked at a
  /// second ago or more (all of them when `force`); whether any changed. Those looked at more
  /// recently are looked at when `due` says, by `refreshWaiting`.
  package func refresh(forFile path: String, force: Bool = false) -> Bool {
    var changed = false
    for folder in Self.folders(above: path) {
      for name in [ProjectFile.name, EditorConfigLayer.name] {
        switch look(at: FileSystem.join(folder, name), force: force) {
        case .changed: changed = true
        case .unchanged: break
        case .tooSoon(let until):
          waiting.insert(folder)
          waitingUntil = min(waitingUntil ?? until, until)
        }
      }
    }
    return changed
  }

  /// Looks again at one configuration file now, whatever the time since the last look (a client
  /// said it changed); whether it did. Paths of other names are not looked at.
  package func refresh(path: String) -> Bool {
    let name = FileSystem.lastComponent(of: path)
    guard name == ProjectFile.name || name == EditorConfigLayer.name, watched[path] != nil else {
      return false
    }
    return look(at: path, force: true) == .changed
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
      for name in [ProjectFile.name, EditorConfigLayer.name] {
        switch look(at: FileSystem.join(folder, name), force: false) {
        case .changed: changed = true
        case .unchanged: break
        case .tooSoon(let again):
          waiting.insert(folder)
          waitingUntil = min(waitingUntil ?? again, again)
        }
      }
    }
    return changed
  }

  private enum Look: Equatable {
    case changed, unchanged
    case tooSoon(until: MonotonicTime)
  }

  /// Stats `path` unless it was a second ago (or `force`), and reads it again when it changed.
  @discardableResult
  private func look(at path: String, force: Bool) -> Look {
    let now = clock()
    if let known = watched[path], !force {
      let next = MonotonicTime(
        nanoseconds: known.checked.nanoseconds &+ MonotonicTime.nanoseconds(Self.recheckSeconds))
      if now < next { return .tooSoon(until: next) }
    }
    stats += 1
    let entry = FileSystem.entry(at: path)
    if let known = watched[path], known.entry == entry {
      watched[path]?.checked = now
      return .unchanged
    }
    let isNew = watched[path] == nil
    var found = Watched(checked: now, entry: entry, project: nil)
    let isProject = FileSystem.lastComponent(of: path) == ProjectFile.name
    let folder = FileSystem.folder(of: path)
    var content: [UInt8]?
    switch entry {
    case .absent: break
    case .notAFile(let what, _):
      report(ConfigurationProblem(path: path, problem: "is \(what), not a file"), into: &found, isProject)
    case .file:
      reads += 1
      switch FileSystem.smallFile(at: path, limit: ProjectFile.maxBytes) {
      case .success(let bytes): content = bytes
      case .failure(.tooLarge(let limit)):
        report(ConfigurationProblem(path: path, problem: "is over \(limit) bytes"), into: &found, isProject)
      case .failure(.notAFile(let what)):
        report(ConfigurationProblem(path: path, problem: "is \(what), not a file"), into: &found, isProject)
      case .failure(.unreadable(let reason)):
        report(
          ConfigurationProblem(path: path, problem: "cannot be read: \(reason)"), into: &found, isProject)
      }
    }
    if isProject {
      if let content {
        found.project = ProjectFile.parse(content, path: path)
        if case .failure(let problem) = found.project { problems.append(problem) }
      }
    } else {
      mirror.place(content, forFolder: folder)
      saidEditorConfigProblems.removeAll()
    }
    watched[path] = found
    // A file that was never there and still is not is no change.
    return isNew && entry == .absent ? .unchanged : .changed
  }

  private func report(_ problem: ConfigurationProblem, into found: inout Watched, _ isProject: Bool) {
    problems.append(problem)
    if isProject { found.project = .failure(problem) }
  }
}
