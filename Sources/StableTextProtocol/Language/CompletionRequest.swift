import StableTextCore
import StableTextJSON

/// `textDocument/completion` (Protocol/README.md, "Completion"): types, scopes, trailer tokens and
/// people in a commit message; trigger characters `(`, `:` and space.
public struct CompletionRequest: RequestType {
  public static let method = "textDocument/completion"
  public typealias Response = CompletionResult
  public static var capabilities: JSONObject {
    ["completionProvider": ["triggerCharacters": ["(", ":", " "], "resolveProvider": false]]
  }

  public var textDocument: TextDocumentIdentifier
  public var position: TextPosition
  /// `context.triggerKind` (1 invoked, 2 a trigger character, 3 incomplete list asked again).
  public var triggerKind: Int?
  /// `context.triggerCharacter`, when a trigger character asked.
  public var triggerCharacter: String?

  public init(
    _ textDocument: TextDocumentIdentifier, position: TextPosition, triggerKind: Int? = nil,
    triggerCharacter: String? = nil
  ) {
    self.textDocument = textDocument
    self.position = position
    self.triggerKind = triggerKind
    self.triggerCharacter = triggerCharacter
  }

  public init(decoding params: JSONRef) throws(JSONFieldError) {
    let params = try params.object()
    textDocument = try TextDocumentIdentifier(in: params)
    position = try TextPosition(decoding: params["position"])
    let context = params["context"]
    guard !context.isAbsent else { return }
    let object = try context.object()
    let kind = object["triggerKind"]
    triggerKind = try kind.int()
    guard (1...3).contains(triggerKind!) else {
      throw kind.fail("must be 1 (invoked), 2 (trigger character) or 3 (incomplete), not \(triggerKind!)")
    }
    triggerCharacter = try object["triggerCharacter"].optionalString()
  }

  public var json: JSONValue {
    var params: JSONObject = ["textDocument": textDocument.json, "position": position.json]
    if let triggerKind {
      var context: JSONObject = ["triggerKind": .int(triggerKind)]
      if let triggerCharacter { context["triggerCharacter"] = .string(triggerCharacter) }
      params["context"] = .object(context)
    }
    return .object(params)
  }
}

/// LSP's `CompletionList`: `{isIncomplete, items}`.
public struct CompletionResult: ResponseType {
  /// One `CompletionItem`: its edit's range already in the session's position encoding.
  public struct Item: Sendable {
    public var label: String
    /// What the client matches what is typed against: the label, or the rest of a person written
    /// from the last word typed (Protocol/README.md, "Completion": "The items' shape").
    public var filterText: String
    public var kind: Int
    public var detail: String?
    public var documentation: String?
    public var range: TextRange
    public var newText: String
    /// Its place in the list (`sortText`): the server's order, whatever the label.
    public var order: Int

    public init(
      label: String, filterText: String? = nil, kind: Int, detail: String?, documentation: String?,
      range: TextRange, newText: String, order: Int
    ) {
      self.label = label
      self.filterText = filterText ?? label
      self.kind = kind
      self.detail = detail
      self.documentation = documentation
      self.range = range
      self.newText = newText
      self.order = order
    }

    public var json: JSONValue {
      var item: JSONObject = [
        "label": .string(label), "kind": .int(kind),
        "sortText": .string(String(repeating: "0", count: max(0, 4 - String(order).count)) + String(order)),
        "filterText": .string(filterText),
        "textEdit": ["range": range.json, "newText": .string(newText)],
      ]
      if let detail { item["detail"] = .string(detail) }
      if let documentation { item["documentation"] = .string(documentation) }
      return .object(item)
    }
  }

  public var isIncomplete: Bool
  public var items: [Item]

  public init(isIncomplete: Bool = false, items: [Item] = []) {
    self.isIncomplete = isIncomplete
    self.items = items
  }

  public var json: JSONValue { ["isIncomplete": .bool(isIncomplete), "items": .array(items.map(\.json))] }
}
