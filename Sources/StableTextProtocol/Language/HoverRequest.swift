import StableTextCore
import StableTextJSON

/// `textDocument/hover`: the line's length and limit, then the counter.
public struct HoverRequest: RequestType {
  public static let method = "textDocument/hover"
  public typealias Response = HoverResult
  public static var capabilities: JSONObject { ["hoverProvider": true] }

  public var textDocument: TextDocumentIdentifier
  public var position: TextPosition

  public init(_ textDocument: TextDocumentIdentifier, position: TextPosition) {
    self.textDocument = textDocument
    self.position = position
  }

  public init(decoding params: JSONRef) throws(JSONFieldError) {
    let params = try params.object()
    textDocument = try TextDocumentIdentifier(in: params)
    position = try TextPosition(decoding: params["position"])
  }

  public var json: JSONValue { ["textDocument": textDocument.json, "position": position.json] }
}

/// `{contents: {kind, value}}`: Markdown or plain text, as the client asked.
public struct HoverResult: ResponseType {
  public var markdown: Bool
  public var value: String

  public init(markdown: Bool, value: String) {
    self.markdown = markdown
    self.value = value
  }

  public var json: JSONValue {
    ["contents": ["kind": .string(markdown ? "markdown" : "plaintext"), "value": .string(value)]]
  }
}
