/// The registered line checks, in the order of their diagnostics on one line (`line-not-blank`
/// before the length diagnostics). A new line check is one file and one line here.
enum LineChecks {
  static let all: [any LineCheck] = [
    LineNotBlankCheck(),
    LineTooLongCheck(),
    LineUnderLimitCheck(),
  ]
}
