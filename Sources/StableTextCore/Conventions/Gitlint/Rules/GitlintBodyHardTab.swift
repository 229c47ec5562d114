/// B3 `body-hard-tab`: no body line holds a tab.
public struct GitlintBodyHardTab: GitlintLineRule {
  public init() {}
  public var id: String { "B3" }
  public var name: String { "body-hard-tab" }
  public var target: GitlintLineTarget { .body }

  public func validate(line: String, _ options: GitlintOptions) -> [GitlintViolation] {
    GitlintHardTab.validate(line, id, "Line contains hard tab characters (\\t)")
  }
}
