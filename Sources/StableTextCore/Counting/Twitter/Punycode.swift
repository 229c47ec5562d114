/// Punycode (RFC 3492), only as far as twitter-text's URL check needs it: the length of a domain
/// label once written in ASCII, as the `punycode` package's `toASCII` writes it (which twitter-text
/// calls for each label, rejecting a URL whose label is empty or over 63 characters).
enum Punycode {
  /// The longest DNS label, in octets (RFC 1035, section 2.3.4), which `toASCII` enforces.
  static let maxLabelLength = 63

  /// `toASCII` of one label: the label split at the dots it may hold (`.`, `。`, `．`, `｡`), each
  /// part as it is when ASCII, else `xn--` and its encoding, joined with `.`; `nil` when the
  /// encoding overflows.
  static func ascii(ofLabel label: [UInt32]) -> String? {
    var parts: [String] = []
    for part in label.split(omittingEmptySubsequences: false, whereSeparator: isSeparator) {
      if part.allSatisfy({ $0 < 0x80 }) {
        parts.append(String(String.UnicodeScalarView(part.compactMap(Unicode.Scalar.init))))
      } else {
        guard let encoded = encode(Array(part)) else { return nil }
        parts.append("xn--" + encoded)
      }
    }
    return parts.joined(separator: ".")
  }

  /// The length of `ascii(ofLabel:)`.
  static func asciiLength(ofLabel label: [UInt32]) -> Int? { ascii(ofLabel: label)?.utf8.count }

  private static func isSeparator(_ v: UInt32) -> Bool {
    v == 0x2E || v == 0x3002 || v == 0xFF0E || v == 0xFF61
  }

  private static let base = 36
  private static let tMin = 1
  private static let tMax = 26
  private static let skew = 38
  private static let damp = 700

  /// RFC 3492's encoding procedure (section 6.3): the basic code points, a delimiter when there
  /// are any, then the deltas of the others as generalized variable-length integers.
  static func encode(_ input: [UInt32]) -> String? {
    // Fits: only the basic code points, below 0x80.
    var output: [UInt8] = input.compactMap { $0 < 0x80 ? UInt8($0) : nil }
    let basic = output.count
    var handled = basic
    if basic > 0 { output.append(UInt8(ascii: "-")) }
    var n = 0x80
    var delta = 0
    var bias = 72
    while handled < input.count {
      // Fits: code points are below 0x110000.
      let m = Int(input.lazy.filter { Int($0) >= n }.min()!)
      let (step, overflow) = (m - n).multipliedReportingOverflow(by: handled + 1)
      guard !overflow, delta <= Int(Int32.max) - step else { return nil }
      delta += step
      n = m
      for c in input {
        let c = Int(c)
        if c < n {
          delta += 1
          guard delta <= Int(Int32.max) else { return nil }
        }
        guard c == n else { continue }
        var q = delta
        var k = base
        while true {
          let t = k <= bias ? tMin : k >= bias + tMax ? tMax : k - bias
          if q < t { break }
          output.append(digit(t + (q - t) % (base - t)))
          q = (q - t) / (base - t)
          k += base
        }
        output.append(digit(q))
        bias = adapt(delta, points: handled + 1, first: handled == basic)
        delta = 0
        handled += 1
      }
      delta += 1
      n += 1
    }
    return String(decoding: output, as: UTF8.self)
  }

  private static func digit(_ d: Int) -> UInt8 {
    // Fits: a digit is below 36.
    UInt8(d < 26 ? 0x61 + d : 0x30 + d - 26)
  }

  private static func adapt(_ delta: Int, points: Int, first: Bool) -> Int {
    var delta = first ? delta / damp : delta / 2
    delta += delta / points
    var k = 0
    while delta > ((base - tMin) * tMax) / 2 {
      delta /= base - tMin
      k += base
    }
    return k + (base - tMin + 1) * delta / (delta + skew)
  }
}
