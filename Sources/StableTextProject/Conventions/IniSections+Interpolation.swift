import StableTextCore

extension IniSections {
  /// `BasicInterpolation` over one section's options, as `items(section)` gives them: `%%` is `%`,
  /// `%(name)s` the value of `name` (lower-cased) in the section or the defaults, interpolated in
  /// turn when it holds a `%`, up to ten levels deep; Python's errors name the option asked for
  /// and its raw value, however deep the problem.
  ///
  /// Python expands a value afresh for every reference to it, so references to references grow
  /// exponentially (a 3 KB file reached 10¹⁰ characters). Here the expansion of an option
  /// entered at a given depth is found once (`expanded`, at most ten per option, so the outcome is
  /// Python's to the letter, depth errors included), and everything read and built counts
  /// against `maxBuiltBytes` for the whole file.
  struct Interpolation {
    /// What the file's reading has read and built so far.
    struct Work {
      var bytes = 0

      /// Counts `count` bytes; false once past `maxBuiltBytes`.
      mutating func spend(_ count: Int) -> Bool {
        bytes += max(count, 1)
        return bytes <= IniSections.maxBuiltBytes
      }
    }

    /// Why a value could not be interpolated, found wherever in its references it was.
    private enum Failure: Error {
      /// `%(name)s` names no option.
      case missing(String)
      /// A `%` not followed by `%` or a well-formed `(name)s`: the rest of the value from it, and
      /// whether it was a `%(` (Python's two messages).
      case syntax(rest: String, reference: Bool)
      /// Ten levels were not enough.
      case tooDeep
      /// The file's values took more than `maxBuiltBytes` to read and build.
      case tooLarge
    }

    let section: String
    /// The section's options (defaults included) and where each key is among them.
    let options: [(key: String, value: String)]
    let places: [String: Int]
    /// Each referenced option's expansion by depth entered at (1 to 10).
    private var expanded: [String: [Int: Result<String, Failure>]] = [:]

    init(section: String, options: [(key: String, value: String)], places: [String: Int]) {
      self.section = section
      self.options = options
      self.places = places
    }

    /// Option `option`'s value `raw`, interpolated, or Python's problem with it.
    mutating func value(of option: String, raw: String, _ work: inout Work) -> Result<String, Problem> {
      guard work.spend(option.utf8.count) else { return .failure(problem(.tooLarge, option, raw)) }
      switch expand(raw, depth: 1, &work) {
      case .success(let value): return .success(value)
      case .failure(let failure): return .failure(problem(failure, option, raw))
      }
    }

    /// `_interpolate_some(rest, depth)`.
    private mutating func expand(_ text: String, depth: Int, _ work: inout Work) -> Result<String, Failure> {
      if depth > 10 { return .failure(.tooDeep) }
      guard work.spend(text.utf8.count) else { return .failure(.tooLarge) }
      var result = ""
      var rest = Substring(text)
      while let percent = rest.firstIndex(of: "%") {
        result += rest[..<percent]
        rest = rest[percent...]
        let next = rest.dropFirst().first
        if next == "%" {
          result += "%"
          rest = rest.dropFirst(2)
        } else if next == "(", let close = rest.firstIndex(of: ")"),
          rest.index(close, offsetBy: 1) < rest.endIndex, rest[rest.index(after: close)] == "s",
          rest.index(rest.startIndex, offsetBy: 2) < close
        {
          let name = String(rest[rest.index(rest.startIndex, offsetBy: 2)..<close]).lowercased()
          rest = rest[rest.index(close, offsetBy: 2)...]
          guard let place = places[name] else { return .failure(.missing(name)) }
          let value = options[place].value
          var piece = value
          if value.contains("%") {
            switch reference(name, value, depth: depth + 1, &work) {
            case .success(let done): piece = done
            case .failure(let failure): return .failure(failure)
            }
          }
          // Counted before it is copied: a value referenced 100,000 times is refused, not built.
          guard work.spend(piece.utf8.count) else { return .failure(.tooLarge) }
          result += piece
        } else {
          return .failure(.syntax(rest: String(rest), reference: next == "("))
        }
      }
      result += rest
      return .success(result)
    }

    /// Option `name`'s `value` expanded at `depth`: found once per depth.
    private mutating func reference(_ name: String, _ value: String, depth: Int, _ work: inout Work)
      -> Result<String, Failure>
    {
      if let known = expanded[name]?[depth] { return known }
      let outcome = expand(value, depth: depth, &work)
      expanded[name, default: [:]][depth] = outcome
      return outcome
    }

    /// Python's exception for `failure` of option `option` whose raw value is `raw`.
    private func problem(_ failure: Failure, _ option: String, _ raw: String) -> Problem {
      let at = "[\(section)] \(option): "
      switch failure {
      case .missing(let name):
        return Problem(
          kind: "InterpolationMissingOptionError",
          message: at
            + "bad value substitution: option \(repr(option)) in section \(repr(section)) contains an "
            + "interpolation key \(repr(name)) which is not a valid option name. Raw value: \(repr(raw))")
      case .syntax(let rest, let reference):
        return Problem(
          kind: "InterpolationSyntaxError",
          message: at
            + (reference
              ? "bad interpolation variable reference \(repr(rest))"
              : "'%' must be followed by '%' or '(', found: \(repr(rest))"))
      case .tooDeep:
        return Problem(
          kind: "InterpolationDepthError",
          message: at + "recursion limit exceeded in value substitution: option \(repr(option)) in section "
            + "\(repr(section)) contains an interpolation key which cannot be substituted in 10 steps. "
            + "Raw value: \(repr(raw))")
      case .tooLarge:
        return Problem(
          kind: "TooLarge",
          message: at
            + "the file's values, with [DEFAULT]'s in every section and %(name)s interpolated, take more "
            + "than \(IniSections.maxBuiltBytes) bytes to build; StableText reads no more")
      }
    }
  }
}
