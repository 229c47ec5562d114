/// What every scope package does with a package's name, and JavaScript's default sort.
enum ScopeNames {
  /// `name.charAt(0) === "@" ? name.split("/")[1] : name`: an npm scope dropped (`@acme/ui` →
  /// `ui`, `@acme/ui/x` → `ui`, `@acme/` → ``); nil (`undefined`) for `@acme` alone.
  static func scope(of name: String) -> String? {
    guard name.unicodeScalars.first == "@" else { return name }
    let parts = name.unicodeScalars.split(separator: "/", maxSplits: 2, omittingEmptySubsequences: false)
    return parts.count > 1 ? String(String.UnicodeScalarView(parts[1])) : nil
  }

  /// `name` as the packages test it (`if (name)`, then `name.charAt`): nil when falsy; a
  /// failure naming the type when it is truthy but not a string (JavaScript's TypeError).
  static func name(_ value: ManifestValue) -> Result<String?, TypeFailure> {
    guard value.isTruthy else { return .success(nil) }
    guard let text = value.string else {
      return .failure(
        TypeFailure(message: "name.charAt is not a function (a name that is \(value.typeName))"))
    }
    return .success(text)
  }

  struct TypeFailure: Error, Hashable {
    var message: String
  }

  /// JavaScript's `Array.prototype.sort()` without a comparator: strings by UTF-16 code units,
  /// `undefined` last. Stable.
  static func sorted(_ list: [String?]) -> [String?] {
    let defined = list.compactMap { $0 }.sorted { $0.utf16.lexicographicallyPrecedes($1.utf16) }
    return defined + Array(repeating: nil, count: list.count - defined.count)
  }
}
