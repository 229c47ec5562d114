/// `@commitlint/is-ignored`: the messages commitlint does not lint (Protocol/README.md, "Team
/// conventions"). Its `defaults.ts` wildcards, decided exactly as their JavaScript regular
/// expressions decide (`.` stops at a line terminator, `^`/`$` of the `m` flag at line ends),
/// written out by hand over the message's scalars. A configuration's own `ignores` are JavaScript
/// functions: a JavaScript or TypeScript file's are read as predicates (`CommitlintIgnore`), and
/// JSON or YAML cannot hold one.
package enum CommitlintIgnores {
  /// `isIgnored(message, {defaults})` with no `ignores`: whether a default wildcard matches
  /// (when `defaults` is true, commitlint's `defaultIgnores`).
  package static func isIgnored(_ message: String, defaults: Bool = true) -> Bool {
    guard defaults, mayMatch(message.utf8) else { return false }
    let text = Array(message.unicodeScalars)
    let lines = multilineLines(text)
    // /^((Merge pull request)|(Merge (.*?) into (.*?)|(Merge branch (.*?)))(?:\r?\n)*$)/m
    // /^(Merge tag (.*?))(?:\r?\n)*$/m
    for line in lines {
      if hasPrefix(line, "Merge pull request") || hasPrefix(line, "Merge branch ")
        || hasPrefix(line, "Merge tag ")
        || (hasPrefix(line, "Merge ") && contains(Array(line.dropFirst(6)), " into "))
      {
        return true
      }
    }
    let first = lines.first ?? []
    // /^(R|r)evert (.*)/, /^(R|r)eapply (.*)/, /^(amend|fixup|squash)!/
    for prefix in ["Revert ", "revert ", "Reapply ", "reapply ", "amend!", "fixup!", "squash!"]
    where hasPrefix(text, prefix) {
      return true
    }
    if isSemver(text) { return true }
    // /^(Merged (.*?)(in|into) (.*)|Merged PR (.*): (.*))/
    if hasPrefix(first, "Merged ") {
      let rest = Array(first.dropFirst(7))
      if contains(rest, "in ") || contains(rest, "into ") { return true }
      if hasPrefix(rest, "PR "), contains(Array(rest.dropFirst(3)), ": ") { return true }
    }
    // /^Merge remote-tracking branch(\s*)(.*)/, /^Automatic merge(.*)/
    if hasPrefix(text, "Merge remote-tracking branch") || hasPrefix(text, "Automatic merge") { return true }
    // /^Auto-merged (.*?) into (.*)/
    if hasPrefix(first, "Auto-merged "), contains(Array(first.dropFirst(12)), " into ") { return true }
    return false
  }

  /// A screen that rules out most messages without copying their scalars: every wildcard needs a
  /// line starting with `Merge` (so the word somewhere), a message starting with one of a few
  /// words, or a version on the first line (the semver test keeps a part of that line, and a
  /// version has at least two dots). False only where no wildcard can match.
  private static func mayMatch(_ utf8: String.UTF8View) -> Bool {
    let starts = [
      "Revert ", "revert ", "Reapply ", "reapply ", "amend!", "fixup!", "squash!", "Automatic merge",
      "Auto-merged ",
    ]
    if starts.contains(where: { utf8.starts(with: $0.utf8) }) { return true }
    var dots = 0
    var firstLine = true
    var index = utf8.startIndex
    let merge = Array("Merge".utf8)
    while index != utf8.endIndex {
      let byte = utf8[index]
      if byte == 0x0A { firstLine = false }
      if firstLine && byte == 0x2E {
        dots += 1
        if dots == 2 { return true }
      }
      if byte == 0x4D, utf8[index...].starts(with: merge) { return true }
      index = utf8.index(after: index)
    }
    return false
  }

  /// The lines the `m` flag's `^` starts: split at every JavaScript line terminator (so `\r\n`
  /// leaves an empty line between its two), each without its terminator.
  private static func multilineLines(_ text: [Unicode.Scalar]) -> [ArraySlice<Unicode.Scalar>] {
    var lines: [ArraySlice<Unicode.Scalar>] = []
    var start = 0
    for (index, scalar) in text.enumerated() where JavaScriptText.isLineTerminator(scalar.value) {
      lines.append(text[start..<index])
      start = index + 1
    }
    lines.append(text[start...])
    return lines
  }

  private static func hasPrefix(_ text: some Collection<Unicode.Scalar>, _ prefix: String) -> Bool {
    text.starts(with: prefix.unicodeScalars)
  }

  private static func contains(_ text: [Unicode.Scalar], _ needle: String) -> Bool {
    let needle = Array(needle.unicodeScalars)
    guard text.count >= needle.count else { return false }
    return (0...(text.count - needle.count)).contains { text[$0..<($0 + needle.count)].elementsEqual(needle) }
  }

  /// defaults.ts' `isSemver`: the first line (split at `\n` only), without a leading
  /// `chore:`/`chore(scope):` and its first `[skip ci]`-like and `(skip ci)`-like markers, trimmed,
  /// is a version `semver.valid` accepts.
  private static func isSemver(_ text: [Unicode.Scalar]) -> Bool {
    var line = Array(text.prefix { $0 != "\n" })
    // /^chore(\([^)]+\))?:/
    if hasPrefix(line, "chore:") {
      line.removeFirst(6)
    } else if hasPrefix(line, "chore("), let close = line[6...].firstIndex(of: ")"), close > 6,
      close + 1 < line.count, line[close + 1] == ":"
    {
      line.removeFirst(close + 2)
    }
    removeFirstMarker(&line, open: "[", close: "]")
    removeFirstMarker(&line, open: "(", close: ")")
    let trimmed = line.drop { JavaScriptText.isWhitespace($0.value) }.reversed()
      .drop { JavaScriptText.isWhitespace($0.value) }.reversed()
    return isValidVersion(Array(trimmed))
  }

  /// Removes the leftmost `/\[(skip|ci)(-|\s)(ci|skip)\]/i` (or its parenthesised twin). Without
  /// the `u` flag, `i` folds only ASCII letters here.
  private static func removeFirstMarker(
    _ line: inout [Unicode.Scalar], open: Unicode.Scalar, close: Unicode.Scalar
  ) {
    func word(at index: Int) -> Int? {
      for candidate in ["skip", "ci"] {
        let scalars = Array(candidate.unicodeScalars)
        if index + scalars.count <= line.count,
          zip(line[index..<(index + scalars.count)], scalars).allSatisfy({
            $0.properties.lowercaseMapping == String($1) && $0.isASCII
          })
        {
          return index + scalars.count
        }
      }
      return nil
    }
    for start in line.indices where line[start] == open {
      guard let first = word(at: start + 1), first < line.count,
        line[first] == "-" || JavaScriptText.isWhitespace(line[first].value),
        let second = word(at: first + 1), second < line.count, line[second] == close
      else { continue }
      line.removeSubrange(start...second)
      return
    }
  }

  /// `semver.valid(version)` (semver 7, not loose): at most 256 UTF-16 code units matching
  /// `^v?MAJOR.MINOR.PATCH(-PRERELEASE)?(+BUILD)?$`, each number without leading zeros and at most
  /// `Number.MAX_SAFE_INTEGER`, each prerelease identifier numeric without leading zeros or
  /// alphanumeric with a hyphen or letter, each build identifier `[0-9A-Za-z-]+`.
  private static func isValidVersion(_ scalars: [Unicode.Scalar]) -> Bool {
    guard scalars.allSatisfy(\.isASCII), scalars.count <= 256 else { return false }
    var text = String(String.UnicodeScalarView(scalars))[...]
    if text.hasPrefix("v") { text = text.dropFirst() }
    var build: Substring?
    if let plus = text.firstIndex(of: "+") {
      build = text[text.index(after: plus)...]
      text = text[..<plus]
    }
    var prerelease: Substring?
    if let dash = text.firstIndex(of: "-") {
      prerelease = text[text.index(after: dash)...]
      text = text[..<dash]
    }
    let numbers = text.split(separator: ".", omittingEmptySubsequences: false)
    guard numbers.count == 3, numbers.allSatisfy(isSafeNumber) else { return false }
    if let prerelease {
      let identifiers = prerelease.split(separator: ".", omittingEmptySubsequences: false)
      guard
        identifiers.allSatisfy({ identifier in
          isIdentifier(identifier) && (!identifier.allSatisfy(\.isNumber) || isNumeric(identifier))
        })
      else { return false }
    }
    if let build {
      guard build.split(separator: ".", omittingEmptySubsequences: false).allSatisfy(isIdentifier) else {
        return false
      }
    }
    return true
  }

  /// `[0-9A-Za-z-]+`.
  private static func isIdentifier(_ text: Substring) -> Bool {
    !text.isEmpty && text.allSatisfy { ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "-" }
  }

  /// `0|[1-9]\d*`.
  private static func isNumeric(_ text: Substring) -> Bool {
    !text.isEmpty && text.allSatisfy { $0.isASCII && $0.isNumber } && (text == "0" || text.first != "0")
  }

  /// `0|[1-9]\d*` at most `Number.MAX_SAFE_INTEGER` (semver throws above it).
  private static func isSafeNumber(_ text: Substring) -> Bool {
    guard isNumeric(text), text.count <= 16, let value = UInt64(text) else { return false }
    return value <= 9_007_199_254_740_991
  }
}
