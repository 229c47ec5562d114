import StableTextConventions
import StableTextCore

/// A commitlint configuration written in JavaScript or TypeScript
/// (`commitlint.config.{js,cjs,mjs,ts,cts,mts}`, `.commitlintrc.{…}`), read without running it
/// (Protocol/README.md, "JavaScript and TypeScript configurations"): the file is parsed, its top
/// level evaluated over data (JavaScriptEvaluator), and what commitlint would load from it
/// (`module.exports`, the default export, a function's result) turned into the same value a JSON
/// or YAML file gives, plus the `ignores` functions read as predicates. What needs code
/// StableText does not run makes only the part it feeds not honoured, each named with its line,
/// column and key path (`rules["scope-enum"]`, `ignores[0]`); nothing is guessed.
package struct CommitlintScript: Hashable, Sendable {
  /// A part of the configuration StableText does not honour.
  package struct Note: Hashable, Sendable, CustomStringConvertible {
    /// Where the code it would need to run is.
    package var position: JavaScriptPosition
    /// The part: `rules["scope-enum"]`, `ignores[0]`, `extends`, or `the configuration`.
    package var path: String
    /// Why (`getScopes(…), a call StableText does not run`).
    package var reason: String

    package init(position: JavaScriptPosition, path: String, reason: String) {
      self.position = position
      self.path = path
      self.reason = reason
    }

    package var description: String { "\(position): \(path) is not honoured: \(reason)" }
  }

  /// The configuration as data (every part not honoured left out), nil when the file exports
  /// nothing (`undefined` or `null`: cosmiconfig goes on looking, as for an empty file).
  package var configuration: CommitlintValue?
  /// The `ignores` functions read as predicates, in order (those not honoured left out); nil
  /// when the configuration has no `ignores` list of functions.
  package var ignores: [CommitlintIgnore]?
  /// The rules a local plugin (`plugins: [{ rules: { … } }]`) defines: commitlint knows them, so
  /// a setting of one is left out of `rules` and named as not honoured, never refused as unknown.
  package var pluginRules: [String]
  package var notHonoured: [Note]
  /// How Node loads the file.
  package var format: JavaScriptModuleFormat
  /// When commitlint itself would load nothing from the file (Node refuses it, or it exports no
  /// default): why, at its first line.
  package var formatWarning: String?
  /// Where the configuration's fields are written (`rules`, `rules.subject-case`, `extends`), as
  /// far as the file writes them as an object's keys: a problem found in a field is placed there.
  package var places: [FieldPath: JavaScriptPosition] = [:]

  /// Reads the file `fileName` (a name of commitlint's search places; its extension decides
  /// JavaScript or TypeScript) whose nearest `package.json` says `"type": packageType` (nil
  /// when none says).
  package static func read(_ bytes: [UInt8], fileName: String, packageType: String?) -> Result<
    CommitlintScript, JavaScriptSyntaxError
  > {
    let source = JavaScriptSource(bytes)
    let typeScript = JavaScriptModuleFormat.isTypeScript(fileName)
    let format = JavaScriptModuleFormat.of(
      fileName: fileName, packageType: packageType, hasModuleSyntax: false)
    // cosmiconfig skips a file whose text is only white space (`contents.trim() === ''`) and
    // looks further, without loading it.
    if source.scalars.allSatisfy({ JavaScriptLexer.isWhitespace($0) || JavaScriptLexer.isLineTerminator($0) })
    {
      return .success(
        CommitlintScript(
          configuration: nil, ignores: nil, pluginRules: [], notHonoured: [], format: format,
          formatWarning: nil))
    }
    var parser: JavaScriptParser
    let statements: [JavaScriptStatement]
    do throws(JavaScriptLexError) {
      parser = try JavaScriptParser(source.scalars, typeScript: typeScript)
      statements = try parser.module()
    } catch {
      return .failure(JavaScriptSyntaxError(position: source.position(error.offset), message: error.message))
    }
    let evaluator = JavaScriptEvaluator(source: source, statements: statements)
    evaluator.run()
    let detected = JavaScriptModuleFormat.of(
      fileName: fileName, packageType: packageType, hasModuleSyntax: parser.moduleSyntax != nil)
    var projection = CommitlintScriptProjection(evaluator: evaluator)
    let exported = projection.exported(format: detected)
    var script = CommitlintScript(
      configuration: nil, ignores: nil, pluginRules: [], notHonoured: [], format: detected,
      formatWarning: Self.formatWarning(
        format: detected, fileName: fileName, packageType: packageType, moduleSyntax: parser.moduleSyntax,
        commonJS: evaluator.commonJSUse,
        hasDefault: evaluator.defaultExport != nil || projection.hasDefaultName,
        source: source))
    projection.project(exported, into: &script)
    return .success(script)
  }

  /// What the module format means for commitlint: nil when Node loads the file and commitlint
  /// gets its export.
  static func formatWarning(
    format: JavaScriptModuleFormat, fileName: String, packageType: String?,
    moduleSyntax: (offset: Int, what: String)?,
    commonJS: (offset: Int, name: String)?, hasDefault: Bool, source: JavaScriptSource
  ) -> String? {
    let why: String
    switch format {
    case .typeScript:
      return nil
    case .commonJS:
      guard let moduleSyntax else { return nil }
      let package: String
      if fileName.lowercased().hasSuffix(".cjs") {
        package = "a .cjs file is CommonJS"
      } else {
        package = "package.json says \"type\": \"\(packageType ?? "commonjs")\""
      }
      why =
        "\(moduleSyntax.what) (line \(source.position(moduleSyntax.offset).line)) is ES module syntax, "
        + "and \(package): Node refuses the file"
    case .esModule:
      let kind =
        fileName.lowercased().hasSuffix(".mjs")
        ? "a .mjs file is an ES module"
        : packageType == "module"
          ? "package.json says \"type\": \"module\"" : "its import/export syntax makes it an ES module"
      if let commonJS {
        why =
          "it uses CommonJS's \(commonJS.name) (line \(source.position(commonJS.offset).line)), and \(kind): "
          + "Node stops it with a ReferenceError"
      } else if !hasDefault {
        return "commitlint (Node) loads nothing from this file: \(kind), and it has no default export: "
          + "commitlint looks further, and so does StableText"
      } else {
        return nil
      }
    }
    return "commitlint (Node) loads nothing from this file: \(why); StableText applies what it read"
  }
}
