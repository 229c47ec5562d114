/// JavaScript's numbers as strings and strings as numbers, where a configuration's keys and
/// templates turn one into the other (`{ 1.50: x }` has the key `"1.5"`, `` `${72}` `` is `"72"`).
enum JavaScriptNumber {
  /// `Number.prototype.toString()` (ECMA-262 Number::toString with radix 10): the shortest digits
  /// that read back as the value (Swift's `description` finds them), laid out as JavaScript lays
  /// them out.
  static func string(_ value: Double) -> String {
    if value.isNaN { return "NaN" }
    if value == 0 { return "0" }
    if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
    if value < 0 { return "-" + string(-value) }
    // The shortest digits and where the point goes: value = 0.d1d2…dk × 10^n.
    let text = value.description
    var mantissa = Substring(text)
    var exponent = 0
    if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
      mantissa = text[..<e]
      exponent = Int(text[text.index(after: e)...]) ?? 0
    }
    var digits = ""
    var pointAt = mantissa.count
    if let point = mantissa.firstIndex(of: ".") {
      pointAt = mantissa.distance(from: mantissa.startIndex, to: point)
      digits = String(mantissa[..<point]) + String(mantissa[mantissa.index(after: point)...])
    } else {
      digits = String(mantissa)
    }
    var n = pointAt + exponent
    // Leading zeros move the point; trailing ones are not digits.
    while digits.first == "0" && digits.count > 1 {
      digits.removeFirst()
      n -= 1
    }
    while digits.last == "0" && digits.count > 1 { digits.removeLast() }
    let k = digits.count
    if k <= n && n <= 21 { return digits + String(repeating: "0", count: n - k) }
    if 0 < n && n <= 21 {
      return String(digits.prefix(n)) + "." + String(digits.dropFirst(n))
    }
    if -6 < n && n <= 0 { return "0." + String(repeating: "0", count: -n) + digits }
    let sign = n - 1 >= 0 ? "+" : "-"
    let shown = k == 1 ? digits : String(digits.prefix(1)) + "." + String(digits.dropFirst())
    return shown + "e" + sign + String(abs(n - 1))
  }

  /// Whether `key` is an array index (`"0"`, `"12"`, not `"01"` or `"4294967295"`): such keys come
  /// first in an object's order, ascending.
  static func arrayIndex(_ key: String) -> UInt32? {
    // Fits: `UInt64(key)` parses a string (failable), and the value is below 2^32 - 1.
    guard !key.isEmpty, key.utf8.count <= 10, key == "0" || key.first != "0",
      key.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let value = UInt64(key), value < 4_294_967_295
    else { return nil }
    return UInt32(value)
  }
}
