import StableTextSystem

/// Direct writes to the standard streams (commands other than the daemon print through here).
enum Standard {
  static func output(_ text: String) { FileDescriptorIO.writeAll(1, text) }
  static func error(_ text: String) { FileDescriptorIO.writeAll(2, text) }
}
