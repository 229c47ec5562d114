import StableTextConventions
import StableTextCore

/// A team's `.gitlint`, read as gitlint 0.19.1 reads it (Protocol/README.md, "Where the rules come
/// from"): Python's `ConfigParser` with its defaults (`IniSections`), then gitlint's
/// `LintConfigBuilder.build`: the `[general]` options first, then each other section's options in
/// order, a `[rule:name]` section adding a named rule. Every problem is found and placed at its
/// line, prefixed with the `[section] key` it concerns: gitlint's own messages for what gitlint
/// would refuse (the file is then invalid and ignored); what StableText cannot honour is skipped
/// and named, and the rest applies: `extra-path` (Python user rules), `target` (another
/// repository), and the contrib rules it does not have (CC2, CC3).
package enum GitlintFile {
  /// The name looked for.
  package static let name = ".gitlint"

  /// The setup the file's `bytes` build (nil when the file is invalid) and every problem found.
  package static func read(_ bytes: [UInt8], path: String) -> (
    setup: GitlintSetup?, problems: [ConfigurationProblem]
  ) {
    guard let text = String(validating: bytes, as: UTF8.self) else {
      return (nil, [invalid("not UTF-8 (gitlint reads it as UTF-8)", path: path)])
    }
    let sections: [GitlintSetup.Section]
    switch IniSections.parse(text) {
    case .success(let read): sections = read
    case .failure(let problem):
      // Python's words start with the line they concern, or with the option's `[section] key`.
      var place: FilePlace?
      if problem.message.hasPrefix("line "),
        let line = Int(problem.message.dropFirst(5).prefix { $0.isNumber })
      {
        place = FilePlace(line: line, column: 1)
      } else if problem.message.hasPrefix("["), let close = problem.message.firstIndex(of: "]") {
        let section = String(
          problem.message[problem.message.index(after: problem.message.startIndex)..<close])
        let key = problem.message[problem.message.index(after: close)...].drop { $0 == " " }.prefix {
          $0 != ":"
        }
        place = IniSections.position(ofSection: section, key: String(key), in: text)
      }
      return (nil, [invalid(problem.message, path: path, at: place)])
    }
    var problems: [ConfigurationProblem] = []
    func place(_ section: String, _ key: String) -> FilePlace? {
      IniSections.position(ofSection: section, key: key, in: text)
    }
    func notHonoured(_ section: String, _ key: String, value: String? = nil, _ reason: String) {
      problems.append(
        .notHonoured(
          concern: .commitMessages, path: path, field: "[\(section)] \(key)", value: value, reason: reason
        ).at(place(section, key)))
    }
    var general = GitlintGeneralOptions()
    for section in sections where section.name == "general" {
      for option in section.options {
        let at = "[general] \(option.key)"
        switch option.key {
        case "extra-path":
          notHonoured(
            "general", option.key, "user-defined rules are Python, which StableText does not run")
          continue
        case "target":
          notHonoured("general", option.key, "StableText checks the repository the message is in")
          continue
        default: break
        }
        do throws(GitlintOptionError) {
          try general.set(option.key, option.value)
        } catch {
          problems.append(invalid("\(at): \(error.message)", path: path, at: place("general", option.key)))
          continue
        }
        if option.key == "contrib" {
          // The contrib rules StableText does not have are skipped; the others apply.
          for missing in GitlintRules.contribNotImplemented
          where general.contrib.contains(where: { $0 == missing.id || $0 == missing.name }) {
            notHonoured(
              "general", option.key, value: "\(missing.id) (\(missing.name))",
              "StableText has the contrib rules CT1 and CC1")
          }
          general.contrib.removeAll { reference in
            GitlintRules.contribNotImplemented.contains { $0.id == reference || $0.name == reference }
          }
        }
      }
    }
    var configuration = GitlintConfiguration(general: general, engine: PCRE2Engine())
    for section in sections where section.name != "general" {
      for option in section.options {
        do throws(GitlintOptionError) {
          try configuration.setOption(rule: section.name, option.key, option.value)
        } catch {
          problems.append(
            invalid(
              "[\(section.name)] \(option.key): \(error.message)", path: path,
              at: place(section.name, option.key)))
        }
      }
    }
    guard !problems.contains(where: { $0.kind == .invalid }) else { return (nil, problems) }
    return (GitlintSetup(file: path, sections: sections, configuration: configuration), problems)
  }

  /// gitlint would refuse the file: `problem` (which names its section and key).
  private static func invalid(_ problem: String, path: String, at position: FilePlace? = nil)
    -> ConfigurationProblem
  {
    ConfigurationProblem(concern: .commitMessages, path: path, problem: problem).at(position)
  }
}
