import StableTextClient
import StableTextJSON
import StableTextProtocol
import StableTextServer
import StableTextTransport

/// What a session test speaks to: the real binary over a transport (`ServerProcess`), or the
/// same server in process (`InProcessEndpoint`) for suites whose point is the protocol's
/// behaviour rather than the process. Both are `ServerConnection`s: the requests and waits are
/// the client's own, written once.
package protocol SessionEndpoint: ServerConnection {
  func waitForExit(timeout: Double) throws -> Int32
  var protocolErrors: [String] { get }
  func terminate()
}

extension SessionEndpoint {
  package func waitForExit() throws -> Int32 { try waitForExit(timeout: 10) }
}

extension ServerProcess: SessionEndpoint {}

/// The daemon's whole input path in process (`InProcessSession`): each message is framed and
/// fed as bytes, and everything the server wrote is delivered at once, so nothing waits (what
/// is not there after a send will not come: `notSent`, not a timeout).
package final class InProcessEndpoint: SessionEndpoint {
  package init() {}

  package let session = InProcessSession(maxMessageBytes: 64 << 20)
  package let conversation = Conversation(answersAtOnce: true)
  private var exitCode: Int32?

  package struct Missing: Error, CustomStringConvertible {
    package var description: String
  }

  package func sendRaw(_ bytes: [UInt8]) {
    guard exitCode == nil else { return }
    exitCode = session.feed(bytes)
    var received = conversation.batch()
    for body in session.takeOutputBodies() { received.body(body[...]) }
    conversation.deliver(received)
    if exitCode != nil { conversation.close() }
  }

  package func closeInput() {}

  package func waitForExit(timeout: Double) throws -> Int32 {
    guard let exitCode else { throw Missing(description: "the server has not exited") }
    return exitCode
  }

  package var protocolErrors: [String] { session.nonFiniteNumbers + conversation.protocolErrors }

  package func terminate() {}
}
