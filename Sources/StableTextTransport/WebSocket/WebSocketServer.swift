import StableTextSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `--websocket=PORT`: listens on 127.0.0.1 and answers each connection with the page (`GET /`)
/// or, after RFC 6455's handshake, a session of its own.
///
/// A session is the same connection the stdio daemon runs, over one end of a socket pair: a
/// bridge thread turns the client's text frames into base-protocol messages on the other end,
/// and another turns what the session writes back into text frames. So each connection is its
/// own server (documents, rules, lifecycle), a hostile client can only end its own, and the
/// handlers never know which transport they are on. Pings are answered by the bridge; a client
/// that breaks the protocol gets the RFC's close code and its session ends as at the end of
/// input.
public final class WebSocketServer: @unchecked Sendable {
  public struct Options: Sendable {
    /// 0: a port the system chooses.
    public var port: UInt16
    /// Connections open at once, sessions and handshakes alike; more get 429.
    public var maxConnections = 16
    public var maxMessageBytes: Int
    public var allowedOrigins: [String] = []
    /// A client has this long to send its request head (then 408).
    public var handshakeSeconds = 10
    /// A session whose client takes no byte of what is sent to it for this long is ended
    /// (`--send-seconds`); one that is gone, at once.
    public var sendSeconds = 30
    /// A session whose client sends no frame for this long is closed with 1001
    /// (`--idle-seconds`); halfway through it is pinged, and a live client's pong is a frame.
    public var idleSeconds = 60
    /// The page served at `/`.
    public var page: [UInt8]

    public init(port: UInt16, maxMessageBytes: Int, page: [UInt8]) {
      self.port = port
      self.maxMessageBytes = maxMessageBytes
      self.page = page
    }
  }

  /// Runs one session over `fd` (base-protocol framing both ways) and returns its exit status
  /// when it is over; `name` says which connection it is, for the log.
  public typealias Session = @Sendable (_ fd: Int32, _ name: String) -> Int32

  public let options: Options
  private let log: Logger
  private let session: Session
  private let lock = ConditionLock()
  private var open = 0
  private var served = 0
  /// Refusals not yet logged, and when the last was: a flood is logged once a second, not once
  /// a connection (a log nobody reads would fill its pipe and stop the daemon).
  private var refusedSinceLog = 0
  private var lastRefusalLog: UInt64 = 0
  private var listener: Int32 = -1

  public init(options: Options, log: Logger, session: @escaping Session) {
    self.options = options
    self.log = log
    self.session = session
  }

  /// Connections open now (sessions and handshakes).
  public var openConnections: Int { lock.withLock { open } }

  /// Binds and listens; returns the port (the chosen one for port 0).
  public func listen() throws(SocketConnector.Failure) -> UInt16 {
    let address = SocketAddress(loopbackPort: options.port)
    let fd = address.makeSocket()
    guard fd >= 0 else {
      throw SocketConnector.Failure(description: "cannot create a socket (errno \(errno))")
    }
    _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    var on: Int32 = 1
    // Fits: a small constant.
    _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
    guard address.withSockaddr({ bind(fd, $0, $1) }) == 0 else {
      let code = errno
      close(fd)
      throw SocketConnector.Failure(
        description:
          "cannot listen on port \(options.port) of 127.0.0.1 (errno \(code)\(code == EADDRINUSE ? ": in use" : ""))"
      )
    }
    guard Glibc.listen(fd, 128) == 0 else {
      let code = errno
      close(fd)
      throw SocketConnector.Failure(description: "cannot listen (errno \(code))")
    }
    listener = fd
    return SocketAddress.boundPort(of: fd)
  }

  /// Accepts connections until the process ends.
  public func serve() -> Never {
    while true {
      let fd = accept(listener, nil, nil)
      guard fd >= 0 else {
        // Out of descriptors (a flood): wait a moment rather than spin; the backlog waits.
        if errno == EMFILE || errno == ENFILE { MonotonicTime.sleep(seconds: 0.01) }
        continue
      }
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
      var on: Int32 = 1
      // Fits: a small constant.
      _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
      let (admitted, number) = lock.withLock { () -> (Bool, Int) in
        served += 1
        guard open < options.maxConnections else { return (false, served) }
        open += 1
        return (true, served)
      }
      guard admitted else {
        // Refused at once, on this thread: no session, no thread, nothing read.
        setTimeout(fd, SO_SNDTIMEO, seconds: 1)
        let reason =
          "at most \(options.maxConnections) connections at once (--max-connections); try again later"
        FileDescriptorIO.writeAll(
          fd, WebSocketHandshake.response(status: 429, body: Array(reason.utf8), fields: ["Retry-After: 1"]))
        close(fd)
        refusedSinceLog += 1
        let now = MonotonicTime.now().nanoseconds
        if now &- lastRefusalLog >= 1_000_000_000 {
          log.warning(
            "refused \(refusedSinceLog) connection(s) with 429 (the last, connection \(number)): \(reason)")
          refusedSinceLog = 0
          lastRefusalLog = now
        }
        continue
      }
      SystemThread.detach(name: "st-ws-\(number)", stackSize: 1 << 20) { [self] in
        handle(fd, name: "connection \(number)")
        close(fd)
        lock.withLock { open -= 1 }
      }
    }
  }

  private func setTimeout(_ fd: Int32, _ option: Int32, seconds: Int) {
    var time = timeval(tv_sec: seconds, tv_usec: 0)
    // Fits: the structure is a few words.
    _ = setsockopt(fd, SOL_SOCKET, option, &time, socklen_t(MemoryLayout<timeval>.size))
  }

  /// Reads the request head and answers it; a handshake then becomes a session.
  private func handle(_ fd: Int32, name: String) {
    setTimeout(fd, SO_SNDTIMEO, seconds: options.sendSeconds)
    var bytes: [UInt8] = []
    let readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 1)
    defer { readBuffer.deallocate() }
    // However slowly the head comes, byte by byte, it has these seconds in all.
    let deadline = MonotonicTime.after(seconds: Double(options.handshakeSeconds))
    var end = 0
    var scanned = 0
    reading: while true {
      switch HTTPRequestHead.progress(bytes, from: scanned) {
      case .complete(let headEnd):
        end = headEnd
        break reading
      case .tooLarge:
        refuse(fd, name, status: 431, "a request head of more than \(HTTPRequestHead.maxBytes) bytes")
        return
      case .incomplete: break
      }
      let now = MonotonicTime.now().nanoseconds
      // Fits: at most the handshake's seconds, in whole seconds rounded up.
      let remaining = now < deadline.nanoseconds ? Int((deadline.nanoseconds - now) / 1_000_000_000) + 1 : 0
      if remaining > 0 { setTimeout(fd, SO_RCVTIMEO, seconds: remaining) }
      guard remaining > 0, MonotonicTime.now().nanoseconds < deadline.nanoseconds,
        let count = FileDescriptorIO.readSome(fd, into: readBuffer)
      else {
        refuse(fd, name, status: 408, "no request head within \(options.handshakeSeconds) seconds")
        return
      }
      if count == 0 { return }
      scanned = bytes.count
      bytes += UnsafeRawBufferPointer(rebasing: readBuffer[0..<count])
    }
    let head: HTTPRequestHead
    switch HTTPRequestHead.parse(bytes[0..<end - 4]) {
    case .failure(let problem):
      refuse(fd, name, status: 400, problem.message)
      return
    case .success(let parsed): head = parsed
    }
    switch WebSocketHandshake.decide(head, allowedOrigins: options.allowedOrigins) {
    case .refuse(let status, let reason):
      refuse(fd, name, status: status, reason, fields: status == 426 ? ["Sec-WebSocket-Version: 13"] : [])
    case .page:
      FileDescriptorIO.writeAll(
        fd,
        WebSocketHandshake.response(
          status: 200, contentType: "text/html; charset=utf-8", body: options.page,
          head: head.method == "HEAD", fields: WebSocketHandshake.pageFields))
      log.debug("\(name): served the page")
    case .upgrade(let response):
      guard FileDescriptorIO.writeAll(fd, response) else { return }
      setTimeout(fd, SO_RCVTIMEO, seconds: 0)
      log.info("\(name): WebSocket session opened")
      bridge(fd, name: name, leftover: Array(bytes[end...]))
      log.info("\(name): WebSocket session closed")
    }
  }

  private func refuse(_ fd: Int32, _ name: String, status: Int, _ reason: String, fields: [String] = []) {
    log.warning("\(name): refused with \(status): \(reason)")
    FileDescriptorIO.writeAll(
      fd, WebSocketHandshake.response(status: status, body: Array((reason + "\n").utf8), fields: fields))
    lingeringClose(fd)
  }

  /// After a refusal the client may still be sending (the rest of a long head): a socket closed
  /// with bytes unread is reset, and the reset can reach the client before it reads the answer.
  /// So the answer's end is sent (FIN), and what still comes is read and dropped, for a second
  /// and 1 MiB at most (RFC 9112 §9.6's "lingering close").
  private func lingeringClose(_ fd: Int32) {
    // Fits: a small constant.
    _ = shutdown(fd, Int32(SHUT_WR))
    setTimeout(fd, SO_RCVTIMEO, seconds: 1)
    let deadline = MonotonicTime.after(seconds: 1)
    var scratch = [UInt8](repeating: 0, count: 1 << 16)
    var drained = 0
    while drained < 1 << 20, !deadline.hasPassed {
      let count = scratch.withUnsafeMutableBytes { FileDescriptorIO.readSome(fd, into: $0) }
      guard let count, count > 0 else { break }
      drained += count
    }
  }

  /// Runs a session for the WebSocket on `fd` until either side ends it.
  ///
  /// Whatever is pending, the session ends when its peer goes: a peer that is gone or takes no
  /// byte for `--send-seconds` fails the sender, which shuts the socket (the reading side sees
  /// its end) and goes on reading the session's output only to discard it, so the session never
  /// blocks writing and ends at its end of input. A peer that sends no frame for
  /// `--idle-seconds` is closed with 1001 the same way.
  private func bridge(_ fd: Int32, name: String, leftover: [UInt8]) {
    guard let (inner, outer) = SocketPair.make() else {
      log.error("\(name): cannot make a socket pair (errno \(errno))")
      FileDescriptorIO.writeAll(
        fd, WebSocket.closeFrame(.internalError, reason: "the server could not start a session"))
      return
    }
    let socket = WebSocketFrameSender(fd: fd, stallSeconds: Double(options.sendSeconds))
    let outbound = ConditionLock()
    nonisolated(unsafe) var outboundDone = false
    nonisolated(unsafe) var exitStatus: Int32?
    nonisolated(unsafe) var clientCode: UInt16?
    let session = session
    SystemThread.detach(name: "st-ws-session", stackSize: 8 << 20) {
      let status = session(inner, name)
      outbound.withLock { exitStatus = status }
      outbound.broadcast()
      close(inner)
    }
    // What the session writes, as text frames; its end closes the WebSocket.
    SystemThread.detach(name: "st-ws-out") { [log, options] in
      var reader = FrameReader(maxMessageBytes: Int.max)
      let readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 1)
      defer { readBuffer.deallocate() }
      reading: while let count = FileDescriptorIO.readSome(outer, into: readBuffer), count > 0 {
        reader.append(UnsafeRawBufferPointer(rebasing: readBuffer[0..<count]))
        while let event = reader.next() {
          guard case .body(let range) = event else { continue }
          let frame = reader.buffer.withUnsafeBytes {
            WebSocket.frame(.text, UnsafeRawBufferPointer(rebasing: $0[range]))
          }
          if !socket.send(frame) {
            if socket.failed {
              log.warning(
                "\(name): the client is gone or took nothing for \(options.sendSeconds) seconds (--send-seconds); ending the session"
              )
            }
            // The reading side sees the end of input, and the session's next write fails (its
            // pair is shut): it ends at once, its queued work dropped, never blocked writing.
            // Fits: a small constant.
            _ = shutdown(fd, Int32(SHUT_RDWR))
            _ = shutdown(outer, Int32(SHUT_RDWR))
            break reading
          }
        }
      }
      // The session's end closes its side of the pair, so its status is known here. The close
      // frame says it, as a process's exit status says how a stdio session ended.
      // The session may end its side before it returns (`shutdown`): wait for its status.
      let (status, code) = outbound.withLock { () -> (Int32, UInt16?) in
        while exitStatus == nil { outbound.wait() }
        return (exitStatus!, clientCode)
      }
      socket.close(
        code: code ?? WebSocket.CloseCode.normal.rawValue,
        reason: "the session ended with exit status \(status)")
      // Fits: a small constant.
      _ = shutdown(fd, Int32(SHUT_RDWR))
      outbound.withLock { outboundDone = true }
      outbound.broadcast()
    }
    // What the client sends, as base-protocol messages for the session.
    var parser = WebSocketFrameParser(maxMessageBytes: options.maxMessageBytes)
    leftover.withUnsafeBytes { parser.append($0) }
    let readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 1)
    defer { readBuffer.deallocate() }
    let idle = Double(options.idleSeconds)
    var lastFrame = MonotonicTime.now()
    var pinged = false
    var ended = false
    while !ended {
      // The messages of one read go to the session in one write, as over stdio: a request and
      // its `$/cancelRequest` sent together arrive together, so the cancellation is seen first.
      var messages: [UInt8] = []
      events: while let event = parser.next() {
        lastFrame = MonotonicTime.now()
        pinged = false
        switch event {
        case .text(let body):
          messages += MessageWriter.frame(body)
        case .ping(let payload):
          socket.send(WebSocket.frame(.pong, payload))
        case .pong:
          break
        case .close(let code, _):
          // The session's end of input; its answers still owed go out, then the close, with
          // the client's code and the session's exit status (RFC 6455 §5.5.1 lets an endpoint
          // finish sending its messages first).
          outbound.withLock { clientCode = code }
          ended = true
          break events
        case .failure(let code, let reason):
          log.warning("\(name): closing with \(code.rawValue): \(reason)")
          socket.close(code: code.rawValue, reason: reason)
          ended = true
          break events
        }
      }
      if !messages.isEmpty && !FileDescriptorIO.writeAll(outer, messages) { break }
      if ended { break }
      // Wait for the peer's bytes, but not past its idle time; a ping halfway.
      let quiet = MonotonicTime.now().seconds(since: lastFrame)
      if quiet >= idle {
        let reason = "no frame from the client for \(options.idleSeconds) seconds (--idle-seconds)"
        log.warning("\(name): closing with 1001: \(reason)")
        socket.close(code: WebSocket.CloseCode.goingAway.rawValue, reason: reason)
        break
      }
      if !pinged && quiet >= idle / 2 {
        pinged = true
        socket.send(WebSocket.frame(.ping, Array("idle".utf8)))
      }
      let wait = pinged ? idle - quiet : idle / 2 - quiet
      // Fits: POLLIN is 1.
      var events = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      // Fits: at most an hour in milliseconds, rounded up.
      if poll(&events, 1, Int32(min(max(wait, 0) * 1000 + 1, 3_600_000))) == 0 { continue }
      guard let count = FileDescriptorIO.readSome(fd, into: readBuffer), count > 0 else {
        if parser.hasPartialMessage { log.warning("\(name): the connection ended inside a message") }
        break
      }
      parser.append(UnsafeRawBufferPointer(rebasing: readBuffer[0..<count]))
    }
    // The session's input ends; it finishes what it has and its end closes the outbound side.
    // Fits: a small constant.
    _ = shutdown(outer, Int32(SHUT_WR))
    outbound.withLock {
      while !outboundDone { outbound.wait() }
    }
    close(outer)
  }
}
