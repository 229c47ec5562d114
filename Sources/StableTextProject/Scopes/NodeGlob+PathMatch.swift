import StableTextSystem

/// minimatch's `minimatch(path, pattern)` (the match of a whole path, not a walk), as Nx tests a
/// `package.json` against a workspace pattern: braces expanded, `**` any number of segments not
/// starting with `.`, a leading `!` negating.
extension NodeGlob {
  /// Whether `path` (relative, `/`-separated) matches `pattern`; nil when the pattern is not
  /// expanded here.
  static func pathMatches(_ path: String, _ pattern: String) -> Bool? {
    var text = Substring(pattern)
    var negated = false
    while text.first == "!" {
      negated.toggle()
      text = text.dropFirst()
    }
    guard case .success(let alternatives) = braceExpanded(String(text)) else { return nil }
    let names = path.split(separator: "/").map(String.init)
    let matched = alternatives.contains { alternative in
      let segments = simplified(splitAtSlashes(alternative))
      return matches(segments[...], names[...])
    }
    return matched != negated
  }

  private static func matches(_ segments: ArraySlice<String>, _ names: ArraySlice<String>) -> Bool {
    guard let segment = segments.first else { return names.isEmpty }
    if segment == "**" {
      if matches(segments.dropFirst(), names) { return true }
      guard let name = names.first, !name.hasPrefix(".") else { return false }
      return matches(segments, names.dropFirst())
    }
    guard let name = names.first else { return false }
    let matched = isMagic(segment) ? FileSystem.segmentMatches(segment, name) : segment == name
    return matched && matches(segments.dropFirst(), names.dropFirst())
  }
}
