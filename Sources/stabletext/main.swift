#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// A closed pipe must not kill the daemon or a command; writes report the error instead.
signal(SIGPIPE, SIG_IGN)

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "check":
  exit(CheckCommand.run(Array(arguments.dropFirst())))
case "conformance":
  exit(ConformanceCommand.run(Array(arguments.dropFirst())))
case "demo":
  exit(DemoCommand.run(Array(arguments.dropFirst())))
default:
  exit(DaemonCommand.run(arguments))
}
