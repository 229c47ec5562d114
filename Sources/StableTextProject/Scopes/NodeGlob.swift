import StableTextSystem

/// Node's `fs.glob` and `fs.globSync` (Node 22 and later; minimatch with `nonegate`,
/// `nocomment`, `windowsPathsNoEscape` and optimisation level 2) as commitlint's scope packages
/// call them, on Linux: how a workspace pattern becomes the segments matched, and the walk that
/// matches them (`NodeGlob+Walk.swift`). Each segment is matched by the C library's `fnmatch(3)`
/// (`FNM_PERIOD`, glibc's `FNM_EXTMATCH`), which agrees with minimatch on `*`, `?`, bracket
/// expressions and extended patterns for ASCII names. Protocol/README.md, "Scopes from a
/// monorepo's packages", says where they part.
enum NodeGlob {
  /// One path segment of a pattern.
  enum Segment: Hashable {
    /// `**`: any number of folders (not those starting with `.`, not through symbolic links).
    case globstar
    /// A name compared as written (a symbolic link to a folder is followed).
    case literal(String)
    /// A shell pattern (`*`, `?`, `[…]`, `+(…)`…) matched against each name of a listing.
    case wildcard(String)
  }

  /// One alternative of a pattern, ready to walk.
  struct Pattern: Hashable {
    var segments: [Segment]

    /// minimatch keeps a leading `./` as a `.` segment, and Node's walk then enters every
    /// folder and symbolic link below a `**` one level further (see the walk).
    var startsWithDot: Bool { segments.first == .literal(".") }
  }

  /// Why a pattern is not walked.
  enum Refusal: Error, Hashable {
    /// It reaches outside the repository (absolute, or `..` left after minimatch's
    /// simplification). `probe`: for a pattern without wildcards, the one path it names (from the
    /// root, or absolute), which the caller may look for (nothing there: nothing found).
    case outside(probe: String?)
    /// StableText does not expand it as Node would (too many alternatives, a control character).
    case notExpanded(String)
    /// Node refuses it (minimatch's "pattern is too long", more than 65,536 UTF-16 units), and
    /// the package with it.
    case nodeFails(String)
  }

  /// The most segments a pattern may have here (a bit each in the walk's position sets).
  static let maxSegments = 60

  /// The alternatives Node walks for `pattern` (a path relative to the repository's root).
  static func patterns(_ pattern: String) -> Result<[Pattern], Refusal> {
    if pattern.utf16.count > 65_536 {
      return .failure(.nodeFails("a glob pattern longer than 65,536 characters (\"pattern is too long\")"))
    }
    // windowsPathsNoEscape: a backslash is a separator, never an escape.
    let slashed = String(pattern.map { $0 == "\\" ? "/" : $0 })
    if slashed.isEmpty { return .success([]) }
    let alternatives: [String]
    switch braceExpanded(slashed) {
    case .success(let expanded): alternatives = expanded
    case .failure(let refusal): return .failure(.notExpanded(refusal.reason))
    }
    var parts = alternatives.map(splitAtSlashes).map(simplified)
    parts = mergedAlternatives(parts)
    var result: [Pattern] = []
    for segments in parts {
      if segments.first == "" || segments.contains("..") {
        let literal =
          segments.allSatisfy { $0 == "" || $0 == ".." || !isMagic($0) } && !segments.contains("**")
        return .failure(.outside(probe: literal ? segments.joined(separator: "/") : nil))
      }
      guard segments.count <= maxSegments else {
        return .failure(.notExpanded("it has more than \(maxSegments) segments"))
      }
      result.append(
        Pattern(
          segments: segments.map { segment in
            segment == "**" ? .globstar : isMagic(segment) ? .wildcard(segment) : .literal(segment)
          }))
    }
    return .success(result)
  }

  /// minimatch's split: at every run of slashes (`a//b` is `a/b`); a leading slash leaves an
  /// empty first segment, a trailing one an empty last.
  static func splitAtSlashes(_ text: String) -> [String] {
    let parts = text.slashSeparated(omittingEmpty: false)
    return parts.indices.compactMap { index in
      parts[index].isEmpty && index != 0 && index != parts.count - 1 ? nil : String(parts[index])
    }
  }

  /// minimatch's first phase at optimisation level 2, to its fixed point: runs of `**` become
  /// one, `.` and empty segments inside the pattern go, and `name/..` goes (a leading `name/..`
  /// before `**` leaves `.`).
  static func simplified(_ start: [String]) -> [String] {
    var parts = start
    var changed = true
    while changed {
      changed = false
      var index = 0
      while index + 1 < parts.count {
        if parts[index] == "**" && parts[index + 1] == "**" {
          parts.remove(at: index + 1)
          changed = true
        } else {
          index += 1
        }
      }
      index = 1
      while index < parts.count - 1 {
        if (parts[index] == "." || parts[index] == "")
          && !(index == 1 && parts[index] == "" && parts[0] == "")
        {
          parts.remove(at: index)
          changed = true
        } else {
          index += 1
        }
      }
      if parts.count == 2 && parts[0] == "." && (parts[1] == "." || parts[1] == "") {
        parts.removeLast()
        changed = true
      }
      index = 1
      while index < parts.count {
        let before = parts[index - 1]
        if parts[index] == ".." && !before.isEmpty && before != "." && before != ".." && before != "**" {
          let keepDot = index == 1 && index + 1 < parts.count && parts[index + 1] == "**"
          parts.replaceSubrange((index - 1)...index, with: keepDot ? ["."] : [])
          if parts.isEmpty { parts = [""] }
          changed = true
          index = max(index - 1, 1)
        } else {
          index += 1
        }
      }
    }
    return parts
  }

  /// minimatch's second phase: two alternatives that differ only where one has `*` and the other
  /// a name not starting with `.` (or where one has `**` the other lacks) become the wider one.
  static func mergedAlternatives(_ start: [[String]]) -> [[String]] {
    var all = start
    for first in all.indices.dropLast() {
      for second in (first + 1)..<all.count {
        if let merged = wider(all[first], all[second]) {
          all[first] = []
          all[second] = merged
          break
        }
      }
    }
    return all.filter { !$0.isEmpty }
  }

  private static func wider(_ a: [String], _ b: [String]) -> [String]? {
    var (i, j) = (0, 0)
    var result: [String] = []
    var which: Character?
    while i < a.count && j < b.count {
      if a[i] == b[j] {
        result.append(which == "b" ? b[j] : a[i])
        i += 1
        j += 1
      } else if a[i] == "**" && i + 1 < a.count && b[j] == a[i + 1] {
        result.append(a[i])
        i += 1
      } else if b[j] == "**" && j + 1 < b.count && a[i] == b[j + 1] {
        result.append(b[j])
        j += 1
      } else if a[i] == "*" && !b[j].isEmpty && !b[j].hasPrefix(".") && b[j] != "**" {
        if which == "b" { return nil }
        which = "a"
        result.append(a[i])
        i += 1
        j += 1
      } else if b[j] == "*" && !a[i].isEmpty && !a[i].hasPrefix(".") && a[i] != "**" {
        if which == "a" { return nil }
        which = "b"
        result.append(b[j])
        i += 1
        j += 1
      } else {
        return nil
      }
    }
    return a.count == b.count ? result : nil
  }

  /// Whether minimatch makes a pattern of the segment rather than a name: `*`, `?`, a closed
  /// bracket expression, or a closed extended pattern.
  static func isMagic(_ segment: String) -> Bool {
    let scalars = Array(segment.unicodeScalars)
    for (index, scalar) in scalars.enumerated() {
      switch scalar {
      case "*", "?": return true
      case "[" where scalars[(index + 1)...].contains("]"): return true
      case "("
      where index > 0 && "+@!".unicodeScalars.contains(scalars[index - 1])
        && scalars[(index + 1)...].contains(")"):
        return true
      default: continue
      }
    }
    return false
  }

  /// Whether `name` matches the segment at `index` of `pattern` (past the end: no).
  static func test(_ pattern: Pattern, _ index: Int, _ name: String) -> Bool {
    guard index < pattern.segments.count else { return false }
    switch pattern.segments[index] {
    case .globstar: return true
    case .literal(let literal): return literal == name
    case .wildcard(let wildcard): return FileSystem.segmentMatches(wildcard, name)
    }
  }
}
