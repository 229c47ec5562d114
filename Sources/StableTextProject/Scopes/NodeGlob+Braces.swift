/// Brace expansion as Node's `fs.glob` does it before matching (minimatch's `braceExpand`, the
/// `brace-expansion` package): `{a,b}` alternatives (nested), `{1..3}`, `{01..10}`, `{a..e}` and
/// `{1..9..2}` sequences, a group preceded by `$` kept as written, a group holding neither a comma
/// nor a sequence kept as written, a leading `{}` kept, empty alternatives dropped at the top.
/// The first balanced group is expanded first and the rest of the text after it, so `{a,b}{1,2}`
/// gives `a1 a2 b1 b2`. Protocol/README.md, "Scopes from a monorepo's packages".
extension NodeGlob {
  /// The most alternatives a pattern may expand to here (Node allows 100,000; a pattern past this
  /// bound is not computed, never cut short).
  static let maxAlternatives = 256

  /// Why a pattern's braces are not expanded here.
  struct BraceRefusal: Error, Hashable {
    var reason: String
  }

  /// The alternatives `pattern` stands for, in Node's order, each once.
  static func braceExpanded(_ pattern: String) -> Result<[String], BraceRefusal> {
    let text = Array(pattern.unicodeScalars)
    // minimatch expands only a pattern with a `{…}` whose inside holds no `{`.
    guard hasExpandableGroup(text) else { return .success([pattern]) }
    // The two scalars stand for an escaped `}` and `{` below; a pattern holding them is not read.
    if text.contains(escapedClose) || text.contains(escapedOpen) {
      return .failure(BraceRefusal(reason: "it holds a control character"))
    }
    var start = text
    if start.starts(with: ["{", "}"]) { start.replaceSubrange(0..<2, with: [escapedOpen, escapedClose]) }
    var expander = Expander()
    let expanded = expander.expand(start, top: true)
    if let refusal = expander.refusal { return .failure(refusal) }
    var seen = Set<String>()
    var result: [String] = []
    for alternative in expanded {
      var scalars = String.UnicodeScalarView()
      for scalar in alternative {
        scalars.append(scalar == escapedOpen ? "{" : scalar == escapedClose ? "}" : scalar)
      }
      let string = String(scalars)
      if seen.insert(string).inserted { result.append(string) }
    }
    return .success(result)
  }

  private static let escapedClose: Unicode.Scalar = "\u{0}"
  private static let escapedOpen: Unicode.Scalar = "\u{1}"

  /// A `{`, then scalars none of which is `{`, then a `}`.
  private static func hasExpandableGroup(_ text: [Unicode.Scalar]) -> Bool {
    var open = false
    for scalar in text {
      if scalar == "{" { open = true } else if scalar == "}" && open { return true }
    }
    return false
  }

  /// The first balanced `{…}` of `text` (with balanced-match's handling of unbalanced braces):
  /// the indices of its `{` and `}`.
  static func firstGroup(_ text: [Unicode.Scalar]) -> (open: Int, close: Int)? {
    func index(of scalar: Unicode.Scalar, from start: Int) -> Int {
      guard start < text.count else { return -1 }
      return text[start...].firstIndex(of: scalar) ?? -1
    }
    var opening = index(of: "{", from: 0)
    var closing = index(of: "}", from: opening + 1)
    guard opening >= 0 && closing > 0 else { return nil }
    var opens: [Int] = []
    var left = text.count
    var right: Int?
    var at = opening
    while at >= 0 {
      if at == opening {
        opens.append(at)
        opening = index(of: "{", from: at + 1)
      } else if opens.count == 1 {
        return (opens.removeLast(), closing)
      } else {
        if let begin = opens.popLast(), begin < left {
          left = begin
          right = closing
        }
        closing = index(of: "}", from: at + 1)
      }
      at = opening < closing && opening >= 0 ? opening : closing
    }
    if !opens.isEmpty, let right { return (left, right) }
    return nil
  }

  private struct Expander {
    var refusal: BraceRefusal?
    var produced = 0

    mutating func expand(_ text: [Unicode.Scalar], top: Bool) -> [[Unicode.Scalar]] {
      guard refusal == nil else { return [] }
      guard let group = NodeGlob.firstGroup(text) else { return [text] }
      let pre = Array(text[..<group.open])
      let body = Array(text[(group.open + 1)..<group.close])
      let rest = Array(text[(group.close + 1)...])
      let post = rest.isEmpty ? [[]] : expand(rest, top: false)
      if pre.last == "$" {
        return post.map { pre + ["{"] + body + ["}"] + $0 }
      }
      let sequence = Sequence(body)
      let hasComma = body.contains(",")
      var options: [[Unicode.Scalar]]
      if sequence == nil && !hasComma {
        if Self.commaThenClose(rest) {
          // `{a},b}`: the group is text, its `}` escaped, and the whole is expanded again.
          return expand(pre + ["{"] + body + [NodeGlob.escapedClose] + rest, top: true)
        }
        return [text]
      }
      if let sequence {
        guard let items = sequence.items() else {
          refusal = BraceRefusal(
            reason: "its sequence {\(String(String.UnicodeScalarView(body)))} is too long")
          return []
        }
        options = items
      } else {
        let parts = Self.commaParts(body)
        if parts.count == 1 {
          let inner = expand(parts[0], top: false).map { ["{"] + $0 + ["}"] }
          if inner.count == 1 { return post.map { pre + inner[0] + $0 } }
          options = inner
        } else {
          options = parts.flatMap { expand($0, top: false) }
        }
      }
      var expansions: [[Unicode.Scalar]] = []
      for option in options {
        for tail in post {
          let expansion = pre + option + tail
          if !top || sequence != nil || !expansion.isEmpty { expansions.append(expansion) }
          produced += 1
          if produced > NodeGlob.maxAlternatives * 4 || expansions.count > NodeGlob.maxAlternatives {
            refusal = BraceRefusal(
              reason: "its braces expand to more than \(NodeGlob.maxAlternatives) alternatives")
            return []
          }
        }
      }
      return expansions
    }

    /// brace-expansion's test `/,(?!,).*\}/` on the text after a group: a comma not followed by
    /// a comma, then a `}` later on the same line.
    static func commaThenClose(_ text: [Unicode.Scalar]) -> Bool {
      let breaks: Set<Unicode.Scalar> = ["\n", "\r", "\u{2028}", "\u{2029}"]
      for (index, scalar) in text.enumerated() where scalar == "," {
        if index + 1 < text.count && text[index + 1] == "," { continue }
        for later in text[(index + 1)...] {
          if breaks.contains(later) { break }
          if later == "}" { return true }
        }
      }
      return false
    }

    /// The comma-separated parts of a group's inside, a nested group's commas kept inside it.
    static func commaParts(_ text: [Unicode.Scalar]) -> [[Unicode.Scalar]] {
      guard !text.isEmpty else { return [[]] }
      guard let group = NodeGlob.firstGroup(text) else {
        return text.split(separator: ",", omittingEmptySubsequences: false).map(Array.init)
      }
      var parts = text[..<group.open].split(separator: ",", omittingEmptySubsequences: false).map(Array.init)
      parts[parts.count - 1] += text[group.open...group.close]
      let post = Array(text[(group.close + 1)...])
      if !post.isEmpty {
        var postParts = commaParts(post)
        parts[parts.count - 1] += postParts.removeFirst()
        parts += postParts
      }
      return parts
    }
  }

  /// A `{x..y}` or `{x..y..step}` sequence of integers or of ASCII letters.
  private struct Sequence {
    var parts: [[Unicode.Scalar]]
    var letters: Bool

    init?(_ body: [Unicode.Scalar]) {
      // Split at each `..`.
      var pieces: [[Unicode.Scalar]] = [[]]
      var index = 0
      while index < body.count {
        if body[index] == "." && index + 1 < body.count && body[index + 1] == "." {
          pieces.append([])
          index += 2
        } else {
          pieces[pieces.count - 1].append(body[index])
          index += 1
        }
      }
      guard pieces.count == 2 || pieces.count == 3 else { return nil }
      let stepIsInteger = pieces.count == 2 || Self.isInteger(pieces[2])
      if Self.isInteger(pieces[0]) && Self.isInteger(pieces[1]) && stepIsInteger {
        letters = false
      } else if Self.isLetter(pieces[0]) && Self.isLetter(pieces[1]) && stepIsInteger {
        letters = true
      } else {
        return nil
      }
      parts = pieces
    }

    /// `-?[0-9]+`.
    private static func isInteger(_ piece: [Unicode.Scalar]) -> Bool {
      let digits = piece.first == "-" ? piece.dropFirst() : piece[...]
      return !digits.isEmpty && digits.allSatisfy { $0 >= "0" && $0 <= "9" }
    }

    /// One ASCII letter.
    private static func isLetter(_ piece: [Unicode.Scalar]) -> Bool {
      guard piece.count == 1, let scalar = piece.first else { return false }
      return (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z")
    }

    /// brace-expansion's `numeric`: a number's value, else the first character's code.
    private func value(_ part: [Unicode.Scalar]) -> Int? {
      let text = String(String.UnicodeScalarView(part))
      if let number = Int(text) { return number }
      return part.first.map { Int($0.value) }
    }

    /// The items, or nil when there would be more than `maxAlternatives` (or a number is too
    /// long to count exactly).
    func items() -> [[Unicode.Scalar]]? {
      guard parts.allSatisfy({ $0.count <= 15 }), let first = value(parts[0]), let last = value(parts[1])
      else { return nil }
      var step = parts.count == 3 ? max(abs(value(parts[2]) ?? 1), 1) : 1
      if last < first { step = -step }
      let width = max(parts[0].count, parts[1].count)
      let padded = parts.contains { part in
        let digits = part.first == "-" ? part.dropFirst() : part[...]
        return digits.count >= 2 && digits.first == "0"
          && digits.dropFirst().first.map { $0 >= "0" && $0 <= "9" } == true
      }
      guard abs(last - first) / abs(step) < NodeGlob.maxAlternatives else { return nil }
      var items: [[Unicode.Scalar]] = []
      var current = first
      while step > 0 ? current <= last : current >= last {
        if letters {
          // Fits: `current` lies between two ASCII letters' values, a valid scalar.
          let scalar = Unicode.Scalar(UInt32(current))!
          items.append(scalar == "\\" ? [] : [scalar])
        } else {
          var text = String(current)
          if padded && text.count < width {
            let zeros = String(repeating: "0", count: width - text.count)
            text = current < 0 ? "-" + zeros + text.dropFirst() : zeros + text
          }
          items.append(Array(text.unicodeScalars))
        }
        current += step
      }
      return items
    }
  }
}
