/// The text of one document with the indexes that LSP positions need.
///
/// This is the storage interface the rest of StableText is written against: UTF-8 offsets are
/// the internal coordinate, positions in any `PositionEncoding` convert to and from them, and
/// counts are available in every `LengthUnit`. The current implementation keeps a native
/// `String` and an array of line starts; a B-tree rope can replace it without changing callers.
public struct TextBuffer: Sendable {
  /// The whole text. Native UTF-8, so UTF-8 offsets map to indices in O(1).
  public private(set) var string: String
  /// UTF-8 offset of the first byte of every line; `lineStarts[0] == 0`.
  private var lineStarts: [Int]
  private var counts: CountCache

  public init(_ text: String = "") {
    var text = text
    text.makeContiguousUTF8()
    string = text
    lineStarts = [0]
    counts = CountCache()
    rescanLines(from: 0)
  }

  /// Size in UTF-8 bytes.
  public var utf8Count: Int { string.utf8.count }

  /// Line terminators plus one.
  public var lineCount: Int { lineStarts.count }

  public var isEmpty: Bool { string.isEmpty }

  /// Length of the whole text in `unit`.
  public func count(_ unit: LengthUnit) -> Int {
    if let cached = counts.value(unit) { return cached }
    let value = unit.count(string[...])
    counts.store(value, for: unit)
    return value
  }

  /// UTF-8 offset where `line` starts (clamped to the document).
  public func lineStart(_ line: Int) -> Int {
    line < lineStarts.count ? lineStarts[line] : utf8Count
  }

  /// UTF-8 offset of the end of `line`'s content, before its terminator.
  public func lineContentEnd(_ line: Int) -> Int {
    guard line + 1 < lineStarts.count else { return utf8Count }
    let next = lineStarts[line + 1]
    return withBytes { bytes in
      var end = next
      if end > 0 && bytes[end - 1] == LineTerminator.lineFeed { end -= 1 }
      if end > 0 && bytes[end - 1] == LineTerminator.carriageReturn { end -= 1 }
      return end
    }
  }

  /// The line holding UTF-8 offset `offset`.
  public func line(containing offset: Int) -> Int {
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
    }
    return low
  }

  /// Resolves a client position with LSP's clamping: a line past the last one means the end of
  /// the document, a character past the line's content means the end of that content.
  /// Throws when the offset would split a code point.
  public func offset(of position: TextPosition, in encoding: PositionEncoding) throws(PositionError)
    -> Int
  {
    if let offset = offset(of: position, in: encoding, snapping: false) { return offset }
    throw .insideCodePoint(position, encoding)
  }

  /// Like `offset(of:in:)`, but a position inside a code point snaps back to the code point's
  /// start instead of failing (hover and other read-only look-ups).
  public func snappedOffset(of position: TextPosition, in encoding: PositionEncoding) -> Int {
    offset(of: position, in: encoding, snapping: true)!
  }

  private func offset(of position: TextPosition, in encoding: PositionEncoding, snapping: Bool) -> Int? {
    guard position.line < lineStarts.count else { return utf8Count }
    let start = lineStarts[position.line]
    let end = lineContentEnd(position.line)
    let wanted = max(0, position.character)
    switch encoding {
    case .utf8:
      let target = start + wanted
      if target >= end { return end }
      return withBytes { bytes in
        var offset = target
        while offset > start && bytes[offset] & 0xC0 == 0x80 {
          guard snapping else { return nil }
          offset -= 1
        }
        return offset
      }
    case .utf16, .utf32:
      var units = 0
      var offset = start
      let scalars = string.utf8.index(string.utf8.startIndex, offsetBy: start)
      var index = scalars
      while offset < end {
        if units == wanted { return offset }
        let scalar = string.unicodeScalars[index]
        let width = encoding.width(of: scalar)
        if units + width > wanted {
          return snapping ? offset : nil
        }
        units += width
        offset += UTF8.width(scalar)
        index = string.unicodeScalars.index(after: index)
      }
      return end
    }
  }

  /// The position of UTF-8 offset `offset` (which must be on a scalar boundary).
  public func position(of offset: Int, in encoding: PositionEncoding) -> TextPosition {
    let line = line(containing: offset)
    let start = lineStarts[line]
    switch encoding {
    case .utf8:
      return TextPosition(line: line, character: offset - start)
    case .utf16:
      let from = utf8Index(start)
      let to = utf8Index(offset)
      return TextPosition(line: line, character: string.utf16.distance(from: from, to: to))
    case .utf32:
      let from = utf8Index(start)
      let to = utf8Index(offset)
      return TextPosition(line: line, character: string.unicodeScalars.distance(from: from, to: to))
    }
  }

  /// Resolves both ends of a range; `start` after `end` is judged after clamping.
  public func offsets(of range: TextRange, in encoding: PositionEncoding) throws(PositionError) -> Range<Int>
  {
    let start = try offset(of: range.start, in: encoding)
    let end = try offset(of: range.end, in: encoding)
    guard start <= end else { throw .startAfterEnd(start: range.start, end: range.end) }
    return start..<end
  }

  /// The text between two UTF-8 offsets on scalar boundaries.
  public func slice(_ range: Range<Int>) -> Substring {
    Substring(string.unicodeScalars[utf8Index(range.lowerBound)..<utf8Index(range.upperBound)])
  }

  /// The `String.Index` of a UTF-8 offset.
  public func utf8Index(_ offset: Int) -> String.Index {
    string.utf8.index(string.utf8.startIndex, offsetBy: offset)
  }

  /// Replaces the text between two UTF-8 offsets on scalar boundaries, returning what was there
  /// (so a caller can undo). A `\r` before the range and a `\n` that the edit brings next to it
  /// become one terminator, because line starts are rescanned from before the edit.
  @discardableResult
  public mutating func replace(_ range: Range<Int>, with text: String) -> String {
    let removed = String(slice(range))
    var result = String()
    result.reserveCapacity(utf8Count - range.count + text.utf8.count)
    result.append(contentsOf: slice(0..<range.lowerBound))
    result.append(contentsOf: text)
    result.append(contentsOf: slice(range.upperBound..<utf8Count))
    result.makeContiguousUTF8()
    string = result
    counts = CountCache()
    rescanLines(from: range.lowerBound)
    return removed
  }

  /// Recomputes line starts for everything after `offset`, stepping back over a `\r` that may
  /// now pair with a `\n`.
  private mutating func rescanLines(from offset: Int) {
    var scanFrom = max(0, offset - 1)
    withBytes { bytes in
      // A `\n` preceded by `\r` is the second half of a terminator; start at the `\r`.
      if scanFrom > 0 && scanFrom < bytes.count && bytes[scanFrom] == LineTerminator.lineFeed
        && bytes[scanFrom - 1] == LineTerminator.carriageReturn
      {
        scanFrom -= 1
      }
    }
    // Keep every line start at or before the scan position.
    var keep = lineStarts.count
    while keep > 1 && lineStarts[keep - 1] > scanFrom { keep -= 1 }
    lineStarts.removeSubrange(keep...)
    var starts = lineStarts
    withBytes { bytes in
      guard scanFrom < bytes.count else { return }
      let tail = UnsafeBufferPointer(rebasing: bytes[scanFrom...])
      LineTerminator.lineStarts(in: tail, base: scanFrom, into: &starts)
    }
    lineStarts = starts
  }

  private func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    if let result = string.utf8.withContiguousStorageIfAvailable(body) { return result }
    return Array(string.utf8).withUnsafeBufferPointer(body)
  }
}

/// Lazily computed counts. A class so that a non-mutating read can fill it; every mutation
/// installs a fresh one, so copies of a buffer never share stale values.
private final class CountCache: @unchecked Sendable {
  private var values: [Int?] = Array(repeating: nil, count: LengthUnit.allCases.count)

  func value(_ unit: LengthUnit) -> Int? { values[unit.index] }
  func store(_ value: Int, for unit: LengthUnit) { values[unit.index] = value }
}

extension TextBuffer {
  /// The UTF-8 offset of a UTF-16 offset (`NSRange` arithmetic), or `nil` when it is past the
  /// end or between the halves of a surrogate pair.
  public func utf8Offset(fromUTF16 offset: Int) -> Int? {
    guard offset >= 0, offset <= count(.utf16) else { return nil }
    let index = string.utf16.index(string.utf16.startIndex, offsetBy: offset)
    guard index.samePosition(in: string.unicodeScalars) != nil else { return nil }
    return string.utf8.distance(from: string.utf8.startIndex, to: index)
  }
}
