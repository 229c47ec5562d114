/// A configured value whose shape a rule cannot read (Protocol/README.md, "Team conventions"):
/// where in the value, and what belongs there. Each rule takes the shapes commitlint declares for
/// it (`@commitlint/types`); where commitlint would throw on another shape, or quietly read it
/// as something else, the rule names it instead: its verdict fails with this message, and a
/// configuration reader can ask for it before any commit is checked.
package struct CommitlintValueProblem: Error, Hashable, Sendable {
  /// The place in the value: empty for the value itself, else a path (`[1].case`, `.scopes[0]`).
  package var path: String
  /// What the place must hold (`"a string"`, `"one of lower-case, …"`).
  package var expected: String

  package init(path: String = "", expected: String) {
    self.path = path
    self.expected = expected
  }

  /// `value[1].case must be one of lower-case, …`.
  package var message: String { "value\(path) must be \(expected)" }

  /// The failing verdict of `rule` for this problem.
  func verdict(_ rule: String) -> CommitlintVerdict {
    CommitlintVerdict(false, "\(rule): \(message)")
  }
}

/// A rule that can say, before checking anything, whether a configured value has a shape it
/// reads (`nil` is no value, which every rule accepts: its default applies).
package protocol CommitlintValueChecking {
  func valueProblem(_ value: CommitlintValue?) -> CommitlintValueProblem?
}

/// Reading configured values in the shapes commitlint's rules take.
enum CommitlintValueShape {
  /// The last member named `name` (as `JSON.parse` keeps the last of repeated names).
  static func member(_ name: String, of members: [CommitlintValue.Member]) -> CommitlintValue? {
    members.last { $0.name == name }?.value
  }

  /// An array of strings.
  static func strings(_ value: CommitlintValue, path: String) -> Result<[String], CommitlintValueProblem> {
    guard case .array(let elements) = value else {
      return .failure(CommitlintValueProblem(path: path, expected: "an array of strings"))
    }
    var result: [String] = []
    for (index, element) in elements.enumerated() {
      guard case .string(let text) = element else {
        return .failure(CommitlintValueProblem(path: "\(path)[\(index)]", expected: "a string"))
      }
      result.append(text)
    }
    return .success(result)
  }

  /// A length rule's number; commitlint's default, 0, when there is none.
  static func number(_ value: CommitlintValue?) -> Result<Double, CommitlintValueProblem> {
    switch value {
    case nil: return .success(0)
    case .number(let number)?: return .success(number)
    default: return .failure(CommitlintValueProblem(expected: "a number"))
    }
  }

  /// A string value, or the rule's default when there is none or it is not a string.
  static func string(_ value: CommitlintValue?, default fallback: String) -> String {
    if case .string(let string) = value { return string }
    return fallback
  }
}

/// `@commitlint/message`: the parts joined with spaces, those that are `null` or empty left out.
enum CommitlintMessage {
  static func join(_ parts: [String?]) -> String {
    parts.compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
  }
}
