import StableTextSystem

/// The walk of Node's glob, as its results come out for the patterns the scope packages build
/// (each ending in a file name). A folder is visited with the set of pattern positions still to
/// match below it:
///
/// - a name segment looks up that one name (a symbolic link to a folder is entered);
/// - a wildcard segment lists the folder and enters the real folders whose names match (never a
///   symbolic link);
/// - `**` lists the folder and, for each name not starting with `.` (unless the next segment
///   matches it) and not excluded, enters a real folder with `**` again, and tries the next
///   segment on the name; a symbolic link is entered only where the next segment matches its name
///   (or the pattern starts with `./`), and then for the segment after `**`, never `**` itself;
/// - the last segment, a file name, is a result wherever it exists (a folder or a dangling link
///   named `package.json` included: the package then fails to read it).
///
/// Excluded names (the package's `exclude`, a substring test) are neither entered nor matched.
/// The walk never loops: `**` does not follow symbolic links, and each link entered moves a
/// position forward.
extension NodeGlob {
  /// The paths (relative to the root, as Node returns them) that `patterns` — the alternatives
  /// of one glob call — match, each once, in the order found. `excluded` is the package's test on
  /// a relative path or a name.
  static func matches(_ patterns: [Pattern], excluded: (String) -> Bool, in walk: ScopeWalk) -> [String] {
    var found: [String] = []
    var seen = Set<String>()
    for pattern in patterns {
      let matched = matches(pattern, excluded: excluded, in: walk)
      seen.reserveCapacity(seen.count + matched.count)
      for path in matched where seen.insert(path).inserted {
        found.append(path)
      }
    }
    return found
  }

  private struct Visit {
    var path: String
    var positions: UInt64
    /// Positions reached through a symbolic link at a `**` (that `**` does not go on inside it).
    var throughLink: UInt64
  }

  private static func matches(_ pattern: Pattern, excluded: (String) -> Bool, in walk: ScopeWalk) -> [String]
  {
    let segments = pattern.segments
    let last = segments.count - 1
    guard last >= 0 else { return [] }
    // Fits: indices are 0…maxSegments-1 (at most 59), bits of a UInt64.
    let lastBit: UInt64 = 1 << UInt64(last)
    func bit(_ index: Int) -> UInt64 { 1 << UInt64(index) }
    var results: [String] = []
    var candidatesFound = 0
    var candidatesMissing = 0
    var visited: [String: UInt64] = [:]
    var stack = [Visit(path: "", positions: 1, throughLink: 0)]
    while let visit = stack.popLast() {
      let path = visit.path
      let positions = visit.positions
      // One lookup: the positions not yet visited here, and the visit recorded.
      let fresh = { (done: inout UInt64) -> UInt64 in
        defer { done |= positions }
        return positions & ~done
      }(&visited[path, default: 0])
      guard fresh != 0 else { continue }
      let kind = walk.kind(path)
      let isFolder = kind == .directory || (kind == .symbolicLink && positions & ~visit.throughLink != 0)
      if positions & 1 != 0, segments[0] == .literal(".") {
        stack.append(Visit(path: path, positions: bit(1), throughLink: 0))
        continue
      }
      if positions & lastBit != 0, case .literal(let name) = segments[last] {
        let candidate = ScopeWalk.join(path, name)
        // Every path found is read (the packages read each manifest the glob finds), so it is
        // opened and read where it is looked for; but an open that finds nothing costs more
        // than a stat that finds nothing, so once most candidates of this pattern were missing
        // (`package.json5` next to `package.json`) they are only looked at. The answers are the
        // same either way.
        if walk.kind(candidate, toRead: candidatesFound >= candidatesMissing) != nil {
          results.append(candidate)
          candidatesFound += 1
        } else {
          candidatesMissing += 1
        }
        if positions == lastBit { continue }
      }
      guard isFolder else { continue }
      let names: [FileSystem.ListedName]
      if positions.nonzeroBitCount == 1, case .literal(let name) = segments[positions.trailingZeroBitCount] {
        names = walk.kind(ScopeWalk.join(path, name)).map { [FileSystem.ListedName(name, $0)] } ?? []
      } else {
        names = walk.names(in: path)
        visited.reserveCapacity(visited.count + names.count)
      }
      // The file each folder entered here is looked for in, looked at together before the visits.
      var ahead: [String] = []
      for child in names {
        let childPath = ScopeWalk.join(path, child.name)
        let childIsFolder = child.kind == .directory
        let childIsLink = child.kind == .symbolicLink
        var next: UInt64 = 0
        var links: UInt64 = 0
        for index in 0...last where positions & bit(index) != 0 {
          switch segments[index] {
          case .globstar:
            let nextMatches = test(pattern, index + 1, child.name)
            if child.name.hasPrefix(".") && !nextMatches { continue }
            if excluded(child.name) { continue }
            let fromLink = visit.throughLink & bit(index) != 0
            if !fromLink && childIsFolder { next |= bit(index) }
            if nextMatches && index + 1 == last && positions & lastBit == 0 {
              results.append(childPath)
            } else if nextMatches && childIsFolder {
              next |= bit(index + 2)
            }
            if (nextMatches || pattern.startsWithDot) && (childIsFolder || childIsLink) && !fromLink {
              next |= bit(index + 1)
            }
            if childIsLink { links |= bit(index) }
          case .literal(let name):
            if name == child.name && index != last { next |= bit(index + 1) }
          case .wildcard(let wildcard):
            if index != last && childIsFolder && segmentMatches(wildcard, child.name) {
              next |= bit(index + 1)
            }
          }
        }
        // Node may add a position past the last (`**` then the file name, on a folder named like
        // the file); it matches nothing there.
        next &= lastBit | (lastBit - 1)
        if next != 0 && !excluded(childPath) {
          stack.append(Visit(path: childPath, positions: next, throughLink: links))
          if next & lastBit != 0, case .literal(let name) = segments[last] {
            ahead.append(ScopeWalk.join(childPath, name))
          }
        }
      }
      if ahead.count >= FileSystem.OpenFolder.batchMinimum {
        walk.lookAhead(ahead, toRead: candidatesFound >= candidatesMissing)
      }
    }
    return results
  }

  /// `FileSystem.segmentMatches(wildcard, name)`, the commonest wildcard answered here: `*`
  /// matches an ASCII name not starting with `.` (`FNM_PERIOD`), in any locale; any other
  /// wildcard or name is fnmatch's.
  static func segmentMatches(_ wildcard: String, _ name: String) -> Bool {
    if wildcard == "*", let first = name.utf8.first, name.utf8.allSatisfy({ $0 < 0x80 }) {
      return first != UInt8(ascii: ".")
    }
    return FileSystem.segmentMatches(wildcard, name)
  }
}
