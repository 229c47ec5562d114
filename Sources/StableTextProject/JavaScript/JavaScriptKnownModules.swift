/// What the packages a configuration imports for its data export, where StableText knows it
/// without loading them: `@commitlint/types`' `RuleConfigSeverity` (a TypeScript enum: `Disabled`
/// 0, `Warning` 1, `Error` 2, and back) and `RuleConfigQuality` (`User` 0, `Qualified` 1), its only
/// values at run time. `RuleConfigCondition` is a type there (`"always" | "never"`), so
/// `RuleConfigCondition.Always` is a TypeError when commitlint loads the file: unknown. cz-git's
/// and czg's `defineConfig` and `definePrompt` return their argument. Any other member of any
/// other package stays a reference to it (`.module`): data only where the configuration does not
/// need its value (a type, an unused import), unknown where it does.
enum JavaScriptKnownModules {
  static let types = "@commitlint/types"

  /// `module`'s member `path` (after the path it already has).
  static func member(_ module: JavaScriptValue, path: [String], at offset: Int) -> JavaScriptValue {
    guard case .module(let name, let base, let at) = module else { return module }
    let full = base + path
    if name == types, let known = typesMember(full, at: offset) { return known }
    // cz-git's (and czg's) `defineConfig` and `definePrompt` return their argument
    // (`export const defineConfig = (config: UserConfig) => config`).
    if name == "cz-git" || name == "czg", full == ["defineConfig"] || full == ["definePrompt"] {
      return .builtin(.named("identity"))
    }
    return .module(name, path: full, at: at)
  }

  /// A member of `@commitlint/types`' exports.
  static func typesMember(_ path: [String], at offset: Int) -> JavaScriptValue? {
    let enumerations: [String: [(String, JavaScriptValue)]] = [
      "RuleConfigSeverity": [("Disabled", .number(0)), ("Warning", .number(1)), ("Error", .number(2))],
      "RuleConfigQuality": [("User", .number(0)), ("Qualified", .number(1))],
    ]
    guard let first = path.first else { return nil }
    guard let cases = enumerations[first] else {
      guard path.count > 1 else { return nil }
      return .unknown(
        JavaScriptUnknown(
          offset: offset,
          reason:
            "\(path.joined(separator: ".")): \(first) is only a type in @commitlint/types, with no value when "
            + "the file runs (a TypeError in Node)"))
    }
    switch path.count {
    case 1:
      // The enum object itself (a numeric enum maps its values back to its names).
      let object = JavaScriptObject()
      for (caseName, value) in cases {
        object.set(caseName, value)
        if case .number(let number) = value { object.set(JavaScriptNumber.string(number), .string(caseName)) }
      }
      return .object(object)
    case 2:
      if let value = cases.first(where: { $0.0 == path[1] })?.1 { return value }
      if let back = cases.first(where: {
        if case .number(let number) = $0.1 { return JavaScriptNumber.string(number) == path[1] }
        return false
      }) {
        return .string(back.0)
      }
      return .undefined
    default:
      return nil
    }
  }
}
