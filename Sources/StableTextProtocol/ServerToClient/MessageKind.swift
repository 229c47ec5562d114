/// LSP's `MessageType` of `window/logMessage` and `window/showMessage` (named apart from
/// `MessageType`, the protocol every message type conforms to). Open, like LSP's set.
public struct MessageKind: RawRepresentable, Hashable, Sendable {
  public var rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }

  public static let error = MessageKind(rawValue: 1)
  public static let warning = MessageKind(rawValue: 2)
  public static let info = MessageKind(rawValue: 3)
  public static let log = MessageKind(rawValue: 4)
}
