import StableTextSystem

/// minimatch's `minimatch(path, pattern)` (the match of a whole path, not a walk), as Nx tests a
/// `package.json` against a workspace pattern: braces expanded, `**` any number of segments not
/// starting with `.`, a leading `!` negating.
extension NodeGlob {
  /// Whether `path` (relative, `/`-separated) matches `pattern`; nil when the pattern is not
  /// expanded here.
  static func pathMatches(_ path: String, _ pattern: String) -> Bool? {
    PathPattern(pattern)?.matches(PathPattern.names(of: path))
  }

  /// A pattern made ready once for matching many paths: its `!`s counted and its braces
  /// expanded, each alternative split and simplified, each segment told a name or a pattern.
  struct PathPattern {
    private struct Segment {
      var text: String
      var isMagic: Bool
    }

    let negated: Bool
    private let alternatives: [[Segment]]

    /// nil when the pattern is not expanded here.
    init?(_ pattern: String) {
      var text = Substring(pattern)
      var negated = false
      while text.first == "!" {
        negated.toggle()
        text = text.dropFirst()
      }
      guard case .success(let expanded) = braceExpanded(String(text)) else { return nil }
      self.negated = negated
      alternatives = expanded.map { alternative in
        simplified(splitAtSlashes(alternative)).map { Segment(text: $0, isMagic: isMagic($0)) }
      }
    }

    /// The names of a path, as `matches` takes them.
    static func names(of path: String) -> [Substring] {
      path.slashSeparated()
    }

    /// Whether the path whose names are `names` matches.
    func matches(_ names: [Substring]) -> Bool {
      alternatives.contains { Self.matches($0[...], names[...]) } != negated
    }

    private static func matches(_ segments: ArraySlice<Segment>, _ names: ArraySlice<Substring>) -> Bool {
      guard let segment = segments.first else { return names.isEmpty }
      if segment.text == "**" {
        if matches(segments.dropFirst(), names) { return true }
        guard let name = names.first, !name.hasPrefix(".") else { return false }
        return matches(segments, names.dropFirst())
      }
      guard let name = names.first else { return false }
      let matched =
        segment.isMagic ? FileSystem.segmentMatches(segment.text, String(name)) : segment.text == name
      return matched && matches(segments.dropFirst(), names.dropFirst())
    }
  }
}
