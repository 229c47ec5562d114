import StableTextCore
import StableTextJSON

/// One scripted session of the conformance suite, parsed from its plain-text file. The format is
/// documented in `Protocol/conformance/README.md`.
public struct ConformanceSession: Sendable {
  public enum Step: Sendable {
    /// Extra command-line arguments for the server (must come first).
    case arguments([String])
    /// `initialize` with these params merged over the defaults, expecting success, then `initialized`.
    case initialize(JSONValue?)
    /// A framed JSON message.
    case send(JSONValue)
    /// Bytes exactly as given.
    case raw([UInt8])
    /// These bytes `count` times over (`repeat`), sent a piece at a time: never held whole.
    case repeated([UInt8], count: Int)
    /// The next message of the same kind must match this pattern.
    case expect(JSONValue)
    /// The next message of the first pattern's kind must match one of the patterns (where a
    /// rule allows more than one answer: a result, or error -32600).
    case expectOneOf([JSONValue])
    /// The differential sync check (Protocol/conformance/README.md, "Sync that is observed").
    case differential(DifferentialOptions)
    /// The next message whose body, exactly as written, contains this text.
    case expectText(String)
    /// After synchronising, no unconsumed message with this method (or `response`) remains.
    case expectNone(String)
    /// A round trip that proves everything sent before it was processed.
    case sync
    /// Close the server's stdin.
    case close
    /// The server must exit with this status.
    case exit(Int32)
    /// From this step on, the server's requests with this method are answered with these
    /// members (`result` or `error`) instead of the runner's own answer.
    case answer(method: String, with: JSONObject)
    /// Writes a file into the session's own folder (made when the session has a `file` step,
    /// removed when it ends), replacing what was there: `folders` below it, then `name`.
    case file(folders: [String], name: String, contents: [UInt8])
  }

  public var name: String
  public var title: String
  /// The session's `tags` line: the profiles it belongs to (`lsp-core`) and what it is about.
  public var tags: [String] = []
  /// The session's `rule` line: how strong the rule it checks is (`MUST`, `SHOULD` or
  /// `JSON-RPC`) and where it is written (the specification's sentence).
  public var strength: String?
  public var citation: String?
  /// The encoding the session writes its positions in (`positions codepoints`): the runner
  /// converts them to the negotiated one in what it sends and expects. `nil`: as negotiated.
  public var positions: PositionEncoding?
  /// The words `positions` takes.
  static let positionEncodings: [String: PositionEncoding] = [
    "codepoints": .utf32, "utf-32": .utf32, "utf-16": .utf16, "utf-8": .utf8,
  ]
  /// The directives whose JSON argument may continue on the next lines.
  static let spanningDirectives: Set<String> = ["initialize", "send", "expect", "expect-one-of"]
  /// The strengths a `rule` line may name.
  public static let strengths = ["MUST", "SHOULD", "JSON-RPC"]
  /// Each step with the line it came from.
  public var steps: [(line: Int, step: Step)]
  /// Why the file could not be read as a session, when it could not: the runner reports such a
  /// session as failed, in every profile, and goes on with the others.
  public var malformed: ParseError?

  /// The most bytes one step may send: room for a message past the usual 64 MiB limit, far from
  /// what would exhaust the runner (a `repeat` of 10^11 bytes aborted it).
  public static let maxStepBytes = 256 << 20
  /// The most bytes the `repeat` steps of one session may send together.
  public static let maxSessionBytes = 1 << 30
  /// The largest session file read.
  public static let maxFileBytes = 16 << 20

  public struct ParseError: Error, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var problem: String
    public var description: String { "\(file):\(line): \(problem)" }
  }

  public init(name: String, text: String) throws {
    self.name = name
    title = ""
    steps = []
    var sent = 0
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    var index = 0
    while index < lines.count {
      let number = index + 1
      let line = lines[index].trimmingBlanks()
      index += 1
      if line.isEmpty { continue }
      if line.hasPrefix("#") {
        if title.isEmpty { title = line.dropFirst().trimmingBlanks() }
        continue
      }
      var (word, rest) = Self.split(line)
      // A JSON argument may span lines: while its brackets are open, the next line is part of it
      // (Protocol/conformance/README.md, "Writing a session").
      if Self.spanningDirectives.contains(word) {
        while index < lines.count, JSONSpan.opened(rest) > 0 {
          rest += "\n" + lines[index]
          index += 1
        }
      }
      func json() throws -> JSONValue {
        do {
          return try JSONValue(parsing: rest)
        } catch {
          throw ParseError(file: name, line: number, problem: "\(word): not JSON: \(error)")
        }
      }
      switch word {
      case "tags": tags += rest.split(separator: " ").map(String.init)
      case "positions":
        guard let encoding = Self.positionEncodings[rest], positions == nil else {
          throw ParseError(
            file: name, line: number,
            problem: "positions takes one of codepoints, utf-8, utf-16, utf-32, once")
        }
        positions = encoding
      case "rule":
        let (level, text) = Self.split(rest)
        guard Self.strengths.contains(level), !text.isEmpty, strength == nil else {
          throw ParseError(
            file: name, line: number,
            problem: "rule takes one of MUST, SHOULD, JSON-RPC and the sentence it checks, once")
        }
        strength = level
        citation = text
      case "expect-one-of":
        guard case .array(let patterns) = try json(), patterns.count >= 2 else {
          throw ParseError(
            file: name, line: number, problem: "expect-one-of takes a JSON array of two or more patterns")
        }
        steps.append((number, .expectOneOf(patterns)))
      case "differential":
        var options = DifferentialOptions()
        for word in rest.split(separator: " ") {
          switch word {
          case "past-end": options.pastTheEnd = true
          default:
            throw ParseError(
              file: name, line: number, problem: "differential: unknown option \(word) (past-end)")
          }
        }
        steps.append((number, .differential(options)))
      case "args": steps.append((number, .arguments(rest.split(separator: " ").map(String.init))))
      case "initialize": steps.append((number, .initialize(rest.isEmpty ? nil : try json())))
      case "send": steps.append((number, .send(try json())))
      case "raw":
        guard case .string(let text) = try json() else {
          throw ParseError(file: name, line: number, problem: "raw takes a JSON string")
        }
        steps.append((number, .raw(Array(text.utf8))))
      case "bytes":
        var bytes: [UInt8] = []
        for token in rest.split(separator: " ") {
          guard let byte = UInt8(token, radix: 16) else {
            throw ParseError(file: name, line: number, problem: "bytes: \(token) is not a hex byte")
          }
          bytes.append(byte)
        }
        steps.append((number, .raw(bytes)))
      case "repeat":
        // repeat N raw "…": the same bytes N times (large inputs without large files), at most
        // `maxStepBytes` of them: a session must not exhaust the runner's memory.
        let (count, payload) = Self.split(rest)
        guard let times = Int(count), times > 0, case .string(let text) = try JSONValue(parsing: payload)
        else {
          throw ParseError(
            file: name, line: number, problem: "repeat takes a count (1 to 2^63 − 1) and a JSON string")
        }
        let (total, overflow) = times.multipliedReportingOverflow(by: text.utf8.count)
        guard !overflow, total <= Self.maxStepBytes else {
          let size = overflow ? "more than 2^63" : "\(total)"
          throw ParseError(
            file: name, line: number,
            problem:
              "repeat makes \(size) bytes (\(times) × \(text.utf8.count)), more than the \(Self.maxStepBytes) a step may send"
          )
        }
        sent += total
        guard sent <= Self.maxSessionBytes else {
          throw ParseError(
            file: name, line: number,
            problem: "the session would send more than the \(Self.maxSessionBytes) bytes a session may send")
        }
        steps.append((number, .repeated(Array(text.utf8), count: times)))
      case "expect": steps.append((number, .expect(try json())))
      case "expect-none": steps.append((number, .expectNone(rest)))
      case "expect-text":
        guard case .string(let text) = try json(), !text.isEmpty else {
          throw ParseError(file: name, line: number, problem: "expect-text takes a non-empty JSON string")
        }
        steps.append((number, .expectText(text)))
      case "sync": steps.append((number, .sync))
      case "answer":
        // answer METHOD {"result": …} or {"error": {…}}: how the client answers the server's
        // requests with that method from here on.
        let (method, payload) = Self.split(rest)
        guard !method.isEmpty, case .object(let members)? = try? JSONValue(parsing: payload),
          members.count == 1, let key = members.pairs.first?.0, key == "result" || key == "error"
        else {
          throw ParseError(
            file: name, line: number,
            problem: "answer takes a method and a JSON object with one member, result or error")
        }
        steps.append((number, .answer(method: method, with: members)))
      case "file":
        // file PATH "contents": a file in the session's folder, named relative to it.
        let (path, payload) = Self.split(rest)
        let components = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard !path.isEmpty, components.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }),
          case .string(let text)? = try? JSONValue(parsing: payload)
        else {
          throw ParseError(
            file: name, line: number,
            problem: "file takes a relative path (no empty, `.` or `..` component) and a JSON string")
        }
        steps.append(
          (number, .file(folders: components.dropLast(), name: components.last!, contents: Array(text.utf8))))
      case "close": steps.append((number, .close))
      case "exit":
        // Fits: a failable parse.
        guard let code = Int32(rest) else {
          throw ParseError(file: name, line: number, problem: "exit takes a status")
        }
        steps.append((number, .exit(code)))
      default:
        throw ParseError(file: name, line: number, problem: "unknown directive \(word)")
      }
    }
  }

  /// A session file that could not be parsed, kept so that it is reported rather than dropped.
  public init(name: String, malformed: ParseError) {
    self.name = name
    title = ""
    steps = []
    self.malformed = malformed
  }

  /// Whether the session runs under `profile`: every session is in `stableText` (the whole
  /// protocol); any other profile is a tag. A malformed session is in every profile, as a failure.
  public func belongs(to profile: String) -> Bool {
    profile == ConformanceRunner.fullProfile || malformed != nil || tags.contains(profile)
  }

  private static func split(_ line: String) -> (String, String) {
    guard let space = line.firstIndex(of: " ") else { return (line, "") }
    return (String(line[..<space]), line[line.index(after: space)...].trimmingBlanks())
  }

  /// Whether the session writes files (into the folder every session has).
  public var writesFiles: Bool {
    steps.contains { if case .file = $0.step { true } else { false } }
  }

  /// Extra server arguments the session asks for.
  public var arguments: [String] {
    steps.compactMap { if case .arguments(let list) = $0.step { return list } else { return nil } }.flatMap {
      $0
    }
  }
}

/// How a `differential` step edits: `past-end` puts each insertion at a character past the end
/// of its line (which LSP says means the line's end).
public struct DifferentialOptions: Sendable {
  public var pastTheEnd = false
  public init() {}
}

/// Partial JSON matching: objects need only the expected keys, `"<any>"` matches any present
/// value, `"<absent>"` requires the key to be missing, `"<contains:TEXT>"` matches a string
/// holding TEXT, `"<prefix:TEXT>"` one that starts with TEXT, `"<one-of:A|B>"` a string equal to one of the choices (a choice `<absent>`
/// also accepts a missing key); arrays match element by element and must have the same length; numbers compare
/// by value (`3` matches `3.0`).
public enum JSONPattern {
  /// `nil` when `actual` matches `pattern`, else where and how it differs.
  public static func mismatch(_ pattern: JSONValue, _ actual: JSONValue?, path: String = "$") -> String? {
    var captures: [String: JSONValue] = [:]
    return mismatch(pattern, actual, path: path, captures: &captures)
  }

  /// The same, recording the values matched by `"<capture:NAME>"` in `captures` and comparing
  /// `"<captured:NAME>"` with the value recorded earlier (a `resultId` sent back, say).
  public static func mismatch(
    _ pattern: JSONValue, _ actual: JSONValue?, path: String = "$", captures: inout [String: JSONValue]
  ) -> String? {
    if case .string(let text) = pattern {
      if text == "<any>" { return actual == nil ? "\(path): missing" : nil }
      if let name = tagged(text, "capture") {
        guard let actual else { return "\(path): missing (to capture as \(name))" }
        captures[name] = actual
        return nil
      }
      if let name = tagged(text, "captured") {
        guard let value = captures[name] else { return "\(path): nothing was captured as \(name)" }
        return actual == value
          ? nil
          : "\(path): expected \(value.serialized) (captured as \(name)), got \(actual?.serialized ?? "nothing")"
      }
      if text == "<absent>" {
        return actual == nil ? nil : "\(path): expected absent, got \(actual!.serialized)"
      }
      /// `nil` when `actual` is a string that passes `test`, else the problem.
      func expectString(_ expectation: String, _ test: (String) -> Bool) -> String? {
        if let value = actual?.stringValue, test(value) { return nil }
        return "\(path): expected \(expectation), got \(actual?.serialized ?? "nothing")"
      }
      if let list = tagged(text, "one-of") {
        let choices = list.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        if actual == nil && choices.contains("<absent>") { return nil }
        // A number matches a choice spelled as a number of the same value (`-32002|-32601`).
        let number: Double? =
          switch actual {
          case .int(let value)?: Double(value)
          case .double(let value)?: value
          default: nil
          }
        if let number {
          if choices.contains(where: { Double($0) == number }) { return nil }
          return "\(path): expected one of \(choices.joined(separator: ", ")), got \(actual!.serialized)"
        }
        return expectString("one of \(choices.joined(separator: ", "))") { choices.contains($0) }
      }
      if let start = tagged(text, "prefix") {
        return expectString("a string starting with \(start.debugDescription)") { $0.hasPrefix(start) }
      }
      if let needle = tagged(text, "contains") {
        return expectString("a string containing \(needle.debugDescription)") { $0.contains(needle) }
      }
    }
    guard let actual else { return "\(path): missing; expected \(pattern.serialized)" }
    switch (pattern, actual) {
    case (.object(let expected), .object(let object)):
      for (key, value) in expected.pairs {
        if let problem = mismatch(value, object[key], path: "\(path).\(key)", captures: &captures) {
          return problem
        }
      }
      return nil
    case (.array(let expected), .array(let items)):
      guard expected.count == items.count else {
        return "\(path): expected \(expected.count) elements, got \(items.count): \(actual.serialized)"
      }
      for (index, (element, item)) in zip(expected, items).enumerated() {
        if let problem = mismatch(element, item, path: "\(path)[\(index)]", captures: &captures) {
          return problem
        }
      }
      return nil
    // File URIs compare normalised: a server may percent-encode where the session did not, or
    // write a drive letter's case or a trailing `/` its own way.
    case (.string(let expected), .string(let text))
    where expected.hasPrefix("file:") && text.hasPrefix("file:"):
      return ConformanceRunner.normalizedURI(Substring(expected))
        == ConformanceRunner.normalizedURI(Substring(text))
        ? nil : "\(path): expected \(pattern.serialized), got \(actual.serialized)"
    case (.int(let a), .double(let b)), (.double(let b), .int(let a)):
      return Double(a) == b ? nil : "\(path): expected \(pattern.serialized), got \(actual.serialized)"
    default:
      return pattern == actual ? nil : "\(path): expected \(pattern.serialized), got \(actual.serialized)"
    }
  }

  /// `NAME` of `"<KIND:NAME>"`.
  static func tagged(_ text: String, _ kind: String) -> String? {
    let head = "<\(kind):"
    guard text.hasPrefix(head), text.hasSuffix(">"), text.count > head.count + 1 else { return nil }
    return String(text.dropFirst(head.count).dropLast())
  }

  /// `message` with every string `"<captured:NAME>"` replaced by the value captured as NAME.
  public static func substituting(_ captures: [String: JSONValue], in message: JSONValue) throws -> JSONValue
  {
    switch message {
    case .string(let text):
      guard let name = tagged(text, "captured") else { return message }
      guard let value = captures[name] else { throw SubstitutionError(name: name) }
      return value
    case .array(let items):
      return .array(try items.map { try substituting(captures, in: $0) })
    case .object(let object):
      var result = JSONObject()
      for (key, value) in object.pairs { result[key] = try substituting(captures, in: value) }
      return .object(result)
    default:
      return message
    }
  }

  /// The placeholder for the session's own folder (`file:///<folder>/x` is not written: the
  /// folder's path starts with `/`, so a URI is `file://<folder>/x`).
  public static let folderPlaceholder = "<folder>"

  /// `value` with `<folder>` in every string replaced by `folder` (keys are left as they are).
  public static func replacingFolder(in value: JSONValue, with folder: String) -> JSONValue {
    switch value {
    case .string(let text):
      return text.contains(folderPlaceholder)
        ? .string(text.replacing(folderPlaceholder, with: folder)) : value
    case .array(let items):
      return .array(items.map { replacingFolder(in: $0, with: folder) })
    case .object(let object):
      var result = JSONObject()
      for (key, item) in object.pairs { result[key] = replacingFolder(in: item, with: folder) }
      return .object(result)
    default:
      return value
    }
  }

  public struct SubstitutionError: Error, CustomStringConvertible {
    public var name: String
    public var description: String { "nothing was captured as \(name)" }
  }
}

extension StringProtocol {
  /// Without the spaces and tabs at either end (Unicode's space separators and the tab: what
  /// Foundation's `.whitespaces` holds; line ends stay).
  fileprivate func trimmingBlanks() -> String {
    func blank(_ scalar: Unicode.Scalar) -> Bool {
      scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator
    }
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !blank($0) }) else { return "" }
    let last = scalars.lastIndex(where: { !blank($0) })!
    return String(String.UnicodeScalarView(scalars[first...last]))
  }
}

/// How far a JSON text's brackets are open, for a value that spans lines.
enum JSONSpan {
  /// `{` and `[` opened less `}` and `]` closed, outside strings: above 0, the value goes on.
  static func opened(_ text: String) -> Int {
    var depth = 0
    var strings = JSONStringScan()
    for byte in text.utf8 where !strings.take(byte) {
      switch byte {
      case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
      default: break
      }
    }
    return depth
  }
}
