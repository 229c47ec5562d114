import Foundation
import StableTextClient

/// `stabletext conformance [--server CMD] [--timeout S] PATH...`: runs the conformance suite
/// against any server command (this binary by default).
enum ConformanceCommand {
  static func run(_ arguments: [String]) -> Int32 {
    var command = "'\(DemoCommand.executablePath())' --stdio --log-level error"
    var timeout = 10.0
    var options = OptionReader(arguments)
    while let option = options.next() {
      switch option.name {
      case "--server":
        guard let value = options.value(for: option), !value.isEmpty else {
          return Usage.fail("--server needs a command")
        }
        command = value
      case "--timeout":
        guard let value = options.value(for: option), let seconds = Double(value), seconds > 0 else {
          return Usage.fail("--timeout needs a positive number of seconds")
        }
        timeout = seconds
      default:
        return Usage.fail("unknown option \(option.name) for conformance")
      }
    }
    guard !options.operands.isEmpty else {
      return Usage.fail("conformance needs at least one session file or folder")
    }
    let sessions: [ConformanceSession]
    do {
      sessions = try ConformanceRunner.load(options.operands)
    } catch {
      Standard.error("stabletext conformance: \(error)\n")
      return 2
    }
    let failed = ConformanceRunner(command: command, timeout: timeout).runAll(sessions) {
      Standard.output($0 + "\n")
    }
    return failed == 0 ? 0 : 1
  }
}
