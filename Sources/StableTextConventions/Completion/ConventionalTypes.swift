/// The types of Conventional Commits that commitlint's `@commitlint/config-conventional` offers,
/// in its order, with the descriptions its prompt shows (`prompt.questions.type.enum` in its
/// `src/index.ts`, commitlint commit 1fd1be00701ab48c9baa964e3b8c0c36a451ccc4): the list completion
/// offers on a commit's line 1 when a conventional configuration applies and names no types of
/// its own (Protocol/README.md, "Completion").
package enum ConventionalTypes {
  /// Each type and its description.
  package static let all: [(type: String, description: String)] = [
    ("feat", "A new feature"),
    ("fix", "A bug fix"),
    ("docs", "Documentation only changes"),
    (
      "style",
      "Changes that do not affect the meaning of the code (white-space, formatting, missing semi-colons, etc)"
    ),
    ("refactor", "A code change that neither fixes a bug nor adds a feature"),
    ("perf", "A code change that improves performance"),
    ("test", "Adding missing tests or correcting existing tests"),
    (
      "build",
      "Changes that affect the build system or external dependencies (example scopes: gulp, broccoli, npm)"
    ),
    (
      "ci",
      "Changes to our CI configuration files and scripts (example scopes: Travis, Circle, BrowserStack, SauceLabs)"
    ),
    ("chore", "Other changes that don't modify src or test files"),
    ("revert", "Reverts a previous commit"),
  ]

  /// The description of `type`, when it is one of the list (compared as written).
  package static func description(of type: String) -> String? {
    all.first { $0.type == type }?.description
  }
}
