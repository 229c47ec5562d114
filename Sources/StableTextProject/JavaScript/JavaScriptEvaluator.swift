/// Runs a module's top level over data, as Node would run it, without running anything else: the
/// statements in order, each binding's value computed when its declaration runs (so reading one
/// before is unknown, as it is an error in Node), objects shared by reference (so a later
/// `config.rules.x = …` is seen), functions written in the file called when their body is data.
/// What needs code StableText does not run (a call of an imported function, a read of a file or
/// of the environment, an import of another module, a class) is `unknown`, with its position and
/// why, and whatever such code could change is tainted, so no value is ever guessed. Unknown values
/// cost nothing until the configuration uses them (CommitlintScript names those it does).
/// Bounded: `steps` evaluations and `room` values made, past which everything is unknown.
final class JavaScriptEvaluator {
  let source: JavaScriptSource
  let statements: [JavaScriptStatement]
  let moduleScope = JavaScriptScope(parent: nil, isFunction: true)
  /// CommonJS's `module` (its `exports` member is what the module exports) and the first
  /// `exports` object.
  let moduleObject = JavaScriptObject()
  let exportsObject = JavaScriptObject()
  /// ES module exports: `default`, and the names exported with the bindings they read.
  var defaultExport: JavaScriptValue?
  var namedExports: [(exported: String, value: () -> JavaScriptValue)] = []
  /// CommonJS's names read while running (`require`, `module`, `exports`, `__dirname`,
  /// `__filename`): the first and where, for the module format's warning.
  var commonJSUse: (offset: Int, name: String)?
  /// Where the export was last set (`module.exports =`, `export default`): a note about the whole
  /// configuration points there.
  var exportOffset = 0
  /// Evaluations left.
  var steps: Int
  /// Values (array elements, properties, string scalars) that may still be made.
  var room: Int
  /// What the statement being run must leave of `steps` and `room` (half of what was left when
  /// it started).
  var stepFloor = 0
  var roomFloor = 0
  /// Values refused for want of room: a statement that met one did part of its work.
  var refusals = 0
  var callDepth = 0
  static let maximumCallDepth = 64

  init(source: JavaScriptSource, statements: [JavaScriptStatement]) {
    self.source = source
    self.statements = statements
    steps = 200_000 + 16 * source.scalars.count
    room = 1_000_000 + 8 * source.scalars.count
    moduleObject.set("exports", .object(exportsObject))
  }

  /// Runs the module.
  func run() {
    hoist(statements, into: moduleScope, top: true)
    // A region the top level does not follow may throw (Node would then fail) or not: what
    // comes after it is what commitlint gets when it does not, and runs on.
    for statement in statements {
      // Each statement may spend half of what is left, so that one that runs away leaves the
      // ones after it (the export, usually) something to run with.
      stepFloor = max(steps, 0) / 2
      roomFloor = room / 2
      _ = execute(statement, in: moduleScope)
    }
    stepFloor = 0
    roomFloor = 0
  }

  /// Whether the budget is spent: evaluation stops and gives unknown.
  var exhausted: Bool { steps <= stepFloor }

  func exhaustion(at offset: Int) -> JavaScriptUnknown {
    JavaScriptUnknown(
      offset: offset,
      reason: steps <= stepFloor
        ? "more work than a configuration's data needs (StableText stops there)"
        : "more values than a configuration's data holds (StableText stops there)")
  }

  /// Spends steps for work over `units` items at once (a string compared, an array searched):
  /// one step per 16, so that a loop over long values runs out as one over many values does.
  func work(_ units: Int) {
    steps -= units >> 4
  }

  /// Takes `count` from the room for values: false (and nothing taken) when there is not that
  /// much left for the statement being run.
  func make(_ count: Int) -> Bool {
    guard count < room - roomFloor else {
      refusals += 1
      return false
    }
    room -= count
    return true
  }

  // MARK: Declarations

  /// Declares what `statements` declare in `scope` before they run: functions (with their
  /// values), `var` names (undefined), `let`/`const`/`class` names (not yet readable), imports
  /// (at the top).
  func hoist(_ statements: [JavaScriptStatement], into scope: JavaScriptScope, top: Bool = false) {
    for statement in statements {
      switch statement {
      case .variables(let kind, let declarators, _):
        for name in declarators.flatMap(\.pattern.names) {
          if kind == "var" {
            let target = scope.functionScope
            if target.bindings[name] == nil {
              target.bindings[name] = .init(value: .undefined, constant: false)
            }
          } else {
            scope.bindings[name] = .init(value: nil, constant: kind == "const" || kind == "using")
          }
        }
      case .function(let function):
        if let name = function.name {
          scope.bindings[name] = .init(value: .function(JavaScriptClosure(function, scope)), constant: false)
        }
      case .class(let name?, _):
        scope.bindings[name] = .init(value: nil, constant: false)
      case .import(let declaration) where top:
        bind(declaration, in: scope)
      case .exportDeclaration(let inner, _):
        hoist([inner], into: scope, top: top)
      case .exportDefault(.function(let function), _) where function.name != nil:
        scope.bindings[function.name!] = .init(
          value: .function(JavaScriptClosure(function, scope)), constant: false)
      case .control, .block:
        hoistVar(statement, into: scope.functionScope)
      default:
        break
      }
    }
  }

  /// `var` declarations nested in blocks and control statements belong to the function.
  func hoistVar(_ statement: JavaScriptStatement, into scope: JavaScriptScope) {
    switch statement {
    case .variables("var", let declarators, _):
      for name in declarators.flatMap(\.pattern.names) where scope.bindings[name] == nil {
        scope.bindings[name] = .init(value: .undefined, constant: false)
      }
    case .block(let inner, _), .control(_, _, let inner, _):
      for statement in inner { hoistVar(statement, into: scope) }
    default:
      break
    }
  }

  /// The bindings an `import` makes.
  func bind(_ declaration: JavaScriptImport, in scope: JavaScriptScope) {
    let at = declaration.offset
    if let name = declaration.defaultName {
      // `import x = require("m")` is the whole module; `import x from "m"` its default export.
      let path = declaration.isRequire ? [] : ["default"]
      scope.bindings[name] = .init(value: importValue(declaration.module, path: path, at: at), constant: true)
    }
    if let name = declaration.namespaceName {
      scope.bindings[name] = .init(value: importValue(declaration.module, path: [], at: at), constant: true)
    }
    for (imported, local) in declaration.names {
      scope.bindings[local] = .init(
        value: importValue(declaration.module, path: [imported], at: at), constant: true)
    }
  }

  /// What importing `module` gives: a package's exports (read where StableText knows them), or
  /// unknown for a file of the repository (which StableText does not open).
  func importValue(_ module: String, path: [String], at offset: Int) -> JavaScriptValue {
    if module.hasPrefix(".") || module.hasPrefix("/") || module.hasPrefix("file:") {
      return .unknown(
        JavaScriptUnknown(
          offset: offset, reason: "an import of another file (\(module)), which StableText does not read"))
    }
    return JavaScriptKnownModules.member(.module(module, path: [], at: offset), path: path, at: offset)
  }

  // MARK: Statements

  /// How statements ended.
  enum Completion {
    case normal
    case `return`(JavaScriptValue)
    case `break`
    case `continue`
    /// Control went where StableText cannot follow (an unknown condition around a `return`, a
    /// `throw`): a function's result is unknown.
    case unknown(JavaScriptUnknown)
  }

  func execute(_ statements: [JavaScriptStatement], in scope: JavaScriptScope) -> Completion {
    for statement in statements {
      let completion = execute(statement, in: scope)
      if case .normal = completion { continue }
      return completion
    }
    return .normal
  }

  func execute(_ statement: JavaScriptStatement, in scope: JavaScriptScope) -> Completion {
    steps -= 1
    if exhausted {
      let reason = exhaustion(at: statement.offset)
      taint(statement, reason, in: scope)
      return .unknown(reason)
    }
    let refused = refusals
    let completion = run(statement, in: scope)
    // A statement cut short (the budget ran out, control went where StableText does not follow)
    // may have done part of what it does: whatever it could change is tainted.
    if exhausted || refusals > refused {
      taint(statement, exhaustion(at: statement.offset), in: scope)
    } else if case .unknown(let reason) = completion {
      taint(statement, reason, in: scope)
    }
    return completion
  }

  /// Taints what `statement` could change, with `reason`.
  func taint(_ statement: JavaScriptStatement, _ reason: JavaScriptUnknown, in scope: JavaScriptScope) {
    var taint = JavaScriptTaint(evaluator: self, scope: scope, reason: reason)
    taint.walk(statement)
  }

  private func run(_ statement: JavaScriptStatement, in scope: JavaScriptScope) -> Completion {
    switch statement {
    case .variables(let kind, let declarators, _):
      for (pattern, value) in declarators {
        // `var x;` without a value leaves x as it was.
        if value == nil && kind == "var" { continue }
        let result = value.map { evaluate($0, in: scope) } ?? .undefined
        bind(pattern, to: result, in: scope, declaring: kind)
      }
      return .normal
    case .function, .import, .empty:
      return .normal
    case .class(let name, let at):
      if let name {
        scope.lookup(name)?.bindings[name]?.value = .unknown(
          JavaScriptUnknown(offset: at, reason: "a class, which StableText does not run"))
      }
      return .normal
    case .expression(let expression, _):
      _ = evaluate(expression, in: scope)
      return .normal
    case .return(let value, _):
      return .return(value.map { evaluate($0, in: scope) } ?? .undefined)
    case .block(let inner, _):
      let block = JavaScriptScope(parent: scope, isFunction: false)
      hoist(inner, into: block)
      return execute(inner, in: block)
    case .exportDefault(let expression, let at):
      defaultExport = evaluate(expression, in: scope)
      exportOffset = at
      return .normal
    case .exportDeclaration(let inner, _):
      let completion = execute(inner, in: scope)
      let names: [String]
      switch inner {
      case .variables(_, let declarators, _): names = declarators.flatMap(\.pattern.names)
      case .function(let function): names = function.name.map { [$0] } ?? []
      case .class(let name, _): names = name.map { [$0] } ?? []
      default: names = []
      }
      for name in names {
        namedExports.append((name, { [scope] in scope.lookup(name)?.bindings[name]?.value ?? .undefined }))
      }
      return completion
    case .exportNames(let names, let module, let at):
      for (local, exported) in names {
        if let module {
          let value = importValue(module, path: [local], at: at)
          namedExports.append((exported, { value }))
        } else {
          namedExports.append(
            (exported, { [scope] in scope.lookup(local)?.bindings[local]?.value ?? .undefined }))
        }
      }
      return .normal
    case .exportAll(let module, let name, let at):
      let value = importValue(module, path: [], at: at)
      if let name {
        namedExports.append((name, { value }))
      } else {
        namedExports.append(
          ("*", { .unknown(JavaScriptUnknown(offset: at, reason: "names re-exported from \(module)")) }))
      }
      return .normal
    case .exportAssignment(let expression, let at):
      moduleObject.set("exports", evaluate(expression, in: scope))
      exportOffset = at
      return .normal
    case .control(let kind, let expressions, let statements, let at):
      return control(kind, expressions, statements, at: at, in: scope)
    }
  }

  /// `if`, loops, `try`, `throw`, `switch`… : an `if` with a known condition and a `for … of`
  /// over a known array run; anything else is a region StableText does not follow, and whatever
  /// it could change is tainted.
  func control(
    _ kind: String, _ expressions: [JavaScriptExpression], _ statements: [JavaScriptStatement],
    at offset: Int,
    in scope: JavaScriptScope
  ) -> Completion {
    switch kind {
    case "if":
      let test = evaluate(expressions[0], in: scope)
      if let truth = test.truthiness {
        if truth { return execute(statements[0], in: scope) }
        return statements.count > 1 ? execute(statements[1], in: scope) : .normal
      }
      return unfollowed(
        expressions: [], statements: statements,
        reason: test.unknown
          ?? JavaScriptUnknown(offset: offset, reason: "a condition StableText cannot decide"),
        in: scope)
    case "for-of":
      // `for (const x of array) …` over a known array.
      guard statements.count == 2, case .variables(let declarationKind, let declarators, _) = statements[0],
        declarators.count == 1
      else { break }
      let iterable = evaluate(expressions[0], in: scope)
      guard case .array(let array) = iterable, array.tainted == nil else {
        return unfollowed(
          expressions: expressions, statements: statements,
          reason: iterable.unknown
            ?? JavaScriptUnknown(offset: offset, reason: "a loop StableText does not run"),
          in: scope)
      }
      for element in array.elements {
        let body = JavaScriptScope(parent: scope, isFunction: false)
        bind(
          declarators[0].pattern, to: element, in: body, declaring: declarationKind == "var" ? "var" : "let")
        hoist([statements[1]], into: body)
        switch execute(statements[1], in: body) {
        case .normal, .continue: continue
        case .break: return .normal
        case let other: return other
        }
      }
      return .normal
    case "throw":
      let value = evaluate(expressions[0], in: scope)
      return .unknown(value.unknown ?? JavaScriptUnknown(offset: offset, reason: "a throw"))
    default:
      break
    }
    return unfollowed(
      expressions: expressions, statements: statements,
      reason: JavaScriptUnknown(offset: offset, reason: "\(Self.article(kind)) StableText does not follow"),
      in: scope)
  }

  static func article(_ kind: String) -> String {
    switch kind {
    case "for", "for-of", "for-in", "while", "do": "a loop"
    case "try": "a try statement"
    case "switch": "a switch statement"
    case "break", "continue": "a \(kind) outside a loop StableText runs"
    default: kind.hasPrefix("label") ? "a labelled statement" : "a '\(kind)' statement"
    }
  }

  /// A region StableText does not run: what it could assign or change is tainted with `reason`,
  /// and when it could return or throw, the function's result is unknown.
  func unfollowed(
    expressions: [JavaScriptExpression], statements: [JavaScriptStatement], reason: JavaScriptUnknown,
    in scope: JavaScriptScope
  ) -> Completion {
    var taint = JavaScriptTaint(evaluator: self, scope: scope, reason: reason)
    for expression in expressions { taint.walk(expression) }
    for statement in statements { taint.walk(statement) }
    return taint.mayLeave ? .unknown(reason) : .normal
  }

  // MARK: Bindings

  /// Binds `pattern` to `value` in `scope` (`declaring` the kind of declaration; nil for an
  /// assignment to existing bindings).
  func bind(
    _ pattern: JavaScriptPattern, to value: JavaScriptValue, in scope: JavaScriptScope,
    declaring kind: String?
  ) {
    switch pattern {
    case .name(let name, _):
      if let kind {
        let target = kind == "var" ? scope.functionScope : scope
        target.bindings[name] = .init(value: value, constant: kind == "const" || kind == "using")
      } else {
        assign(name, value, in: scope, at: pattern.offset)
      }
    case .withDefault(let inner, let fallback, _):
      if case .undefined = value {
        bind(inner, to: evaluate(fallback, in: scope), in: scope, declaring: kind)
      } else {
        bind(inner, to: value, in: scope, declaring: kind)
      }
    case .object(let members, let rest, let at):
      var used: Set<String> = []
      for (key, inner) in members {
        let name: String
        switch key {
        case .name(let text): name = text
        case .computed(let expression):
          switch propertyKey(evaluate(expression, in: scope), at: at) {
          case .success(let text): name = text
          case .failure(let unknown):
            bind(inner, to: .unknown(unknown), in: scope, declaring: kind)
            continue
          }
        }
        used.insert(name)
        bind(inner, to: member(value, name, at: at), in: scope, declaring: kind)
      }
      if let rest {
        bind(rest, to: restObject(value, without: used, at: at), in: scope, declaring: kind)
      }
    case .array(let elements, let rest, let at):
      let items = iterate(value, at: at)
      for (index, element) in elements.enumerated() {
        guard let element else { continue }
        switch items {
        case .success(let list):
          bind(element, to: index < list.count ? list[index] : .undefined, in: scope, declaring: kind)
        case .failure(let unknown): bind(element, to: .unknown(unknown), in: scope, declaring: kind)
        }
      }
      if let rest {
        switch items {
        case .success(let list):
          bind(
            rest, to: .array(JavaScriptArray(Array(list.dropFirst(elements.count)))), in: scope,
            declaring: kind)
        case .failure(let unknown): bind(rest, to: .unknown(unknown), in: scope, declaring: kind)
        }
      }
    case .target(let expression, _):
      assign(to: expression, value, in: scope)
    }
  }

  /// `{ a, ...rest } = value`: the rest.
  func restObject(_ value: JavaScriptValue, without used: Set<String>, at offset: Int) -> JavaScriptValue {
    let copy = JavaScriptObject()
    switch value {
    case .object(let object):
      if let tainted = object.tainted { return .unknown(tainted) }
      guard make(object.count) else { return .unknown(exhaustion(at: offset)) }
      for key in object.keys where !used.contains(key) { copy.set(key, object[key]!) }
    case .unknown:
      return value
    default:
      return .unknown(
        JavaScriptUnknown(offset: offset, reason: "a rest pattern over something not an object"))
    }
    return .object(copy)
  }

  /// `name = value` for an existing binding (or the global object's, which configurations never
  /// rely on: unknown).
  func assign(_ name: String, _ value: JavaScriptValue, in scope: JavaScriptScope, at offset: Int) {
    guard let owner = scope.lookup(name) else { return }
    guard owner.bindings[name]?.constant == false else {
      // Assigning a constant throws a TypeError in Node: what the binding holds is no longer
      // what the file runs with.
      owner.bindings[name]?.value = .unknown(
        JavaScriptUnknown(
          offset: offset, reason: "an assignment to the constant \(name) (a TypeError in Node)"))
      return
    }
    owner.bindings[name]?.value = value
  }

  /// Reads the binding `name`.
  func lookup(_ name: String, in scope: JavaScriptScope, at offset: Int) -> JavaScriptValue {
    if let owner = scope.lookup(name) {
      guard let value = owner.bindings[name]?.value else {
        return .unknown(
          JavaScriptUnknown(
            offset: offset, reason: "\(name) is read before its declaration runs (a ReferenceError in Node)"))
      }
      return value
    }
    return global(name, at: offset)
  }

  /// A name no scope of the file binds.
  func global(_ name: String, at offset: Int) -> JavaScriptValue {
    switch name {
    case "undefined": return .undefined
    case "NaN": return .number(.nan)
    case "Infinity": return .number(.infinity)
    case "module", "exports", "require", "__dirname", "__filename":
      if commonJSUse == nil { commonJSUse = (offset, name) }
      switch name {
      case "module": return .object(moduleObject)
      case "exports": return .object(exportsObject)
      case "require": return .builtin(.named("require"))
      default:
        return .unknown(
          JavaScriptUnknown(offset: offset, reason: "\(name), the file's own path on the machine"))
      }
    case "Object", "JSON", "Array", "String", "Number", "Boolean", "RegExp", "Math", "console", "Symbol",
      "Set", "Map",
      "Promise", "process", "globalThis", "Date", "Error", "parseInt", "parseFloat", "isNaN":
      return .builtin(.named(name))
    default:
      return .unknown(JavaScriptUnknown(offset: offset, reason: "\(name), which the file does not define"))
    }
  }

  // MARK: Calls

  /// Calls a function written in the file with `arguments`: its body runs over the data, and
  /// its result is unknown when the body leaves what StableText follows.
  func call(_ closure: JavaScriptClosure, _ arguments: [JavaScriptValue], at offset: Int) -> JavaScriptValue {
    let function = closure.function
    if function.isGenerator {
      return .unknown(
        JavaScriptUnknown(offset: offset, reason: "a generator function, which StableText does not run"))
    }
    guard callDepth < Self.maximumCallDepth else {
      return .unknown(
        JavaScriptUnknown(offset: offset, reason: "calls nested over \(Self.maximumCallDepth) deep"))
    }
    callDepth += 1
    defer { callDepth -= 1 }
    let scope = JavaScriptScope(parent: closure.scope, isFunction: true)
    for (index, parameter) in function.parameters.enumerated() {
      bind(
        parameter, to: index < arguments.count ? arguments[index] : .undefined, in: scope, declaring: "let")
    }
    if let rest = function.rest {
      bind(
        rest, to: .array(JavaScriptArray(Array(arguments.dropFirst(function.parameters.count)))), in: scope,
        declaring: "let")
    }
    var result: JavaScriptValue
    switch function.body {
    case .expression(let expression):
      result = evaluate(expression, in: scope)
    case .block(let statements):
      hoist(statements, into: scope)
      switch execute(statements, in: scope) {
      case .normal: result = .undefined
      case .return(let value): result = value
      case .break, .continue:
        result = .unknown(JavaScriptUnknown(offset: offset, reason: "a break outside a loop StableText runs"))
      case .unknown(let unknown):
        result = .unknown(unknown)
        // Cut short: what the rest of the body would do is unknown.
        var taint = JavaScriptTaint(evaluator: self, scope: scope, reason: unknown)
        taint.walk(function)
      }
    }
    if function.isAsync, result.unknown == nil {
      if case .promise = result {} else { result = .promise(JavaScriptBox(result)) }
    }
    return result
  }
}
