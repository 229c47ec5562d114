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
  private struct Builder {
    enum Frame {
      case sequence(elements: [CommitlintValue], anchor: String?, size: Int)
      case mapping(
        members: [CommitlintValue.Member], key: PendingKey?, anchor: String?, size: Int, merged: Set<String>)
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
        if case .mapping(_, nil, _, _, _) = stack.last {
          // A key: its text, as JavaScript makes every key a string.
          return setKey(PendingKey(name: text, merge: plain && text == "<<", line: line, column: column))
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
        if case .mapping(_, nil, _, _, _) = stack.last {
          guard case .string(let key) = anchored.value else {
            return problem("an alias to a mapping or a sequence cannot be a key")
          }
          return setKey(PendingKey(name: key, merge: false, line: line, column: column))
        }
        return deliver(anchored.value, size: anchored.size, anchor: nil, line: line, column: column)
      case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
        if case .mapping(_, nil, _, _, _) = stack.last {
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
        stack.append(
          isMapping
            ? .mapping(members: [], key: nil, anchor: anchor, size: 1, merged: [])
            : .sequence(elements: [], anchor: anchor, size: 1))
        return nil
      case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
        switch stack.removeLast() {
        case .sequence(let elements, let anchor, let size):
          return deliver(
            .array(elements), size: size, anchor: anchor, line: line, column: column, counted: true)
        case .mapping(let members, _, let anchor, let size, _):
          return deliver(
            .object(members), size: size, anchor: anchor, line: line, column: column, counted: true)
        }
      default:
        return nil
      }
    }

    private mutating func setKey(_ key: PendingKey) -> Problem? {
      guard case .mapping(let members, nil, let anchor, let size, let merged) = stack.removeLast() else {
        return nil
      }
      stack.append(.mapping(members: members, key: key, anchor: anchor, size: size, merged: merged))
      return nil
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
      guard let parent = stack.popLast() else {
        root = value
        return nil
      }
      switch parent {
      case .sequence(var elements, let parentAnchor, let parentSize):
        elements.append(value)
        stack.append(.sequence(elements: elements, anchor: parentAnchor, size: parentSize + size))
      case .mapping(var members, let key?, let parentAnchor, let parentSize, var merged):
        if key.merge {
          // js-yaml's merge: the members of a mapping, or of each mapping of a sequence, that
          // the mapping does not already have.
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
            for member in brought where !members.contains(where: { $0.name == member.name }) {
              members.append(member)
              merged.insert(member.name)
            }
          }
        } else {
          if let index = members.firstIndex(where: { $0.name == key.name }) {
            // A key a merge brought may be set again (js-yaml's overridable keys), in its place.
            guard merged.remove(key.name) != nil else {
              return Problem(
                message: "duplicated mapping key \"\(key.name)\"", line: key.line, column: key.column)
            }
            members[index].value = value
          } else {
            members.append(CommitlintValue.Member(key.name, value))
          }
        }
        stack.append(
          .mapping(members: members, key: nil, anchor: parentAnchor, size: parentSize + size, merged: merged))
      case .mapping(_, nil, _, _, _):
        // Keys are taken before a value is delivered; nothing delivers here.
        stack.append(parent)
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
