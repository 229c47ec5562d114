import CStableTextSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Detached threads of the platform (`pthread_create`), in place of Foundation's `Thread`.
public enum SystemThread {
  /// Starts `body` on a new detached thread with a stack of `stackSize` bytes (the reader's
  /// recursion into deeply nested JSON needs more than the default) and a name that `top -H`
  /// and debuggers show. Returns once the thread has taken what it runs: a process that exits
  /// just after starting a thread (a short session, a watch started by `initialize`) never
  /// leaves that in flight, where a leak checker finds it lost.
  public static func detach(
    name: String, stackSize: Int = 1 << 20, _ body: @escaping @Sendable () -> Void
  ) {
    // Held here too, until the thread has taken it (the thread's reference may go as soon as
    // it has).
    let start = Start(name: name, body: body)
    let box = Unmanaged.passRetained(start).toOpaque()
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setstacksize(&attributes, max(stackSize, 1 << 16))
    // Fits: a small constant.
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    #if canImport(Glibc)
      var thread = pthread_t()
    #else
      var thread: pthread_t?
    #endif
    let created = pthread_create(
      &thread, &attributes,
      { context in
        let start = Unmanaged<Start>.fromOpaque(context!).takeRetainedValue()
        stabletext_name_thread(start.name)
        let body = start.body
        start.taken.withLock { start.isTaken = true }
        start.taken.broadcast()
        body()
        return nil
      }, box)
    // Without a thread the program cannot do its work at all; there is nothing to fall back on.
    precondition(created == 0, "pthread_create failed (\(created))")
    start.taken.lock()
    while !start.isTaken { start.taken.wait() }
    start.taken.unlock()
  }

  private final class Start: @unchecked Sendable {
    let name: String
    let body: @Sendable () -> Void
    /// Set (under `taken`) once the new thread holds `body`.
    let taken = ConditionLock()
    var isTaken = false
    init(name: String, body: @escaping @Sendable () -> Void) {
      self.name = name
      self.body = body
    }
  }
}
