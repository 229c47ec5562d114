import StableTextJSON
import StableTextProtocol

/// Every method a handler answers, registered once with its message type (rust-analyzer's
/// dispatcher, `on::<R>(handler)`): the table reads the params into the type, turning a field
/// error into `-32602`, calls the handler, and writes its response. What `initialize`
/// announces comes from the same registrations, so a capability cannot be claimed for a method
/// that has no handler, nor a handler added without its capability.
public struct MethodTable<Handler: AnyObject>: Sendable {
  /// How one request is answered: at once, and, for a request that only reads, the form that
  /// may run off the handler's thread.
  struct RequestRoute: Sendable {
    let run: @Sendable (Handler, JSONRef) throws(ResponseError) -> JSONValue
    let deferral: (@Sendable (Handler, JSONRef, RequestID) -> DeferredRequest?)?
  }

  private var requests: [String: RequestRoute] = [:]
  /// A notification's route: its field error, if its params could not be read or handled.
  private var notifications: [String: @Sendable (Handler, JSONRef) -> JSONFieldError?] = [:]
  /// The methods in registration order, and the capabilities they announce, merged.
  public private(set) var methods: [String] = []
  public private(set) var capabilities: JSONObject = [:]

  public init() {}

  /// Registers `R`'s handler.
  public mutating func on<R: RequestType>(
    _ type: R.Type, _ handle: @escaping @Sendable (Handler, R) throws(ResponseError) -> R.Response
  ) {
    add(
      R.self,
      RequestRoute(
        run: { handler, params throws(ResponseError) in
          let request = try Self.decode(R.self, params)
          return try handle(handler, request).json
        }, deferral: nil))
  }

  /// Registers a request that only reads: `work` checks it and returns what computes its answer
  /// from copies, reading the flag to stop early once the client cancelled; `deferral` may run
  /// that off the handler's thread (or say `nil`: at once, where nothing can cancel it).
  public mutating func on<R: RequestType>(
    reading type: R.Type,
    _ work:
      @escaping @Sendable (Handler, R) throws(ResponseError) -> @Sendable (CancellationFlag) -> R.Response,
    deferral:
      @escaping @Sendable (
        Handler, R, RequestID, _ work: () throws(ResponseError) -> @Sendable (CancellationFlag) -> R.Response
      ) -> DeferredRequest?
  ) {
    add(
      R.self,
      RequestRoute(
        run: { handler, params throws(ResponseError) in
          let request = try Self.decode(R.self, params)
          return try work(handler, request)(.never).json
        },
        deferral: { handler, params, id in
          guard let request = try? R(decoding: params) else { return nil }
          return deferral(handler, request, id) { () throws(ResponseError) in try work(handler, request) }
        }))
  }

  /// Registers `N`'s handler. `unreadable`, when given, is told of params that cannot be read
  /// as `N` instead of the error going back to the connection (a change whose document is known
  /// puts it out of sync); it may throw the error on.
  public mutating func on<N: NotificationType>(
    _ type: N.Type, _ handle: @escaping @Sendable (Handler, N) throws(JSONFieldError) -> Void,
    unreadable: (@Sendable (Handler, JSONRef, JSONFieldError) throws(JSONFieldError) -> Void)? = nil
  ) {
    precondition(notifications[N.method] == nil && requests[N.method] == nil, "\(N.method) registered twice")
    notifications[N.method] = { handler, params in Self.run(N.self, handle, unreadable, handler, params) }
    note(N.self)
  }

  private mutating func add<R: RequestType>(_ type: R.Type, _ route: RequestRoute) {
    precondition(requests[R.method] == nil && notifications[R.method] == nil, "\(R.method) registered twice")
    requests[R.method] = route
    note(R.self)
  }

  private mutating func note(_ type: (some MessageType).Type) {
    methods.append(type.method)
    capabilities = Self.merge(capabilities, type.capabilities)
  }

  /// Reads and handles one notification; the field error that stops it, if any.
  private static func run<N: NotificationType>(
    _ type: N.Type, _ handle: (Handler, N) throws(JSONFieldError) -> Void,
    _ unreadable: ((Handler, JSONRef, JSONFieldError) throws(JSONFieldError) -> Void)?, _ handler: Handler,
    _ params: JSONRef
  ) -> JSONFieldError? {
    let message: N
    do throws(JSONFieldError) {
      message = try N(decoding: params)
    } catch {
      guard let unreadable else { return error }
      do throws(JSONFieldError) {
        try unreadable(handler, params, error)
        return nil
      } catch {
        return error
      }
    }
    do throws(JSONFieldError) {
      try handle(handler, message)
      return nil
    } catch {
      return error
    }
  }

  private static func decode<R: RequestType>(_ type: R.Type, _ params: JSONRef) throws(ResponseError) -> R {
    do throws(JSONFieldError) { return try R(decoding: params) } catch { throw .invalidParams(error) }
  }

  /// `extra`'s members added to `base`'s, objects merged member by member.
  static func merge(_ base: JSONObject, _ extra: JSONObject) -> JSONObject {
    var result = base
    for key in extra.keys {
      if case .object(let old)? = result[key], case .object(let new)? = extra[key] {
        result[key] = .object(merge(old, new))
      } else {
        result[key] = extra[key]
      }
    }
    return result
  }

  /// Whether a request or notification named `method` is registered.
  public func handles(_ method: String) -> Bool { requests[method] != nil || notifications[method] != nil }

  /// Answers request `method` (`-32601` when none is registered).
  public func answer(_ method: String, _ params: JSONRef, for handler: Handler) throws(ResponseError)
    -> JSONValue
  {
    guard let route = requests[method] else { throw .methodNotFound(method) }
    return try route.run(handler, params)
  }

  /// The deferred form of request `method`, when it has one and its handler chooses it.
  public func deferral(_ method: String, _ params: JSONRef, id: RequestID, for handler: Handler)
    -> DeferredRequest?
  {
    requests[method]?.deferral?(handler, params, id)
  }

  /// Handles notification `method`; false when none is registered.
  public func notify(_ method: String, _ params: JSONRef, for handler: Handler) throws(JSONFieldError) -> Bool
  {
    guard let handle = notifications[method] else { return false }
    if let error = handle(handler, params) { throw error }
    return true
  }
}
