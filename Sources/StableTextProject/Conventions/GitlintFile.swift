import StableTextConventions
import StableTextCore

/// A team's `.gitlint`, read as gitlint 0.19.1 reads it (Protocol/README.md, "Where the rules come
/// from"): Python's `ConfigParser` with its defaults (`IniSections`), then gitlint's
/// `LintConfigBuilder.build`: the `[general]` options first, then each other section's options in
/// order, a `[rule:name]` section adding a named rule. Problems carry gitlint's own messages,
/// prefixed with the `[section] key` they concern. What StableText cannot honour is refused by
/// name: `extra-path` (Python user rules), `target` (another repository), and the contrib rules
/// it does not have (CC2, CC3).
package enum GitlintFile {
  /// The name looked for.
  package static let name = ".gitlint"

  /// The setup the file's `bytes` build, or the problem (the file is then ignored).
  package static func read(_ bytes: [UInt8], path: String) -> Result<GitlintSetup, ConfigurationProblem> {
    func refuse(_ problem: String) -> Result<GitlintSetup, ConfigurationProblem> {
      .failure(ConfigurationProblem(path: path, problem: problem))
    }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      return refuse("not UTF-8 (gitlint reads it as UTF-8)")
    }
    let sections: [GitlintSetup.Section]
    switch IniSections.parse(text) {
    case .success(let read): sections = read
    case .failure(let problem): return refuse(problem.message)
    }
    var general = GitlintGeneralOptions()
    for section in sections where section.name == "general" {
      for option in section.options {
        let at = "[general] \(option.key)"
        switch option.key {
        case "extra-path":
          return refuse(
            "\(at): cannot be honoured: user-defined rules are Python, which StableText does not run")
        case "target":
          return refuse("\(at): cannot be honoured: StableText checks the repository the message is in")
        default: break
        }
        do throws(GitlintOptionError) {
          try general.set(option.key, option.value)
        } catch {
          return refuse("\(at): \(error.message)")
        }
        if option.key == "contrib" {
          for reference in general.contrib {
            if let missing = GitlintRules.contribNotImplemented.first(where: {
              $0.id == reference || $0.name == reference
            }) {
              return refuse(
                "\(at): \(missing.id) (\(missing.name)) cannot be honoured: StableText has the contrib rules CT1 and CC1"
              )
            }
          }
        }
      }
    }
    var configuration = GitlintConfiguration(general: general)
    for section in sections where section.name != "general" {
      for option in section.options {
        do throws(GitlintOptionError) {
          try configuration.setOption(rule: section.name, option.key, option.value)
        } catch {
          return refuse("[\(section.name)] \(option.key): \(error.message)")
        }
      }
    }
    return .success(GitlintSetup(file: path, sections: sections, configuration: configuration))
  }
}
