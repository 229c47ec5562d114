import StableTextConventions
import StableTextCore
import StableTextSystem

extension CommitlintFile {
  /// An `extends` entry naming a package that computes `scope-enum` from the repository's
  /// packages (Protocol/README.md, "Scopes from a monorepo's packages"), computed natively for
  /// `folder` (the team's file's folder, where commitlint runs): the one rule the package's own
  /// configuration returns, at the entry (`step`), its origin the package. Where the package's
  /// own code throws on the repository, commitlint's `load` fails: invalid. Where StableText
  /// cannot compute the list (a bound, JSON5): not honoured, the rest applies. A list that checks
  /// nothing although the repository has packages applies, with a caution saying so.
  static func scopeExtended(_ package: ScopePackage, step: CommitlintRuleOrigin.Step, folder: String)
    -> ExtendsRead
  {
    let name = package.rawValue
    let computed = ScopeConfigurations.compute(package, root: folder)
    var read = ExtendsRead(watch: [computed.watch])
    var cautions: [String] = []
    for problem in computed.problems {
      switch problem.kind {
      case .commitlintFails:
        read.invalid = true
        read.reason = "commitlint's load fails on its code here: \(problem.message)"
      case .notComputed:
        if !read.invalid { read.reason = "StableText cannot compute its scopes: \(problem.description)" }
      case .warning:
        cautions.append(problem.message)
      }
    }
    guard let scopes = computed.scopes, read.reason == nil else { return read }
    read.caution = cautions.isEmpty ? nil : cautions.joined(separator: "; ")
    // An `undefined` entry (a package named `@scope` alone) is printed by commitlint as nothing
    // between commas; as the empty string it matches no scope either.
    let setting = CommitlintRuleSetting(2, .always, .array(scopes.map { .string($0 ?? "") }))
    var configuration = CommitlintConfiguration()
    configuration.set(CommitlintSetup.scopeRule, setting)
    read.extended = Extended(
      step: step, configuration: configuration,
      origins: [CommitlintSetup.scopeRule: CommitlintRuleOrigin(configuration: name, place: step.place)],
      isFile: false, setsParserPreset: false, setsDefaultIgnores: false)
    return read
  }
}

extension CommitlintSetup {
  /// The rule the scope packages compute.
  static let scopeRule = "scope-enum"
}
