import StableTextCore
import StableTextJSON
import StableTextProject
import StableTextProtocol
import StableTextTransport

/// `stableText/scroll` and the scroll member of `stableText/edit`'s answer.
extension LanguageServer {
  /// `stableText/scroll`: where to scroll so the caret is visible without a jump.
  func scroll(_ request: StableTextScrollRequest) throws(ResponseError) -> JSONValue {
    let document = try document(request.textDocument)
    var scroll = request.fields.request
    if let caret = request.fields.caret {
      scroll.caret = try caretOffset(caret.value, in: document.field, path: caret.path)
    }
    let answer = document.field.scroll(scroll)
    noteLayout(of: document)
    return json(answer, in: document.field)
  }

  /// A caret position resolved in `field`'s text, or `-32602` naming the field.
  func caretOffset(_ caret: TextPosition, in field: StableTextField, path: JSONPath) throws(ResponseError)
    -> Int
  {
    do throws(PositionError) {
      return try field.text.offset(of: caret, in: encoding)
    } catch {
      throw .invalidParams(error.fieldError(at: path))
    }
  }

  func json(_ answer: ScrollAnswer, in field: StableTextField) -> JSONValue {
    let position = field.text.position(of: answer.caret.offset, in: encoding)
    return [
      "offset": Self.number(answer.offset),
      "scrollEnabled": .bool(answer.scrollEnabled),
      "contentHeight": Self.number(answer.contentHeight),
      "minOffset": Self.number(answer.minOffset),
      "maxOffset": Self.number(answer.maxOffset),
      "rows": .int(answer.rows),
      "caret": [
        "line": .int(position.line), "character": .int(position.character), "row": .int(answer.caret.row),
        "column": .int(answer.caret.column), "y": Self.number(answer.caret.y),
        "height": Self.number(answer.caret.height),
      ],
      "reason": .string(answer.reason.rawValue),
      "exact": .bool(answer.isExact),
    ]
  }

  private static func number(_ value: Double) -> JSONValue { ScrollFields.number(value) }
}
