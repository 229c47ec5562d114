import StableTextJSON

/// A JSON-RPC error code. Open, like LSP's own set: a code not named here is still a code.
public struct ErrorCode: RawRepresentable, Hashable, Sendable {
  public var rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }

  public static let parseError = ErrorCode(rawValue: -32700)
  public static let invalidRequest = ErrorCode(rawValue: -32600)
  public static let methodNotFound = ErrorCode(rawValue: -32601)
  public static let invalidParams = ErrorCode(rawValue: -32602)
  public static let internalError = ErrorCode(rawValue: -32603)
  public static let serverNotInitialized = ErrorCode(rawValue: -32002)
  public static let requestCancelled = ErrorCode(rawValue: -32800)
  public static let contentModified = ErrorCode(rawValue: -32801)
}

/// The `error` member of a response, with named factories so every place that fails says the
/// same thing the same way.
public struct ResponseError: Error, Sendable, Equatable {
  public var code: ErrorCode
  public var message: String
  public var data: JSONValue?

  public init(code: ErrorCode, message: String, data: JSONValue? = nil) {
    self.code = code
    self.message = message
    self.data = data
  }

  public static func parseError(_ detail: String) -> ResponseError {
    ResponseError(code: .parseError, message: "Parse error: \(detail)")
  }

  public static func invalidRequest(_ detail: String) -> ResponseError {
    ResponseError(code: .invalidRequest, message: "Invalid request: \(detail)")
  }

  public static func methodNotFound(_ method: String) -> ResponseError {
    ResponseError(code: .methodNotFound, message: "Method not found: \(Echo.clipped(method))")
  }

  /// `path: problem`, so a client can find the field at once.
  public static func invalidParams(_ error: JSONFieldError) -> ResponseError {
    ResponseError(code: .invalidParams, message: error.description)
  }

  public static func invalidParams(path: String, _ problem: String) -> ResponseError {
    ResponseError(code: .invalidParams, message: "\(path): \(problem)")
  }

  public static func internalError(_ detail: String) -> ResponseError {
    ResponseError(code: .internalError, message: "Internal error: \(detail)")
  }

  public static let serverNotInitialized = ResponseError(
    code: .serverNotInitialized, message: "Server not initialized: send 'initialize' first")

  public static let requestCancelled = ResponseError(code: .requestCancelled, message: "Request cancelled")

  public static func contentModified(currentVersion: Int, detail: String) -> ResponseError {
    ResponseError(code: .contentModified, message: detail, data: ["version": .int(currentVersion)])
  }

  public var json: JSONValue {
    var object: JSONObject = ["code": .int(code.rawValue), "message": .string(message)]
    if let data { object["data"] = data }
    return .object(object)
  }
}
