import Foundation

/// Runs the binary to completion with `stdin`, returning status, stdout and stderr.
package func runBinary(_ arguments: [String], stdin: String = "", in folder: String? = nil) throws -> (
  status: Int32, out: String, err: String
) {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: binaryPath)
  process.arguments = arguments
  if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
  let input = Pipe()
  let output = Pipe()
  let errors = Pipe()
  process.standardInput = input
  process.standardOutput = output
  process.standardError = errors
  try process.run()
  // A binary that exits without reading its input (a usage error) closes the pipe: its status
  // and output are the answer, so a failed write is not an error of the test.
  try? input.fileHandleForWriting.write(contentsOf: Data(stdin.utf8))
  try? input.fileHandleForWriting.close()
  let out = output.fileHandleForReading.readDataToEndOfFile()
  let err = errors.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return (
    process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self)
  )
}

/// Runs `command` (its first element a path) to completion, as `runBinary` does, in `folder`
/// with `environment` set over this process's own; stderr comes with stdout when `merged`.
package func runCommand(
  _ command: [String], in folder: String? = nil, environment: [String: String] = [:], merged: Bool = false
) throws -> (status: Int32, out: String, err: String) {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: command[0])
  process.arguments = Array(command.dropFirst())
  if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
  var merging = ProcessInfo.processInfo.environment
  merging.merge(environment) { $1 }
  process.environment = merging
  let output = Pipe()
  let errors = merged ? output : Pipe()
  process.standardOutput = output
  process.standardError = errors
  process.standardInput = FileHandle.nullDevice
  try process.run()
  let out = output.fileHandleForReading.readDataToEndOfFile()
  let err = merged ? Data() : errors.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return (
    process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self)
  )
}

package func temporaryFile(_ contents: String) throws -> String {
  let path = FileManager.default.temporaryDirectory.appendingPathComponent("st-\(UUID().uuidString).txt").path
  try contents.write(toFile: path, atomically: true, encoding: .utf8)
  return path
}

/// `PATH` with the built binary's folder first, so that an editor package finds `stabletext`.
package func pathWithBinary() -> String {
  URL(fileURLWithPath: binaryPath).deletingLastPathComponent().path + ":"
    + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
}
