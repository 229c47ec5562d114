#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// A closed pipe must not kill the daemon or a command; writes report the error instead.
signal(SIGPIPE, SIG_IGN)

/// The commands, each named once: the first argument picks one; without one (or with an
/// option first) it is the daemon.
let commands: KeyValuePairs<String, ([String]) -> Int32> = [
  "check": CheckCommand.run,
  "conformance": ConformanceCommand.run,
  "demo": DemoCommand.run,
  "init": InitCommand.run,
  "mcp": MCPCommand.run,
  "rules": RulesCommand.run,
]

let arguments = Array(CommandLine.arguments.dropFirst())
if let word = arguments.first, let command = commands.first(where: { $0.key == word }) {
  exit(command.value(Array(arguments.dropFirst())))
} else if let word = arguments.first, !word.hasPrefix("-") {
  // A word that names no command would otherwise start a daemon that waits on stdin for LSP.
  exit(Usage.unknownCommand(word, commands: commands.map(\.key)))
} else {
  exit(DaemonCommand.run(arguments))
}
