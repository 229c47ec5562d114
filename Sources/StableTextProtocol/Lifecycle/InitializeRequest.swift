import StableTextCore
import StableTextJSON
import StableTextProject
import StableTextTransport

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
  /// `processId`, as sent (it may be no process id here: the server says so).
  public var processId: Int?
  /// `initializationOptions`.
  public var options: InitializationOptions?

  public init(
    positionEncodings: [String] = [], hoverContentFormats: [String] = [], processId: Int? = nil,
    options: InitializationOptions? = nil
  ) {
    self.positionEncodings = positionEncodings
    self.hoverContentFormats = hoverContentFormats
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
    let optionsRef = params["initializationOptions"]
    var options = InitializationOptions()
    if !optionsRef.isAbsent {
      options.configuration = try RulesDecoding.configuration(optionsRef, warnings: &options.warnings)
      options.stateNotifications = try optionsRef["stateNotifications"].optionalBool() ?? false
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
    var object: JSONObject = [
      "processId": processId.map { .int($0) } ?? .null, "capabilities": .object(capabilities),
    ]
    if let options { object["initializationOptions"] = options.json }
    return .object(object)
  }
}

/// `initializationOptions`: the rules, state notifications, and the position encoding for a
/// client that lists none.
public struct InitializationOptions: Sendable {
  package var configuration = RuleConfiguration()
  public var stateNotifications = false
  public var positionEncoding: PositionEncoding?
  /// What was ignored while reading the rules (unknown fields): logged, not refused.
  public var warnings: [String] = []

  package init(
    configuration: RuleConfiguration = RuleConfiguration(), stateNotifications: Bool = false,
    positionEncoding: PositionEncoding? = nil
  ) {
    self.configuration = configuration
    self.stateNotifications = stateNotifications
    self.positionEncoding = positionEncoding
  }

  public var json: JSONValue {
    guard case .object(var object) = RulesEncoding.json(configuration) else { return .null }
    if stateNotifications { object["stateNotifications"] = true }
    if let positionEncoding { object["positionEncoding"] = .string(positionEncoding.rawValue) }
    return .object(object)
  }
}

/// `initialize`'s result: the capabilities (the negotiated encoding first, then what the method
/// table's registrations announce) and who the server is.
public struct InitializeResult: ResponseType {
  public var capabilities: JSONObject
  public var serverName: String
  public var serverVersion: String

  public init(capabilities: JSONObject, serverName: String, serverVersion: String) {
    self.capabilities = capabilities
    self.serverName = serverName
    self.serverVersion = serverVersion
  }

  public var json: JSONValue {
    [
      "capabilities": .object(capabilities),
      "serverInfo": ["name": .string(serverName), "version": .string(serverVersion)],
    ]
  }
}
