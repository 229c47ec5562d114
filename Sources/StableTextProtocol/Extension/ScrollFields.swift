import StableTextCore
import StableTextJSON

/// The scroll fields of `stableText/scroll` and `stableText/edit` (Protocol/README.md,
/// "`stableText/scroll` (request)"): the viewport, the offset now, the caret and how to reveal
/// it. Every number is finite and at most 1e15 in magnitude, so every answer is finite.
public struct ScrollFields: Sendable {
  /// The caret, a position in the text (after the edit, in `stableText/edit`).
  public var caret: Located<TextPosition>?
  /// The request, its caret offset not yet resolved.
  public var request: ScrollRequest

  public init(caret: TextPosition?, request: ScrollRequest) {
    self.caret = caret.map { Located($0, at: JSONPath.params.member("caret")) }
    self.request = request
  }

  /// The largest magnitude of any number a viewport is described with. Every answer is then
  /// finite: rows times a pitch of at most 2e15 stays far below `Double`'s range.
  public static let maxMagnitude = 1e15

  public init(decoding params: JSONRef) throws(JSONFieldError) {
    let viewportRef = try params["viewport"].object()
    func number(_ ref: JSONRef, default value: Double, minimum: Double, exclusive: Bool = false)
      throws(JSONFieldError) -> Double
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
    let caretRef = params["caret"]
    caret = caretRef.isAbsent ? nil : Located(try TextPosition(decoding: caretRef), at: caretRef.path)
    request = ScrollRequest(
      caret: nil, affinity: try RulesDecoding.enumeration(params["affinity"], Affinity.self) ?? .downstream,
      offset: offset, viewport: viewport,
      reveal: try RulesDecoding.enumeration(params["reveal"], Reveal.self) ?? .nearest,
      farThreshold: farThreshold)
  }

  /// The fields as members of a request's params.
  public var members: JSONObject {
    let viewport = request.viewport
    var viewportObject: JSONObject = [
      "height": Self.number(viewport.height), "lineHeight": Self.number(viewport.lineHeight),
      "lineSpacing": Self.number(viewport.lineSpacing),
      "columns": viewport.wrap.columns.map { .int($0) } ?? .null,
      "wrap": .string(viewport.wrap.wrap.rawValue), "tabSize": .int(viewport.wrap.tabSize),
    ]
    for (name, insets) in [
      ("padding", viewport.padding), ("obscured", viewport.obscured), ("margin", viewport.margin),
    ]
    where insets != .zero {
      viewportObject[name] = ["top": Self.number(insets.top), "bottom": Self.number(insets.bottom)]
    }
    var object: JSONObject = [
      "viewport": .object(viewportObject), "offset": Self.number(request.offset),
      "affinity": .string(request.affinity.rawValue), "reveal": .string(request.reveal.rawValue),
    ]
    if let caret { object["caret"] = caret.value.json }
    if let farThreshold = request.farThreshold { object["farThreshold"] = Self.number(farThreshold) }
    return object
  }

  /// Whole numbers as JSON integers, others as they are (never rounded).
  public static func number(_ value: Double) -> JSONValue {
    // Fits: a whole number below 2^53 in magnitude is exact in `Int`.
    if value == value.rounded(), abs(value) < 9_007_199_254_740_992 { return .int(Int(value)) }
    return .double(value)
  }

  /// A number in an error message: whole numbers as integers, others in their shortest form.
  public static func format(_ value: Double) -> String {
    if case .int(let whole) = number(value) { return String(whole) }
    return "\(value)"
  }
}
