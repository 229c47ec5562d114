import StableTextCore
import StableTextJSON

/// `stableText/edit`: edits applied under a policy, all or none; optionally the scroll answer
/// after them. Checked in a fixed order — types (here), document, version, positions.
public struct StableTextEditRequest: RequestType {
  public static let method = "stableText/edit"
  public typealias Response = EditResult

  public var textDocument: VersionedTextDocumentIdentifier
  public var edits: [FieldEdit]
  /// Where `edits` was read: an edit's error names `params.edits[i].range`.
  public var editsPath: JSONPath
  public var policy: LimitPolicy?
  public var caret: Located<TextPosition>?
  /// The scroll fields, when `viewport` is sent.
  public var scroll: ScrollFields?
  /// Made while an input method composes: applied, never refused or cut; the next edit without
  /// it commits the composition and is judged as one change from the text before it.
  public var composing = false

  public init(
    _ textDocument: VersionedTextDocumentIdentifier, edits: [FieldEdit], policy: LimitPolicy? = nil,
    caret: TextPosition? = nil, scroll: ScrollFields? = nil
  ) {
    self.textDocument = textDocument
    self.edits = edits
    editsPath = JSONPath.params.member("edits")
    self.policy = policy
    self.caret = caret.map { Located($0, at: JSONPath.params.member("caret")) }
    self.scroll = scroll
  }

  public init(decoding params: JSONRef) throws(JSONFieldError) {
    let params = try params.object()
    textDocument = try VersionedTextDocumentIdentifier(in: params)
    edits = []
    for entry in try params["edits"].array() {
      let object = try entry.object()
      let text = try object["text"].string()
      let range = object["range"]
      edits.append(FieldEdit(range: range.isMissing ? nil : try TextRange(decoding: range), text: text))
    }
    editsPath = params["edits"].path
    policy = try RulesDecoding.enumeration(params["policy"], LimitPolicy.self)
    let caretRef = params["caret"]
    caret = caretRef.isAbsent ? nil : Located(try TextPosition(decoding: caretRef), at: caretRef.path)
    scroll = params["viewport"].isAbsent ? nil : try ScrollFields(decoding: params)
    composing = try params["composing"].optionalBool() ?? false
    if composing, let whole = edits.firstIndex(where: { $0.range == nil }) {
      throw JSONFieldError(
        path: editsPath.index(whole).member("range"),
        problem: "missing; a composing edit replaces a range of marked text, not the whole text")
    }
  }

  public var json: JSONValue {
    let edits: [JSONValue] = edits.map { EditResult.json(range: $0.range, text: $0.text) }
    var object: JSONObject = ["textDocument": textDocument.json, "edits": .array(edits)]
    if let policy { object["policy"] = .string(policy.rawValue) }
    if let scroll {
      for (key, value) in scroll.members.pairs where key != "caret" { object[key] = value }
    }
    if let caret { object["caret"] = caret.value.json }
    if composing { object["composing"] = true }
    return .object(object)
  }
}

/// `{applied, reason, version, edits, state, scroll?}`: the edits as applied (a truncated one's
/// text cut), the document's state after them, and the scroll answer when asked.
public struct EditResult: ResponseType {
  public var applied: Bool
  public var reason: String?
  public var version: Int
  public var edits: [AppliedEdit]
  /// The document's state after the edits.
  public var state: StableTextState
  /// The scroll answer of `stableText/scroll`, when the request had a viewport.
  public var scroll: JSONValue?

  public init(
    applied: Bool, reason: String?, version: Int, edits: [AppliedEdit], state: StableTextState,
    scroll: JSONValue?
  ) {
    self.applied = applied
    self.reason = reason
    self.version = version
    self.edits = edits
    self.state = state
    self.scroll = scroll
  }

  /// One edit: `{range?, text}` (no range: the whole text).
  static func json(range: TextRange?, text: String) -> JSONValue {
    guard let range else { return ["text": .string(text)] }
    return ["range": range.json, "text": .string(text)]
  }

  public var json: JSONValue {
    var result: JSONObject = [
      "applied": .bool(applied), "reason": JSONValue(reason), "version": .int(version),
      "edits": .array(edits.map { Self.json(range: $0.range, text: $0.text) }), "state": state.json,
    ]
    if let scroll { result["scroll"] = scroll }
    return .object(result)
  }
}
