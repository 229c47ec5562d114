import Foundation

/// Runs an editor headless (at most a minute) with `environment` added and
/// `STABLETEXT_RESULT` naming a file for its script's findings; its exit status and that file.
package func runEditor(_ command: [String], environment extra: [String: String]) throws -> (
  status: Int32, result: String
) {
  let resultPath = FileManager.default.temporaryDirectory.appendingPathComponent(
    "editor-\(UUID().uuidString)"
  ).path
  defer { try? FileManager.default.removeItem(atPath: resultPath) }
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = command
  var environment = ProcessInfo.processInfo.environment
  environment.merge(extra) { $1 }
  environment["STABLETEXT_RESULT"] = resultPath
  process.environment = environment
  process.standardInput = FileHandle.nullDevice
  process.standardOutput = FileHandle.nullDevice
  process.standardError = FileHandle.nullDevice
  try process.run()
  let deadline = Date().addingTimeInterval(60)
  while process.isRunning && Date() < deadline { usleep(20_000) }
  if process.isRunning { process.terminate() }
  process.waitUntilExit()
  return (process.terminationStatus, try String(contentsOfFile: resultPath, encoding: .utf8))
}
