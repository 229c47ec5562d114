extension Double {
  /// The value with exactly `digits` decimals (`1.25.fixed(1)` is `"1.3"`: halves round away
  /// from zero), as `String(format: "%.Nf")` gives it but without Foundation, and without the
  /// sign of a value that rounds to zero.
  public func fixed(_ digits: Int) -> String {
    guard isFinite else { return description }
    var scale = 1.0
    for _ in 0..<max(0, digits) { scale *= 10 }
    let scaled = (abs(self) * scale).rounded(.toNearestOrAwayFromZero)
    guard scaled < 9e18 else { return description }
    // Fits: below 9e18, checked just above.
    let units = Int(scaled)
    let whole = units / Int(scale)
    let sign = self < 0 && units != 0 ? "-" : ""
    guard digits > 0 else { return sign + String(whole) }
    let fraction = String(units % Int(scale))
    return sign + String(whole) + "." + String(repeating: "0", count: digits - fraction.count) + fraction
  }
}
