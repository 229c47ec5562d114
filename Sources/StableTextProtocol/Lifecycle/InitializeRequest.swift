import StableTextCore
import StableTextJSON

/// `initialize`: what the client can do, and StableText's options (Protocol/README.md,
/// "`initialize`"). Read in the order the fields were always read, so the first error a client
/// sees is the one it always saw.
public struct InitializeRequest: RequestType {
  public static let method = "initialize"
  public typealias Response = InitializeResult

  /// `capabilities.general.positionEncodings`, in the client's order of preference.
  public var positionEncodings: [String] = []
  /// `capabilities.textDocument.hover.contentFormat`, read up to the first the server writes
  /// (`markdown` or `plaintext`): what comes after it is never looked at.
  public var hoverContentFormats: [String] = []
  /// `capabilities.workspace.inlayHint.refreshSupport`: the client takes
  /// `workspace/inlayHint/refresh` (Protocol/README.md, "Inlay hints").
  public var inlayHintRefresh = false
  /// `processId`, as sent (it may be no process id here: the server says so).
  public var processId: Int?
  /// `initializationOptions`.
  public var options: InitializationOptions?

  public init(
    positionEncodings: [String] = [], hoverContentFormats: [String] = [], inlayHintRefresh: Bool = false,
    processId: Int? = nil, options: InitializationOptions? = nil
  ) {
    self.positionEncodings = positionEncodings
    self.hoverContentFormats = hoverContentFormats
    self.inlayHintRefresh = inlayHintRefresh
    self.processId = processId
    self.options = options
  }

  public init(decoding params: JSONRef) throws(JSONFieldError) {
    let params = params.isAbsent ? params : try params.object()
    let encodings = params["capabilities"]["general"]["positionEncodings"]
    if !encodings.isAbsent {
      for entry in try encodings.array() { positionEncodings.append(try entry.string()) }
    }
    let formats = params["capabilities"]["textDocument"]["hover"]["contentFormat"]
    if !formats.isAbsent {
      for entry in try formats.array() {
        let format = try entry.string()
        hoverContentFormats.append(format)
        if format == "markdown" || format == "plaintext" { break }
      }
    }
    inlayHintRefresh =
      try params["capabilities"]["workspace"]["inlayHint"]["refreshSupport"].optionalBool() ?? false
    let optionsRef = params["initializationOptions"]
    var options = InitializationOptions()
    if !optionsRef.isAbsent {
      options.configuration = try RulesDecoding.configuration(optionsRef, warnings: &options.warnings)
      options.stateNotifications = try optionsRef["stateNotifications"].optionalBool() ?? false
      if let defaults = try RulesDecoding.enumeration(optionsRef["defaults"], RuleDefaults.self) {
        options.configuration.defaults = defaults
      }
    }
    let processID = params["processId"]
    if !processID.isAbsent && !processID.isNull { processId = try processID.int() }
    let encodingRef = optionsRef["positionEncoding"]
    if !encodingRef.isAbsent && !encodingRef.isNull {
      guard encodingRef.isString, let parsed = PositionEncoding(rawValue: try encodingRef.string()) else {
        throw encodingRef.fail(
          "expected one of \"utf-8\", \"utf-16\", \"utf-32\" or null, got \(encodingRef.brief)")
      }
      options.positionEncoding = parsed
    }
    self.options = optionsRef.isAbsent ? nil : options
  }

  /// Whether hover text is Markdown: the first of `hoverContentFormats` the server writes;
  /// plain text when it lists neither.
  public var wantsMarkdownHover: Bool { hoverContentFormats.last == "markdown" }

  public var json: JSONValue {
    var capabilities: JSONObject = [:]
    if !positionEncodings.isEmpty {
      capabilities["general"] = ["positionEncodings": .array(positionEncodings.map { .string($0) })]
    }
    if !hoverContentFormats.isEmpty {
      capabilities["textDocument"] = [
        "hover": ["contentFormat": .array(hoverContentFormats.map { .string($0) })]
      ]
    }
    if inlayHintRefresh { capabilities["workspace"] = ["inlayHint": ["refreshSupport": true]] }
    var object: JSONObject = [
      "processId": processId.map { .int($0) } ?? .null, "capabilities": .object(capabilities),
    ]
    if let options { object["initializationOptions"] = options.json }
    return .object(object)
  }
}
