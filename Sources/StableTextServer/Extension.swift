import StableTextCore
import StableTextJSON
import StableTextTransport

/// The `stableText/…` extension for frontends that make the daemon their text field's source
/// of truth.
extension LanguageServer {
  /// `stableText/state`: counter, limit, placeholder and sync state; the text on request.
  func state(_ params: JSONRef) throws(ResponseError) -> JSONValue {
    let params = try object(params)
    let document = try document(params)
    let includeText: Bool
    do throws(JSONFieldError) {
      includeText = try params["includeText"].optionalBool() ?? false
    } catch {
      throw .invalidParams(error)
    }
    return stateJSON(document, includeText: includeText)
  }

  func stateJSON(_ document: Document, includeText: Bool) -> JSONValue {
    let field = document.field
    let empty = field.isEmptyAfterTrim
    var state: JSONObject = [
      "uri": .string(document.uri),
      "version": .int(document.version),
      "length": .int(field.length),
      "limit": JSONValue(field.rules.maxLength),
      "unit": .string(field.rules.unit.rawValue),
      "remaining": JSONValue(field.remaining),
      "overLimit": .bool(field.isOverLimit),
      "emptyAfterTrim": .bool(empty),
      "counter": .string(field.counter),
      "placeholder": ["text": .string(field.rules.placeholder), "visible": .bool(empty)],
      "lineCount": .int(field.text.lineCount),
      "outOfSync": .bool(document.isOutOfSync),
    ]
    if includeText { state["text"] = .string(field.text.string) }
    return .object(state)
  }
}
