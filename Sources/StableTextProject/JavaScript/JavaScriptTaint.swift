/// Code StableText does not run (a branch on a condition it cannot decide, a loop, a `try`, the
/// body of a function handed to an unknown call), read for what it could change: each name it
/// assigns becomes unknown, each object it assigns into, deletes from, calls a method of or hands
/// to a call becomes tainted, and a function it calls is read the same way. Nothing is evaluated
/// but reads of names and members. `mayLeave` when it could return or throw.
struct JavaScriptTaint {
  let evaluator: JavaScriptEvaluator
  let scope: JavaScriptScope
  let reason: JavaScriptUnknown
  var mayLeave = false
  /// Functions of the file already read (a function that calls itself is read once).
  var visited = Set<ObjectIdentifier>()
  /// Nesting of functions being read: `return` in a nested function leaves only it.
  var functionDepth = 0

  init(evaluator: JavaScriptEvaluator, scope: JavaScriptScope, reason: JavaScriptUnknown) {
    self.evaluator = evaluator
    self.scope = scope
    self.reason = reason
  }

  /// Methods that leave their receiver as it was.
  static let pureMethods: Set<String> = [
    "includes", "indexOf", "lastIndexOf", "join", "concat", "slice", "map", "filter", "some", "every", "find",
    "findIndex", "findLast", "findLastIndex", "forEach", "flat", "flatMap", "reduce", "reduceRight", "at",
    "keys",
    "values", "entries", "startsWith", "endsWith", "toLowerCase", "toUpperCase", "trim", "trimStart",
    "trimEnd",
    "split", "replace", "replaceAll", "substring", "repeat", "charAt", "padStart", "padEnd", "toString",
    "test",
    "match", "matchAll", "search", "exec", "toSorted", "toReversed", "toSpliced", "with", "has", "get", "log",
    "warn",
    "error", "info", "debug",
  ]

  mutating func walk(_ function: JavaScriptFunction) {
    guard visited.insert(ObjectIdentifier(function)).inserted else { return }
    functionDepth += 1
    defer { functionDepth -= 1 }
    for parameter in function.parameters { walk(parameter) }
    switch function.body {
    case .expression(let expression): walk(expression)
    case .block(let statements): for statement in statements { walk(statement) }
    }
  }

  mutating func walk(_ pattern: JavaScriptPattern) {
    switch pattern {
    case .name: break
    case .object(let members, let rest, _):
      for (key, value) in members {
        if case .computed(let expression) = key { walk(expression) }
        walk(value)
      }
      if let rest { walk(rest) }
    case .array(let elements, let rest, _):
      for element in elements { if let element { walk(element) } }
      if let rest { walk(rest) }
    case .withDefault(let inner, let fallback, _):
      walk(inner)
      walk(fallback)
    case .target(let expression, _):
      changes(expression)
    }
  }

  mutating func walk(_ statement: JavaScriptStatement) {
    switch statement {
    case .variables(let kind, let declarators, _):
      for (pattern, value) in declarators {
        if let value { walk(value) }
        walk(pattern)
        // A `var` belongs to the function around: it may hold anything now.
        if kind == "var", functionDepth == 0 {
          for name in pattern.names { forget(name) }
        }
      }
    case .function, .class, .import, .empty, .exportNames, .exportAll:
      break
    case .expression(let expression, _):
      walk(expression)
    case .return(let value, _):
      if functionDepth == 0 { mayLeave = true }
      if let value { walk(value) }
    case .block(let statements, _):
      for statement in statements { walk(statement) }
    case .exportDefault(let expression, _), .exportAssignment(let expression, _):
      walk(expression)
    case .exportDeclaration(let inner, _):
      walk(inner)
    case .control(let kind, let expressions, let statements, _):
      if kind == "throw" && functionDepth == 0 { mayLeave = true }
      for expression in expressions { walk(expression) }
      for statement in statements { walk(statement) }
    }
  }

  mutating func walk(_ expression: JavaScriptExpression) {
    switch expression {
    case .identifier, .number, .bigint, .string, .boolean, .null, .this, .regex, .class, .meta,
      .privateMember:
      break
    case .template(_, let substitutions, _):
      for substitution in substitutions { walk(substitution) }
    case .taggedTemplate(let tag, _, let substitutions, _):
      walk(tag)
      for substitution in substitutions {
        walk(substitution)
        escapes(substitution)
      }
    case .array(let elements, _):
      for element in elements { walk(element) }
    case .object(let properties, _):
      for property in properties {
        switch property {
        case .value(let key, let value, _):
          if case .computed(let computed) = key { walk(computed) }
          walk(value)
        case .accessor(let key, _):
          if case .computed(let computed) = key { walk(computed) }
        case .spread(let value, _):
          walk(value)
        }
      }
    case .function(let function):
      // Made here, it may be called by what receives it: read as if it ran.
      walk(function)
    case .unary(let text, let operand, _):
      if text == "delete" { changes(operand) }
      walk(operand)
    case .update(_, let target, _):
      changes(target)
      walk(target)
    case .binary(_, let left, let right, _), .logical(_, let left, let right, _):
      walk(left)
      walk(right)
    case .conditional(let test, let yes, let no, _):
      walk(test)
      walk(yes)
      walk(no)
    case .assignment(_, let target, let value, _):
      if let pattern = JavaScriptEvaluator.pattern(of: target) {
        walk(pattern)
        for name in pattern.names { forget(name) }
      } else {
        changes(target)
      }
      walk(value)
    case .sequence(let expressions, _):
      for expression in expressions { walk(expression) }
    case .member(let object, _, _, _), .dynamicImport(let object, _), .await(let object, _),
      .spread(let object, _), .shorthandDefault(_, let object, _):
      walk(object)
    case .index(let object, let key, _, _):
      walk(object)
      walk(key)
    case .call(let callee, let arguments, _, _):
      walk(callee)
      if case .member(let receiver, let name, _, _) = callee, !Self.pureMethods.contains(name) {
        mutated(receiver)
      }
      if case .identifier(let name, _) = callee,
        case .function(let closure)? = scope.lookup(name)?.bindings[name]?.value
      {
        walk(closure.function)
      }
      for argument in arguments {
        walk(argument)
        if case .expression(let value) = argument { escapes(value) }
        if case .spread(let value, _) = argument { escapes(value) }
      }
    case .new(let callee, let arguments, _):
      walk(callee)
      for argument in arguments {
        walk(argument)
        if case .expression(let value) = argument { escapes(value) }
      }
    case .yield(let value, _):
      if let value { walk(value) }
    }
  }

  mutating func walk(_ element: JavaScriptExpression.ArrayElement) {
    switch element {
    case .expression(let value), .spread(let value, _): walk(value)
    case .hole: break
    }
  }

  /// The name `name` may hold anything after the region.
  func forget(_ name: String) {
    guard let owner = scope.lookup(name), owner.bindings[name]?.constant == false else { return }
    owner.bindings[name]?.value = .unknown(reason)
  }

  /// `target` (a name or a member) may be assigned or deleted: a name becomes unknown, a member
  /// with a known key becomes unknown in its object (the object's other members stay known), a
  /// member with a computed key taints its whole object.
  mutating func changes(_ target: JavaScriptExpression) {
    switch target {
    case .identifier(let name, _):
      forget(name)
    case .member(let object, let name, _, _):
      assign(unknownTo: name, of: object)
    case .index(let object, let key, _, _):
      if case .string(let name?, _) = key {
        assign(unknownTo: name, of: object)
      } else if case .number(let number, _) = key {
        assign(unknownTo: JavaScriptNumber.string(number), of: object)
      } else {
        mutated(object)
      }
    default:
      break
    }
  }

  /// `object[key]` may hold anything after the region.
  mutating func assign(unknownTo key: String, of object: JavaScriptExpression) {
    switch peek(object) {
    case .object(let base)?:
      if base.tainted == nil { base.set(key, .unknown(reason)) }
    case .array(let base)?:
      if let index = JavaScriptNumber.arrayIndex(key), Int(index) < base.elements.count {
        base.elements[Int(index)] = .unknown(reason)
      } else {
        base.tainted = base.tainted ?? reason
      }
    case nil:
      mutated(object)
    default:
      break
    }
  }

  /// `expression`'s value may be changed in place (a method called on it): tainted, or the name
  /// it is reached from when the path cannot be read.
  mutating func mutated(_ expression: JavaScriptExpression) {
    if let value = peek(expression) {
      evaluator.taintDeep(value, reason)
    } else if let root = Self.root(of: expression) {
      forget(root)
      if let value = peek(.identifier(root, at: expression.offset)) { evaluator.taintDeep(value, reason) }
    }
  }

  /// A value handed to code StableText does not run: whatever it reaches may change.
  mutating func escapes(_ expression: JavaScriptExpression) {
    switch expression {
    case .identifier, .member, .index:
      if let value = peek(expression) { evaluator.taintDeep(value, reason) }
    case .array(let elements, _):
      for element in elements {
        if case .expression(let value) = element { escapes(value) }
        if case .spread(let value, _) = element { escapes(value) }
      }
    case .object(let properties, _):
      for property in properties {
        if case .value(_, let value, _) = property { escapes(value) }
        if case .spread(let value, _) = property { escapes(value) }
      }
    default:
      break
    }
  }

  /// The value a name or a member path holds now, read without running anything (nil when the
  /// path goes through a call).
  func peek(_ expression: JavaScriptExpression) -> JavaScriptValue? {
    switch expression {
    case .identifier(let name, let at):
      guard let owner = scope.lookup(name) else {
        if name == "module" || name == "exports" { return evaluator.global(name, at: at) }
        return nil
      }
      return owner.bindings[name]?.value
    case .member(let object, let name, _, let at):
      return peek(object).map { evaluator.member($0, name, at: at) }
    case .index(let object, .string(let key?, _), _, let at):
      return peek(object).map { evaluator.member($0, key, at: at) }
    default:
      return nil
    }
  }

  /// The name a member path starts from (`config` in `config.rules[x]`).
  static func root(of expression: JavaScriptExpression) -> String? {
    switch expression {
    case .identifier(let name, _): name
    case .member(let object, _, _, _), .index(let object, _, _, _), .call(let object, _, _, _):
      root(of: object)
    default: nil
    }
  }
}
