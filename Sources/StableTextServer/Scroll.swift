import StableTextCore
import StableTextJSON
import StableTextProject
import StableTextTransport

/// `stableText/scroll` and the scroll member of `stableText/edit`'s answer.
extension LanguageServer {
  /// The scroll fields of a request (shared by `scroll` and `edit`), decoded with field paths.
  struct ScrollParams {
    var caret: TextPosition?
    var request: ScrollRequest
  }

  func decodeScroll(_ params: JSONRef) throws(JSONFieldError) -> ScrollParams {
    let viewportRef = try params["viewport"].object()
    func number(_ ref: JSONRef, default value: Double, minimum: Double, exclusive: Bool = false)
      throws(JSONFieldError)
      -> Double
    {
      guard !ref.isAbsent else { return value }
      let number = try ref.number()
      guard exclusive ? number > minimum : number >= minimum else {
        throw ref.fail(
          "expected a number \(exclusive ? "greater than" : "at least") \(Self.format(minimum)), got \(Self.format(number))"
        )
      }
      guard number <= Self.maxMagnitude else {
        throw ref.fail("expected a number at most 1e15, got \(Self.format(number))")
      }
      return number
    }
    func insets(_ ref: JSONRef) throws(JSONFieldError) -> VerticalInsets {
      guard !ref.isAbsent else { return .zero }
      let object = try ref.object()
      return VerticalInsets(
        top: try number(object["top"], default: 0, minimum: 0),
        bottom: try number(object["bottom"], default: 0, minimum: 0))
    }
    let heightRef = viewportRef["height"]
    guard !heightRef.isAbsent else { throw heightRef.fail("missing; expected a number at least 0") }
    let height = try number(heightRef, default: 0, minimum: 0)
    func positiveInteger(_ ref: JSONRef, expected: String) throws(JSONFieldError) -> Int? {
      guard !ref.isAbsent else { return nil }
      guard ref.isInteger, let value = try? ref.int(), value >= 1 else {
        throw ref.fail("expected \(expected), got \(ref.brief)")
      }
      return value
    }
    let columns = try positiveInteger(viewportRef["columns"], expected: "a positive integer or null")
    let tabSize = try positiveInteger(viewportRef["tabSize"], expected: "a positive integer") ?? 4
    guard tabSize <= WrapOptions.maxTabSize else {
      throw viewportRef["tabSize"].fail(
        "expected an integer from 1 to \(WrapOptions.maxTabSize), got \(tabSize)")
    }
    let viewport = Viewport(
      height: height,
      lineHeight: try number(viewportRef["lineHeight"], default: 1, minimum: 0, exclusive: true),
      lineSpacing: try number(viewportRef["lineSpacing"], default: 0, minimum: 0),
      wrap: WrapOptions(
        columns: columns, wrap: try RulesDecoding.enumeration(viewportRef["wrap"], WrapMode.self) ?? .char,
        tabSize: tabSize),
      padding: try insets(viewportRef["padding"]),
      obscured: try insets(viewportRef["obscured"]),
      margin: try insets(viewportRef["margin"]))
    var farThreshold: Double?
    if !params["farThreshold"].isAbsent {
      farThreshold = try number(params["farThreshold"], default: 0, minimum: 0)
    }
    let offsetRef = params["offset"]
    var offset = 0.0
    if !offsetRef.isAbsent {
      offset = try offsetRef.number()
      guard abs(offset) <= Self.maxMagnitude else {
        throw offsetRef.fail("expected a number from -1e15 to 1e15, got \(Self.format(offset))")
      }
    }
    return ScrollParams(
      caret: params["caret"].isAbsent ? nil : try Params.position(params["caret"]),
      request: ScrollRequest(
        caret: nil, affinity: try RulesDecoding.enumeration(params["affinity"], Affinity.self) ?? .downstream,
        offset: offset, viewport: viewport,
        reveal: try RulesDecoding.enumeration(params["reveal"], Reveal.self) ?? .nearest,
        farThreshold: farThreshold))
  }

  /// `stableText/scroll`: where to scroll so the caret is visible without a jump.
  func scroll(_ params: JSONRef) throws(ResponseError) -> JSONValue {
    let params = try object(params)
    let decoded = try decode { () throws(JSONFieldError) in try decodeScroll(params) }
    let document = try document(params)
    var request = decoded.request
    if let caret = decoded.caret {
      request.caret = try caretOffset(caret, in: document.field, path: params["caret"].path)
    }
    let answer = document.field.scroll(request)
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

  /// The largest magnitude of any number a viewport is described with. Every answer is then
  /// finite: rows times a pitch of at most 2e15 stays far below `Double`'s range.
  static let maxMagnitude = 1e15

  /// Whole numbers as JSON integers, others as they are (never rounded).
  static func number(_ value: Double) -> JSONValue {
    if value == value.rounded(), abs(value) < 9_007_199_254_740_992 { return .int(Int(value)) }
    return .double(value)
  }

  /// A number in an error message: whole numbers as integers, others in their shortest form.
  static func format(_ value: Double) -> String {
    if case .int(let whole) = number(value) { return String(whole) }
    return "\(value)"
  }
}
