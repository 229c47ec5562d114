import StableTextCore
import StableTextJSON

/// `stableText/scroll`: where to scroll so the caret is visible without a jump.
public struct StableTextScrollRequest: RequestType {
  public static let method = "stableText/scroll"
  /// Written by the scroll answer's writer (shared with `stableText/edit`).
  public typealias Response = JSONValue

  public var textDocument: TextDocumentIdentifier
  public var fields: ScrollFields

  public init(_ textDocument: TextDocumentIdentifier, fields: ScrollFields) {
    self.textDocument = textDocument
    self.fields = fields
  }

  /// The scroll fields first, then the document.
  public init(decoding params: JSONRef) throws(JSONFieldError) {
    let params = try params.object()
    fields = try ScrollFields(decoding: params)
    textDocument = try TextDocumentIdentifier(in: params)
  }

  public var json: JSONValue {
    var object = fields.members
    object["textDocument"] = textDocument.json
    return .object(object)
  }
}
