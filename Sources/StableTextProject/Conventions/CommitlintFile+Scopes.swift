import StableTextConventions
import StableTextCore
import StableTextSystem

extension CommitlintFile {
  /// One `extends` entry that names a package computing `scope-enum` from the repository's
  /// packages (Protocol/README.md, "Scopes from a monorepo's packages"), computed natively for
  /// the folder of the configuration file (where commitlint runs and finds it): the setting the
  /// package's own configuration returns, applied in that entry's place; nil when commitlint
  /// itself fails on the repository or StableText cannot compute it (the findings say which).
  struct ScopeLayer {
    var name: String
    var field: FieldPath
    var setting: CommitlintRuleSetting?
    var watch: ScopeWatch
  }

  /// Computes the scope package `package` named by `name` at `field` for a configuration file
  /// in `folder`, appending what there is to say to `findings`: commitlint failing on the
  /// repository makes the file invalid (the team's commitlint checks nothing), a list StableText
  /// cannot compute is not honoured (the rest applies), a list that checks nothing although the
  /// repository has packages is a caution (it applies, as it does for commitlint).
  static func scopeLayer(
    _ package: ScopePackage, name: String, field: FieldPath, folder: String, findings: inout [Finding]
  ) -> ScopeLayer {
    let computed = ScopeConfigurations.compute(package, root: folder)
    for problem in computed.problems {
      switch problem.kind {
      case .commitlintFails:
        findings.append(
          .invalid(field, "\(name) fails on this repository as commitlint runs it: \(problem.description)"))
      case .notComputed:
        findings.append(
          .notHonoured(field, "\"\(name)\"", "StableText cannot compute its scopes: \(problem.description)"))
      case .warning:
        findings.append(Finding(kind: .caution, field: field, value: nil, problem: problem.message))
      }
    }
    var setting: CommitlintRuleSetting?
    if let scopes = computed.scopes, !computed.commitlintFails {
      // An `undefined` entry (a package named `@scope` alone) is printed by commitlint as
      // nothing between commas; as the empty string it matches no scope either.
      setting = CommitlintRuleSetting(2, .always, .array(scopes.map { .string($0 ?? "") }))
    }
    return ScopeLayer(name: name, field: field, setting: setting, watch: computed.watch)
  }
}
