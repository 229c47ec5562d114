import StableTextConventions
import StableTextCore

/// The built-ins a configuration's data is computed with, run by the evaluator on data only:
/// `Object.keys/values/entries/assign/freeze/fromEntries`, `Array.isArray/from`, `JSON.parse`,
/// `String`, `Number`, `Boolean`, `RegExp`, `require`, `require.resolve`, `console.*` (nothing),
/// and the common methods of arrays, strings and regular expressions. Each answers as
/// JavaScript does (strings by UTF-16 code units); anything else is unknown.
enum JavaScriptBuiltins {
  static let arrayMethods: Set<String> = [
    "includes", "indexOf", "join", "concat", "slice", "map", "filter", "some", "every", "find", "findIndex",
    "forEach",
    "flat", "flatMap", "push", "reduce", "at", "sort", "reverse", "toString",
  ]
  /// Array methods the evaluator does not run (reading one is unknown, not undefined).
  static let otherArrayMethods: Set<String> = [
    "pop", "shift", "unshift", "splice", "fill", "copyWithin", "entries", "keys", "values", "lastIndexOf",
    "findLast",
    "findLastIndex", "reduceRight", "toSorted", "toReversed", "toSpliced", "with",
  ]
  static let stringMethods: Set<String> = [
    "includes", "startsWith", "endsWith", "indexOf", "toLowerCase", "toUpperCase", "trim", "trimStart",
    "trimEnd",
    "split", "replace", "replaceAll", "slice", "substring", "concat", "repeat", "charAt", "at", "padStart",
    "padEnd",
    "toString",
  ]

  /// `Object.keys` and the like: the members of the global namespaces the evaluator knows.
  static let namespaces: [String: Set<String>] = [
    "Object": ["keys", "values", "entries", "assign", "freeze", "fromEntries"],
    "Array": ["isArray", "from"],
    "JSON": ["parse"],
    "console": ["log", "warn", "error", "info", "debug"],
    "Promise": ["resolve"],
    "require": ["resolve"],
  ]

  /// A member of a built-in.
  static func member(_ builtin: JavaScriptBuiltin, _ name: String, at offset: Int) -> JavaScriptValue {
    if case .named(let namespace) = builtin {
      if namespaces[namespace]?.contains(name) == true { return .builtin(.named("\(namespace).\(name)")) }
      if namespace == "process" {
        return .unknown(
          JavaScriptUnknown(offset: offset, reason: "process.\(name), which depends on how commitlint is run")
        )
      }
      return .unknown(
        JavaScriptUnknown(offset: offset, reason: "\(namespace).\(name), which StableText does not run"))
    }
    return .unknown(
      JavaScriptUnknown(offset: offset, reason: ".\(name) of a built-in, which StableText does not follow"))
  }
}

extension JavaScriptEvaluator {
  /// Runs a built-in (`name` is how the call was written, for notes).
  func callBuiltin(_ builtin: JavaScriptBuiltin, _ arguments: [JavaScriptValue], name: String, at offset: Int)
    -> JavaScriptValue
  {
    let argument = { (index: Int) -> JavaScriptValue in
      index < arguments.count ? arguments[index] : .undefined
    }
    if let unknown = arguments.lazy.compactMap(\.unknown).first, !isConsole(builtin) {
      return .unknown(unknown)
    }
    func unsupported() -> JavaScriptValue {
      let reason = JavaScriptUnknown(offset: offset, reason: "\(name)(…), a call StableText does not run")
      for value in arguments { taintDeep(value, reason) }
      return .unknown(reason)
    }
    switch builtin {
    case .method(let receiver, let method):
      return callMethod(receiver, method, arguments, name: name, at: offset) ?? unsupported()
    case .named(let function):
      switch function {
      case "require":
        guard case .string(let module) = argument(0) else { return unsupported() }
        return importValue(module, path: [], at: offset)
      case "require.resolve":
        // The package's entry file: commitlint resolves an `extends` of that path to the same
        // package the name gives.
        guard case .string(let module) = argument(0) else { return unsupported() }
        return .string(module)
      case "Object.keys", "Object.values", "Object.entries":
        let pairs: [(String, JavaScriptValue)]
        switch argument(0) {
        case .object(let object):
          if let tainted = object.tainted { return .unknown(tainted) }
          pairs = object.keys.map { ($0, object[$0]!) }
        case .array(let array):
          if let tainted = array.tainted { return .unknown(tainted) }
          pairs = array.elements.enumerated().map { (String($0.offset), $0.element) }
        default:
          return unsupported()
        }
        guard make(pairs.count * 3) else { return .unknown(exhaustion(at: offset)) }
        switch function {
        case "Object.keys": return .array(JavaScriptArray(pairs.map { .string($0.0) }))
        case "Object.values": return .array(JavaScriptArray(pairs.map(\.1)))
        default: return .array(JavaScriptArray(pairs.map { .array(JavaScriptArray([.string($0.0), $0.1])) }))
        }
      case "Object.assign":
        guard case .object(let target) = argument(0), target.tainted == nil else { return unsupported() }
        for source in arguments.dropFirst() {
          switch source {
          case .object(let object):
            if let tainted = object.tainted {
              target.tainted = tainted
              return .object(target)
            }
            guard make(object.count) else { return .unknown(exhaustion(at: offset)) }
            for key in object.keys { target.set(key, object[key]!) }
          case .undefined, .null:
            continue
          default:
            return unsupported()
          }
        }
        return .object(target)
      case "identity":
        return argument(0)
      case "Object.freeze", "Promise.resolve":
        let value = argument(0)
        return function == "Promise.resolve" ? .promise(JavaScriptBox(value)) : value
      case "Object.fromEntries":
        guard case .array(let array) = argument(0), array.tainted == nil else { return unsupported() }
        let object = JavaScriptObject()
        for entry in array.elements {
          guard case .array(let pair) = entry, pair.tainted == nil, let first = pair.elements.first else {
            return unsupported()
          }
          guard case .success(let key) = propertyKey(first, at: offset) else { return unsupported() }
          guard make(1) else { return .unknown(exhaustion(at: offset)) }
          object.set(key, pair.elements.count > 1 ? pair.elements[1] : .undefined)
        }
        return .object(object)
      case "Array.isArray":
        if case .array = argument(0) { return .bool(true) }
        return argument(0).typeName == nil ? unsupported() : .bool(false)
      case "Array.from":
        guard case .success(let items) = iterate(argument(0), at: offset) else { return unsupported() }
        guard arguments.count > 1 else { return .array(JavaScriptArray(items)) }
        var mapped: [JavaScriptValue] = []
        for (index, item) in items.enumerated() {
          let value = invoke(arguments[1], [item, .number(Double(index))], callee: nil, at: offset)
          if let unknown = value.unknown { return .unknown(unknown) }
          mapped.append(value)
        }
        return .array(JavaScriptArray(mapped))
      case "JSON.parse":
        guard case .string(let text) = argument(0),
          case .success(let value) = CommitlintFile.json(Array(text.utf8))
        else { return unsupported() }
        return data(value)
      case "String":
        guard case .success(let text) = string(of: argument(0), at: offset) else { return unsupported() }
        return .string(arguments.isEmpty ? "" : text)
      case "Number":
        return number(of: arguments.isEmpty ? .number(0) : argument(0)).map { .number($0) } ?? unsupported()
      case "Boolean":
        return argument(0).truthiness.map { .bool($0) } ?? unsupported()
      case "RegExp":
        var pattern = ""
        switch argument(0) {
        case .string(let text): pattern = text
        case .regex(let source, _, _): pattern = source
        case .undefined: pattern = "(?:)"
        default: return unsupported()
        }
        var flags = ""
        switch argument(1) {
        case .string(let text): flags = text
        case .undefined:
          if case .regex(_, let own, _) = argument(0) { flags = own }
        default: return unsupported()
        }
        return .regex(pattern: JavaScriptBuiltins.escapeSlashes(pattern), flags: flags, at: offset)
      case let name where name.hasPrefix("console."):
        return .undefined
      default:
        return unsupported()
      }
    }
  }

  func isConsole(_ builtin: JavaScriptBuiltin) -> Bool {
    if case .named(let name) = builtin { return name.hasPrefix("console.") }
    return false
  }

  /// A JSON value as data.
  func data(_ value: CommitlintValue) -> JavaScriptValue {
    switch value {
    case .null: return .null
    case .bool(let flag): return .bool(flag)
    case .number(let number): return .number(number)
    case .string(let text): return .string(text)
    case .array(let elements): return .array(JavaScriptArray(elements.map(data)))
    case .object(let members):
      let object = JavaScriptObject()
      for member in members { object.set(member.name, data(member.value)) }
      return .object(object)
    }
  }

  /// A method of an array, a string, a number or a regular expression; nil when it is not run.
  func callMethod(
    _ receiver: JavaScriptValue, _ method: String, _ arguments: [JavaScriptValue], name: String,
    at offset: Int
  ) -> JavaScriptValue? {
    let argument = { (index: Int) -> JavaScriptValue in
      index < arguments.count ? arguments[index] : .undefined
    }
    switch receiver {
    case .array(let array):
      guard array.tainted == nil else { return .unknown(array.tainted!) }
      return arrayMethod(array, method, arguments, at: offset)
    case .string(let text):
      return stringMethod(text, method, arguments, at: offset)
    case .number(let number):
      guard method == "toString", case .undefined = argument(0) else { return nil }
      return .string(JavaScriptNumber.string(number))
    case .bool(let flag):
      return method == "toString" ? .string(flag ? "true" : "false") : nil
    case .regex(let pattern, let flags, _):
      guard method == "test", case .string(let text) = argument(0), !flags.contains("g"),
        !flags.contains("y"),
        let regex = try? JavaScriptRegex(pattern: pattern, flags: flags)
      else { return nil }
      work(text.utf8.count * max(1, pattern.utf8.count))
      return .bool(regex.test(text))
    default:
      return nil
    }
  }

  /// Calls a callback for each element; nil when one is unknown.
  func each(_ array: JavaScriptArray, _ callback: JavaScriptValue, at offset: Int) -> [JavaScriptValue]? {
    var results: [JavaScriptValue] = []
    for (index, element) in array.elements.enumerated() {
      let value = invoke(callback, [element, .number(Double(index)), .array(array)], callee: nil, at: offset)
      if value.unknown != nil { return nil }
      results.append(value)
    }
    return results
  }

  func arrayMethod(_ array: JavaScriptArray, _ method: String, _ arguments: [JavaScriptValue], at offset: Int)
    -> JavaScriptValue?
  {
    let argument = { (index: Int) -> JavaScriptValue in
      index < arguments.count ? arguments[index] : .undefined
    }
    work(array.elements.count)
    // The methods that change the array first, before a copy of its elements is held (holding
    // one would make each push copy the whole array).
    switch method {
    case "push":
      guard make(arguments.count) else { return .unknown(exhaustion(at: offset)) }
      array.elements += arguments
      return .number(Double(array.elements.count))
    case "sort":
      // Without a comparator, strings sort by code units; anything else is not run.
      guard arguments.isEmpty else { return nil }
      var strings: [String] = []
      for element in array.elements {
        guard case .string(let text) = element else { return nil }
        strings.append(text)
      }
      array.elements = strings.sorted { $0.utf16.lexicographicallyPrecedes($1.utf16) }.map { .string($0) }
      return .array(array)
    case "reverse":
      array.elements.reverse()
      return .array(array)
    default:
      break
    }
    let elements = array.elements
    switch method {
    case "includes", "indexOf":
      for (index, element) in elements.enumerated() {
        let same: Bool?
        if method == "includes", case .number(let a) = element, case .number(let b) = argument(0), a.isNaN,
          b.isNaN
        {
          same = true
        } else {
          same = strictlyEqual(element, argument(0))
        }
        guard let same else { return nil }
        if same { return method == "includes" ? .bool(true) : .number(Double(index)) }
      }
      return method == "includes" ? .bool(false) : .number(-1)
    case "join", "toString":
      var separator = ","
      if method == "join", case .string(let text) = argument(0) { separator = text }
      guard case .success(let text) = string(of: .array(array), at: offset) else { return nil }
      if separator == "," { return .string(text) }
      var parts: [String] = []
      for element in elements {
        if isNullish(element) {
          parts.append("")
          continue
        }
        guard case .success(let part) = string(of: element, at: offset) else { return nil }
        parts.append(part)
      }
      let joined = parts.joined(separator: separator)
      guard make(joined.utf8.count) else { return .unknown(exhaustion(at: offset)) }
      return .string(joined)
    case "concat":
      var result = elements
      for value in arguments {
        if case .array(let other) = value {
          if let tainted = other.tainted { return .unknown(tainted) }
          result += other.elements
        } else {
          result.append(value)
        }
      }
      guard make(result.count) else { return .unknown(exhaustion(at: offset)) }
      return .array(JavaScriptArray(result))
    case "slice":
      guard let (start, end) = range(count: elements.count, argument(0), argument(1)) else { return nil }
      return .array(JavaScriptArray(start < end ? Array(elements[start..<end]) : []))
    case "at":
      guard let index = number(of: argument(0)), index.isFinite else { return nil }
      let integer = index.rounded(.towardZero)
      // Past the array either way (`at(1e300)`): undefined, before any conversion could trap.
      guard abs(integer) <= Double(elements.count) else { return .undefined }
      // Fits: |integer| is at most the array's count.
      let position = integer < 0 ? elements.count + Int(integer) : Int(integer)
      return position >= 0 && position < elements.count ? elements[position] : .undefined
    case "map":
      guard let results = each(array, argument(0), at: offset) else { return nil }
      guard make(results.count) else { return .unknown(exhaustion(at: offset)) }
      return .array(JavaScriptArray(results))
    case "filter", "find", "findIndex", "some", "every":
      guard let results = each(array, argument(0), at: offset) else { return nil }
      var kept: [JavaScriptValue] = []
      for (index, result) in results.enumerated() {
        guard let truth = result.truthiness else { return nil }
        switch method {
        case "find" where truth: return elements[index]
        case "findIndex" where truth: return .number(Double(index))
        case "some" where truth: return .bool(true)
        case "every" where !truth: return .bool(false)
        case "filter" where truth: kept.append(elements[index])
        default: break
        }
      }
      switch method {
      case "find": return .undefined
      case "findIndex": return .number(-1)
      case "some": return .bool(false)
      case "every": return .bool(true)
      default: return .array(JavaScriptArray(kept))
      }
    case "forEach":
      return each(array, argument(0), at: offset) == nil ? nil : .undefined
    case "flat", "flatMap":
      var items = elements
      if method == "flatMap" {
        guard let results = each(array, argument(0), at: offset) else { return nil }
        items = results
      } else if case .number(let depth) = argument(0), depth != 1 {
        return nil
      }
      var result: [JavaScriptValue] = []
      for item in items {
        if case .array(let inner) = item {
          if let tainted = inner.tainted { return .unknown(tainted) }
          result += inner.elements
        } else {
          result.append(item)
        }
      }
      guard make(result.count) else { return .unknown(exhaustion(at: offset)) }
      return .array(JavaScriptArray(result))
    case "reduce":
      guard arguments.count >= 1 else { return nil }
      var accumulator: JavaScriptValue
      var rest = ArraySlice(elements.enumerated().map { ($0.offset, $0.element) })
      if arguments.count > 1 {
        accumulator = arguments[1]
      } else {
        guard let first = rest.first else { return nil }
        accumulator = first.1
        rest = rest.dropFirst()
      }
      for (index, element) in rest {
        accumulator = invoke(
          arguments[0], [accumulator, element, .number(Double(index)), .array(array)], callee: nil, at: offset
        )
        if accumulator.unknown != nil { return accumulator }
      }
      return accumulator
    default:
      return nil
    }
  }

  /// `slice(start, end)`'s bounds over `count` items.
  func range(count: Int, _ start: JavaScriptValue, _ end: JavaScriptValue) -> (Int, Int)? {
    func bound(_ value: JavaScriptValue, _ fallback: Int) -> Int? {
      if case .undefined = value { return fallback }
      guard let number = number(of: value) else { return nil }
      if number.isNaN { return 0 }
      let integer = number.rounded(.towardZero)
      // Fits: clamped to -count…count first.
      if integer < 0 { return max(0, count + Int(max(integer, -Double(count)))) }
      return Int(min(integer, Double(count)))
    }
    guard let low = bound(start, 0), let high = bound(end, count) else { return nil }
    return (low, high)
  }

  func stringMethod(_ text: String, _ method: String, _ arguments: [JavaScriptValue], at offset: Int)
    -> JavaScriptValue?
  {
    let argument = { (index: Int) -> JavaScriptValue in
      index < arguments.count ? arguments[index] : .undefined
    }
    work(text.utf8.count)
    let units = Array(text.utf16)
    func fromUnits(_ slice: ArraySlice<UInt16>) -> JavaScriptValue {
      guard let value = String(validating: slice, as: UTF16.self) else {
        return .unknown(JavaScriptUnknown(offset: offset, reason: "half of a surrogate pair"))
      }
      return .string(value)
    }
    func stringArgument(_ index: Int) -> String? {
      if case .string(let value) = argument(index) { return value }
      return nil
    }
    switch method {
    case "includes", "startsWith", "endsWith", "indexOf":
      guard let needle = stringArgument(0), arguments.count == 1 else { return nil }
      let pattern = Array(needle.utf16)
      switch method {
      case "startsWith": return .bool(units.starts(with: pattern))
      case "endsWith": return .bool(units.reversed().starts(with: pattern.reversed()))
      default:
        let found = CommitlintIgnore.search(pattern, in: units, from: 0) ?? -1
        return method == "includes" ? .bool(found >= 0) : .number(Double(found))
      }
    case "toLowerCase":
      return .string(JavaScriptText.lowerCased(text.unicodeScalars))
    case "toUpperCase":
      return .string(JavaScriptText.upperCased(text.unicodeScalars))
    case "trim":
      return .string(JavaScriptText.trim(text))
    case "trimStart", "trimEnd":
      let scalars = Array(text.unicodeScalars)
      let isSpace = { (scalar: Unicode.Scalar) in
        JavaScriptLexer.isWhitespace(scalar) || JavaScriptLexer.isLineTerminator(scalar)
      }
      if method == "trimStart" {
        return .string(String(String.UnicodeScalarView(scalars.drop(while: isSpace))))
      }
      return .string(String(String.UnicodeScalarView(scalars.reversed().drop(while: isSpace).reversed())))
    case "split":
      guard let separator = stringArgument(0), !separator.isEmpty, arguments.count == 1 else { return nil }
      let pattern = Array(separator.utf16)
      var pieces: [JavaScriptValue] = []
      var start = 0
      while let found = CommitlintIgnore.search(pattern, in: units, from: start) {
        pieces.append(fromUnits(units[start..<found]))
        start = found + pattern.count
      }
      pieces.append(fromUnits(units[start...]))
      guard make(pieces.count) else { return .unknown(exhaustion(at: offset)) }
      return .array(JavaScriptArray(pieces))
    case "replace", "replaceAll":
      // A string pattern and a replacement without `$` patterns (which name parts of a match).
      guard let needle = stringArgument(0), let replacement = stringArgument(1), !replacement.contains("$")
      else {
        return nil
      }
      let pattern = Array(needle.utf16)
      let substitute = Array(replacement.utf16)
      guard !pattern.isEmpty || method == "replace" else { return nil }
      var result: [UInt16] = []
      var start = 0
      while start <= units.count, let found = CommitlintIgnore.search(pattern, in: units, from: start) {
        result += units[start..<found]
        result += substitute
        if pattern.isEmpty {
          // `replace("", x)` puts x before the first unit; `replaceAll` was refused above.
          start = found
          break
        }
        start = found + pattern.count
        if method == "replace" { break }
      }
      result += units[start...]
      guard make(result.count) else { return .unknown(exhaustion(at: offset)) }
      return fromUnits(result[...])
    case "slice", "substring":
      if method == "substring" {
        guard let a = number(of: argument(0)) else { return nil }
        let b: Double? = {
          if case .undefined = argument(1) {
            return Double(units.count)
          } else {
            return number(of: argument(1))
          }
        }()
        guard let b else { return nil }
        let clamp = { (x: Double) -> Int in
          // Fits: clamped to 0…count first.
          x.isNaN ? 0 : Int(min(max(x.rounded(.towardZero), 0), Double(units.count)))
        }
        let (low, high) = (min(clamp(a), clamp(b)), max(clamp(a), clamp(b)))
        return fromUnits(units[low..<high])
      }
      guard let (start, end) = range(count: units.count, argument(0), argument(1)) else { return nil }
      return fromUnits(start < end ? units[start..<end] : [])
    case "concat":
      var result = text
      for value in arguments {
        guard case .success(let part) = string(of: value, at: offset) else { return nil }
        result += part
      }
      return .string(result)
    case "repeat":
      guard case .number(let count) = argument(0), count >= 0, count == count.rounded(),
        make(Int(min(count, 1e9)) * max(units.count, 1))
      else { return nil }
      return .string(String(repeating: text, count: Int(count)))
    case "charAt", "at":
      guard let index = number(of: argument(0)) else { return nil }
      let integer = index.isNaN ? 0 : index.rounded(.towardZero)
      // Past the string either way (`charAt(Infinity)`): a position out of range, no conversion.
      // Fits: |integer| is at most the string's length.
      var position = abs(integer) <= Double(units.count) ? Int(integer) : units.count
      if method == "at", position < 0 { position += units.count }
      guard position >= 0, position < units.count else { return method == "at" ? .undefined : .string("") }
      return fromUnits(units[position...position])
    case "padStart", "padEnd":
      guard case .number(let length) = argument(0), length.isFinite else { return nil }
      let filler = stringArgument(1) ?? " "
      // A length past the budget is refused by `make` below; 1e9 keeps the conversion in range.
      let missing = Int(min(max(length, 0), 1e9)) - units.count
      guard missing > 0, !filler.isEmpty else { return .string(text) }
      guard make(missing) else { return .unknown(exhaustion(at: offset)) }
      var pad: [UInt16] = []
      let fill = Array(filler.utf16)
      while pad.count < missing { pad += fill }
      let padding = pad.prefix(missing)
      return fromUnits(
        method == "padStart" ? ArraySlice(Array(padding) + units) : ArraySlice(units + Array(padding)))
    case "toString":
      return .string(text)
    default:
      return nil
    }
  }
}

extension JavaScriptBuiltins {
  /// A `new RegExp(string)`'s source as a literal spells it (`/` escaped), so that it reads back
  /// through the same pattern parser.
  static func escapeSlashes(_ pattern: String) -> String {
    var out = ""
    var escaped = false
    var inClass = false
    for character in pattern {
      if escaped {
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else if character == "[" {
        inClass = true
      } else if character == "]" {
        inClass = false
      } else if character == "/" && !inClass {
        out += "\\"
      }
      out.append(character)
    }
    return out
  }
}
