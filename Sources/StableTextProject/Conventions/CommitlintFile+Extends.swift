import StableTextConventions
import StableTextCore
import StableTextSystem

extension CommitlintFile {
  /// How `extends` is followed (Protocol/README.md, "Shareable configurations in node_modules"):
  /// names resolve from the folder of the file that writes them, and a shareable configuration
  /// that extends another is followed as deep as `maxDepth`, never round a cycle, and no more
  /// than `maxFiles` files are read for one configuration (lists that name the same packages
  /// again and again, nested, would otherwise multiply without end).
  package struct ExtendsContext: Sendable {
    /// The shareable configuration files being read, outermost first.
    package var chain: [String] = []
    /// The folder of the team's own file, where the scope packages look (commitlint runs them in
    /// the folder it runs in, whichever file names them); nil while reading the team's file.
    var scopeRoot: String?
    /// The files read so far for the configuration being resolved, shared by the whole walk.
    let budget = Budget()
    /// How many shareable configurations deep `extends` is followed.
    package static let maxDepth = 8
    /// How many shareable configuration files one configuration reads at most.
    package static let maxFiles = 64

    package init() {}

    /// A count shared by the contexts of one resolution, which runs on one thread.
    final class Budget: @unchecked Sendable {
      var files = 0
    }
  }

  /// One `extends` entry resolved: the configuration it supplies, as seen from the file it is
  /// in (built in: each rule at the entry; read from a file: each rule where that file has it).
  struct Extended {
    var step: CommitlintRuleOrigin.Step
    var configuration: CommitlintConfiguration
    var origins: [String: CommitlintRuleOrigin]
    /// Whether the origins are the extended file's own, to be seen through `step`.
    var isFile: Bool
    var setsParserPreset: Bool
    var setsDefaultIgnores: Bool
    /// Settings commitlint would refuse, by rule, left to the merge (`Outcome.partial`).
    var pending: [String: [ConfigurationProblem]] = [:]
  }

  /// What one `extends` entry gives: the configuration, or why it is not honoured; the problems
  /// of the file it names (in that file) and the files read.
  struct ExtendsRead {
    var extended: Extended?
    var reason: String?
    var invalid = false
    var problems: [ConfigurationProblem] = []
    var files: [String] = []
    /// Where nothing was found, the paths whose appearance would change that
    /// (`NodeModuleResolution.Found.looked`): watched, not read.
    var looked: [String] = []
    /// A scope package's list that applies but checks nothing: said as a caution at the entry.
    var caution: String?
    /// What a scope package looked at (`ScopeWatch`).
    var watch: [ScopeWatch] = []
  }

  /// The configuration the `extends` entry `name`, written at `place` in a file of the folder
  /// `folder`, names: built in, or read from the file Node would load for it (never run).
  static func extended(
    _ name: String, at place: CommitlintRuleOrigin.Place, from folder: String, context: ExtendsContext
  ) -> ExtendsRead {
    let step = CommitlintRuleOrigin.Step(name: name, place: place)
    if let shared = builtIn[name] {
      var origins: [String: CommitlintRuleOrigin] = [:]
      for entry in shared.rules {
        origins[entry.name] = CommitlintRuleOrigin(configuration: name, place: place)
      }
      return ExtendsRead(
        extended: Extended(
          step: step, configuration: shared, origins: origins, isFile: false, setsParserPreset: true,
          setsDefaultIgnores: false))
    }
    if let package = ScopePackage(extends: name) {
      return scopeExtended(package, step: step, folder: context.scopeRoot ?? folder)
    }
    // commitlint's names: `@scope` alone is `@scope/commitlint-config`, a bare name gets the
    // `commitlint-config-` prefix, then the legacy `conventional-changelog-lint-config-` one.
    let ids = [
      commitlintID(name, prefix: "commitlint-config"),
      commitlintID(name, prefix: "conventional-changelog-lint-config"),
    ]
    var found = NodeModuleResolution.Found()
    var read: [String] = []
    var places: [String] = []
    for id in ids {
      found = NodeModuleResolution.resolve(id, from: folder)
      read += found.read
      places += found.looked
      if found.file != nil { break }
    }
    guard let file = found.file else {
      let looked = ids[0] == ids[1] ? "\"\(ids[0])\"" : "\"\(ids[0])\" or \"\(ids[1])\""
      let what =
        found.package.map { "\($0) has no entry file (package.json's exports, main, or index.js)" }
        ?? "no \(looked) in node_modules from \(folder) up"
      return ExtendsRead(
        reason: "\(what); StableText reads a shareable configuration installed in node_modules, and has "
          + "@commitlint/config-conventional and @commitlint/config-angular built in",
        files: read, looked: places)
    }
    read.append(file)
    if let first = context.chain.firstIndex(of: file) {
      let loop = (context.chain[first...] + [file]).joined(separator: " → ")
      return ExtendsRead(
        reason: "it extends itself (\(loop)): commitlint would never finish loading it", files: read)
    }
    guard context.chain.count < ExtendsContext.maxDepth else {
      return ExtendsRead(
        reason: "shareable configurations extend each other over \(ExtendsContext.maxDepth) deep here",
        files: read)
    }
    guard context.budget.files < ExtendsContext.maxFiles else {
      return ExtendsRead(
        reason: "this configuration reads over \(ExtendsContext.maxFiles) shareable configuration files",
        files: read)
    }
    context.budget.files += 1
    let bytes: [UInt8]
    switch FileSystem.smallFile(at: file, limit: ProjectFile.maxBytes) {
    case .success(let content): bytes = content
    case .failure(let failure):
      let why: String
      switch failure {
      case .tooLarge(let limit): why = "is over \(limit) bytes"
      case .notAFile(let what): why = "is \(what), not a file"
      case .unreadable(let reason): why = "cannot be read: \(reason)"
      }
      return ExtendsRead(reason: "\(file) \(why)", files: read)
    }
    var inner = context
    inner.chain.append(file)
    inner.scopeRoot = context.scopeRoot ?? folder
    let lower = file.lowercased()
    let outcome: Outcome?
    if lower.hasSuffix(".json") {
      outcome = self.read(bytes, path: file, format: .json, context: inner)
    } else if [".ts", ".cts", ".mts"].contains(where: { lower.hasSuffix($0) }),
      file.contains("/node_modules/")
    {
      // commitlint imports what it extends with Node's own import(), and Node strips no types
      // under node_modules: commitlint fails to load the configuration.
      return ExtendsRead(
        reason: "it names \(file), TypeScript under node_modules, whose types Node does not strip: "
          + "commitlint fails to load it",
        invalid: true, files: read)
    } else if [".js", ".cjs", ".mjs", ".ts", ".cts", ".mts"].contains(where: { lower.hasSuffix($0) }) {
      let type = packageType(above: FileSystem.folder(of: file)) { manifest in
        read.append(manifest)
        guard case .success(let content) = FileSystem.smallFile(at: manifest, limit: ProjectFile.maxBytes)
        else { return nil }
        return content
      }
      outcome = readScript(bytes, path: file, packageType: type, context: inner).outcome
    } else {
      return ExtendsRead(
        reason: "\(file) is neither JSON nor JavaScript or TypeScript, which is what commitlint loads",
        files: read)
    }
    // A file that exports nothing supplies nothing (commitlint spreads `undefined`).
    var setup =
      outcome?.setup ?? CommitlintSetup(configuration: CommitlintConfiguration(), file: file)
    var problems = outcome?.problems ?? []
    var pending: [String: [ConfigurationProblem]] = [:]
    if let outcome, outcome.setup == nil {
      // commitlint checks what it extends only as merged: a rule's setting it would refuse is
      // left to the merge (a later configuration may set the rule again); anything else makes
      // it fail.
      let invalid = problems.filter { $0.kind == .invalid }
      guard let partial = outcome.partial, invalid.allSatisfy({ ruleName(of: $0) != nil }) else {
        return ExtendsRead(invalid: true, problems: problems, files: read + setup.dependencies)
      }
      setup = partial
      for problem in invalid { pending[ruleName(of: problem)!, default: []].append(problem) }
      problems.removeAll { $0.kind == .invalid }
    }
    var supplied = Extended(
      step: step, configuration: setup.configuration, origins: setup.origins, isFile: true,
      setsParserPreset: outcome?.setsParserPreset ?? false,
      setsDefaultIgnores: outcome?.setsDefaultIgnores ?? false)
    supplied.pending = pending
    return ExtendsRead(extended: supplied, problems: problems, files: read + setup.dependencies)
  }

  /// The rule an invalid problem is about (`rules.header-max-length[0]`), if it is one rule's.
  static func ruleName(of problem: ConfigurationProblem) -> String? {
    guard let field = problem.field, field.hasPrefix("rules.") else { return nil }
    let name = field.dropFirst("rules.".count).prefix { $0 != "[" && $0 != "." }
    return name.isEmpty ? nil : String(name)
  }

  /// commitlint's `getId`: the package name an `extends` entry stands for under `prefix`.
  static func commitlintID(_ raw: String, prefix: String) -> String {
    if raw.hasPrefix("@") { return raw.contains("/") ? raw : "\(raw)/\(prefix)" }
    if raw.hasPrefix(".") || raw.hasPrefix("/") { return raw }
    return "\(prefix)-\(raw)"
  }
}
