/// What is known of a body being skipped for its size, as it streams past unbuffered: its first
/// `FrameReader.keptPrefixBytes`, and whether it held one of the phrases a framing watches for
/// (`MessageFraming.watchedPhrases`). Both framings skip this way.
struct SkippedBodyScan {
  var prefix: [UInt8] = []
  var matched = false
  /// The last bytes seen, so that a phrase split between two reads is still found.
  var tail: [UInt8] = []

  mutating func feed(_ bytes: UnsafeRawBufferPointer, phrases: [[UInt8]]) {
    guard !phrases.isEmpty, !bytes.isEmpty else { return }
    if prefix.count < FrameReader.keptPrefixBytes {
      prefix.append(contentsOf: bytes.prefix(FrameReader.keptPrefixBytes - prefix.count))
    }
    guard !matched else { return }
    let window = tail + Array(bytes)
    matched = window.withUnsafeBufferPointer { window in
      phrases.contains { ByteSearch.firstIndex(of: $0, in: window) != nil }
    }
    let keep = (phrases.map(\.count).max() ?? 1) - 1
    tail = Array(window.suffix(keep))
  }
}
