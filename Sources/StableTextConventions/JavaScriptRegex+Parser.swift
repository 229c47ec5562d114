extension JavaScriptRegex {
  /// ECMA-262's pattern grammar without the `u` flag, with Annex B's leniencies, over the
  /// pattern's UTF-16 code units.
  struct Parser {
    let units: [UInt16]
    let ignoreCase: Bool
    let multiline: Bool
    let dotAll: Bool
    var index = 0
    var depth = 0
    /// Deeper groups than this are refused (the compiler recurses into them).
    static let maximumDepth = 100

    init(units: [UInt16], ignoreCase: Bool, multiline: Bool, dotAll: Bool) {
      self.units = units
      self.ignoreCase = ignoreCase
      self.multiline = multiline
      self.dotAll = dotAll
    }

    mutating func parse() throws(Problem) -> Node {
      let node = try disjunction()
      if index < units.count {
        // Only a `)` stops a disjunction at the top.
        throw .invalid("unmatched ')'")
      }
      return node
    }

    var current: UInt16? { index < units.count ? units[index] : nil }

    func at(_ character: Unicode.Scalar, _ offset: Int = 0) -> Bool {
      // Fits: a UTF-16 unit widens to UInt32.
      index + offset < units.count && UInt32(units[index + offset]) == character.value
    }

    mutating func disjunction() throws(Problem) -> Node {
      var alternatives = [try alternative()]
      while at("|") {
        index += 1
        alternatives.append(try alternative())
      }
      return alternatives.count == 1 ? alternatives[0] : .alternatives(alternatives)
    }

    mutating func alternative() throws(Problem) -> Node {
      var terms: [Node] = []
      while let unit = current, unit != ascii("|"), unit != ascii(")") {
        terms.append(try term())
      }
      return terms.count == 1 ? terms[0] : .sequence(terms)
    }

    mutating func term() throws(Problem) -> Node {
      let unit = units[index]
      switch unit {
      case ascii("^"):
        index += 1
        return .assertion(.start(multiline: multiline))
      case ascii("$"):
        index += 1
        return .assertion(.end(multiline: multiline))
      case ascii("\\") where at("b", 1) || at("B", 1):
        let boundary = at("b", 1)
        index += 2
        return .assertion(.wordBoundary(boundary))
      case ascii("*"), ascii("+"), ascii("?"):
        throw .invalid("nothing to repeat")
      case ascii("{") where quantifierBounds(at: index) != nil:
        throw .invalid("nothing to repeat")
      default:
        break
      }
      let atom = try atom()
      return try quantified(atom)
    }

    /// `{n}`, `{n,}` or `{n,m}` at `start`: its bounds and where it ends, or nil (then `{` is a
    /// literal, as Annex B reads it).
    func quantifierBounds(at start: Int) -> (min: Int, max: Int?, end: Int)? {
      var position = start + 1
      func number() -> Int? {
        var value: Int?
        while position < units.count, units[position] >= 0x30, units[position] <= 0x39 {
          // Counts past a million are all one to a test's bound.
          value = min((value ?? 0) * 10 + Int(units[position] - 0x30), 1_000_000)
          position += 1
        }
        return value
      }
      guard let low = number() else { return nil }
      var high: Int? = low
      if position < units.count, units[position] == ascii(",") {
        position += 1
        high = number()
      }
      guard position < units.count, units[position] == ascii("}") else { return nil }
      return (low, high, position + 1)
    }

    mutating func quantified(_ atom: Node) throws(Problem) -> Node {
      var bounds: (min: Int, max: Int?)
      switch current {
      case ascii("*"):
        bounds = (0, nil)
        index += 1
      case ascii("+"):
        bounds = (1, nil)
        index += 1
      case ascii("?"):
        bounds = (0, 1)
        index += 1
      case ascii("{"):
        guard let found = quantifierBounds(at: index) else { return atom }
        if let high = found.max, high < found.min { throw .invalid("numbers out of order in {} quantifier") }
        bounds = (found.min, found.max)
        index = found.end
      default:
        return atom
      }
      // A lazy quantifier finds a match exactly when the greedy one does.
      if at("?") { index += 1 }
      if case .assertion = atom { throw .invalid("nothing to repeat") }
      return .repeated(atom, min: bounds.min, max: bounds.max)
    }

    mutating func atom() throws(Problem) -> Node {
      let unit = units[index]
      switch unit {
      case ascii("."):
        index += 1
        return .set(
          dotAll ? UnitSet(ranges: [], negated: true) : UnitSet(ranges: Self.lineTerminators, negated: true))
      case ascii("("):
        return try group()
      case ascii("["):
        return .set(try characterClass())
      case ascii("\\"):
        index += 1
        guard let next = current else { throw .invalid("\\ at end of pattern") }
        if let set = Self.classEscape(next) {
          index += 1
          return .set(set)
        }
        // Fits: a digit.
        if next >= 0x31, next <= 0x39 {
          throw .unsupported("a back-reference or octal escape (\\\(Character(Unicode.Scalar(UInt8(next)))))")
        }
        if next == ascii("k") { throw .unsupported("a named back-reference (\\k)") }
        let value = try characterEscape(inClass: false)
        return literal(value)
      default:
        index += 1
        return literal(unit)
      }
    }

    mutating func group() throws(Problem) -> Node {
      depth += 1
      defer { depth -= 1 }
      guard depth <= Self.maximumDepth else {
        throw .unsupported("groups nested over \(Self.maximumDepth) deep")
      }
      index += 1
      if at("?") {
        if at(":", 1) {
          index += 2
        } else if at("<", 1), !at("=", 2), !at("!", 2) {
          // A named group: `(?<name>…)`; the name is checked as far as a test needs (it ends).
          index += 2
          let start = index
          while let unit = current, unit != ascii(">") {
            let isDigit = unit >= 0x30 && unit <= 0x39
            // Fits: below 0x80 where it is converted.
            guard
              unit >= 0x80 || (JavaScriptText.isWord(UInt8(unit)) && !(isDigit && index == start))
                || unit == 0x24
            else { throw .invalid("invalid capture group name") }
            index += 1
          }
          guard current != nil, index > start else { throw .invalid("invalid capture group name") }
          index += 1
        } else if at("=", 1) || at("!", 1) || at("<", 1) {
          throw .unsupported("lookaround ((?=, (?!, (?<=, (?<!)")
        } else {
          throw .unsupported("an inline modifier or an invalid group ((?…)")
        }
      }
      let inner = try disjunction()
      guard at(")") else { throw .invalid("unterminated group") }
      index += 1
      return inner
    }

    /// A literal code unit (with `i`, any unit of its canonical form).
    func literal(_ unit: UInt16) -> Node {
      .set(Self.fold(UnitSet(ranges: [unit...unit], negated: false), ignoreCase))
    }

    /// The escape after `\` (at `index`), for an atom or in a class, as one code unit.
    mutating func characterEscape(inClass: Bool) throws(Problem) -> UInt16 {
      let next = units[index]
      index += 1
      switch next {
      case ascii("f"): return 0x0C
      case ascii("n"): return 0x0A
      case ascii("r"): return 0x0D
      case ascii("t"): return 0x09
      case ascii("v"): return 0x0B
      case ascii("b") where inClass: return 0x08
      case ascii("0"):
        // Fits: a digit.
        if let digit = current, digit >= 0x30, digit <= 0x39 {
          throw .unsupported("a legacy octal escape (\\0\(Character(Unicode.Scalar(UInt8(digit)))))")
        }
        return 0
      case ascii("c"):
        if let letter = current,
          (letter >= 0x41 && letter <= 0x5A) || (letter >= 0x61 && letter <= 0x7A)
            || (inClass && ((letter >= 0x30 && letter <= 0x39) || letter == ascii("_")))
        {
          index += 1
          return letter % 32
        }
        // Annex B: `\c` without a control letter is a backslash, and the `c` is read next.
        index -= 1
        return ascii("\\")
      case ascii("x"):
        if let value = hexadecimal(count: 2) { return value }
        return next
      case ascii("u"):
        if let value = hexadecimal(count: 4) { return value }
        return next
      default:
        // Fits: a digit.
        if inClass, next >= 0x31, next <= 0x39 {
          throw .unsupported("a legacy octal escape in a class (\\\(Character(Unicode.Scalar(UInt8(next)))))")
        }
        // An identity escape (`\.`, `\/`, and Annex B's `\q`).
        return next
      }
    }

    /// `count` hexadecimal digits at `index`, consumed, or nil (nothing consumed).
    mutating func hexadecimal(count: Int) -> UInt16? {
      guard index + count <= units.count else { return nil }
      var value: UInt16 = 0
      for offset in 0..<count {
        let unit = units[index + offset]
        let digit: UInt16
        switch unit {
        case 0x30...0x39: digit = unit - 0x30
        case 0x41...0x46: digit = unit - 0x41 + 10
        case 0x61...0x66: digit = unit - 0x61 + 10
        default: return nil
        }
        value = value << 4 | digit
      }
      index += count
      return value
    }

    mutating func characterClass() throws(Problem) -> UnitSet {
      index += 1
      var negated = false
      if at("^") {
        negated = true
        index += 1
      }
      var ranges: [ClosedRange<UInt16>] = []
      /// One member: a unit, or a whole set (`\d`), which cannot bound a range.
      enum Member {
        case unit(UInt16)
        case set(UnitSet)
      }
      func member() throws(Problem) -> Member {
        let unit = units[index]
        if unit == ascii("\\") {
          index += 1
          guard let next = current else { throw .invalid("\\ at end of pattern") }
          if let set = Self.classEscape(next) {
            index += 1
            return .set(set)
          }
          if next == ascii("B") {
            index += 1
            return .unit(next)
          }
          if next == ascii("-") {
            index += 1
            return .unit(next)
          }
          return .unit(try characterEscape(inClass: true))
        }
        index += 1
        return .unit(unit)
      }
      func add(_ member: Member) {
        switch member {
        case .unit(let unit): ranges.append(unit...unit)
        case .set(let set): ranges += set.negated ? Self.complement(Self.normalized(set.ranges)) : set.ranges
        }
      }
      while true {
        guard let unit = current else { throw .invalid("unterminated character class") }
        if unit == ascii("]") {
          index += 1
          break
        }
        let first = try member()
        if at("-"), index + 1 < units.count, !at("]", 1) {
          index += 1
          let second = try member()
          switch (first, second) {
          case (.unit(let low), .unit(let high)):
            guard low <= high else { throw .invalid("range out of order in character class") }
            ranges.append(low...high)
          default:
            // Annex B: a class escape on either side makes the `-` literal.
            add(first)
            ranges.append(ascii("-")...ascii("-"))
            add(second)
          }
        } else {
          add(first)
        }
      }
      return Self.fold(UnitSet(ranges: Self.normalized(ranges), negated: negated), ignoreCase)
    }

    /// `\d`, `\D`, `\w`, `\W`, `\s`, `\S` as a set, or nil.
    static func classEscape(_ unit: UInt16) -> UnitSet? {
      switch unit {
      case ascii("d"): UnitSet(ranges: digits, negated: false)
      case ascii("D"): UnitSet(ranges: digits, negated: true)
      case ascii("w"): UnitSet(ranges: wordCharacters, negated: false)
      case ascii("W"): UnitSet(ranges: wordCharacters, negated: true)
      case ascii("s"): UnitSet(ranges: whitespace, negated: false)
      case ascii("S"): UnitSet(ranges: whitespace, negated: true)
      default: nil
      }
    }

    static let digits: [ClosedRange<UInt16>] = [0x30...0x39]
    static let wordCharacters: [ClosedRange<UInt16>] = [0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A]
    /// JavaScript's WhiteSpace and LineTerminator (JavaScriptText.isWhitespace).
    static let whitespace: [ClosedRange<UInt16>] = [
      0x09...0x0D, 0x20...0x20, 0xA0...0xA0, 0x1680...0x1680, 0x2000...0x200A, 0x2028...0x2029,
      0x202F...0x202F, 0x205F...0x205F, 0x3000...0x3000, 0xFEFF...0xFEFF,
    ]
    static let lineTerminators: [ClosedRange<UInt16>] = [0x0A...0x0A, 0x0D...0x0D, 0x2028...0x2029]

    /// Sorted, merged ranges.
    static func normalized(_ ranges: [ClosedRange<UInt16>]) -> [ClosedRange<UInt16>] {
      let sorted = ranges.sorted { $0.lowerBound < $1.lowerBound }
      var merged: [ClosedRange<UInt16>] = []
      for range in sorted {
        if let last = merged.last, Int(range.lowerBound) <= Int(last.upperBound) + 1 {
          merged[merged.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
        } else {
          merged.append(range)
        }
      }
      return merged
    }

    /// The units of 0...0xFFFF outside normalized `ranges`.
    static func complement(_ ranges: [ClosedRange<UInt16>]) -> [ClosedRange<UInt16>] {
      var result: [ClosedRange<UInt16>] = []
      var next = 0
      // Fits: `next` stays below a range's lower bound, or at most 0xFFFF, where it is converted.
      for range in ranges {
        if Int(range.lowerBound) > next { result.append(UInt16(next)...(range.lowerBound - 1)) }
        next = Int(range.upperBound) + 1
      }
      if next <= 0xFFFF { result.append(UInt16(next)...0xFFFF) }
      return result
    }

    /// With `i`: ASCII letters with their other case, and the canonical forms of the members that
    /// are not ASCII.
    static func fold(_ set: UnitSet, _ ignoreCase: Bool) -> UnitSet {
      guard ignoreCase else { return set }
      var ranges = set.ranges
      var folded = Set<UInt16>()
      for range in set.ranges {
        for letter in ascii("A")...ascii("Z") where range.contains(letter) || range.contains(letter + 32) {
          ranges.append(letter...letter)
          ranges.append((letter + 32)...(letter + 32))
        }
        if range.upperBound >= 0x80 {
          // Fits: without the u flag Canonicalize keeps a unit whose folding leaves the BMP.
          for unit in max(range.lowerBound, 0x80)...range.upperBound {
            folded.insert(UInt16(truncatingIfNeeded: JavaScriptText.canonical(UInt32(unit))))
          }
        }
      }
      return UnitSet(
        ranges: normalized(ranges), negated: set.negated, foldedMembers: folded.isEmpty ? nil : folded)
    }
  }
}

/// An ASCII character's code unit. Fits: every caller passes an ASCII character.
private func ascii(_ scalar: Unicode.Scalar) -> UInt16 { UInt16(scalar.value) }
