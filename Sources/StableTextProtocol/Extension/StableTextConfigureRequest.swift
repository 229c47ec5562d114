import StableTextCore
import StableTextJSON

/// `stableText/configure`: rules merged into this document's own layer (the last before the
/// frontend's edits decide).
public struct StableTextConfigureRequest: RequestType {
  public static let method = "stableText/configure"
  /// The state after it.
  public typealias Response = StableTextState

  public var textDocument: TextDocumentIdentifier
  public var rules: RulePatch
  /// Where the rules were read: a size limit the new rules would pass names it.
  public var rulesPath: JSONPath
  /// Unknown rule fields ignored.
  public var warnings: [String] = []

  public init(_ textDocument: TextDocumentIdentifier, rules: RulePatch) {
    self.textDocument = textDocument
    self.rules = rules
    rulesPath = JSONPath.params.member("rules")
  }

  /// The rules first, then the document.
  public init(decoding params: JSONRef) throws(JSONFieldError) {
    let params = try params.object()
    rules = try RulesDecoding.patch(params["rules"], warnings: &warnings)
    rulesPath = params["rules"].path
    textDocument = try TextDocumentIdentifier(in: params)
  }

  public var json: JSONValue { ["textDocument": textDocument.json, "rules": RulesEncoding.json(rules)] }
}
