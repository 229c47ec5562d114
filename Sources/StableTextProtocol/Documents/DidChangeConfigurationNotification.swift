import StableTextCore
import StableTextJSON

/// `workspace/didChangeConfiguration`: `settings.stableText`, when present, replaces the
/// `initializationOptions` rules (Protocol/README.md, "Rules").
public struct DidChangeConfigurationNotification: NotificationType {
  public static let method = "workspace/didChangeConfiguration"

  /// `settings.stableText`, or `nil` when the settings have none (nothing changes).
  package var configuration: RuleConfiguration?
  /// Unknown rule fields ignored while reading it.
  public var warnings: [String] = []

  package init(configuration: RuleConfiguration?) { self.configuration = configuration }

  public init(decoding params: JSONRef) throws(JSONFieldError) {
    let stableText = try params.object()["settings"]["stableText"]
    guard !stableText.isAbsent else { return }
    configuration = try RulesDecoding.configuration(stableText, warnings: &warnings)
  }

  public var json: JSONValue {
    guard let configuration else { return ["settings": [:]] }
    return ["settings": ["stableText": RulesEncoding.json(configuration)]]
  }
}
