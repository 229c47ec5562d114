import Foundation
import StableTextClient
import StableTextJSON
import StableTextSessionSupport
import Testing

/// LSP's server-side command line: the socket transports (the conformance suite and the
/// document and lifecycle suites also run over each) and the client's process id.
@Suite struct TransportTests {
  /// A process that lives until killed: stands in for an editor.
  static func startClient() throws -> Process {
    let client = Process()
    client.executableURL = URL(fileURLWithPath: "/bin/sleep")
    client.arguments = ["300"]
    try client.run()
    return client
  }

  /// Ends the stand-in editor. SIGKILL: a child started from a test's thread may inherit a
  /// signal mask that blocks SIGTERM.
  static func end(_ client: Process) {
    _ = kill(client.processIdentifier, SIGKILL)
    client.waitUntilExit()
  }

  /// With a client process id, from the option or from `initialize`, the daemon exits (status
  /// 1, no shutdown) once that process is gone, whatever the transport.
  @Test(arguments: [
    (ServerTransport.stdio, true), (.pipe, false), (.socket, true), (.stdio, false),
  ])
  func exitsWhenTheClientIsGone(transport: ServerTransport, byOption: Bool) throws {
    let client = try Self.startClient()
    let pid = Int(client.processIdentifier)
    var arguments = ["--log-level", "info"]
    if byOption { arguments.append("--clientProcessId=\(pid)") }
    let server = try ServerProcess(executable: binaryPath, arguments: arguments, transport: transport)
    defer { server.end() }
    let response = try server.request(
      "initialize", ["processId": byOption ? nil : .int(pid), "capabilities": [:]])
    #expect(response["error"] == nil)
    // Alive while the client is.
    #expect(try server.request("$/conformance/sync")["error"]?["code"] == -32601)
    Self.end(client)
    #expect(try server.waitForExit(timeout: 10) == 1)
    #expect(server.standardError.contains("the client process \(pid) is gone; exiting"))
  }

  /// A process id that names no process (a client in another namespace, say) is not watched:
  /// the daemon goes on.
  @Test func aProcessIdThatDoesNotExistIsNotWatched() throws {
    let client = try Self.startClient()
    let pid = client.processIdentifier
    Self.end(client)
    let server = try ServerProcess(executable: binaryPath, arguments: ["--log-level", "info"])
    defer { server.end() }
    #expect(
      try server.request("initialize", ["processId": .int(Int(pid)), "capabilities": [:]])["error"] == nil)
    Thread.sleep(forTimeInterval: 1.2)
    #expect(try server.request("$/conformance/sync")["error"]?["code"] == -32601)
    #expect(server.isRunning)
    #expect(server.standardError.contains("the client process \(pid) does not exist here; not watched"))
  }

  /// Bad transport options are usage errors (status 2); a socket nobody listens on is status 1
  /// with the reason.
  @Test(arguments: [
    (["--socket=0"], Int32(2), "--socket needs a port from 1 to 65535 (--socket=PORT)"),
    (["--port=70000"], 2, "--port needs a port from 1 to 65535 (--port=PORT)"),
    (["--pipe="], 2, "--pipe needs the path of the client's socket (--pipe=NAME)"),
    (["--clientProcessId=abc"], 2, "--clientProcessId needs a process id (a positive number)"),
    (
      ["--pipe=/nonexistent/stabletext.sock"], 1,
      "cannot connect to the pipe /nonexistent/stabletext.sock (errno 2)"
    ),
  ])
  func badTransportOptions(arguments: [String], status: Int32, message: String) throws {
    let server = try ServerProcess(executable: binaryPath, arguments: arguments)
    #expect(try server.waitForExit(timeout: 10) == status)
    #expect(server.standardError.contains(message), "\(server.standardError)")
  }
}
