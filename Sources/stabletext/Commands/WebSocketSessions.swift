import StableTextCore
import StableTextServer
import StableTextSystem
import StableTextTransport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `--websocket=PORT`: the daemon as a WebSocket server, one language server per connection.
enum WebSocketSessions {
  static func serve(
    options: WebSocketServer.Options, log: Logger, stopping: StopSignal, limits: ServerLimits,
    positionEncoding: PositionEncoding?, maxQueuedBytes: Int, allowGitHistory: Bool = false,
    announce: ((UInt16) -> Void)? = nil
  ) -> Int32 {
    // One memory bound for the daemon, not one a session (Protocol/README.md, "Limits"): the
    // sessions' open documents share --max-total-bytes, and each session's queue has its share
    // of --max-queued-bytes.
    var limits = limits
    Allocator.returnLargeBlocks()
    limits.sharedOpenText = SharedOpenText(limit: limits.maxTotalBytes)
    let queueShare = max(maxQueuedBytes / options.maxConnections, 64 << 10)
    let server = WebSocketServer(options: options, log: log) { [limits] fd, name in
      let writer = MessageWriter(fileDescriptor: fd)
      let language = LanguageServer(sink: writer, log: log, limits: limits)
      language.commandLineEncoding = positionEncoding
      // A page is not the user's editor: what git knows of people is not its to read, unless
      // the daemon was started with --allow-git-history.
      language.offersGitPeople = allowGitHistory
      // A page's processId means nothing here, and one tab that goes must not end the others.
      language.onClientProcessID = { pid in
        log.info("\(name): the client's process id \(pid) is not watched over WebSocket")
      }
      let connection = Connection(
        handler: language, writer: writer, maxMessageBytes: options.maxMessageBytes,
        maxQueuedBytes: queueShare, log: log)
      // A peer that went, or took nothing for --send-seconds, ends its session at once: what it
      // asked for and cannot take is not worked out.
      connection.endsWhenOutputFails = true
      stopping.add(connection)
      let code = connection.run(inputFileDescriptor: fd)
      stopping.remove(connection)
      // The reader thread may still be reading (the session ended on `exit`): end its input and
      // wait for it, so that the descriptor is closed only when nothing reads it.
      // Fits: a small constant.
      _ = shutdown(fd, Int32(SHUT_RDWR))
      connection.drainInput()
      language.releaseSharedOpenText()
      log.info("\(name): session ended (\(code))")
      return code
    }
    let port: UInt16
    do throws(SocketConnector.Failure) {
      port = try server.listen()
    } catch {
      log.error("\(error)")
      Standard.error("stabletext: \(error)\n")
      return 1
    }
    // The one line a launcher reads: where to connect (stderr; stdout carries nothing here).
    Standard.error("stabletext: listening on ws://127.0.0.1:\(port)/ (the page: http://127.0.0.1:\(port)/)\n")
    log.info("listening on 127.0.0.1:\(port) for WebSocket sessions (at most \(options.maxConnections))")
    announce?(port)
    server.serve()
  }
}
