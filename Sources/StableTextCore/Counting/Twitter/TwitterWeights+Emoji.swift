/// Which clusters twitter-text weighs as one emoji (its emoji parser, version 3), decided from
/// the standard library's emoji properties by the sequence grammar of Unicode's emoji
/// specification (UTS #51): one scalar of emoji presentation, or a sequence of emoji elements
/// joined by ZWJ, an element being a flag (two regional indicators), a keycap (`0`–`9`, `#` or
/// `*`, an optional U+FE0F, U+20E3), a tag sequence (U+1F3F4, tags, U+E007F), or an emoji with
/// an optional U+FE0F and an optional skin-tone modifier. Anything else, `©` or a digit alone
/// among them, weighs its code points.
extension TwitterWeights {
  static func isEmoji(_ cluster: ArraySlice<Unicode.Scalar>) -> Bool {
    guard let first = cluster.first else { return false }
    // No scalar below U+231A (⌚) has emoji presentation: most text asks no property table.
    if cluster.count == 1 { return first.value >= 0x231A && first.properties.isEmojiPresentation }
    var elements = cluster.split(separator: "\u{200D}", omittingEmptySubsequences: false)[...]
    guard !elements.isEmpty else { return false }
    while let element = elements.popFirst() {
      guard isElement(element) else { return false }
    }
    return true
  }

  private static func isElement(_ element: ArraySlice<Unicode.Scalar>) -> Bool {
    guard let first = element.first else { return false }
    let values = element.map(\.value)
    let regional: ClosedRange<UInt32> = 0x1F1E6...0x1F1FF
    if values.count == 2 && regional.contains(values[0]) && regional.contains(values[1]) { return true }
    // A keycap.
    if first.isASCII {
      guard "0123456789#*".unicodeScalars.contains(first), values.last == 0x20E3 else { return false }
      return values.count == 2 || (values.count == 3 && values[1] == 0xFE0F)
    }
    // A tag sequence.
    if values[0] == 0x1F3F4 && values.count > 2 {
      return values.last == 0xE007F
        && values.dropFirst().dropLast().allSatisfy { (0xE0020...0xE007E).contains($0) }
    }
    guard first.properties.isEmoji else { return false }
    var rest = values.dropFirst()
    if rest.first == 0xFE0F { rest = rest.dropFirst() }
    if let modifier = rest.first, Unicode.Scalar(modifier)?.properties.isEmojiModifier == true {
      rest = rest.dropFirst()
    }
    return rest.isEmpty
  }
}
