/// A JavaScript regular expression (a literal `/…/flags` or `new RegExp(…)`) as a commitlint
/// configuration's `ignores` functions test messages with it, matched without a JavaScript engine
/// (Protocol/README.md, "JavaScript and TypeScript configurations"): ECMA-262's syntax without
/// the `u` and `v` flags (with its Annex B leniencies: a `{` that starts no quantifier, a lone
/// `]`, `\c` without a letter, `\x`/`\u` without their digits), over UTF-16 code units as the
/// engine reads a string, with `\d`, `\w`, `\s`, `.` and `i`'s case folding as JavaScript defines
/// them. It is compiled to a program of states matched side by side (a Pike machine), so a test
/// takes time linear in the message whatever the pattern (where JavaScript's backtracking could
/// take minutes). What would change what a test answers is refused rather than approximated:
/// back-references, lookaround, the `u`/`v` flags, inline modifiers; a pattern JavaScript itself
/// rejects is named as invalid.
package struct JavaScriptRegex: Hashable, Sendable, CustomStringConvertible {
  /// The pattern as written between the slashes.
  package let pattern: String
  /// The flags, as written.
  package let flags: String
  /// The program (`instructions[0]` starts it).
  let instructions: [Instruction]
  /// `y`: a match only at the start (`lastIndex` 0 on a fresh expression).
  let sticky: Bool

  /// Why a pattern cannot be used.
  package enum Problem: Error, Hashable, Sendable, CustomStringConvertible {
    /// JavaScript itself refuses it (a `SyntaxError`: `Nothing to repeat`, an unterminated group).
    case invalid(String)
    /// Valid, but StableText does not match it (a back-reference, lookaround, the `u` flag).
    case unsupported(String)

    package var description: String {
      switch self {
      case .invalid(let what): "an invalid regular expression: \(what)"
      case .unsupported(let what): "a regular expression StableText does not match: \(what)"
      }
    }
  }

  /// The most states a program may have: counted repetitions are written out, and a test costs
  /// the message's length times this at most.
  static let maximumInstructions = 20_000

  /// Reads `/pattern/flags`.
  package init(pattern: String, flags: String) throws(Problem) {
    var seen = Set<Character>()
    for flag in flags {
      guard "dgimsuyv".contains(flag), seen.insert(flag).inserted else {
        throw .invalid("the flags \"\(flags)\"")
      }
    }
    if seen.contains("u") || seen.contains("v") {
      throw .unsupported("the \(seen.contains("u") ? "u" : "v") flag (Unicode mode)")
    }
    self.pattern = pattern
    self.flags = flags
    self.sticky = seen.contains("y")
    var parser = Parser(
      units: Array(pattern.utf16), ignoreCase: seen.contains("i"), multiline: seen.contains("m"),
      dotAll: seen.contains("s"))
    let tree = try parser.parse()
    var compiler = Compiler()
    try compiler.emit(tree)
    compiler.instructions.append(.match)
    guard compiler.instructions.count <= Self.maximumInstructions else {
      throw .unsupported("over \(Self.maximumInstructions) states once its repetitions are written out")
    }
    self.instructions = compiler.instructions
  }

  /// `/pattern/flags`.
  package var description: String { "/\(pattern)/\(flags)" }

  /// Whether the global or sticky flag is set: such an expression keeps `lastIndex` between tests,
  /// so one shared by several calls answers by what was tested before.
  package var keepsState: Bool { flags.contains("g") || flags.contains("y") }

  package static func == (first: JavaScriptRegex, second: JavaScriptRegex) -> Bool {
    first.pattern == second.pattern && first.flags == second.flags
  }
  package func hash(into hasher: inout Hasher) {
    hasher.combine(pattern)
    hasher.combine(flags)
  }

  /// `regex.test(text)` on a fresh expression (`lastIndex` 0): a match anywhere (at the start
  /// only with `y`).
  package func test(_ text: String) -> Bool {
    var matcher = Matcher(instructions: instructions, text: Array(text.utf16))
    return matcher.run(sticky: sticky)
  }
}

extension JavaScriptRegex {
  /// One state of the program.
  enum Instruction: Hashable, Sendable {
    /// One code unit in the set.
    case unit(UnitSet)
    /// Go on at both (the first preferred, which a test does not need).
    case split(Int, Int)
    case jump(Int)
    /// A zero-width condition at the current position.
    case assert(Assertion)
    case match
  }

  enum Assertion: Hashable, Sendable {
    /// `^`: the start (after a line terminator too with `m`).
    case start(multiline: Bool)
    /// `$`: the end (before a line terminator too with `m`).
    case end(multiline: Bool)
    /// `\b` (true) or `\B` (false).
    case wordBoundary(Bool)
  }

  /// A set of code units: sorted, disjoint ranges, negated or not. With `i`, a unit is in the set
  /// when its canonical form (JavaScriptText.canonical) is that of a member.
  struct UnitSet: Hashable, Sendable {
    var ranges: [ClosedRange<UInt16>]
    var negated: Bool
    /// The members' canonical forms, with `i`, for the members that are not ASCII (an ASCII
    /// member's case partner is in `ranges` already, and no other unit folds to it).
    var foldedMembers: Set<UInt16>?

    func contains(_ unit: UInt16) -> Bool {
      var found = ranges.sortedRangesContain(unit)
      if !found, let foldedMembers, unit >= 0x80 {
        // Fits: without the u flag Canonicalize keeps a unit whose folding leaves the BMP.
        found = foldedMembers.contains(UInt16(truncatingIfNeeded: JavaScriptText.canonical(UInt32(unit))))
      }
      return found != negated
    }
  }

  /// A parsed pattern.
  indirect enum Node {
    case empty
    case set(UnitSet)
    case assertion(Assertion)
    case sequence([Node])
    case alternatives([Node])
    case repeated(Node, min: Int, max: Int?)
  }
}
