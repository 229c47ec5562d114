/// The trailers `git interpret-trailers --parse` prints for a message (git 2.39's trailer.c with
/// git's default configuration: separator `:`, comment character `#`, no configured trailers),
/// each as `Token: value` with continuation lines unfolded. A team's trailer rule runs git for
/// them in CI; this reads them as git does, without a process.
package enum GitTrailers {
  /// git's `isspace`: space, tab, line feed, carriage return.
  static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  static func isAlphanumeric(_ byte: UInt8) -> Bool {
    (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
  }

  /// The trailer lines `--parse` prints, without their newlines.
  package static func parse(_ message: String) -> [String] {
    let bytes = Array(message.utf8)
    let patchStart = findPatchStart(bytes)
    let trailerEnd = patchStart - ignoreNonTrailer(bytes, patchStart)
    let trailerStart = findTrailerStart(bytes, trailerEnd)
    guard trailerStart < trailerEnd else { return [] }
    // `strbuf_split_buf` on '\n', each piece keeping its newline; continuation lines (starting
    // with a space) join the trailer before them.
    var strings: [[UInt8]] = []
    var lastIsTrailer = false
    var start = trailerStart
    while start < trailerEnd {
      var stop = start
      while stop < trailerEnd && bytes[stop] != 0x0A { stop += 1 }
      if stop < trailerEnd { stop += 1 }
      let piece = Array(bytes[start..<stop])
      if lastIsTrailer, let first = piece.first, isSpace(first) {
        strings[strings.count - 1] += piece
      } else {
        strings.append(piece)
        lastIsTrailer = findSeparator(piece, 0) >= 1
      }
      start = stop
    }
    var output: [String] = []
    for trailer in strings where trailer.first != UInt8(ascii: "#") {
      let separator = findSeparator(trailer, 0)
      guard separator >= 1 else { continue }
      let token = trim(trailer[0..<separator])
      let value = unfold(trim(trailer[(separator + 1)...]))
      output.append(String(decoding: token + Array(": ".utf8) + value, as: UTF8.self))
    }
    return output
  }

  /// `strbuf_trim`.
  static func trim(_ text: ArraySlice<UInt8>) -> [UInt8] {
    var lower = text.startIndex
    var upper = text.endIndex
    while lower < upper && isSpace(text[lower]) { lower += 1 }
    while upper > lower && isSpace(text[upper - 1]) { upper -= 1 }
    return Array(text[lower..<upper])
  }

  /// `unfold_value`: each newline and the spaces after it one space, then trimmed.
  static func unfold(_ value: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    var index = 0
    while index < value.count {
      let byte = value[index]
      index += 1
      if byte == 0x0A {
        while index < value.count && isSpace(value[index]) { index += 1 }
        out.append(0x20)
      } else {
        out.append(byte)
      }
    }
    return trim(out[...])
  }

  /// `find_separator`: the offset of the first `:` after a token (letters, digits, `-`) and
  /// optional spaces, or -1.
  static func findSeparator(_ bytes: [UInt8], _ start: Int) -> Int {
    var whitespaceFound = false
    var position = start
    while position < bytes.count && bytes[position] != 0 {
      let byte = bytes[position]
      if byte == UInt8(ascii: ":") { return position - start }
      if !whitespaceFound && (isAlphanumeric(byte) || byte == UInt8(ascii: "-")) {
        position += 1
        continue
      }
      if position != start && (byte == 0x20 || byte == 0x09) {
        whitespaceFound = true
        position += 1
        continue
      }
      break
    }
    return -1
  }

  /// `find_patch_start`: the first line starting `---` and a space (or the end).
  static func findPatchStart(_ bytes: [UInt8]) -> Int {
    var line = 0
    while line < bytes.count {
      if bytes[line...].starts(with: "---".utf8), line + 3 < bytes.count, isSpace(bytes[line + 3]) {
        return line
      }
      guard let newline = bytes[line...].firstIndex(of: 0x0A) else { break }
      line = newline + 1
    }
    return bytes.count
  }

  /// `ignore_non_trailer`: the bytes of trailing comments, blank lines and an old `Conflicts:`
  /// block, and of everything from the scissors line on.
  static func ignoreNonTrailer(_ bytes: [UInt8], _ length: Int) -> Int {
    var cutoff = length
    let scissors = Array("# ------------------------ >8 ------------------------\n".utf8)
    if bytes[0..<length].starts(with: scissors) {
      cutoff = 0
    } else {
      var position = 0
      while position + scissors.count < length {
        if bytes[position] == 0x0A, bytes[(position + 1)..<length].starts(with: scissors) {
          cutoff = position + 1
          break
        }
        position += 1
      }
    }
    var beginningOfComments = 0
    var lineStart = 0
    var inConflicts = false
    while lineStart < cutoff {
      var next = lineStart
      while next < length && bytes[next] != 0x0A { next += 1 }
      if next < length { next += 1 }
      let first = bytes[lineStart]
      if first == UInt8(ascii: "#") || first == 0x0A {
        if beginningOfComments == 0 { beginningOfComments = lineStart }
      } else if bytes[lineStart..<length].starts(with: "Conflicts:\n".utf8) {
        inConflicts = true
        if beginningOfComments == 0 { beginningOfComments = lineStart }
      } else if inConflicts && first == 0x09 {
        // A path of the conflicts block.
      } else if beginningOfComments != 0 {
        beginningOfComments = 0
        inConflicts = false
      }
      lineStart = next
    }
    return beginningOfComments != 0 ? length - beginningOfComments : length - cutoff
  }

  /// `is_blank_line` of the line at `start` (read to its newline, as C reads past a length).
  static func isBlankLine(_ bytes: [UInt8], _ start: Int) -> Bool {
    var position = start
    while position < bytes.count && bytes[position] != 0x0A && isSpace(bytes[position]) { position += 1 }
    return position == bytes.count || bytes[position] == 0x0A
  }

  /// `last_line`: where the line before offset `length` starts, or -1.
  static func lastLine(_ bytes: [UInt8], _ length: Int) -> Int {
    if length == 0 { return -1 }
    if length == 1 { return 0 }
    var index = length - 2
    while index >= 0 {
      if bytes[index] == 0x0A { return index + 1 }
      index -= 1
    }
    return 0
  }

  static func nextLine(_ bytes: [UInt8], _ start: Int) -> Int {
    guard let newline = bytes[start...].firstIndex(of: 0x0A) else { return bytes.count }
    return newline + 1
  }

  /// `find_trailer_start`: after the title paragraph, the last paragraph when its lines are all
  /// trailers (or continuations), or hold one of git's own trailers and are a quarter trailers.
  static func findTrailerStart(_ bytes: [UInt8], _ length: Int) -> Int {
    let generated = [Array("Signed-off-by: ".utf8), Array("(cherry picked from commit ".utf8)]
    var position = 0
    while position < length {
      if bytes[position] == UInt8(ascii: "#") {
        position = nextLine(bytes, position)
        continue
      }
      if isBlankLine(bytes, position) { break }
      position = nextLine(bytes, position)
    }
    let endOfTitle = position
    var onlySpaces = true
    var recognizedPrefix = false
    var trailerLines = 0
    var nonTrailerLines = 0
    var possibleContinuationLines = 0
    var line = lastLine(bytes, length)
    outer: while line >= endOfTitle && line >= 0 {
      defer { line = lastLine(bytes, line) }
      let first = line < bytes.count ? bytes[line] : 0
      if first == UInt8(ascii: "#") {
        nonTrailerLines += possibleContinuationLines
        possibleContinuationLines = 0
        continue
      }
      if isBlankLine(bytes, line) {
        if onlySpaces { continue }
        nonTrailerLines += possibleContinuationLines
        if recognizedPrefix && trailerLines * 3 >= nonTrailerLines { return nextLine(bytes, line) }
        if trailerLines > 0 && nonTrailerLines == 0 { return nextLine(bytes, line) }
        return length
      }
      onlySpaces = false
      for prefix in generated where bytes[line...].starts(with: prefix) {
        trailerLines += 1
        possibleContinuationLines = 0
        recognizedPrefix = true
        continue outer
      }
      if findSeparator(bytes, line) >= 1 && !isSpace(first) {
        trailerLines += 1
        possibleContinuationLines = 0
      } else if isSpace(first) {
        possibleContinuationLines += 1
      } else {
        nonTrailerLines += 1 + possibleContinuationLines
        possibleContinuationLines = 0
      }
    }
    return length
  }
}
