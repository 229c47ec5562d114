import StableTextProject

/// What `check` says of the configuration files' problems (Protocol/README.md, "Configuration
/// problems"), the same for a hook, `--commits`, `rules` and the MCP tools: each problem once a run, however
/// many files it concerns; an invalid file is an error and its file is not judged; a part not
/// honoured is a warning and the file is judged by what applies, unless `--strict-config` makes
/// it an error. Either error makes the run exit 2. A caution (the file applies whole, but its own
/// tool would load nothing from it) is a warning, even under `--strict-config`.
package struct ConfigurationReport {
  /// `--strict-config`: a part not honoured fails the run.
  package let strict: Bool
  private var said: Set<ConfigurationProblem> = []
  /// Whether a problem fails the run (exit 2).
  package private(set) var failed = false

  package init(strict: Bool) {
    self.strict = strict
  }

  /// Says the problems not yet said; whether the file they concern may be judged (none makes a
  /// file invalid).
  package mutating func say(_ problems: [ConfigurationProblem], report: inout CheckReport) -> Bool {
    var judged = true
    for problem in problems {
      // A caution (the file is applied whole) never fails the run.
      let fails = problem.kind == .invalid || (strict && problem.kind == .notHonoured)
      if problem.kind == .invalid { judged = false }
      if fails { failed = true }
      guard said.insert(problem).inserted else { continue }
      report.configurationProblem(problem, severity: fails ? .error : .warning)
    }
    return judged
  }
}
