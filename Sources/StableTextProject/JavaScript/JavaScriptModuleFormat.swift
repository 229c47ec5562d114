/// How Node loads a `.js`, `.cjs` or `.mjs` configuration (commitlint imports it through
/// cosmiconfig, falling back to `require`), and whether commitlint then gets anything from it
/// (Protocol/README.md, "JavaScript and TypeScript configurations"): `.mjs` is an ES module,
/// `.cjs` CommonJS, a `.js` what the nearest `package.json`'s `"type"` says, and without one what
/// its syntax says, as Node 22.12 and later decide (commitlint 21 requires it; Node 20.19 and
/// later agree): `import`/`export` make it an ES module. A TypeScript file goes through
/// cosmiconfig-typescript-loader (jiti), which takes either syntax.
package enum JavaScriptModuleFormat: Hashable, Sendable {
  case commonJS
  case esModule
  /// `.ts`, `.cts`, `.mts`: loaded by jiti, which takes both syntaxes.
  case typeScript

  /// The format Node gives the file `name` (its extension decides first) under a package whose
  /// `"type"` is `packageType` (nil: no `package.json`, or none with a `"type"`), given whether
  /// the file has ES module syntax.
  package static func of(fileName name: String, packageType: String?, hasModuleSyntax: Bool) -> Self {
    let lowered = name.lowercased()
    if lowered.hasSuffix(".ts") || lowered.hasSuffix(".cts") || lowered.hasSuffix(".mts") {
      return .typeScript
    }
    if lowered.hasSuffix(".mjs") { return .esModule }
    if lowered.hasSuffix(".cjs") { return .commonJS }
    switch packageType {
    case "module": return .esModule
    case "commonjs": return .commonJS
    default: return hasModuleSyntax ? .esModule : .commonJS
    }
  }

  /// Whether `name` is read as TypeScript.
  package static func isTypeScript(_ name: String) -> Bool {
    of(fileName: name, packageType: nil, hasModuleSyntax: false) == .typeScript
  }
}
