import StableTextCore

/// What completion offers from the team's configuration (Protocol/README.md, "Completion").
extension TeamConventions {
  /// The types on line 1: commitlint's `type-enum` (under `always`), else Conventional Commits'
  /// list (without those a `never` forbids) when a commitlint configuration applies, else
  /// gitlint's CT1 `types` when CT1 is enabled; none without a team's configuration (quiet until
  /// asked: a message that is not Conventional Commits gets no types pushed at it). Each with
  /// config-conventional's description when it has one.
  package var completionTypes: [(name: String, description: String?)] {
    func described(_ names: [String]) -> [(name: String, description: String?)] {
      var seen: Set<String> = []
      return names.filter { seen.insert($0).inserted }.map { ($0, ConventionalTypes.description(of: $0)) }
    }
    let conventional = ConventionalTypes.all.map(\.type)
    if let configuration = commitlint?.configuration {
      guard let setting = configuration.setting("type-enum"), setting.level > 0,
        case .success(let listed) = TypeEnumRule.read(setting.value)
      else { return described(conventional) }
      if setting.condition == .never { return described(conventional.filter { !listed.contains($0) }) }
      return described(listed)
    }
    if let gitlint = gitlint?.configuration, gitlint.applies("CT1"),
      let index = gitlint.index(of: "CT1")
    {
      return described(gitlint.rules[index].options.list("types") ?? [])
    }
    return []
  }

  /// commitlint's `scope-enum` scopes (under `always`, when it lists any), or nil: then the
  /// history's.
  package var completionScopes: [(name: String, documentation: String?)]? {
    guard let setting = commitlint?.configuration.setting("scope-enum"), setting.level > 0,
      setting.condition != .never, case .success(let read) = ScopeEnumRule.read(setting.value),
      !read.0.isEmpty
    else { return nil }
    // An empty entry (a scope package's `undefined`) is no scope to offer.
    return read.0.filter { !$0.isEmpty }.map { ($0, "scope-enum") }
  }

  /// The trailers the message must carry, with what requires each: commitlint's `trailer-exists`
  /// and `signed-off-by` (under `always`), gitlint's CC1.
  package var completionTrailers: [(token: String, why: String)] {
    var required: [(token: String, why: String)] = []
    if let configuration = commitlint?.configuration {
      for (name, fallback) in [("trailer-exists", ""), ("signed-off-by", "Signed-off-by:")] {
        guard let setting = configuration.setting(name), setting.level > 0, setting.condition != .never
        else { continue }
        var token = Substring(CommitlintValueShape.string(setting.value, default: fallback))
        while token.last == ":" || token.last == " " { token.removeLast() }
        if TrailerToken.isValid(token) {
          required.append((String(token), "required by commitlint's \(name)"))
        }
      }
    }
    if let gitlint = gitlint?.configuration, gitlint.applies("CC1") {
      required.append(("Signed-off-by", "required by gitlint's CC1"))
    }
    return required
  }
}
