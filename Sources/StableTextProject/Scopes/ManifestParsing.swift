import StableTextConventions
import StableTextCore
import StableTextJSON

/// How the scope packages turn a manifest's bytes into a value. Node reads a file as UTF-8 (a
/// byte that is not UTF-8 becomes U+FFFD, as here); then `require` and parse-json after
/// strip-bom drop a leading byte order mark, and a bare `JSON.parse` fails on it. jansson reads
/// what `JSON.parse` reads, except an integer past 64 bits, a number past a double's range, a
/// lone surrogate escape (`"\ud800"`) and nesting past 2,048 levels: those are said to be beyond
/// StableText (`unsupported`), never a failure of the package.
enum ManifestParsing {
  enum Failure: Error, Hashable {
    /// The package's parser fails on it too: commitlint fails.
    case invalid(String, line: Int?, column: Int?)
    /// Valid for the package's parser, not readable here: the scopes are not computed.
    case unsupported(String)
  }

  private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  /// JSON, the byte order mark dropped (`require`, parse-json after strip-bom) or refused
  /// (`JSON.parse`, which names it as an unexpected token).
  static func json(_ bytes: [UInt8], dropsByteOrderMark: Bool) -> Result<JSONHandle, Failure> {
    var text = bytes
    if text.starts(with: byteOrderMark) {
      guard dropsByteOrderMark else {
        return .failure(.invalid("Unexpected token '\u{FEFF}' (a byte order mark)", line: 1, column: 1))
      }
      text.removeFirst(3)
    }
    do throws(JSONParseError) {
      return .success(try JSONParser.parse(text))
    } catch {
      if String(validating: text, as: UTF8.self) == nil {
        // Node decodes with replacement characters; so do these.
        return json(Array(String(decoding: text, as: UTF8.self).utf8), dropsByteOrderMark: false)
      }
      let beyond = ["too big integer", "real number overflow", "invalid Unicode", "maximum parsing depth"]
      if beyond.contains(where: { error.message.contains($0) }) {
        return .failure(.unsupported("jansson cannot read what JSON.parse reads here: \(error)"))
      }
      return .failure(.invalid(error.message, line: error.line, column: error.column))
    }
  }

  /// YAML as read-yaml-file reads it (strip-bom, then js-yaml's `load` with its default schema);
  /// nil for a stream with no document (`undefined`).
  static func yaml(_ bytes: [UInt8]) -> Result<CommitlintValue?, Failure> {
    let text = bytes.starts(with: byteOrderMark) ? Array(bytes.dropFirst(3)) : bytes
    switch YAMLDocument.parse(text) {
    case .success(let value): return .success(value)
    case .failure(let problem):
      // js-yaml's default schema reads these; the reader here (built for commitlint's files)
      // refuses them.
      let jsYAMLTypes = ["timestamp", "binary", "omap", "pairs", "set", "merge"]
      let unknownKnown = jsYAMLTypes.contains { problem.message == "unknown tag tag:yaml.org,2002:\($0)" }
      let bounded = ["not supported", "nested deeper", "more than"].contains { problem.message.contains($0) }
      if unknownKnown || bounded {
        return .failure(.unsupported("js-yaml reads what StableText's YAML reader does not: \(problem)"))
      }
      return .failure(.invalid(problem.message, line: problem.line, column: problem.column))
    }
  }

  /// `jsonc.parse` of jsonc 2 (what config-rush-scopes asks for): strip-json-comments 3 removes
  /// `//` and `/* */` comments outside strings (a line comment's end of line kept), then
  /// `JSON.parse` (no byte order mark dropped, no trailing comma accepted).
  static func jsonWithComments(_ bytes: [UInt8]) -> Result<JSONHandle, Failure> {
    json(withoutComments(bytes), dropsByteOrderMark: false)
  }

  /// strip-json-comments 3 with `whitespace: false`.
  static func withoutComments(_ bytes: [UInt8]) -> [UInt8] {
    // Every comment starts with `//` or `/*`: without either, nothing is removed.
    mayHaveComment(bytes) ? commentsRemoved(bytes) : bytes
  }

  /// Whether `//` or `/*` is anywhere in `bytes`, strings included.
  private static func mayHaveComment(_ bytes: [UInt8]) -> Bool {
    var afterSlash = false
    for byte in bytes {
      if afterSlash && (byte == UInt8(ascii: "/") || byte == UInt8(ascii: "*")) { return true }
      afterSlash = byte == UInt8(ascii: "/")
    }
    return false
  }

  /// `withoutComments`, each byte looked at.
  static func commentsRemoved(_ bytes: [UInt8]) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count)
    var inString = false
    var index = 0
    let quote = UInt8(ascii: "\""), slash = UInt8(ascii: "/"), star = UInt8(ascii: "*")
    let backslash = UInt8(ascii: "\\"), newline = UInt8(ascii: "\n"), carriage = UInt8(ascii: "\r")
    while index < bytes.count {
      let byte = bytes[index]
      let next: UInt8? = index + 1 < bytes.count ? bytes[index + 1] : nil
      if byte == quote {
        var backslashes = 0
        var before = index - 1
        while before >= 0 && bytes[before] == backslash {
          backslashes += 1
          before -= 1
        }
        if backslashes % 2 == 0 { inString.toggle() }
      }
      if inString {
        result.append(byte)
        index += 1
        continue
      }
      if byte == slash && next == slash {
        // To the end of the line; the line break stays (a `\r` before it goes).
        index += 2
        while index < bytes.count && bytes[index] != newline {
          if bytes[index] == carriage && index + 1 < bytes.count && bytes[index + 1] == newline { break }
          index += 1
        }
        if index < bytes.count && bytes[index] == carriage { index += 1 }
        continue
      }
      if byte == slash && next == star {
        index += 2
        while index < bytes.count
          && !(bytes[index] == star && index + 1 < bytes.count && bytes[index + 1] == slash)
        {
          index += 1
        }
        index += 2
        continue
      }
      result.append(byte)
      index += 1
    }
    return result
  }

  /// JSON with a comma before a closing `]` or `}` (whitespace between) removed, outside strings:
  /// what jsonc-parser's `allowTrailingComma` accepts.
  static func withoutTrailingCommas(_ bytes: [UInt8]) -> [UInt8] {
    mayHaveTrailingComma(bytes) ? trailingCommasRemoved(bytes) : bytes
  }

  /// `withoutTrailingCommas`, each byte looked at.
  static func trailingCommasRemoved(_ bytes: [UInt8]) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count)
    var strings = JSONStringScan()
    var pendingComma: Int?
    for byte in bytes {
      if strings.take(byte) {
        // A string's bytes are kept; one that opens comes after no comma to drop.
        pendingComma = nil
        result.append(byte)
        continue
      }
      switch byte {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
        result.append(byte)
      case UInt8(ascii: "]"), UInt8(ascii: "}"):
        if let comma = pendingComma { result.remove(at: comma) }
        pendingComma = nil
        result.append(byte)
      case UInt8(ascii: ","):
        pendingComma = result.count
        result.append(byte)
      default:
        pendingComma = nil
        result.append(byte)
      }
    }
    return result
  }

  /// Whether a comma is followed (after whitespace) by `]` or `}` anywhere, strings included:
  /// when none is, `withoutTrailingCommas` removes nothing.
  private static func mayHaveTrailingComma(_ bytes: [UInt8]) -> Bool {
    var afterComma = false
    for byte in bytes {
      switch byte {
      case UInt8(ascii: ","): afterComma = true
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): continue
      case UInt8(ascii: "]"), UInt8(ascii: "}"): if afterComma { return true }
      default: afterComma = false
      }
    }
    return false
  }
}
