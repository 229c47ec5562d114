import StableTextCore
import StableTextJSON

/// `initializationOptions`: the rules, state notifications, and the position encoding for a
/// client that lists none.
public struct InitializationOptions: Sendable {
  package var configuration = RuleConfiguration()
  public var stateNotifications = false
  public var positionEncoding: PositionEncoding?
  /// What was ignored while reading the rules (unknown fields): logged, not refused.
  public var warnings: [String] = []

  package init(
    configuration: RuleConfiguration = RuleConfiguration(), stateNotifications: Bool = false,
    positionEncoding: PositionEncoding? = nil
  ) {
    self.configuration = configuration
    self.stateNotifications = stateNotifications
    self.positionEncoding = positionEncoding
  }

  public var json: JSONValue {
    guard case .object(var object) = RulesEncoding.json(configuration) else { return .null }
    if stateNotifications { object["stateNotifications"] = true }
    if configuration.defaults != .protocol { object["defaults"] = .string(configuration.defaults.rawValue) }
    if let positionEncoding { object["positionEncoding"] = .string(positionEncoding.rawValue) }
    return .object(object)
  }
}
