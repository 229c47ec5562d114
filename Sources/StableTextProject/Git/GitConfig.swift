/// The keys of git's configuration that StableText reads (`keys`), as one `git config -z
/// --get-regexp` prints them (`KEY\nVALUE\0` each, `KEY\0` for a key without a value; `--list
/// -z` prints the same): from every file git reads for the folder (system, global, the
/// repository's, a worktree's, their includes) and the `git -c …` of the command that runs a
/// hook (git passes it on in `GIT_CONFIG_PARAMETERS`). Read once, then asked as often as
/// needed: the comment character, `commit.cleanup`, `core.hooksPath`, `i18n.commitEncoding`,
/// the identity.
package struct GitConfig: Equatable, Sendable {
  /// The keys read, as git prints them (section and name in lower case): a key not here is not
  /// known to `value`.
  package static let keys = [
    "core.commentstring", "core.commentchar", "commit.cleanup", "i18n.commitencoding", "core.hookspath",
    "author.name", "author.email", "user.name", "user.email", "committer.name", "committer.email",
  ]

  /// The regular expression `git config --get-regexp` is given: exactly `keys`.
  package static let pattern =
    "^(" + keys.map { $0.replacing(".", with: "\\.") }.joined(separator: "|") + ")$"

  /// Each key's value, the last one given winning, as `git config --get` decides; keys as git
  /// prints them (section and name in lower case, a subsection as written).
  package private(set) var values: [String: String] = [:]

  package init() {}

  /// The configuration in `output`, as `git config -z --get-regexp` or `--list -z` prints it.
  package init(listing output: [UInt8]) {
    for entry in output.split(separator: 0) {
      let parts = entry.split(separator: 0x0A, maxSplits: 1, omittingEmptySubsequences: false)
      let key = String(decoding: parts[0], as: UTF8.self)
      values[key] = parts.count > 1 ? String(decoding: parts[1], as: UTF8.self) : ""
    }
  }

  /// `key`'s value (`core.commentChar` and `core.commentchar` alike), nil when it is not set or
  /// empty, as `git config --get` answered the checks that asked it a key at a time.
  package func value(_ key: String) -> String? {
    let value = values[Self.canonical(key)]
    return value?.isEmpty == false ? value : nil
  }

  /// Whether `key` is set at all (an empty value included).
  package func isSet(_ key: String) -> Bool { values[Self.canonical(key)] != nil }

  /// `key` as git prints it: its section and its name in lower case, a subsection between them
  /// as written.
  static func canonical(_ key: String) -> String {
    guard let first = key.firstIndex(of: "."), let last = key.lastIndex(of: ".") else {
      return key.lowercased()
    }
    return key[..<first].lowercased() + key[first..<last] + key[last...].lowercased()
  }

  /// `core.commentString` (git 2.45), else `core.commentChar`, as configured (`auto` included);
  /// nil when neither is set.
  package var configuredCommentPrefix: String? {
    value("core.commentString") ?? value("core.commentChar")
  }

  /// The comment string git writes its template with (git's name for it since 2.45): the
  /// configured one, unless `auto` (which git's lines in each message tell instead).
  package var commentString: String? {
    guard let value = configuredCommentPrefix, value != "auto" else { return nil }
    return value
  }

  /// The author git would write, from `environment` (`GIT_AUTHOR_NAME` and `GIT_AUTHOR_EMAIL`,
  /// which git exports to its hooks), else `author.name` and `author.email`, else `user.name`
  /// and `user.email`, as git decides who authors a commit; each nil when not known.
  package func author(environment: [String: String]) -> (name: String?, email: String?) {
    func nonEmpty(_ value: String?) -> String? { value.flatMap { $0.isEmpty ? nil : $0 } }
    return (
      nonEmpty(environment["GIT_AUTHOR_NAME"]) ?? value("author.name") ?? value("user.name"),
      nonEmpty(environment["GIT_AUTHOR_EMAIL"]) ?? value("author.email") ?? value("user.email")
    )
  }
}
