import StableTextJSON
import StableTextSystem

/// How strong a failure must be to fail the run (`--fail-on`): `must` counts the sessions whose
/// rule is LSP's MUST, `should` those and LSP's SHOULD, `any` every failure (JSON-RPC 2.0's
/// rules, sessions that name no rule). A malformed session file fails the run at every level.
public enum FailureThreshold: String, Sendable, CaseIterable {
  case must, should, any

  /// Whether a failure of `outcome` fails the run.
  public func counts(_ outcome: ConformanceRunner.Outcome) -> Bool {
    guard outcome.isFailure else { return false }
    if outcome.malformed { return true }
    switch self {
    case .any: return true
    case .should: return outcome.strength == "MUST" || outcome.strength == "SHOULD"
    case .must: return outcome.strength == "MUST"
    }
  }
}

/// A run's results as JSON (`--results FILE`), which a later run takes as its `--baseline`.
public enum ConformanceResults {
  public static let format = "stabletext-conformance-results"

  /// `{"format", "version": 1, "profile", "server", "sessions": [{"name", "outcome", "strength",
  /// "failure"}]}`; an outcome is `passed`, `failed`, `error` (a wait that ran out, or cut short
  /// by an interruption), `skipped` (not run) or `not-observable` (neither passed nor failed).
  public static func json(_ outcomes: [ConformanceRunner.Outcome], server: String, profile: String) -> String
  {
    // One session a line, so that a baseline kept in a repository changes by lines.
    var lines: [String] = []
    for outcome in outcomes {
      var entry: JSONObject = [
        "name": .string(outcome.session), "outcome": .string(outcome.verdict.rawValue),
      ]
      if let strength = outcome.strength { entry["strength"] = .string(strength) }
      if let failure = outcome.failure { entry["failure"] = .string(failure) }
      lines.append("    " + JSONValue.object(entry).serialized)
    }
    let head: [(String, JSONValue)] = [
      ("format", .string(format)), ("version", 1), ("profile", .string(profile)), ("server", .string(server)),
    ]
    return "{\n" + head.map { "  \(JSONValue.string($0.0).serialized): \($0.1.serialized),\n" }.joined()
      + "  \"sessions\": [\n" + lines.joined(separator: ",\n") + "\n  ]\n}\n"
  }

  /// A baseline: which sessions failed and which passed in the run that wrote it.
  public struct Baseline: Sendable {
    public var failed: Set<String>
    public var passed: Set<String>
  }

  public struct BaselineError: Error, CustomStringConvertible {
    public var description: String
  }

  /// Reads what `json` wrote; anything else is refused, saying why.
  /// A JUnit file (`--junit`) is read too: a `testcase` with a `failure` or an `error` failed,
  /// one with `skipped` is neither, any other passed.
  public static func baseline(_ text: String) throws(BaselineError) -> Baseline {
    if text.drop(while: { $0.isWhitespace }).hasPrefix("<") { return try junitBaseline(text) }
    let value: JSONValue
    do { value = try JSONValue(parsing: text) } catch {
      throw BaselineError(description: "not JSON: \(error)")
    }
    guard value["format"]?.stringValue == format, case .array(let sessions)? = value["sessions"] else {
      throw BaselineError(
        description:
          "not a results file (written by --results: {\"format\": \"\(format)\", \"sessions\": […]})")
    }
    var baseline = Baseline(failed: [], passed: [])
    for (index, session) in sessions.enumerated() {
      guard let name = session["name"]?.stringValue, let outcome = session["outcome"]?.stringValue else {
        throw BaselineError(description: "sessions[\(index)] has no name or outcome")
      }
      switch outcome {
      case "failed", "error": baseline.failed.insert(name)
      case "passed": baseline.passed.insert(name)
      default: continue
      }
    }
    return baseline
  }

  /// The sessions of a JUnit file (as `junit` writes it: one `testcase` element per session,
  /// its `name` attribute the session's name).
  static func junitBaseline(_ text: String) throws(BaselineError) -> Baseline {
    var baseline = Baseline(failed: [], passed: [])
    let cases = text.split(separator: "<testcase ", omittingEmptySubsequences: false).dropFirst()
    guard !cases.isEmpty else {
      throw BaselineError(description: "an XML file without a <testcase> (not a JUnit file)")
    }
    for element in cases {
      // The element's attributes come first: its own name before any property's.
      let attributes = element[..<(element.firstIndex(of: ">") ?? element.endIndex)]
      let padded = " " + attributes
      guard let nameStart = padded.firstRange(of: " name=\""),
        let nameEnd = padded[nameStart.upperBound...].firstIndex(of: "\"")
      else {
        throw BaselineError(description: "a <testcase> without a name")
      }
      let name = unescape(String(padded[nameStart.upperBound..<nameEnd]))
      // Its content: up to its end, none when it closes itself.
      let content =
        attributes.hasSuffix("/")
        ? "" : element[..<(element.firstRange(of: "</testcase>")?.lowerBound ?? element.endIndex)]
      if content.contains("<failure") || content.contains("<error") {
        baseline.failed.insert(name)
      } else if !content.contains("<skipped") {
        baseline.passed.insert(name)
      }
    }
    return baseline
  }

  /// XML's five escapes undone.
  static func unescape(_ text: String) -> String {
    text.replacing("&lt;", with: "<").replacing("&gt;", with: ">").replacing("&quot;", with: "\"")
      .replacing("&apos;", with: "'").replacing("&amp;", with: "&")
  }

  /// What changed against `baseline`: the failures that count (`threshold`) and did not fail
  /// there (a session new since is new), and the sessions that pass now and failed there.
  public static func compare(
    _ outcomes: [ConformanceRunner.Outcome], with baseline: Baseline, threshold: FailureThreshold
  ) -> (newFailures: [String], newlyPassing: [String]) {
    let newFailures = outcomes.filter { threshold.counts($0) && !baseline.failed.contains($0.session) }
    let newlyPassing = outcomes.filter { $0.passed && baseline.failed.contains($0.session) }
    return (newFailures.map(\.session), newlyPassing.map(\.session))
  }
}

extension ConformanceRunner {
  /// The outcomes as JUnit XML, the format CI systems read test reports in: one `testsuite`
  /// named `suite` (the server's command), its `time` the run's wall time `seconds` (sessions
  /// run at once, so their times add up to more), each session a `testcase` with its own time; a
  /// wrong answer is a `failure`, a wait that ran out (or a session the run's interruption cut
  /// short) an `error`, a session not run or whose sync was not observable `skipped`. A session that names its rule has its
  /// strength as the last part of its `classname` (`conformance.lsp-core.MUST`) and as the
  /// properties `strength` and `rule` (the specification's sentence).
  public static func junit(_ outcomes: [Outcome], suite: String, profile: String, seconds: Double) -> String {
    // Each line escaped as the text report's are (`shown`), then as XML.
    func escape(_ text: String) -> String {
      var result = ""
      for scalar in shown(text).unicodeScalars {
        switch scalar {
        case "&": result += "&amp;"
        case "<": result += "&lt;"
        case ">": result += "&gt;"
        case "\"": result += "&quot;"
        case "\n", "\t": result.unicodeScalars.append(scalar)
        // Control characters cannot appear in XML 1.0 at all.
        case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
          result += "\\u{\(String(scalar.value, radix: 16))}"
        default: result.unicodeScalars.append(scalar)
        }
      }
      return result
    }
    let errors = outcomes.filter { $0.verdict == .error }.count
    let failures = outcomes.filter { $0.verdict == .failed }.count
    let skipped = outcomes.filter { $0.verdict == .skipped || $0.verdict == .notObservable }.count
    let counts =
      "tests=\"\(outcomes.count)\" failures=\"\(failures)\" errors=\"\(errors)\""
      + (skipped > 0 ? " skipped=\"\(skipped)\"" : "") + " time=\"\(seconds.fixed(3))\""
    var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    xml += "<testsuites \(counts)>\n"
    xml += "  <testsuite name=\"\(escape(suite))\" \(counts)>\n"
    xml += "    <properties><property name=\"profile\" value=\"\(escape(profile))\"/></properties>\n"
    for outcome in outcomes {
      let classname = "conformance.\(profile)" + (outcome.strength.map { ".\($0)" } ?? "")
      var body = ""
      if let strength = outcome.strength {
        body += "      <properties>\n        <property name=\"strength\" value=\"\(escape(strength))\"/>\n"
        if let rule = outcome.rule { body += "        <property name=\"rule\" value=\"\(escape(rule))\"/>\n" }
        body += "      </properties>\n"
      }
      if let notObservable = outcome.notObservable, outcome.failure == nil {
        // Neither passed nor failed: JUnit's `skipped`, with why.
        body += "      <skipped message=\"\(escape("sync not observable: " + notObservable))\"/>\n"
      }
      if let failure = outcome.failure {
        let firstLine = failure.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? failure
        switch outcome.verdict {
        case .passed, .notObservable: break
        case .skipped: body += "      <skipped message=\"\(escape(firstLine))\"/>\n"
        case .failed, .error:
          let element = outcome.verdict == .error ? "error" : "failure"
          body += "      <\(element) message=\"\(escape(firstLine))\">\(escape(failure))</\(element)>\n"
        }
      }
      let head =
        "    <testcase classname=\"\(escape(classname))\" name=\"\(escape(outcome.session))\" time=\"\(outcome.seconds.fixed(3))\""
      xml += body.isEmpty ? head + "/>\n" : head + ">\n" + body + "    </testcase>\n"
    }
    xml += "  </testsuite>\n</testsuites>\n"
    return xml
  }
}
