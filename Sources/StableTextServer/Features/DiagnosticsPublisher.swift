/// Remembers which documents owe the client a `publishDiagnostics`, in the order they first
/// changed. A burst of changes to one document is coalesced into one publish of its latest
/// version; the server publishes what it owes (`sendOwed`) before answering any request and before waiting for input.
final class DiagnosticsPublisher {
  private var order: [String] = []
  private var scheduled: Set<String> = []

  func schedule(_ uri: String) {
    // A burst of keystrokes schedules one document again and again: its URI is the last one
    // owed (the same string, compared without hashing it).
    if let last = order.last, last == uri { return }
    if scheduled.insert(uri).inserted { order.append(uri) }
  }

  var isEmpty: Bool { order.isEmpty }

  /// Hands out the owed URIs and forgets them.
  func drain() -> [String] {
    defer {
      order.removeAll(keepingCapacity: true)
      scheduled.removeAll(keepingCapacity: true)
    }
    return order
  }
}
