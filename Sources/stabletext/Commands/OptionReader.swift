/// Reads `--name value` and `--name=value` forms.
struct OptionReader {
  struct Option {
    var name: String
    var inlineValue: String?
  }

  private var arguments: ArraySlice<String>
  /// Arguments that are not options, in order.
  private(set) var operands: [String] = []

  init(_ arguments: [String]) {
    self.arguments = arguments[...]
  }

  /// The next option; operands (and `-` for stdin) are collected into `operands`.
  mutating func next() -> Option? {
    while let argument = arguments.popFirst() {
      if argument == "--" {
        operands.append(contentsOf: arguments)
        arguments = []
        return nil
      }
      guard argument.hasPrefix("-"), argument != "-" else {
        operands.append(argument)
        continue
      }
      if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
        return Option(
          name: String(argument[..<equals]), inlineValue: String(argument[argument.index(after: equals)...]))
      }
      return Option(name: argument, inlineValue: nil)
    }
    return nil
  }

  mutating func value(for option: Option) -> String? {
    if let inline = option.inlineValue { return inline }
    return arguments.popFirst()
  }

  /// The option's value as a positive integer, or `nil` when it is missing or is not one.
  /// The option's value, or `nil` when it is missing or empty.
  mutating func nonEmptyValue(for option: Option) -> String? {
    guard let value = value(for: option), !value.isEmpty else { return nil }
    return value
  }

  mutating func positiveInteger(for option: Option) -> Int? {
    guard let value = value(for: option), let number = Int(value), number > 0 else { return nil }
    return number
  }
}
