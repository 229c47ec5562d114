/// Who signs off a commit message, as git would write it (`git commit -s` writes
/// `Signed-off-by: NAME <EMAIL>` with the committer's identity): what the `missing-trailer` fix
/// for `Signed-off-by` adds (Protocol/README.md, "Code actions and hover": "Fixes that write").
/// The daemon learns it from git's configuration for git's message files, `check` from `git var
/// GIT_COMMITTER_IDENT`; elsewhere it is unknown.
package enum SignOffIdentity: Hashable, Sendable {
  /// Nobody asked git (not a git message file, or git has not answered yet): no fix, and the
  /// diagnostic says nothing more.
  case unknown
  /// git was asked and has no identity (no `user.name` or no `user.email`): no fix, and the
  /// diagnostic says why.
  case missing
  /// git's identity.
  case known(name: String, email: String)

  /// The identity from a name and an e-mail as git's configuration gives them: `missing` unless
  /// both are there.
  package init(name: String?, email: String?) {
    guard let name, !name.isEmpty, let email, !email.isEmpty else {
      self = .missing
      return
    }
    self = .known(name: name, email: email)
  }

  /// The identity in `Name <email> TIMESTAMP ZONE`, as `git var GIT_COMMITTER_IDENT` writes it;
  /// missing when it is not that.
  package init(ident: String) {
    guard let open = ident.firstIndex(of: "<"), let close = ident.lastIndex(of: ">"), open < close else {
      self = .missing
      return
    }
    var name = String(ident[..<open])
    while name.hasSuffix(" ") { name.removeLast() }
    self.init(name: name, email: String(ident[ident.index(after: open)..<close]))
  }

  /// The trailer's value, `Name <email>`, when known.
  package var trailerValue: String? {
    guard case .known(let name, let email) = self else { return nil }
    return "\(name) <\(email)>"
  }
}
