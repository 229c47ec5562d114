/// Text with positions marked in it, for tests: a keycap digit (`1️⃣` … `9️⃣`) stands where a
/// position is meant and is taken out of the text; the position is then given in any encoding,
/// so a test says where rather than counting code units by hand.
///
/// ```swift
/// let marked = MarkedText("x👋1️⃣한국2️⃣\nsecond")
/// marked.text                         // "x👋한국\nsecond"
/// marked.position("1️⃣", .utf16)       // (line: 0, character: 3)
/// marked.position("2️⃣", .utf8)        // (line: 0, character: 11)
/// ```
public struct MarkedText: Sendable {
  public enum Encoding: Sendable, CaseIterable {
    case utf8, utf16, utf32

    /// The name LSP gives it (`"utf-16"`).
    public var lspName: String {
      switch self {
      case .utf8: "utf-8"
      case .utf16: "utf-16"
      case .utf32: "utf-32"
      }
    }
  }

  /// The text without its markers.
  public let text: String
  /// Each marker's UTF-8 offset in `text`.
  public let offsets: [String: Int]

  public init(_ marked: String) {
    var result = String.UnicodeScalarView()
    var offsets: [String: Int] = [:]
    let scalars = Array(marked.unicodeScalars)
    var i = 0
    var offset = 0
    while i < scalars.count {
      if i + 2 < scalars.count, ("1"..."9").contains(scalars[i]), scalars[i + 1] == "\u{FE0F}",
        scalars[i + 2] == "\u{20E3}"
      {
        let name = String(String.UnicodeScalarView(scalars[i...(i + 2)]))
        precondition(offsets[name] == nil, "marker \(name) appears twice")
        offsets[name] = offset
        i += 3
        continue
      }
      result.append(scalars[i])
      offset += String(scalars[i]).utf8.count
      i += 1
    }
    text = String(result)
    self.offsets = offsets
  }

  /// The UTF-8 offset of `marker` in `text`.
  public func offset(_ marker: String) -> Int {
    guard let offset = offsets[marker] else { preconditionFailure("no marker \(marker) in the text") }
    return offset
  }

  /// The line and character of `marker` in `encoding`, lines ending at `\n`, `\r\n` or `\r`.
  public func position(_ marker: String, _ encoding: Encoding) -> (line: Int, character: Int) {
    let target = offset(marker)
    var line = 0
    var character = 0
    var offset = 0
    var previousWasCR = false
    for scalar in text.unicodeScalars {
      if offset >= target { break }
      let width = String(scalar).utf8.count
      if scalar == "\n" {
        if !previousWasCR { line += 1 }
        character = 0
      } else if scalar == "\r" {
        line += 1
        character = 0
      } else {
        switch encoding {
        case .utf8: character += width
        case .utf16: character += scalar.value > 0xFFFF ? 2 : 1
        case .utf32: character += 1
        }
      }
      previousWasCR = scalar == "\r"
      offset += width
    }
    return (line, character)
  }
}
