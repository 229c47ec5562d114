import CStableTextSystem

/// The C library's allocator, set for a daemon whose sessions come and go.
public enum Allocator {
  /// Large blocks (a message, a document's text) go back to the system when freed, and the
  /// threads share a few heaps: so what many sessions held for a moment is not kept by the
  /// process (Protocol/README.md, "Limits"). glibc only.
  public static func returnLargeBlocks(atLeast threshold: Int = 256 << 10, heaps: Int = 4) {
    // Fits: small constants.
    stabletext_bound_allocator(Int32(threshold), Int32(heaps))
  }

  /// The bytes allocated and not yet freed, every heap (glibc's `mallinfo2`), or nil where it
  /// cannot say: what benchmarks read before and after building what they measure.
  public static var allocatedBytes: Int? {
    let bytes = stabletext_allocated_bytes()
    return bytes < 0 ? nil : Int(bytes)
  }
}
