/// Why an edit was refused or truncated. Only one reason exists today; the type leaves room for more.
public enum LimitReason: String, Sendable {
  /// The result would be longer than the limit.
  case overLimit = "over-limit"
}
