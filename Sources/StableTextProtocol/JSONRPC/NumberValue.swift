/// The exact value of a JSON number, from its text: two spellings are one number when this
/// says so (`1`, `1.0`, `1e0` and `10E-1`; `-0` and `0.0`), and two different numbers never
/// compare equal, however close (`1e-400` and `1e-401`, which are both 0.0 as doubles).
///
/// Request ids are compared this way (`$/cancelRequest` names a request by its id as a number),
/// while a response still echoes the id as it was spelled.
public enum NumberValue {
  /// The number's canonical form: `0`, or an optional `-`, the significant digits without
  /// leading or trailing zeros, `e` and the exponent in decimal (`1.50e3` is `15e2`). `nil` when
  /// `text` is not a JSON number.
  public static func canonical(_ text: some StringProtocol) -> String? {
    let bytes = Array(text.utf8)
    var i = 0
    let negative = i < bytes.count && bytes[i] == UInt8(ascii: "-")
    if negative { i += 1 }
    func digits() -> [UInt8] {
      let start = i
      while i < bytes.count && bytes[i] >= UInt8(ascii: "0") && bytes[i] <= UInt8(ascii: "9") { i += 1 }
      return Array(bytes[start..<i])
    }
    let whole = digits()
    guard !whole.isEmpty, whole.count == 1 || whole[0] != UInt8(ascii: "0") else { return nil }
    var fraction: [UInt8] = []
    if i < bytes.count && bytes[i] == UInt8(ascii: ".") {
      i += 1
      fraction = digits()
      guard !fraction.isEmpty else { return nil }
    }
    var exponent = Decimal(negative: false, digits: [])
    if i < bytes.count && (bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E")) {
      i += 1
      var minus = false
      if i < bytes.count && (bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-")) {
        minus = bytes[i] == UInt8(ascii: "-")
        i += 1
      }
      let power = digits()
      guard !power.isEmpty else { return nil }
      exponent = Decimal(negative: minus, digits: power)
    }
    guard i == bytes.count else { return nil }
    var significand = ArraySlice(whole + fraction)
    while significand.first == UInt8(ascii: "0") { significand.removeFirst() }
    guard !significand.isEmpty else { return "0" }
    var shift = -fraction.count
    while significand.last == UInt8(ascii: "0") {
      significand.removeLast()
      shift += 1
    }
    return (negative ? "-" : "") + String(decoding: significand, as: UTF8.self) + "e"
      + exponent.adding(shift).description
  }

  /// A signed decimal integer of any length, for exponents (a body may spell `1e-99999999999999999999`).
  private struct Decimal: CustomStringConvertible {
    var negative: Bool
    /// Most significant first; may have leading zeros; empty is zero.
    var digits: [UInt8]

    /// This value plus `delta` (whose magnitude is below 10^18).
    func adding(_ delta: Int) -> Decimal {
      let magnitude = digits.drop { $0 == UInt8(ascii: "0") }
      if magnitude.count <= 18 {
        // Fits: below 10^18 each, so the sum is below 2 · 10^18 < 2^63.
        let value = Int(String(decoding: magnitude, as: UTF8.self)) ?? 0
        let sum = (negative ? -value : value) + delta
        return Decimal(negative: sum < 0, digits: Array(String(sum.magnitude).utf8))
      }
      // Past 18 digits the value's magnitude is at least 10^18 > |delta|: the sign stays and
      // only the magnitude moves, by |delta| up or down.
      let towardZero = negative != (delta < 0)
      var result = Array(magnitude)
      var carry = Int(delta.magnitude)
      var index = result.count - 1
      while carry != 0 && index >= 0 {
        let digit = Int(result[index] - UInt8(ascii: "0"))
        let value = towardZero ? digit - carry % 10 : digit + carry % 10
        carry /= 10
        // Fits: each branch stores a digit, 0–9.
        if value < 0 {
          carry += 1
          result[index] = UInt8(ascii: "0") + UInt8(value + 10)
        } else if value > 9 {
          carry += 1
          result[index] = UInt8(ascii: "0") + UInt8(value - 10)
        } else {
          result[index] = UInt8(ascii: "0") + UInt8(value)
        }
        index -= 1
      }
      if carry > 0 { result.insert(contentsOf: Array(String(carry).utf8), at: 0) }
      return Decimal(negative: negative, digits: result)
    }

    var description: String {
      let magnitude = digits.drop { $0 == UInt8(ascii: "0") }
      guard !magnitude.isEmpty else { return "0" }
      return (negative ? "-" : "") + String(decoding: magnitude, as: UTF8.self)
    }
  }
}
