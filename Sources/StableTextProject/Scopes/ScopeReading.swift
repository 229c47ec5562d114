import StableTextJSON
import StableTextSystem

/// What the five packages' readings share: reading a manifest as a package reads it, and
/// globbing a pattern as Node does for it, each failure said as commitlint would meet it.
struct ScopeReading {
  let walk: ScopeWalk
  /// The package's `exclude` test on a relative path or a name (`p.includes("node_modules")`…).
  let excluded: (String) -> Bool

  /// A stop: commitlint fails (the package throws), or StableText cannot compute it.
  func fails(_ relative: String?, line: Int? = nil, column: Int? = nil, _ message: String) -> ScopeProblem {
    ScopeProblem(.commitlintFails, path: relative.map(walk.absolute), line: line, column: column, message)
  }

  func notComputed(_ relative: String?, _ message: String) -> ScopeProblem {
    ScopeProblem(.notComputed, path: relative.map(walk.absolute), message)
  }

  /// The manifest `relative` parsed as JSON; a failure as the package meets it.
  func json(_ relative: String, dropsByteOrderMark: Bool) throws(ScopeProblem) -> ManifestValue {
    let bytes = try contents(relative)
    switch ManifestParsing.json(bytes, dropsByteOrderMark: dropsByteOrderMark) {
    case .success(let handle): return .json(handle.ref())
    case .failure(let failure): throw problem(failure, relative)
    }
  }

  /// The manifest `relative` parsed as YAML (read-yaml-file).
  func yaml(_ relative: String) throws(ScopeProblem) -> ManifestValue {
    let bytes = try contents(relative)
    switch ManifestParsing.yaml(bytes) {
    case .success(let value): return .yaml(value)
    case .failure(let failure): throw problem(failure, relative)
    }
  }

  func contents(_ relative: String) throws(ScopeProblem) -> [UInt8] {
    switch walk.contents(relative) {
    case .success(let bytes): return bytes
    case .failure(.unreadable(let reason)): throw fails(relative, reason)
    case .failure(.tooLarge(let reason)): throw notComputed(relative, reason)
    }
  }

  func problem(_ failure: ManifestParsing.Failure, _ relative: String) -> ScopeProblem {
    switch failure {
    case .invalid(let message, let line, let column):
      return fails(relative, line: line, column: column, message)
    case .unsupported(let message):
      return notComputed(relative, message)
    }
  }

  /// The paths one glob call with `pattern` finds (relative, each once, in the order found).
  /// `source`: the manifest that holds the pattern, for a problem.
  func glob(_ pattern: String, from source: String) throws(ScopeProblem) -> [String] {
    switch NodeGlob.patterns(pattern) {
    case .success(let patterns):
      return NodeGlob.matches(patterns, excluded: excluded, in: walk)
    case .failure(.outside(let probe?)):
      // A pattern without wildcards names one path: nothing there, nothing found (as for Node).
      let path = probe.hasPrefix("/") ? probe : walk.absolute(probe)
      guard walk.kindOutside(path) != nil else { return [] }
      throw notComputed(source, "the pattern \(quoted(pattern)) names \(path), outside the repository")
    case .failure(.outside(nil)):
      throw notComputed(source, "the pattern \(quoted(pattern)) reaches outside the repository")
    case .failure(.notExpanded(let reason)):
      throw notComputed(source, "the pattern \(quoted(pattern)) is not expanded here: \(reason)")
    case .failure(.nodeFails(let reason)):
      throw fails(source, reason)
    }
  }

  /// The patterns of `for (const pattern of patterns) pattern.replace(…)` on a manifest's value:
  /// an array's strings; a string's characters, each a pattern (JavaScript iterates a string by
  /// code points); anything else is JavaScript's TypeError.
  func patterns(_ value: ManifestValue, field: String, in source: String) throws(ScopeProblem) -> [String] {
    if let text = value.string { return text.unicodeScalars.map { String($0) } }
    guard let elements = value.elements else {
      throw fails(source, "\(field): patterns is not iterable (it is \(value.typeName))")
    }
    var patterns: [String] = []
    for (index, element) in elements.enumerated() {
      guard let text = element.string else {
        throw fails(
          source, "\(field)[\(index)]: pattern.replace is not a function (it is \(element.typeName))")
      }
      patterns.append(text)
    }
    return patterns
  }

  /// `pattern.replace(/\/?$/, "/" + name)`: a trailing slash replaced, else one added.
  static func withFileName(_ pattern: String, _ name: String) -> String {
    var scalars = pattern.unicodeScalars
    if scalars.last == "/" { scalars.removeLast() }
    return String(scalars) + "/" + name
  }

  /// `text` in JSON's quotes, as messages show a value.
  func quoted(_ text: String) -> String {
    var escaped = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": escaped += "\\\""
      case "\\": escaped += "\\\\"
      case "\n": escaped += "\\n"
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped + "\""
  }

  /// `package.name` turned into a scope as every package does (`@acme/ui` → `ui`), nil for a
  /// falsy name; a failure for a truthy name that is not a string.
  func scope(ofNameIn manifest: ManifestValue, _ relative: String) throws(ScopeProblem) -> String?? {
    switch ScopeNames.name(manifest["name"]) {
    case .success(nil): return .none
    case .success(let name?): return .some(ScopeNames.scope(of: name))
    case .failure(let failure): throw fails(relative, failure.message)
    }
  }
}

extension ScopeWalk {
  /// What is at an absolute path outside the repository that a pattern names (watched).
  func kindOutside(_ path: String) -> FileSystem.LinkKind? {
    guard stopped == nil else { return nil }
    let found = FileSystem.linkEntry(at: path)
    remember(absolute: path, found?.entry ?? .absent)
    return found?.kind
  }
}
