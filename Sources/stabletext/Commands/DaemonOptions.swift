import StableTextCore
import StableTextServer
import StableTextTransport

/// What the daemon's options set: where the protocol flows, its logs, its limits, and its
/// WebSocket sessions' bounds. The defaults are the daemon's (Protocol/README.md, "Limits").
struct DaemonSettings {
  var transport = Transport.stdio
  var level = Logger.Level.info
  var logFile: String?
  var limits = ServerLimits()
  /// Nil: the transport's default (64 MiB, an eighth of it for each WebSocket session).
  var maxMessageBytes: Int?
  var maxQueuedBytes = WorkQueue<DidChangeDecoder.Message>.defaultByteBudget
  var clientProcessID: Int32?
  var positionEncoding: PositionEncoding?
  var maxConnections = 16
  var allowedOrigins: [String] = []
  var handshakeSeconds = 10
  var sendSeconds = 30
  var idleSeconds = 60
  /// `--allow-git-history`: WebSocket sessions are given git's people (`offersGitPeople`).
  var allowGitHistory = false
}

/// One option of the daemon, declared once: its names, its argument, the transports it applies
/// to, its help lines, what a bad value is told, and what it sets. The parser, `--help`'s
/// usage lines and its DAEMON OPTIONS all come from `DaemonOption.all`; a test holds the man
/// page's OPTIONS, README's usage and Protocol/README.md's "Command line" to the same list.
struct DaemonOption: Sendable {
  /// Which usage line lists it.
  enum Scope: Sendable {
    /// One of the byte-stream transports (stdio, pipe, socket), which exclude one another.
    case byteStream
    /// The WebSocket transport, which starts its own usage line.
    case webSocketTransport
    /// An option of the WebSocket daemon only.
    case webSocket
    /// An option of every transport (DAEMON OPTIONS on the WebSocket line).
    case everyTransport
  }

  /// The name, then any other spelling (`--port` for `--socket`).
  let names: [String]
  /// The argument's placeholder (`PORT`); nil for an option that takes none.
  let argument: String?
  /// Written `--name=ARG` (as editors pass these), else `--name ARG`; both are read.
  let joined: Bool
  let scope: Scope
  /// Given more than once, each adds (`…` in the usage).
  let repeatable: Bool
  /// The help column's lines.
  let help: [String]
  /// A bad or missing value gets `NAME needs NEEDS`, then ` (NAME=ARG)` when `showsForm`.
  let needs: String
  let showsForm: Bool
  /// Sets `settings` from the value (nil when missing); false when the value is not one.
  let read: @Sendable (String?, inout DaemonSettings) -> Bool

  init(
    _ names: [String], _ argument: String? = nil, joined: Bool = false, scope: Scope = .everyTransport,
    repeatable: Bool = false, help: [String], needs: String = "", showsForm: Bool = false,
    read: @escaping @Sendable (String?, inout DaemonSettings) -> Bool
  ) {
    self.names = names
    self.argument = argument
    self.joined = joined
    self.scope = scope
    self.repeatable = repeatable
    self.help = help
    self.needs = needs
    self.showsForm = showsForm
    self.read = read
  }

  var name: String { names[0] }

  /// `--pipe=NAME`, `--log-level LEVEL`, `--stdio`.
  var form: String {
    guard let argument else { return name }
    return name + (joined ? "=" : " ") + argument
  }

  /// What a bad value of the option, spelled `spelling`, is told.
  func problem(_ spelling: String) -> String {
    guard argument != nil else { return "\(spelling) takes no value" }
    return "\(spelling) needs \(needs)" + (showsForm ? " (\(spelling)=\(argument!))" : "")
  }

  /// An integer in `range`, or nil when `value` is missing or is not one.
  static func integer(_ value: String?, in range: ClosedRange<Int>) -> Int? {
    guard let value, let number = Int(value), range.contains(number) else { return nil }
    return number
  }

  static func positive(_ value: String?) -> Int? { integer(value, in: 1...Int.max) }

  static func nonEmpty(_ value: String?) -> String? {
    guard let value, !value.isEmpty else { return nil }
    return value
  }
}

extension DaemonOption {
  /// Every option of the daemon, in the order `--help` lists them.
  static let all: [DaemonOption] = [
    DaemonOption(
      ["--stdio"], scope: .byteStream,
      help: ["Speak LSP on stdin/stdout (the default; accepted because editors pass it)"]
    ) { value, settings in
      guard value == nil else { return false }
      settings.transport = .stdio
      return true
    },
    DaemonOption(
      ["--pipe"], "NAME", joined: true, scope: .byteStream,
      help: ["Connect to the client's Unix domain socket at the path NAME instead"],
      needs: "the path of the client's socket", showsForm: true
    ) { value, settings in
      guard let path = nonEmpty(value) else { return false }
      settings.transport = .pipe(path)
      return true
    },
    DaemonOption(
      ["--socket", "--port"], "PORT", joined: true, scope: .byteStream,
      help: ["Connect to the client on 127.0.0.1:PORT instead (also --port=PORT)"],
      needs: "a port from 1 to 65535", showsForm: true
    ) { value, settings in
      guard let port = integer(value, in: 1...65535) else { return false }
      settings.transport = .socket(port)
      return true
    },
    DaemonOption(
      ["--websocket"], "PORT", joined: true, scope: .webSocketTransport,
      help: [
        "Listen on 127.0.0.1:PORT (0: any free port, printed on stderr) for WebSocket",
        "connections (RFC 6455, one JSON-RPC message per text frame), each its own",
        "session; GET / there serves a page whose field is the daemon's",
      ],
      needs: "a port from 0 to 65535, 0 for any free one", showsForm: true
    ) { value, settings in
      guard let value, let port = UInt16(value) else { return false }
      settings.transport = .webSocket(port)
      return true
    },
    DaemonOption(
      ["--max-connections"], "N", scope: .webSocket,
      help: ["WebSocket connections at once (default 16); more get HTTP 429"], needs: "a positive number"
    ) { value, settings in
      guard let count = positive(value) else { return false }
      settings.maxConnections = count
      return true
    },
    DaemonOption(
      ["--allow-origin"], "ORIGIN", scope: .webSocket, repeatable: true,
      help: ["A page origin that may connect besides loopback ones and file:// (repeatable)"],
      needs: "an origin such as https://example.com", showsForm: true
    ) { value, settings in
      guard let origin = nonEmpty(value), origin.contains("://") else { return false }
      settings.allowedOrigins.append(origin)
      return true
    },
    DaemonOption(
      ["--allow-git-history"], scope: .webSocket,
      help: [
        "Give WebSocket pages what git knows of people: completion's authors, scopes",
        "and git's identity, the sign-off fix (a page otherwise learns none of them)",
      ]
    ) { value, settings in
      guard value == nil else { return false }
      settings.allowGitHistory = true
      return true
    },
    DaemonOption(
      ["--handshake-seconds"], "N", scope: .webSocket,
      help: ["How long a WebSocket client has to send its request (default 10; then 408)"],
      needs: "a number of seconds from 1 to 3600"
    ) { value, settings in
      guard let seconds = integer(value, in: 1...3600) else { return false }
      settings.handshakeSeconds = seconds
      return true
    },
    DaemonOption(
      ["--send-seconds"], "N", scope: .webSocket,
      help: [
        "A WebSocket session whose client takes no byte of its answers for N seconds",
        "ends (default 30)",
      ],
      needs: "a number of seconds from 1 to 3600"
    ) { value, settings in
      guard let seconds = integer(value, in: 1...3600) else { return false }
      settings.sendSeconds = seconds
      return true
    },
    DaemonOption(
      ["--idle-seconds"], "N", scope: .webSocket,
      help: [
        "A WebSocket session whose client sends no frame for N seconds is closed",
        "with 1001 (default 60; it is pinged halfway, and a pong counts)",
      ],
      needs: "a number of seconds from 1 to 86400"
    ) { value, settings in
      guard let seconds = integer(value, in: 1...86400) else { return false }
      settings.idleSeconds = seconds
      return true
    },
    DaemonOption(
      ["--clientProcessId"], "PID", joined: true,
      help: ["Exit when the client's process is gone (also from initialize's processId)"],
      needs: "a process id (a positive number)"
    ) { value, settings in
      // Fits: the range is Int32's positive half.
      guard let pid = integer(value, in: 1...Int(Int32.max)) else { return false }
      settings.clientProcessID = Int32(pid)
      return true
    },
    DaemonOption(
      ["--position-encoding"], "ENC", joined: true,
      help: [
        "utf-8, utf-16 or utf-32: how a client that lists no positionEncodings",
        "counts columns (lsp-mode: utf-32, Vim's ALE: utf-8); the default utf-16.",
        "initializationOptions.positionEncoding wins over it",
      ],
      needs: "one of utf-8, utf-16, utf-32", showsForm: true
    ) { value, settings in
      guard let value, let encoding = PositionEncoding(rawValue: value) else { return false }
      settings.positionEncoding = encoding
      return true
    },
    DaemonOption(
      ["--log-level"], "LEVEL", help: ["error, warning, info (default) or debug; logs go to stderr"],
      needs: "one of error, warning, info, debug"
    ) { value, settings in
      guard let value, let level = Logger.Level(name: value) else { return false }
      settings.level = level
      return true
    },
    DaemonOption(["--log-file"], "FILE", help: ["Append logs to FILE instead of stderr"], needs: "a path") {
      value, settings in
      guard let path = nonEmpty(value) else { return false }
      settings.logFile = path
      return true
    },
    DaemonOption(
      ["--max-message-bytes"], "N", help: ["Largest accepted message body (default 67108864 = 64 MiB)"],
      needs: "a positive number of bytes"
    ) { value, settings in
      guard let bytes = positive(value) else { return false }
      settings.maxMessageBytes = bytes
      return true
    },
    DaemonOption(
      ["--max-documents"], "N", help: ["Open documents at once (default 100000)"], needs: "a positive number"
    ) { value, settings in
      guard let count = positive(value) else { return false }
      settings.limits.maxDocuments = count
      return true
    },
    DaemonOption(
      ["--max-document-bytes"], "N",
      help: ["Largest document, on open and after edits (default 134217728 = 128 MiB)"],
      needs: "a positive number of bytes, at most 2147483647"
    ) { value, settings in
      // The row index keeps a line's rows in 32 bits: no line may hold more bytes than that.
      guard let bytes = integer(value, in: 1...Int(Int32.max)) else { return false }
      settings.limits.maxDocumentBytes = bytes
      return true
    },
    DaemonOption(
      ["--max-total-bytes"], "N",
      help: ["All open documents together, text and per-line facts (default 1073741824 = 1 GiB)"],
      needs: "a positive number of bytes"
    ) { value, settings in
      guard let bytes = positive(value) else { return false }
      settings.limits.maxTotalBytes = bytes
      return true
    },
    DaemonOption(
      ["--max-queued-bytes"], "N",
      help: ["Input read but not yet handled; past it reading stops (default 67108864 = 64 MiB)"],
      needs: "a positive number of bytes"
    ) { value, settings in
      guard let bytes = positive(value) else { return false }
      settings.maxQueuedBytes = bytes
      return true
    },
  ]

  /// The option spelled `name`, by any of its spellings.
  static func named(_ name: String) -> DaemonOption? { all.first { $0.names.contains(name) } }
}

extension DaemonSettings {
  /// What the command line asks of the daemon.
  enum Request {
    case run(DaemonSettings)
    /// `--version`, `--help`: printed, and the exit status 0.
    case print(String)
    /// A usage error: the message, which `Usage.fail` prints with a line of usage (exit 2).
    case usageError(String)
  }

  /// Reads the daemon's command line, every option by its entry in `DaemonOption.all`.
  static func read(_ arguments: [String]) -> Request {
    var settings = DaemonSettings()
    var rest = OptionReader(arguments)
    while let given = rest.next() {
      switch given.name {
      case "--version": return .print(VersionReport.text)
      case "--help", "-h": return .print(Usage.text)
      default: break
      }
      guard let option = DaemonOption.named(given.name) else {
        return .usageError("unknown option \(given.name)")
      }
      // An option without an argument takes no value; `--stdio=x` is refused, not read.
      let value = option.argument == nil ? given.inlineValue : rest.value(for: given)
      guard option.read(value, &settings) else { return .usageError(option.problem(given.name)) }
    }
    return .run(settings)
  }
}
