import StableTextSystem

/// The bounds on one computation of scopes: what a walk of a repository's folders may cost
/// before it stops and the scopes are not computed (never cut short: a partial list would refuse
/// the scopes it missed). Protocol/README.md, "Scopes from a monorepo's packages".
package struct ScopeLimits: Hashable, Sendable {
  /// Folders listed.
  package var folders: Int
  /// Manifests read.
  package var manifests: Int
  /// Bytes of one manifest (a larger one is not read).
  package var manifestBytes: Int
  /// Bytes of every manifest together.
  package var totalBytes: Int
  /// Folders below the repository's root, at most.
  package var depth: Int
  /// Seconds of the whole computation.
  package var seconds: Double

  package init(
    folders: Int, manifests: Int, manifestBytes: Int, totalBytes: Int, depth: Int, seconds: Double
  ) {
    self.folders = folders
    self.manifests = manifests
    self.manifestBytes = manifestBytes
    self.totalBytes = totalBytes
    self.depth = depth
    self.seconds = seconds
  }

  /// What the daemon and `check` use.
  package static let standard = ScopeLimits(
    folders: 20_000, manifests: 10_000, manifestBytes: ProjectFile.maxBytes, totalBytes: 64 << 20, depth: 64,
    seconds: 2)
}

/// One walk of a repository for a scope package: every folder listed, every path looked at and
/// every manifest read goes through it, so each is done once (listings and kinds are kept for
/// the walk), the bounds hold, and what was seen is recorded for the caller to watch.
/// Paths are relative to the root (`""` is the root itself), as Node's glob gives them.
final class ScopeWalk {
  let root: String
  let limits: ScopeLimits
  private let deadline: MonotonicTime
  /// What the walk knows of each path it looked at, listed or watched: one table, so that a
  /// path costs one lookup however much is known of it.
  private var known: [String: Known] = [:]
  private var listings: [String: [FileSystem.ListedName]] = [:]
  /// Where `lookAhead(listing:)` is listing each folder, until `names(in:)` takes it.
  private var listingsAhead: [String: AheadSlot] = [:]
  private var listingBatches: [FileSystem.OpenFolder.Batch<FileSystem.ListingAnswer??>] = []
  /// The root held open: every path below it is resolved from there (nil when it cannot be
  /// opened: then by its absolute path, with the same answers).
  private let folder: FileSystem.OpenFolder?
  /// How many more bytes the files read before `contents(_:)` asks for them (where the walk
  /// looked at them, or ahead of it) may hold together: the bound on all manifests, each file's
  /// bytes taken from it when read and given back when `contents(_:)` takes them.
  private let budget: FileSystem.OpenFolder.ReadBudget
  /// The batches `lookAhead` started, each answer until `kind` or `contents` takes it.
  private var aheadBatches: [FileSystem.OpenFolder.Batch<FileSystem.OpenFolder.Probe?>] = []
  private(set) var watched: [ScopeWatch.Seen] = []
  private(set) var read: [String] = []
  private var foldersListed = 0
  private var bytesRead = 0
  /// Why the walk stopped (a bound passed), if it did: from then on nothing more is looked at.
  private(set) var stopped: String?

  /// `resolvedFromRoot`: the root held open and paths resolved from it, files read where they
  /// are looked at (the fast way); false: each path resolved whole and each file read when it
  /// is asked for (the ordinary way, which the tests hold the fast one to).
  init(root: String, limits: ScopeLimits, resolvedFromRoot: Bool = true) {
    self.root = root
    self.limits = limits
    deadline = MonotonicTime.after(seconds: limits.seconds)
    folder = resolvedFromRoot ? FileSystem.OpenFolder(root) : nil
    budget = FileSystem.OpenFolder.ReadBudget(limits.totalBytes)
  }

  // The helpers of a batch whose answers the walk no longer wants stop claiming work.
  deinit {
    for batch in aheadBatches { batch.cancel() }
    for batch in listingBatches { batch.cancel() }
  }

  /// Where a batch started ahead of the walk holds the answer for one path.
  private struct AheadSlot {
    var batch: Int
    var item: Int
  }

  /// The absolute path of `relative`.
  func absolute(_ relative: String) -> String {
    relative.isEmpty ? root : root == "/" ? "/" + relative : root + "/" + relative
  }

  /// `name` in the folder `relative`.
  static func join(_ relative: String, _ name: String) -> String {
    relative.isEmpty ? name : relative + "/" + name
  }

  private func stop(_ reason: String) {
    if stopped == nil { stopped = reason }
  }

  /// Whether a bound has passed (checking the clock, which a long walk must).
  private var mustStop: Bool {
    if stopped != nil { return true }
    if deadline.hasPassed { stop("it took longer than \(Self.seconds(limits.seconds))") }
    return stopped != nil
  }

  private static func seconds(_ value: Double) -> String {
    value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
  }

  /// Watches `relative` (whose absolute path is `path`) with what a stat said of it, unless it
  /// is watched already: each path once, where it was first seen. Kept by the relative path in
  /// the walk's one table (`absolute(_:)` gives each relative path its own absolute one).
  private func remember(_ relative: String, _ path: String, _ entry: FileSystem.Entry) {
    if known[relative, default: Known()].watch(at: path) {
      watched.append(ScopeWatch.Seen(path: path, entry: entry))
    }
  }

  /// The path relative to the root whose absolute path is `path`, when there is one (the root's
  /// own path, or one below it as `absolute(_:)` writes it).
  func relative(ofAbsolute path: String) -> String? {
    if path == root { return "" }
    let prefix = root == "/" ? "/" : root + "/"
    guard path.utf8.count > prefix.utf8.count, path.utf8.starts(with: prefix.utf8) else { return nil }
    return String(Substring(path.utf8.dropFirst(prefix.utf8.count)))
  }

  /// Watches an absolute path that a pattern names (outside the repository, lexically).
  func remember(absolute path: String, _ entry: FileSystem.Entry) {
    if let relative = relative(ofAbsolute: path) {
      remember(relative, path, entry)
    } else if outsideWatched.insert(path).inserted {
      watched.append(ScopeWatch.Seen(path: path, entry: entry))
    }
  }

  /// The absolute paths watched that no relative path names.
  private var outsideWatched: Set<String> = []

  /// What is at `relative`, not following a final symbolic link; nil when nothing is there.
  /// The path is watched (it appearing, going or changing changes the answer). `toRead`: the
  /// caller reads the file when it is there (a manifest the glob finds), so a regular file is
  /// opened and read at once and its bytes kept for `contents(_:)`, the same answers in fewer
  /// system calls (`FileSystem.OpenFolder.probe`).
  func kind(_ relative: String, toRead: Bool = false) -> FileSystem.LinkKind? {
    // One lookup, the entry changed in place: a walk of a thousand packages calls this for each.
    let before = known.index(forKey: relative)
    if let before, known.values[before].looked { return known.values[before].kind }
    guard !mustStop else { return nil }
    let path = absolute(relative)
    let found: (kind: FileSystem.LinkKind, entry: FileSystem.Entry)?
    var bytes: [UInt8]?
    if let folder, !relative.isEmpty {
      // Bytes read ahead were taken from the budget when they were read.
      var charged = false
      var probe: FileSystem.OpenFolder.Probe?
      if let before, let answer = takeAhead(before) {
        probe = answer
        charged = true
      } else if toRead {
        probe = folder.probe(relative, limit: min(limits.manifestBytes, budget.left))
      }
      switch probe {
      case .absent?: found = nil
      case .found(let kind, let entry, let read)?:
        found = (kind, entry)
        // Held for the read that follows, within the bound on all manifests together.
        if let read, charged || budget.take(read.count) { bytes = read }
      case nil: found = folder.linkEntry(relative)
      }
    } else {
      found = FileSystem.linkEntry(at: path)
    }
    let index = before ?? newEntry(relative)
    known.values[index].look(found?.kind)
    if let bytes { known.values[index].bytes = bytes }
    if let found, found.kind == .other, case .file(let signature) = found.entry {
      known.values[index].regularFile = signature
    }
    // Watched here rather than through `remember`: the entry is at hand.
    if known.values[index].watch(at: path) {
      watched.append(ScopeWatch.Seen(path: path, entry: found?.entry ?? .absent))
    }
    return found?.kind
  }

  /// A new entry for `relative` in the table (nothing known of it yet), where it is.
  private func newEntry(_ relative: String) -> Dictionary<String, Known>.Index {
    known[relative] = Known()
    // Just inserted: the look-up finds it.
    return known.index(forKey: relative)!
  }

  /// What `lookAhead` found for the entry at `index`, taken (nil when it looked at nothing):
  /// waited for, or looked at here, when the batch has not got to it yet.
  private func takeAhead(_ index: Dictionary<String, Known>.Index) -> FileSystem.OpenFolder.Probe? {
    guard let slot = known.values[index].ahead else { return nil }
    known.values[index].ahead = nil
    return aheadBatches[slot.batch].take(slot.item)
  }

  /// Starts looking at `candidates` on the machine's other processors
  /// (`FileSystem.OpenFolder.probes`), for the `kind(_:toRead:)` that follows for each: the paths
  /// a glob will look at next (a manifest in each folder of a listing). The walk goes on at once;
  /// `kind` takes each answer when it gets to the path (looking at it itself when the batch has
  /// not), and it is the one `kind` would have found itself; `kind` still records and watches
  /// each path in its own order, so what the walk says is the same (docs/performance.md).
  /// `toRead`: the files found are read as well, within what the bound on all manifests leaves.
  func lookAhead(_ candidates: [String], toRead: Bool) {
    guard let folder, candidates.count >= FileSystem.OpenFolder.batchMinimum, !mustStop else { return }
    var fresh: [String] = []
    fresh.reserveCapacity(candidates.count)
    for path in candidates {
      // A path already looked at (its folder's listing said what it is) is worth looking at
      // again only for its bytes, which `contents(_:)` then takes.
      if let before = known[path], before.ahead != nil || before.bytes != nil || (before.looked && !toRead) {
        continue
      }
      fresh.append(path)
    }
    let batch = aheadBatches.count
    aheadBatches.append(
      folder.probes(fresh, read: toRead, limit: limits.manifestBytes, budget: budget, until: deadline))
    known.reserveCapacity(known.count + fresh.count)
    for (item, path) in fresh.enumerated() {
      known[path, default: Known()].ahead = AheadSlot(batch: batch, item: item)
    }
  }

  /// Starts listing `folders` on the machine's other processors
  /// (`FileSystem.OpenFolder.listings`), for the `names(in:)` that follows for each (a walk
  /// entering every folder of a listing): `names` takes each listing when it gets to the folder
  /// and still counts, bounds and watches each folder in its own order. At most as many as the
  /// bound on folders leaves.
  func lookAhead(listing folders: [String]) {
    guard let folder, folders.count >= FileSystem.OpenFolder.batchMinimum, !mustStop else { return }
    var fresh: [String] = []
    for path in folders.prefix(max(limits.folders - foldersListed, 0))
    where listings[path] == nil && listingsAhead[path] == nil && path.depth < limits.depth {
      fresh.append(path)
    }
    let batch = listingBatches.count
    listingBatches.append(folder.listings(fresh, until: deadline))
    for (item, path) in fresh.enumerated() {
      listingsAhead[path] = AheadSlot(batch: batch, item: item)
    }
  }

  /// Whether nothing is at `relative`, following symbolic links (a dangling link is nothing, as
  /// for a read that meets ENOENT). Watched.
  func isAbsent(_ relative: String) -> Bool {
    guard !mustStop else { return true }
    let path = absolute(relative)
    let entry = FileSystem.entry(at: path)
    remember(relative, path, entry)
    return entry == .absent
  }

  /// The names in the folder `relative` with their kinds (empty when it cannot be listed, as
  /// Node's glob takes it). The folder is watched.
  func names(in relative: String) -> [FileSystem.ListedName] {
    if let known = listings[relative] { return known }
    guard !mustStop else { return [] }
    if relative.depth >= limits.depth {
      stop("a folder is more than \(limits.depth) folders deep")
      return []
    }
    foldersListed += 1
    if foldersListed > limits.folders {
      stop("it would list more than \(limits.folders) folders")
      return []
    }
    let path = absolute(relative)
    let found =
      relative.isEmpty
      ? FileSystem.listing(of: path)
      : (listedAhead(relative) ?? folder?.listing(relative)) ?? FileSystem.listing(of: path)
    guard let listing = found else {
      listings[relative] = []
      remember(relative, path, FileSystem.entry(at: path))
      return []
    }
    remember(relative, path, listing.entry)
    // Room for each name and a file looked for in each (a manifest below a package's folder).
    known.reserveCapacity(known.count + 2 * listing.names.count)
    for listed in listing.names {
      known[Self.join(relative, listed.name), default: Known()].look(listed.kind)
    }
    listings[relative] = listing.names
    return listing.names
  }

  /// What `lookAhead(listing:)` listed at `relative`, taken: `.none` when it did not list it
  /// (not asked, or its deadline passed), `.some(nil)` when the folder could not be listed.
  private func listedAhead(_ relative: String) -> FileSystem.ListingAnswer?? {
    guard let slot = listingsAhead.removeValue(forKey: relative) else { return .none }
    return listingBatches[slot.batch].take(slot.item)
  }

  /// `bytes`, read from `path`, listed among the manifests read and counted against the bound on
  /// all of them.
  private func counted(_ path: String, _ bytes: [UInt8]) -> Result<[UInt8], ReadFailure> {
    read.append(path)
    bytesRead += bytes.count
    if bytesRead > limits.totalBytes {
      stop("its manifests hold more than \(limits.totalBytes >> 20) MiB")
      return .failure(.tooLarge(stopped ?? ""))
    }
    return .success(bytes)
  }

  /// The bytes of `relative` when the walk's stat found a regular file there within the bound
  /// and it still holds as many bytes: three system calls (open, read, close), the stat's answer
  /// already watched. nil otherwise: the ordinary read then says what is there.
  private func knownRegularFile(_ relative: String, _ signature: FileSignature) -> [UInt8]? {
    // Fits: the bound, an Int, widened to the stat's Int64.
    guard let folder, signature.size <= Int64(limits.manifestBytes)
    else { return nil }
    // Fits: at most the bound on one manifest.
    return folder.regularFile(relative, size: Int(signature.size))
  }

  /// What the walk knows of one path.
  private struct Known {
    /// What is there, not following a final symbolic link (nil: nothing), once `looked`.
    var kind: FileSystem.LinkKind?
    /// Whether `kind` says what is there (a listing or a look at the path said it).
    var looked = false
    /// Whether the path is watched (`watched` holds it).
    var watched = false
    /// Its absolute path, once built (for the list of manifests read).
    var path: String?
    /// What the walk's own stat found there when it is a regular file (not through a link), so
    /// that reading it takes no further stat.
    var regularFile: FileSignature?
    /// Its bytes, read where the walk looked at it (`kind(_:toRead:)`), until `contents(_:)`
    /// takes them.
    var bytes: [UInt8]?
    /// Where a batch of `lookAhead` holds what it found there, until `kind(_:toRead:)` or
    /// `contents(_:)` takes it.
    var ahead: AheadSlot?

    /// Records `kind` as what is there (its folder's listing, or a look at the path, said it).
    mutating func look(_ kind: FileSystem.LinkKind?) {
      self.kind = kind
      looked = true
    }

    /// Marks the path watched, its absolute path `path`; whether it was not yet (then the
    /// caller adds it to the walk's `watched`, so each path is watched once).
    mutating func watch(at path: String) -> Bool {
      guard !watched else { return false }
      watched = true
      self.path = path
      return true
    }
  }

  /// Why a manifest was not read.
  enum ReadFailure: Error, Hashable {
    /// Node fails on it too (missing, a folder, a dangling link, unreadable), in its words.
    case unreadable(String)
    /// A bound of this walk.
    case tooLarge(String)
  }

  /// The bytes of the file `relative` (a symbolic link followed, as Node's reads follow it).
  /// Watched, and listed among the manifests read.
  func contents(_ relative: String) -> Result<[UInt8], ReadFailure> {
    guard !mustStop else { return .failure(.tooLarge(stopped ?? "")) }
    guard read.count < limits.manifests else {
      stop("it would read more than \(limits.manifests) manifests")
      return .failure(.tooLarge(stopped ?? ""))
    }
    // One lookup: the bytes held (taken), what a stat found, the absolute path built.
    var built: String?
    var regularFile: FileSignature?
    if let index = known.index(forKey: relative) {
      if let bytes = known.values[index].bytes {
        known.values[index].bytes = nil
        budget.give(bytes.count)
        return counted(known.values[index].path ?? absolute(relative), bytes)
      }
      built = known.values[index].path
      regularFile = known.values[index].regularFile
      // A regular file `lookAhead` read: what `folder.file` below would read and stat.
      if let slot = known.values[index].ahead,
        case .found(.other, let entry, let bytes?)? = aheadBatches[slot.batch].peek(slot.item),
        case .file = entry
      {
        _ = takeAhead(index)
        budget.give(bytes.count)
        let path = built ?? absolute(relative)
        remember(relative, path, entry)
        return counted(path, bytes)
      }
    }
    let path = built ?? absolute(relative)
    if let regularFile, let bytes = knownRegularFile(relative, regularFile) {
      return counted(path, bytes)
    }
    if let folder, !relative.isEmpty, let (bytes, entry) = folder.file(relative, limit: limits.manifestBytes)
    {
      remember(relative, path, entry)
      return counted(path, bytes)
    }
    switch FileSystem.smallFileAndEntry(at: path, limit: limits.manifestBytes) {
    case .success(let (bytes, entry)):
      remember(relative, path, entry)
      return counted(path, bytes)
    case .failure(let problem):
      remember(relative, path, FileSystem.entry(at: path))
      switch problem {
      case .tooLarge(let limit):
        return .failure(.tooLarge("\(relative) is larger than \(limit >> 10) KiB"))
      case .notAFile(let what):
        return .failure(.unreadable("\(relative) is \(what)"))
      case .unreadable(let reason):
        return .failure(.unreadable("\(relative): \(reason)"))
      }
    }
  }
}

extension String {
  /// How many folders deep the relative path is (`a/b` is 2, the root `""` is 0), as a count of
  /// its non-empty segments.
  fileprivate var depth: Int {
    var count = 0
    var inSegment = false
    for byte in utf8 {
      if byte == UInt8(ascii: "/") {
        inSegment = false
      } else if !inSegment {
        inSegment = true
        count += 1
      }
    }
    return count
  }
}
