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
  /// and debuggers show.
  public static func detach(
    name: String, stackSize: Int = 1 << 20, _ body: @escaping @Sendable () -> Void
  ) {
    let box = Unmanaged.passRetained(Start(name: name, body: body)).toOpaque()
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
        start.body()
        return nil
      }, box)
    // Without a thread the program cannot do its work at all; there is nothing to fall back on.
    precondition(created == 0, "pthread_create failed (\(created))")
  }

  private final class Start {
    let name: String
    let body: @Sendable () -> Void
    init(name: String, body: @escaping @Sendable () -> Void) {
      self.name = name
      self.body = body
    }
  }
}
