import CYaml

/// Where a value is in a YAML text, for a problem's line and column: libyaml's events carry
/// marks, so the text is parsed again and the path of each node followed until the problem's
/// `FieldPath` is reached. A member is found at its key, an element at its value. A path that
/// goes through an alias or a `<<` merge is found as far as the text spells it (the alias, the
/// mapping that merges).
package enum YAMLPositions {
  /// The place of the value at `path` in `bytes`, or of the deepest step of `path` that is
  /// there; nil when not even the first one is.
  package static func position(of path: FieldPath, in bytes: [UInt8]) -> FilePlace? {
    var parser = yaml_parser_t()
    guard yaml_parser_initialize(&parser) == 1 else { return nil }
    defer { yaml_parser_delete(&parser) }
    return bytes.withUnsafeBufferPointer { buffer in
      let empty: [UInt8] = [0]
      return empty.withUnsafeBufferPointer { fallback in
        yaml_parser_set_input_string(&parser, buffer.baseAddress ?? fallback.baseAddress!, buffer.count)
        var walk = Walk(target: path.steps)
        while walk.best?.depth != path.steps.count {
          var event = yaml_event_t()
          guard yaml_parser_parse(&parser, &event) == 1 else { break }
          defer { yaml_event_delete(&event) }
          if event.type == YAML_STREAM_END_EVENT { break }
          walk.take(event)
        }
        return walk.best?.position
      }
    }
  }

  /// The path of each node as the events come, and the deepest node on the target's path.
  private struct Walk {
    enum Frame {
      /// A mapping at `path`: the key its next value goes under (nil while a key is awaited).
      case mapping(path: [FieldPath.Step], key: String?)
      case sequence(path: [FieldPath.Step], index: Int)
      /// A mapping or sequence used as a key: nothing below it is on any path.
      case complexKey
    }

    let target: [FieldPath.Step]
    var stack: [Frame] = []
    var best: (depth: Int, position: FilePlace)?

    /// The path of a value starting now, or nil when it is a key (or inside one).
    var valuePath: [FieldPath.Step]? {
      switch stack.last {
      case nil: return []
      case .mapping(let path, let key?): return path + [.member(key)]
      case .mapping(_, nil), .complexKey: return nil
      case .sequence(let path, let index): return path + [.index(index)]
      }
    }

    mutating func record(_ path: [FieldPath.Step], _ event: yaml_event_t) {
      guard path.count <= target.count, Array(target.prefix(path.count)) == path,
        path.count > (best?.depth ?? -1)
      else { return }
      best = (
        path.count,
        FilePlace(line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1)
      )
    }

    /// A value ended: its mapping awaits the next key, its sequence's next element is one on.
    mutating func finishedValue() {
      switch stack.popLast() {
      case .mapping(let path, _)?: stack.append(.mapping(path: path, key: nil))
      case .sequence(let path, let index)?: stack.append(.sequence(path: path, index: index + 1))
      case .complexKey?: stack.append(.complexKey)
      case nil: break
      }
    }

    mutating func take(_ event: yaml_event_t) {
      switch event.type {
      case YAML_SCALAR_EVENT, YAML_ALIAS_EVENT:
        if case .mapping(let path, nil)? = stack.last {
          // A key: a scalar's text (an alias key names no member of the target's).
          var name = "\u{0}"
          if event.type == YAML_SCALAR_EVENT {
            let scalar = event.data.scalar
            name = String(
              decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
          }
          stack[stack.count - 1] = .mapping(path: path, key: name)
          record(path + [.member(name)], event)
          return
        }
        if let path = valuePath { record(path, event) }
        finishedValue()
      case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
        guard let path = valuePath else {
          stack.append(.complexKey)
          return
        }
        record(path, event)
        stack.append(
          event.type == YAML_MAPPING_START_EVENT
            ? .mapping(path: path, key: nil) : .sequence(path: path, index: 0))
      case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
        let ended = stack.popLast()
        if case .complexKey? = ended, case .mapping(let path, nil)? = stack.last {
          stack[stack.count - 1] = .mapping(path: path, key: "\u{0}")
          return
        }
        finishedValue()
      default:
        return
      }
    }
  }
}
