import Testing

@testable import StableTextCore

/// The obvious backtracking matcher, exponential on stars but plainly right: the model the
/// automaton in `Glob` is checked against.
private enum BacktrackingGlob {
  static func matches(_ pattern: String, _ path: String) -> Bool {
    let segments = pattern.split(separator: "/").map { Array($0.unicodeScalars) }
    let parts = path.split(separator: "/").map { Array($0.unicodeScalars) }
    if pattern.hasPrefix("/") { return match(segments[...], parts[...]) }
    return parts.indices.contains { match(segments[...], parts[$0...]) }
  }

  private static func match(_ pattern: ArraySlice<[Unicode.Scalar]>, _ path: ArraySlice<[Unicode.Scalar]>)
    -> Bool
  {
    guard let first = pattern.first else { return path.isEmpty }
    if first == ["*", "*"] {
      return (path.startIndex...path.endIndex).contains { match(pattern.dropFirst(), path[$0...]) }
    }
    guard let segment = path.first, segmentMatches(first[...], segment[...]) else { return false }
    return match(pattern.dropFirst(), path.dropFirst())
  }

  private static func segmentMatches(
    _ pattern: ArraySlice<Unicode.Scalar>, _ name: ArraySlice<Unicode.Scalar>
  )
    -> Bool
  {
    guard let head = pattern.first else { return name.isEmpty }
    switch head {
    case "*":
      return (name.startIndex...name.endIndex).contains { segmentMatches(pattern.dropFirst(), name[$0...]) }
    case "?": return !name.isEmpty && segmentMatches(pattern.dropFirst(), name.dropFirst())
    default: return name.first == head && segmentMatches(pattern.dropFirst(), name.dropFirst())
    }
  }
}

@Test func globAgreesWithBacktrackingModel() {
  var rng = SeededGenerator(seed: 11)
  let patternPieces = ["a", "b", "*", "?", "**", "/", "/", "ab", "*a", "b*"]
  let pathPieces = ["a", "b", "/", "ab", "ba", "aa", "é"]
  var disagreements: [String] = []
  for _ in 0..<20_000 {
    let pattern = (0..<Int.random(in: 0...7, using: &rng)).map { _ in
      patternPieces.randomElement(using: &rng)!
    }
    .joined()
    let path = (0..<Int.random(in: 0...9, using: &rng)).map { _ in pathPieces.randomElement(using: &rng)! }
      .joined()
    let expected = BacktrackingGlob.matches(pattern, path)
    if Glob(pattern).matches(path: path) != expected {
      disagreements.append("\(pattern) on \(path): expected \(expected)")
    }
  }
  #expect(disagreements.isEmpty, "\(disagreements.prefix(10))")
}

/// Patterns that made the old matcher backtrack for seconds or forever; the answers are exact
/// (run time belongs to the benchmarks, but a return to backtracking would not finish here).
@Test func globsThatBacktrackedAnswerExactly() {
  let deep = "/" + Array(repeating: "a", count: 5_000).joined(separator: "/") + "/b"
  #expect(Glob("**/**/**/**/**/**/**/**/*a").matches(path: deep) == false)
  #expect(Glob("**/**/**/**/**/**/**/**/b").matches(path: deep) == true)
  let long = "/" + String(repeating: "a", count: 10_000)
  #expect(Glob("*a*a*a*a*a*a*a*b").matches(path: long) == false)
  #expect(Glob("*a*a*a*a*a*a*a*a").matches(path: long) == true)
}
