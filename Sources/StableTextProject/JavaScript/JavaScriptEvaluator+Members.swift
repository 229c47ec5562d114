extension JavaScriptEvaluator {
  /// Members every object inherits: reading one is not reading data.
  static let objectPrototype: Set<String> = [
    "constructor", "hasOwnProperty", "isPrototypeOf", "propertyIsEnumerable", "toLocaleString", "toString",
    "valueOf",
    "__proto__", "__defineGetter__", "__defineSetter__", "__lookupGetter__", "__lookupSetter__",
  ]

  /// `base.name` (or `base[name]`).
  func member(_ base: JavaScriptValue, _ name: String, at offset: Int) -> JavaScriptValue {
    switch base {
    case .object(let object):
      if let tainted = object.tainted { return .unknown(tainted) }
      if let value = object[name] { return value }
      if Self.objectPrototype.contains(name) { return inherited(name, at: offset) }
      return .undefined
    case .array(let array):
      if let tainted = array.tainted { return .unknown(tainted) }
      if name == "length" { return .number(Double(array.elements.count)) }
      if let index = JavaScriptNumber.arrayIndex(name) {
        return Int(index) < array.elements.count ? array.elements[Int(index)] : .undefined
      }
      if JavaScriptBuiltins.arrayMethods.contains(name) { return .builtin(.method(base, name)) }
      if Self.objectPrototype.contains(name) || JavaScriptBuiltins.otherArrayMethods.contains(name) {
        return inherited(name, at: offset)
      }
      return .undefined
    case .string(let text):
      if name == "length" { return .number(Double(text.utf16.count)) }
      if let index = JavaScriptNumber.arrayIndex(name) {
        let units = Array(text.utf16)
        guard Int(index) < units.count else { return .undefined }
        guard let character = String(validating: [units[Int(index)]], as: UTF16.self) else {
          return .unknown(JavaScriptUnknown(offset: offset, reason: "half of a surrogate pair"))
        }
        return .string(character)
      }
      if JavaScriptBuiltins.stringMethods.contains(name) { return .builtin(.method(base, name)) }
      return inherited(name, at: offset)
    case .number, .bool:
      if name == "toString" { return .builtin(.method(base, name)) }
      return inherited(name, at: offset)
    case .undefined, .null:
      return .unknown(
        JavaScriptUnknown(
          offset: offset,
          reason:
            "a read of .\(name) of \(base.typeName == "undefined" ? "undefined" : "null") (a TypeError in Node)"
        ))
    case .function(let closure):
      if name == "name" { return .string(closure.function.name ?? "") }
      return inherited(name, at: offset)
    case .builtin(let builtin):
      return JavaScriptBuiltins.member(builtin, name, at: offset)
    case .regex(let pattern, let flags, _):
      switch name {
      case "test", "exec": return .builtin(.method(base, name))
      case "source": return .string(pattern)
      case "flags": return .string(String(flags.sorted()))
      case "global": return .bool(flags.contains("g"))
      case "ignoreCase": return .bool(flags.contains("i"))
      case "multiline": return .bool(flags.contains("m"))
      default: return inherited(name, at: offset)
      }
    case .module:
      return JavaScriptKnownModules.member(base, path: [name], at: offset)
    case .promise:
      return .unknown(
        JavaScriptUnknown(offset: offset, reason: "a member of a promise, which StableText does not follow"))
    case .unknown:
      return base
    }
  }

  func inherited(_ name: String, at offset: Int) -> JavaScriptValue {
    .unknown(JavaScriptUnknown(offset: offset, reason: ".\(name), which StableText does not follow"))
  }

  /// `base.name = value`.
  func setMember(_ base: JavaScriptValue, _ name: String, _ value: JavaScriptValue, at offset: Int) {
    switch base {
    case .object(let object):
      guard object.tainted == nil else { return }
      guard make(1) else {
        object.tainted = exhaustion(at: offset)
        return
      }
      if name == "__proto__" {
        object.tainted = JavaScriptUnknown(
          offset: offset, reason: "__proto__, which gives the object a prototype")
        return
      }
      object.set(name, value)
      object.positions[name] = offset
      if object === moduleObject || object === exportsObject { exportOffset = offset }
    case .array(let array):
      guard array.tainted == nil else { return }
      if let index = JavaScriptNumber.arrayIndex(name) {
        let position = Int(index)
        guard position < array.elements.count || make(position - array.elements.count + 1) else {
          array.tainted = exhaustion(at: offset)
          return
        }
        while array.elements.count <= position { array.elements.append(.undefined) }
        array.elements[position] = value
      } else if name == "length", case .number(let length) = value, length >= 0, length == length.rounded(),
        length <= Double(array.elements.count)
      {
        array.elements.removeLast(array.elements.count - Int(length))
      } else {
        array.tainted = JavaScriptUnknown(offset: offset, reason: "an array given a member .\(name)")
      }
    default:
      // A member of a primitive is dropped (or a TypeError); of something unknown, unknown.
      break
    }
  }

  // MARK: Calls

  /// `callee(arguments)`: a function of the file runs over the data, a built-in the evaluator
  /// knows runs, anything else is unknown and taints what it was given.
  func call(
    _ callee: JavaScriptExpression, _ arguments: [JavaScriptExpression.ArrayElement], optional: Bool,
    at offset: Int,
    in scope: JavaScriptScope
  ) -> JavaScriptValue? {
    let function: JavaScriptValue
    switch callee {
    case .member(let object, let name, let optionalMember, let at):
      guard let base = chain(object, in: scope) else { return nil }
      if optionalMember, isNullish(base) { return nil }
      function = member(base, name, at: at)
    case .index(let object, let key, let optionalMember, let at):
      guard let base = chain(object, in: scope) else { return nil }
      if optionalMember, isNullish(base) { return nil }
      switch propertyKey(evaluate(key, in: scope), at: key.offset) {
      case .success(let name): function = member(base, name, at: at)
      case .failure(let unknown): function = .unknown(unknown)
      }
    default:
      guard let value = chain(callee, in: scope) else { return nil }
      function = value
    }
    if optional, isNullish(function) { return nil }
    let values: [JavaScriptValue]
    switch spread(arguments, in: scope, at: offset) {
    case .success(let list): values = list
    case .failure(let unknown): return .unknown(unknown)
    }
    return invoke(function, values, callee: callee, at: offset)
  }

  /// Calls `function` with `arguments` (`callee` names it in notes).
  func invoke(
    _ function: JavaScriptValue, _ arguments: [JavaScriptValue], callee: JavaScriptExpression?, at offset: Int
  )
    -> JavaScriptValue
  {
    let name = callee.map(Self.describe) ?? "a function"
    switch function {
    case .function(let closure):
      return call(closure, arguments, at: offset)
    case .builtin(let builtin):
      return callBuiltin(builtin, arguments, name: name, at: offset)
    case .module(let module, let path, _):
      let reason = JavaScriptUnknown(
        offset: offset,
        reason:
          "\(name)(…), a call of \(path.isEmpty ? "the module" : path.joined(separator: ".")) from \(module), "
          + "which StableText does not run")
      for argument in arguments { taintDeep(argument, reason) }
      return .unknown(reason)
    case .unknown(let unknown):
      // What made the function unknown is the cause to name (a call of an import, a read of the
      // environment), at its own place.
      for argument in arguments { taintDeep(argument, unknown) }
      return .unknown(unknown)
    default:
      return .unknown(
        JavaScriptUnknown(offset: offset, reason: "\(name) is not a function (a TypeError in Node)"))
    }
  }

  /// `new callee(arguments)`: a regular expression from strings; anything else unknown.
  func construct(
    _ callee: JavaScriptExpression, _ arguments: [JavaScriptExpression.ArrayElement], at offset: Int,
    in scope: JavaScriptScope
  ) -> JavaScriptValue {
    let function = evaluate(callee, in: scope)
    let values: [JavaScriptValue]
    switch spread(arguments, in: scope, at: offset) {
    case .success(let list): values = list
    case .failure(let unknown): return .unknown(unknown)
    }
    if case .builtin(.named("RegExp")) = function {
      return callBuiltin(.named("RegExp"), values, name: "RegExp", at: offset)
    }
    let reason = JavaScriptUnknown(
      offset: offset, reason: "new \(Self.describe(callee))(…), an object StableText does not build")
    for value in values { taintDeep(value, reason) }
    return .unknown(reason)
  }

  /// Marks everything reachable from `value` as changed by code StableText does not run:
  /// objects and arrays tainted, functions' effects tainted as if they ran.
  func taintDeep(_ value: JavaScriptValue, _ reason: JavaScriptUnknown) {
    var visited = Set<ObjectIdentifier>()
    var pending = [value]
    while let next = pending.popLast() {
      switch next {
      case .object(let object):
        guard visited.insert(ObjectIdentifier(object)).inserted else { continue }
        if object.tainted == nil { pending += object.keys.compactMap { object[$0] } }
        object.tainted = object.tainted ?? reason
      case .array(let array):
        guard visited.insert(ObjectIdentifier(array)).inserted else { continue }
        if array.tainted == nil { pending += array.elements }
        array.tainted = array.tainted ?? reason
      case .function(let closure):
        guard visited.insert(ObjectIdentifier(closure)).inserted else { continue }
        var taint = JavaScriptTaint(evaluator: self, scope: closure.scope, reason: reason)
        taint.walk(closure.function)
      case .promise(let box):
        pending.append(box.value)
      case .builtin(.method(let receiver, _)):
        pending.append(receiver)
      default:
        continue
      }
    }
  }
}
