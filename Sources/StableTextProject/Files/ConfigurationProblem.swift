/// What is wrong with a configuration file, in words that name the file and, for JSON, the field:
/// the daemon shows it once per change of the file (`window/showMessage`), `check` prints it and
/// exits 2.
package struct ConfigurationProblem: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file's path.
  package var path: String
  /// What is wrong (`rules.maxLength: expected …, got "x"`).
  package var problem: String

  package init(path: String, problem: String) {
    self.path = path
    self.problem = problem
  }

  package var description: String { "\(path): \(problem); the file is ignored" }
}
