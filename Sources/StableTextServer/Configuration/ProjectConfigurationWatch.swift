import StableTextConventions
import StableTextCore
import StableTextJSON
import StableTextProject
import StableTextProtocol
import StableTextSystem

/// A repository's configuration files in the daemon (Protocol/README.md, "A repository's
/// configuration"): read when a document under them opens, looked at again on `didSave`, on
/// `workspace/didChangeWatchedFiles`, and at most once a second while messages about a document
/// come (a message within a second of the last look sets a wake-up for when that second is
/// over); documents whose rules change are published again. Only `file:` documents have any.
extension LanguageServer {
  /// The file layers of a document about to open, and the problems of its configuration files
  /// (said once the document's rules say whether it is a commit message: `say`).
  func fileLayers(forPath path: String?) -> ProjectConfigurations.Lookup {
    guard let path else { return ProjectConfigurations.Lookup() }
    let found = lookup(forPath: path)
    for warning in projects.warnings(forFile: path) { log.warning(warning) }
    return found
  }

  /// The layers of the file at `path`: its repository's configuration files and, for one of
  /// git's message files, git's comment character once git has said it (`GitCommentPrefixes`),
  /// in the place `check` gives it, and git's identity as the author of the commit being written
  /// (`TeamConventions.facts`, for a team's rules that read the author, as the hook has it) and
  /// as the one who signs it off, unless the session is not given git's people
  /// (`offersGitPeople`: its comment character alone); and the problems of those files.
  func lookup(forPath path: String) -> ProjectConfigurations.Lookup {
    var found = projects.lookup(forFile: path)
    guard Self.gitMessageFiles.contains(FileSystem.lastComponent(of: path)),
      let facts = gitComments.facts(forFolder: FileSystem.folder(of: path))
    else { return found }
    if let prefix = facts.prefix { found.layers.git = RulePatch.gitComments(prefix) }
    guard offersGitPeople else { return found }
    found.layers.conventions?.facts.authorName = facts.authorName
    found.layers.conventions?.facts.authorEmail = facts.authorEmail
    found.layers.signOff = facts.signOff
    return found
  }

  /// The configuration problems that concern a document with `rules` (a commit message's, or
  /// another file's), each shown once per change of its file: an invalid file as a
  /// `window/showMessage` error, a part not honoured as a warning, and both in the log.
  func say(_ problems: [ConfigurationProblem], for rules: Rules) {
    let concerning = problems.filter { $0.concerns(commitMessage: rules.isCommitMessage) }
    for problem in projects.unsaid(concerning) {
      switch problem.kind {
      case .invalid:
        log.error(problem.description)
        showMessage(type: .error, "stabletext: \(problem.description)")
      case .notHonoured, .caution:
        log.warning(problem.description)
        showMessage(type: .warning, "stabletext: \(problem.description)")
      }
    }
  }

  /// The names of git's message files, whose comment character git's configuration sets.
  static let gitMessageFiles: Set<String> = ["COMMIT_EDITMSG", "MERGE_MSG", "SQUASH_MSG", "TAG_EDITMSG"]

  /// git told the comment character of folders (`GitCommentPrefixes`): their message files'
  /// layers are made again, and published when their rules change. True when any was told.
  func takeGitAnswers() -> Bool {
    let folders = Set(gitComments.takeAnswered())
    guard !folders.isEmpty else { return false }
    reloadFileLayers { folders.contains(FileSystem.folder(of: $0)) }
    return true
  }

  /// The path on disk of a `file:` URI, when it names one (absolute, no NUL), made lexically
  /// normal before anything is read for it (`.` and `..` resolved, never above `/`, repeated
  /// `/` collapsed: `DocumentURI.decodedPath`).
  static func filePath(of uri: String) -> String? {
    guard uri.utf8.starts(with: "file:".utf8) else { return nil }
    let path = DocumentURI.decodedPath(of: uri)
    guard path.hasPrefix("/"), !path.utf8.contains(0) else { return nil }
    return path
  }

  /// A message about `document` came: its configuration files are looked at, unless that was
  /// less than a second ago (then a wake-up looks at them when the second is over).
  func watchConfiguration(of document: Document) {
    guard let path = document.path else { return }
    let now = MonotonicTime.now()
    if now < document.nextConfigurationLook {
      if !document.configurationLookWaits {
        document.configurationLookWaits = true
        configurationWaiters.append(document.uri)
        configurationDue = min(
          configurationDue ?? document.nextConfigurationLook, document.nextConfigurationLook)
      }
      return
    }
    document.nextConfigurationLook = MonotonicTime(
      nanoseconds: now.nanoseconds &+ MonotonicTime.nanoseconds(ProjectConfigurations.recheckSeconds))
    if projects.refresh(forFile: path) { reloadFileLayers() }
    if let due = projects.due { configurationDue = min(configurationDue ?? due, due) }
  }

  /// `textDocument/didSave`: the saved document's configuration files are looked at now.
  func didSave(_ notification: DidSaveTextDocumentNotification) {
    let uri = notification.textDocument.uri
    guard let document = documents[uri], let path = document.path else { return }
    if projects.refresh(forFile: path, force: true) { reloadFileLayers() }
  }

  /// `workspace/didChangeWatchedFiles`: each configuration file it names is looked at now; the
  /// configurations computed from a file it names (a scope package's manifest, a file an
  /// `extends` read) at most once a second, the rest when that second is over.
  func didChangeWatchedFiles(_ notification: DidChangeWatchedFilesNotification) {
    var changed = false
    for uri in notification.uris {
      guard let path = Self.filePath(of: uri) else { continue }
      if projects.refresh(path: path) { changed = true }
    }
    if changed { reloadFileLayers() }
    if let due = projects.due { configurationDue = min(configurationDue ?? due, due) }
  }

  /// The wake-up: documents that had a message within a second of their last look are looked
  /// at now. True when it did anything.
  func wakeForConfiguration() -> Bool {
    guard let due = configurationDue, MonotonicTime.now() >= due else { return false }
    configurationDue = nil
    let waiters = configurationWaiters
    configurationWaiters.removeAll()
    var changed = projects.refreshWaiting()
    for uri in waiters {
      guard let document = documents[uri], let path = document.path else { continue }
      document.configurationLookWaits = false
      let now = MonotonicTime.now()
      if now < document.nextConfigurationLook {
        // Not yet: wait again.
        document.configurationLookWaits = true
        configurationWaiters.append(uri)
        configurationDue = min(
          configurationDue ?? document.nextConfigurationLook, document.nextConfigurationLook)
        continue
      }
      document.nextConfigurationLook = MonotonicTime(
        nanoseconds: now.nanoseconds &+ MonotonicTime.nanoseconds(ProjectConfigurations.recheckSeconds))
      if projects.refresh(forFile: path) { changed = true }
    }
    if let due = projects.due { configurationDue = min(configurationDue ?? due, due) }
    if changed { reloadFileLayers() }
    return true
  }

  /// Some configuration file changed: every `file:` document's layers (or those of the documents
  /// whose path `only` accepts) are read again, those whose rules changed are published again,
  /// and the problems of their files not yet said are said.
  func reloadFileLayers(only: (String) -> Bool = { _ in true }) {
    var changed = false
    defer { if changed { refreshInlayHints() } }
    for document in documents.values {
      guard let path = document.path, only(path) else { continue }
      let found = lookup(forPath: path)
      defer { say(found.problems, for: document.field.rules) }
      guard found.layers != document.files else { continue }
      document.files = found.layers
      let before = document.field.rules
      updateRules(document, publishing: false)
      if document.field.rules != before {
        changed = true
        documentChanged(document)
      }
    }
  }
}
