import CYaml
import StableTextConventions
import StableTextCore

/// A YAML document read as commitlint reads its YAML configuration files (cosmiconfig's loader,
/// js-yaml's default schema), into the values a commitlint configuration holds
/// (Protocol/README.md, "Where the rules come from"). libyaml parses; this builds the tree from
/// its events, so a mapping keeps its members in the order written, an alias stands for what its
/// anchor names, and a malformed file is named with libyaml's own line and column.
///
/// Plain scalars are typed as js-yaml's core schema types them (`null`, `~` and nothing are null;
/// `true`/`false` in three spellings are booleans; decimal, `0x`, `0o` and `0b` integers and
/// decimal floats, `.inf`, `.nan` are numbers); quoted, literal and folded scalars are strings;
/// `!!str`, `!!int`, `!!float`, `!!bool` and `!!null` are honoured and any other tag is refused.
/// A key written twice is refused, as js-yaml refuses it; `<<` merges a mapping (or a sequence of
/// them) as js-yaml's merge type does. Only one document may be in the stream.
///
/// Bounds: nesting deeper than `maxDepth` and a tree of more than `maxNodes` values (counting
/// each alias as a copy of what it names, so that a "billion laughs" file is refused rather than
/// walked) are refused.
package enum YAMLDocument {
  /// What is wrong with a document, and where (1-based, libyaml's marks).
  package struct Problem: Error, Hashable, Sendable, CustomStringConvertible {
    package var message: String
    package var line: Int
    package var column: Int

    package var description: String { "\(message) (line \(line), column \(column))" }
  }

  package static let maxDepth = 256
  package static let maxNodes = 1_000_000

  /// The document `bytes` holds; nil when the stream holds no document (empty, or comments only).
  package static func parse(_ bytes: [UInt8]) -> Result<CommitlintValue?, Problem> {
    var parser = yaml_parser_t()
    guard yaml_parser_initialize(&parser) == 1 else {
      return .failure(Problem(message: "libyaml could not start", line: 1, column: 1))
    }
    defer { yaml_parser_delete(&parser) }
    return bytes.withUnsafeBufferPointer { buffer in
      let empty: [UInt8] = [0]
      return empty.withUnsafeBufferPointer { fallback in
        yaml_parser_set_input_string(&parser, buffer.baseAddress ?? fallback.baseAddress!, buffer.count)
        var builder = Builder()
        while true {
          var event = yaml_event_t()
          guard yaml_parser_parse(&parser, &event) == 1 else {
            return .failure(Self.problem(of: parser, in: bytes))
          }
          defer { yaml_event_delete(&event) }
          let type = event.type
          if type == YAML_STREAM_END_EVENT { return .success(builder.root) }
          if let problem = builder.take(event) { return .failure(problem) }
        }
      }
    }
  }

  /// libyaml's own words for what stopped it: its problem and mark, and the construct it was in.
  private static func problem(of parser: yaml_parser_t, in bytes: [UInt8]) -> Problem {
    let what = parser.problem.map { String(cString: $0) } ?? "malformed YAML"
    if parser.error == YAML_READER_ERROR {
      // The reader (bytes that are not UTF-8, a control character) gives a byte offset, not a
      // mark: its line and column (in characters, as libyaml's marks count them) from the bytes.
      let offset = min(Int(parser.problem_offset), bytes.count)
      let before = bytes[..<offset]
      let lineStart = (before.lastIndex(of: 0x0A).map { $0 + 1 }) ?? 0
      let line = before.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
      let column = String(decoding: bytes[lineStart..<offset], as: UTF8.self).unicodeScalars.count + 1
      return Problem(message: what, line: line, column: column)
    }
    var message = what
    if let context = parser.context {
      message += " \(String(cString: context))"
      let mark = parser.context_mark
      if mark.line != parser.problem_mark.line || mark.column != parser.problem_mark.column {
        message += " that starts at line \(mark.line + 1), column \(mark.column + 1)"
      }
    }
    return Problem(
      message: message, line: parser.problem_mark.line + 1, column: parser.problem_mark.column + 1)
  }

  /// The tree as events build it, with an explicit stack (no recursion however deep the file).
  /// Each open collection is a `Frame` object whose lists grow in place, and a mapping finds its
  /// keys by a dictionary: a frame kept in an enum was copied out and back for every value (each
  /// append copied the list), and keys were looked for in the list, which made a file of 40,000
  /// values take 22 s.
  private struct Builder {
    final class Frame {
      let isMapping: Bool
      let anchor: String?
      var elements: [CommitlintValue] = []
      var members: [CommitlintValue.Member] = []
      /// Where each key is among `members`.
      var places: [String: Int] = [:]
      /// The key read, waiting for its value (mappings).
      var key: PendingKey?
      /// The values the collection holds, itself included (aliases as copies).
      var size = 1
      /// Keys a merge brought, which the mapping may set again.
      var merged: Set<String> = []

      init(isMapping: Bool, anchor: String?) {
        self.isMapping = isMapping
        self.anchor = anchor
      }

      /// Whether the next scalar is a key.
      var awaitsKey: Bool { isMapping && key == nil }
    }

    struct PendingKey {
      var name: String
      var merge: Bool
      var line: Int
      var column: Int
    }

    var stack: [Frame] = []
    var anchors: [String: (value: CommitlintValue, size: Int)] = [:]
    var nodes = 0
    var documents = 0
    var root: CommitlintValue?

    mutating func take(_ event: yaml_event_t) -> Problem? {
      let line = event.start_mark.line + 1
      let column = event.start_mark.column + 1
      func problem(_ message: String) -> Problem { Problem(message: message, line: line, column: column) }
      switch event.type {
      case YAML_DOCUMENT_START_EVENT:
        documents += 1
        if documents > 1 { return problem("expected a single document in the stream, but found more") }
        return nil
      case YAML_SCALAR_EVENT:
        let scalar = event.data.scalar
        let text = String(
          decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
        let plain = scalar.style == YAML_PLAIN_SCALAR_STYLE
        let tag = scalar.tag.map { String(cString: $0) }
        if let frame = stack.last, frame.awaitsKey {
          // A key: its text, as JavaScript makes every key a string.
          frame.key = PendingKey(name: text, merge: plain && text == "<<", line: line, column: column)
          return nil
        }
        let value: CommitlintValue
        switch Self.resolve(text, plain: plain, tag: tag) {
        case .success(let resolved): value = resolved
        case .failure(let refused): return problem(refused.message)
        }
        return deliver(value, size: 1, anchor: Self.string(scalar.anchor), line: line, column: column)
      case YAML_ALIAS_EVENT:
        let name = Self.string(event.data.alias.anchor) ?? ""
        guard let anchored = anchors[name] else { return problem("unidentified alias \"\(name)\"") }
        if let frame = stack.last, frame.awaitsKey {
          guard case .string(let key) = anchored.value else {
            return problem("an alias to a mapping or a sequence cannot be a key")
          }
          frame.key = PendingKey(name: key, merge: false, line: line, column: column)
          return nil
        }
        return deliver(anchored.value, size: anchored.size, anchor: nil, line: line, column: column)
      case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
        if let frame = stack.last, frame.awaitsKey {
          return problem("a mapping or a sequence as a key is not supported")
        }
        let isMapping = event.type == YAML_MAPPING_START_EVENT
        let tag = Self.string(isMapping ? event.data.mapping_start.tag : event.data.sequence_start.tag)
        let expected = isMapping ? "tag:yaml.org,2002:map" : "tag:yaml.org,2002:seq"
        if let tag, tag != expected, tag != "!" { return problem("unknown tag \(tag)") }
        guard stack.count < YAMLDocument.maxDepth else {
          return problem("nested deeper than \(YAMLDocument.maxDepth) levels")
        }
        nodes += 1
        guard nodes <= YAMLDocument.maxNodes else {
          return problem("more than \(YAMLDocument.maxNodes) values (aliases count as copies)")
        }
        let anchor = Self.string(
          isMapping ? event.data.mapping_start.anchor : event.data.sequence_start.anchor)
        stack.append(Frame(isMapping: isMapping, anchor: anchor))
        return nil
      case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
        let frame = stack.removeLast()
        return deliver(
          frame.isMapping ? .object(frame.members) : .array(frame.elements), size: frame.size,
          anchor: frame.anchor, line: line, column: column, counted: true)
      default:
        return nil
      }
    }

    /// A finished value goes to its parent (or is the document), after the bounds are checked.
    private mutating func deliver(
      _ value: CommitlintValue, size: Int, anchor: String?, line: Int, column: Int, counted: Bool = false
    ) -> Problem? {
      // A collection's own nodes were counted as they came; a scalar or an alias counts now.
      if !counted {
        nodes += size
        guard nodes <= YAMLDocument.maxNodes else {
          return Problem(
            message: "more than \(YAMLDocument.maxNodes) values (aliases count as copies)", line: line,
            column: column)
        }
      }
      if let anchor { anchors[anchor] = (value, size) }
      guard let parent = stack.last else {
        root = value
        return nil
      }
      parent.size += size
      guard parent.isMapping else {
        parent.elements.append(value)
        return nil
      }
      // Keys are taken before a value is delivered, so a mapping here always has one.
      guard let key = parent.key else { return nil }
      parent.key = nil
      if key.merge {
        // js-yaml's merge: the members of a mapping, or of each mapping of a sequence, that the
        // mapping does not already have.
        let sources: [CommitlintValue]
        switch value {
        case .object: sources = [value]
        case .array(let list): sources = list
        default: sources = [.null]
        }
        for source in sources {
          guard case .object(let brought) = source else {
            return Problem(
              message: "cannot merge mappings; the provided source object is unacceptable", line: key.line,
              column: key.column)
          }
          for member in brought where parent.places[member.name] == nil {
            parent.places[member.name] = parent.members.count
            parent.members.append(member)
            parent.merged.insert(member.name)
          }
        }
      } else if let index = parent.places[key.name] {
        // A key a merge brought may be set again (js-yaml's overridable keys), in its place.
        guard parent.merged.remove(key.name) != nil else {
          return Problem(
            message: "duplicated mapping key \"\(key.name)\"", line: key.line, column: key.column)
        }
        parent.members[index].value = value
      } else {
        parent.places[key.name] = parent.members.count
        parent.members.append(CommitlintValue.Member(key.name, value))
      }
      return nil
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
      pointer.map { String(cString: $0) }
    }

    /// A scalar's value: its tag's type, else a plain scalar's type by js-yaml's core schema, else
    /// a string.
    static func resolve(_ text: String, plain: Bool, tag: String?) -> Result<CommitlintValue, TagProblem> {
      func typed(_ value: CommitlintValue?, _ type: String) -> Result<CommitlintValue, TagProblem> {
        value.map { .success($0) } ?? .failure(TagProblem(message: "cannot resolve \(text) as \(type)"))
      }
      switch tag {
      case nil, "!":
        guard plain, tag == nil else { return .success(.string(text)) }
        return .success(
          YAMLScalars.null(text) ?? YAMLScalars.bool(text) ?? YAMLScalars.number(text) ?? .string(text))
      case "tag:yaml.org,2002:str": return .success(.string(text))
      case "tag:yaml.org,2002:null": return typed(YAMLScalars.null(text), "null")
      case "tag:yaml.org,2002:bool": return typed(YAMLScalars.bool(text), "a boolean")
      case "tag:yaml.org,2002:int", "tag:yaml.org,2002:float":
        return typed(YAMLScalars.number(text), "a number")
      case let other?: return .failure(TagProblem(message: "unknown tag \(other)"))
      }
    }

    struct TagProblem: Error {
      var message: String
    }
  }
}
