import StableTextCore
import StableTextJSON

/// `textDocument/inlayHint`: the counters drawn in the text whose places lie in `range`
/// (Protocol/README.md, "Inlay hints").
public struct InlayHintRequest: RequestType {
  public static let method = "textDocument/inlayHint"
  /// An array of `InlayHint`s, written by the server from `FieldInlayHint`s.
  public typealias Response = JSONValue
  public static var capabilities: JSONObject { ["inlayHintProvider": true] }

  public var textDocument: TextDocumentIdentifier
  public var range: Located<TextRange>

  public init(_ textDocument: TextDocumentIdentifier, range: TextRange) {
    self.textDocument = textDocument
    self.range = Located(range, at: JSONPath.params.member("range"))
  }

  public init(decoding params: JSONRef) throws(JSONFieldError) {
    let params = try params.object()
    textDocument = try TextDocumentIdentifier(in: params)
    range = Located(try TextRange(decoding: params["range"]), at: params["range"].path)
  }

  public var json: JSONValue { ["textDocument": textDocument.json, "range": range.value.json] }
}
