import StableTextCheck
import StableTextCore
import StableTextSystem

/// The rule options `check` and `rules` share (Usage, "RULE OPTIONS"): every option of the rule
/// table, and `--max-line-length`, `--allow-empty`, `--require-non-empty`,
/// `--count-final-newline`. Read into one layer, the last one of a file's rules.
enum RuleOptions {
  /// Reads `option` into `layer` when it is a rule option: `nil` when it is not one, else
  /// `nil` on success or what is wrong with its value.
  static func read(_ option: OptionReader.Option, _ options: inout OptionReader, into layer: inout RulePatch)
    -> String??
  {
    switch option.name {
    case "--max-line-length":
      guard let value = options.value(for: option), let limit = Int(value), limit >= 0 else {
        return .some("--max-line-length needs a non-negative number")
      }
      layer = layer.merging(
        RulePatch(lineRules: [
          LineRule(lines: LineSpan(first: 1, last: nil), maxLength: limit, severity: .error)
        ]))
    // Both commands start from the editor defaults (Protocol/README.md, "Which defaults apply
    // where"); these turn the protocol's back on, or off again.
    case "--allow-empty": RuleField.blankTextReport.set(&layer, .bool(false))
    case "--require-non-empty": RuleField.blankTextReport.set(&layer, .bool(true))
    case "--count-final-newline": RuleField.finalTerminator.set(&layer, .bool(false))
    default:
      // The rules' own options, from the rule table.
      guard let field = RuleTable.fields.first(where: { $0.option == option.name }) else { return nil }
      switch CheckCommand.ruleValue(field, option, &options) {
      case .success(.strings(let added)) where field.isRepeatable:
        // Repeated, each names one more (a trailer token).
        if case .strings(let earlier)? = field.get(layer) {
          field.set(&layer, .strings(earlier + added))
        } else {
          field.set(&layer, .strings(added))
        }
      case .success(let value): field.set(&layer, value)
      case .failure(let problem): return .some("\(option.name) needs \(problem.text)")
      }
    }
    return .some(nil)
  }

  /// The value of `--encoding` (or `--input-encoding`): a name iconv knows, or what to say.
  static func encodingName(_ option: OptionReader.Option, _ options: inout OptionReader) -> Result<
    String, FileCheck.Problem
  > {
    guard let value = options.nonEmptyValue(for: option), TextDecoder(from: value) != nil else {
      return .failure(
        FileCheck.Problem(
          text: "\(option.name) needs an encoding that iconv knows (ISO-8859-1, windows-1252, Shift_JIS, …)"))
    }
    return .success(value)
  }

  /// What is wrong with the options' layer as a whole, if anything.
  static func problem(_ layer: RulePatch) -> String? {
    if let problem = layer.boundsProblem(maximum: "--max-length") { return "--min-length: \(problem)" }
    if let problem = layer.unitLimitProblem { return "--max-length: \(problem)" }
    return nil
  }
}
