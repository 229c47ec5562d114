import StableTextJSON

/// `workspace/didChangeWatchedFiles`: each configuration file it names is looked at now (the
/// change's `type` is not read: the file system says what is there).
public struct DidChangeWatchedFilesNotification: NotificationType {
  public static let method = "workspace/didChangeWatchedFiles"

  /// The URIs of `changes`, in order.
  public var uris: [String]

  public init(uris: [String]) { self.uris = uris }

  public init(decoding params: JSONRef) throws(JSONFieldError) {
    uris = []
    for change in try params.object()["changes"].array() { uris.append(try change.object()["uri"].string()) }
  }

  /// Each change as `Changed` (type 2): the server reads no type.
  public var json: JSONValue { ["changes": .array(uris.map { ["uri": .string($0), "type": 2] })] }
}
