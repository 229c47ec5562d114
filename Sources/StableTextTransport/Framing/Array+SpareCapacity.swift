extension Array where Element == UInt8 {
  /// A framing's buffer after a large message is consumed: when it holds more than `kept` bytes
  /// of capacity and uses less than a quarter, a new buffer of its own (`Array(buffer)` would
  /// share the old one's storage), so the space goes back.
  mutating func giveBackSpareCapacity(keeping kept: Int) {
    guard capacity > kept && count < capacity / 4 else { return }
    var fresh: [UInt8] = []
    fresh.reserveCapacity(count)
    fresh.append(contentsOf: self)
    self = fresh
  }
}
