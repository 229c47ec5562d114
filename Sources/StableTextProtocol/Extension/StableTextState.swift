import StableTextCore
import StableTextJSON

/// The state of one document as the extension reports it: `stableText/state`'s and
/// `stableText/configure`'s result, `stableText/edit`'s `state`, and the params of
/// `stableText/didChangeState` (Protocol/README.md, "`stableText/state` (request)").
public struct StableTextState: ResponseType {
  /// The server → client notification that carries it, when `stateNotifications` asks.
  public static let didChangeMethod = "stableText/didChangeState"

  public var field: StableTextField
  public var uri: String
  public var version: Int
  public var outOfSync: Bool
  public var includeText: Bool

  public init(_ field: StableTextField, uri: String, version: Int, outOfSync: Bool, includeText: Bool) {
    self.field = field
    self.uri = uri
    self.version = version
    self.outOfSync = outOfSync
    self.includeText = includeText
  }

  /// `stableText/state`'s answer (`text` only when asked for: the authoritative text, written
  /// as JSON bytes, since a large one takes a while).
  public var json: JSONValue {
    let state = field.state
    var object: JSONObject = [
      "uri": .string(uri),
      "version": .int(version),
      "length": .int(state.length),
      "limit": JSONValue(state.limit),
      "unit": .string(state.unit.rawValue),
      "remaining": JSONValue(state.remaining),
      "overLimit": .bool(state.overLimit),
      "emptyAfterTrim": .bool(state.emptyAfterTrim),
      "counter": .string(state.counter),
      "placeholder": ["text": .string(state.placeholder), "visible": .bool(state.placeholderVisible)],
      "lineCount": .int(state.lineCount),
      "outOfSync": .bool(outOfSync),
    ]
    if let sms = field.smsMessage {
      object["sms"] = [
        "encoding": .string(sms.encoding.rawValue), "segments": .int(sms.segments), "units": .int(sms.units),
      ]
    }
    if includeText {
      var text = JSONBytes(capacity: field.text.utf8Count + 2)
      text.string(field.text.string)
      object["text"] = text.value
    }
    return .object(object)
  }
}
