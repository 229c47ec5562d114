import StableTextConventions
import StableTextCore

/// An `ignores` function read as a predicate over the message (CommitlintIgnore), in the shapes
/// teams write: `(m) => m.includes(S)`, `startsWith`, `endsWith`, `===`, `indexOf(S) !== -1`, a
/// regular expression's `test` (`match`, `exec`, `search`), `toLowerCase()`, `toUpperCase()`,
/// `trim()` and `split(S)[0]` of the message, `!`, `&&`, `||`, `?:`, `[…].includes(m)`,
/// `[…].some((p) => …)` over a constant list; an arrow or a `function`, with an expression body or
/// a block of `const` bindings, `if (…) return …;` and a last `return`. Names from outside the
/// function are the file's data (evaluated). Anything else is refused with where and why, never
/// approximated.
struct JavaScriptPredicate {
  let evaluator: JavaScriptEvaluator

  /// A value while reading the function: a string computed from the message, a condition, a
  /// number computed from the message (`indexOf`, `search`), or data known now.
  enum Term {
    case text(CommitlintIgnore.Text)
    case condition(CommitlintIgnore)
    /// `text.indexOf(needle)` (`regex` nil) or `text.search(regex)`.
    case position(CommitlintIgnore.Text, needle: CommitlintIgnore.Text?, regex: JavaScriptRegex?)
    case value(JavaScriptValue)
  }

  typealias Reading = Result<Term, JavaScriptUnknown>

  /// The predicate `closure` computes (nil parameter name: the function takes none).
  func read(_ closure: JavaScriptClosure) -> Result<CommitlintIgnore, JavaScriptUnknown> {
    let function = closure.function
    if function.isGenerator {
      return .failure(JavaScriptUnknown(offset: function.offset, reason: "a generator function"))
    }
    if function.isAsync {
      // An async function returns a promise, which is true: commitlint ignores every message.
      return .success(.constant(true))
    }
    var names: [String: Term] = [:]
    if let first = function.parameters.first {
      guard case .name(let name, _) = first else {
        return .failure(
          JavaScriptUnknown(offset: first.offset, reason: "a parameter that is not a plain name"))
      }
      names[name] = .text(.message)
    }
    // Further parameters are undefined: commitlint passes the message alone.
    for parameter in function.parameters.dropFirst() {
      guard case .name(let name, _) = parameter else {
        return .failure(
          JavaScriptUnknown(offset: parameter.offset, reason: "a parameter that is not a plain name"))
      }
      names[name] = .value(.undefined)
    }
    let result: Reading
    switch function.body {
    case .expression(let expression):
      result = read(expression, names, closure.scope)
    case .block(let statements):
      result = read(statements[...], names, closure.scope, at: function.offset)
    }
    return result.flatMap { condition($0, at: function.offset) }
  }

  /// A block: `const` bindings, `if (test) return value;`, and a last `return value;`.
  func read(
    _ statements: ArraySlice<JavaScriptStatement>, _ names: [String: Term], _ scope: JavaScriptScope,
    at offset: Int
  ) -> Reading {
    guard let first = statements.first else {
      // Falling off the end returns undefined: false.
      return .success(.value(.undefined))
    }
    let rest = statements.dropFirst()
    switch first {
    case .return(let value, _):
      guard let value else { return .success(.value(.undefined)) }
      return read(value, names, scope)
    case .variables(let kind, let declarators, let at):
      guard kind == "const" || kind == "let" else {
        return .failure(JavaScriptUnknown(offset: at, reason: "a var declaration in an ignores function"))
      }
      var inner = names
      for (pattern, value) in declarators {
        guard case .name(let name, _) = pattern, let value else {
          return .failure(
            JavaScriptUnknown(offset: at, reason: "a destructuring declaration in an ignores function"))
        }
        switch read(value, inner, scope) {
        case .success(let term): inner[name] = term
        case .failure(let unknown): return .failure(unknown)
        }
      }
      if kind == "let", rest.contains(where: { Self.assigns($0, declarators.flatMap(\.pattern.names)) }) {
        return .failure(JavaScriptUnknown(offset: at, reason: "a variable changed in an ignores function"))
      }
      return read(rest, inner, scope, at: offset)
    case .control("if", let expressions, let branches, let at):
      guard branches.count == 1 || branches.count == 2 else {
        return .failure(JavaScriptUnknown(offset: at, reason: "an if statement StableText does not read"))
      }
      let test = read(expressions[0], names, scope).flatMap { condition($0, at: at) }
      let yes = read(Self.statements(branches[0]), names, scope, at: at, fallthrough: rest)
      let no =
        branches.count == 2
        ? read(Self.statements(branches[1]), names, scope, at: at, fallthrough: rest)
        : read(rest, names, scope, at: offset)
      switch (test, yes, no) {
      case (.success(let test), .success(let yes), .success(let no)):
        switch (condition(yes, at: at), condition(no, at: at)) {
        case (.success(let yes), .success(let no)):
          return .success(.condition(.any([.all([test, yes]), .all([.not(test), no])])))
        case (.failure(let unknown), _), (_, .failure(let unknown)):
          return .failure(unknown)
        }
      case (.failure(let unknown), _, _), (_, .failure(let unknown), _), (_, _, .failure(let unknown)):
        return .failure(unknown)
      }
    case .block(let inner, _):
      return read(ArraySlice(inner) + rest, names, scope, at: offset)
    case .empty:
      return read(rest, names, scope, at: offset)
    default:
      return .failure(
        JavaScriptUnknown(
          offset: first.offset, reason: "a statement StableText does not read in an ignores function"))
    }
  }

  /// A branch's statements followed, when it does not return, by what comes after the `if`.
  func read(
    _ branch: [JavaScriptStatement], _ names: [String: Term], _ scope: JavaScriptScope, at offset: Int,
    fallthrough rest: ArraySlice<JavaScriptStatement>
  ) -> Reading {
    let returns = branch.contains { if case .return = $0 { true } else { false } }
    return read(returns ? ArraySlice(branch) : ArraySlice(branch) + rest, names, scope, at: offset)
  }

  static func statements(_ statement: JavaScriptStatement) -> [JavaScriptStatement] {
    if case .block(let inner, _) = statement { return inner }
    return [statement]
  }

  /// Whether `statement` assigns one of `names`.
  static func assigns(_ statement: JavaScriptStatement, _ names: [String]) -> Bool {
    // Read conservatively: any assignment or update at all.
    switch statement {
    case .expression(.assignment, _), .expression(.update, _): true
    case .block(let inner, _), .control(_, _, let inner, _): inner.contains { assigns($0, names) }
    default: false
    }
  }

  /// A term as a truth value.
  func condition(_ term: Term, at offset: Int) -> Result<CommitlintIgnore, JavaScriptUnknown> {
    switch term {
    case .condition(let condition): return .success(condition)
    case .text(let text): return .success(.not(.equals(text, .literal(""))))
    case .value(let value):
      guard let truth = value.truthiness else {
        return .failure(
          value.unknown ?? JavaScriptUnknown(offset: offset, reason: "a value StableText does not know"))
      }
      return .success(.constant(truth))
    case .position:
      // A position is true unless it is 0: not what anyone means; refused.
      return .failure(JavaScriptUnknown(offset: offset, reason: "an index used as a truth value"))
    }
  }

  /// A term as a string (the message's or a constant).
  func text(_ term: Term, at offset: Int) -> Result<CommitlintIgnore.Text, JavaScriptUnknown> {
    switch term {
    case .text(let text): return .success(text)
    case .value(.string(let value)): return .success(.literal(value))
    case .value(.unknown(let unknown)): return .failure(unknown)
    default: return .failure(JavaScriptUnknown(offset: offset, reason: "a value that is not a string"))
    }
  }

  func regex(_ term: Term, shared: Bool, at offset: Int) -> Result<JavaScriptRegex, JavaScriptUnknown> {
    guard case .value(.regex(let pattern, let flags, let at)) = term else {
      if case .value(.unknown(let unknown)) = term { return .failure(unknown) }
      return .failure(JavaScriptUnknown(offset: offset, reason: "a value that is not a regular expression"))
    }
    do throws(JavaScriptRegex.Problem) {
      let regex = try JavaScriptRegex(pattern: pattern, flags: flags)
      if shared && regex.keepsState {
        return .failure(
          JavaScriptUnknown(
            offset: at,
            reason: "a /g or /y regular expression shared between calls (its lastIndex carries over)"))
      }
      return .success(regex)
    } catch {
      return .failure(JavaScriptUnknown(offset: at, reason: error.description))
    }
  }

  /// Reads an expression of the function's body.
  func read(_ expression: JavaScriptExpression, _ names: [String: Term], _ scope: JavaScriptScope) -> Reading
  {
    let at = expression.offset
    switch expression {
    case .identifier(let name, _):
      if let term = names[name] { return .success(term) }
      return .success(.value(evaluator.lookup(name, in: scope, at: at)))
    case .string, .number, .boolean, .null, .regex:
      return .success(.value(evaluator.evaluate(expression, in: scope)))
    case .template(let quasis, let substitutions, _):
      var parts: [String] = [quasis[0] ?? ""]
      for (index, substitution) in substitutions.enumerated() {
        guard case .success(.value(let value)) = read(substitution, names, scope),
          case .success(let part) = evaluator.string(of: value, at: substitution.offset)
        else {
          return .failure(
            JavaScriptUnknown(offset: substitution.offset, reason: "a template built from the message"))
        }
        parts.append(part)
        parts.append(quasis[index + 1] ?? "")
      }
      return .success(.value(.string(parts.joined())))
    case .unary("!", let operand, _):
      return read(operand, names, scope).flatMap { condition($0, at: at) }.map { .condition(.not($0)) }
    case .logical(let text, let left, let right, _) where text == "&&" || text == "||":
      let first = read(left, names, scope).flatMap { condition($0, at: at) }
      let second = read(right, names, scope).flatMap { condition($0, at: at) }
      switch (first, second) {
      case (.success(let a), .success(let b)):
        return .success(.condition(text == "&&" ? .all([a, b]) : .any([a, b])))
      case (.failure(let unknown), _), (_, .failure(let unknown)): return .failure(unknown)
      }
    case .conditional(let test, let yes, let no, _):
      let parts = [test, yes, no].map { read($0, names, scope).flatMap { condition($0, at: at) } }
      switch (parts[0], parts[1], parts[2]) {
      case (.success(let test), .success(let yes), .success(let no)):
        return .success(.condition(.any([.all([test, yes]), .all([.not(test), no])])))
      case (.failure(let unknown), _, _), (_, .failure(let unknown), _), (_, _, .failure(let unknown)):
        return .failure(unknown)
      }
    case .binary(let text, let left, let right, _) where ["===", "!==", "==", "!="].contains(text):
      return comparison(text, left, right, names, scope, at: at)
    case .binary(let text, let left, let right, _) where ["<", ">", "<=", ">="].contains(text):
      return ordering(text, left, right, names, scope, at: at)
    case .member(let object, "length", _, _):
      return read(object, names, scope).flatMap { term in
        if case .value(let value) = term {
          return .success(.value(evaluator.member(value, "length", at: at)))
        }
        return .failure(JavaScriptUnknown(offset: at, reason: "the message's length"))
      }
    case .index(
      .call(.member(let object, "split", false, _), let arguments, false, _), .number(0, _), false, _):
      guard arguments.count == 1, case .expression(let separatorExpression) = arguments[0] else { break }
      let target = read(object, names, scope).flatMap { text($0, at: at) }
      let separator = read(separatorExpression, names, scope)
      guard case .success(let target) = target, case .success(.value(.string(let separator))) = separator,
        !separator.isEmpty
      else { break }
      if case .literal = target { break }
      return .success(.text(.beforeFirst(target, separator: separator)))
    case .call(let callee, let arguments, false, _):
      return call(callee, arguments, names, scope, at: at)
    case .new:
      return .success(.value(evaluator.evaluate(expression, in: scope)))
    default:
      break
    }
    // Anything that does not involve the message is data, evaluated as the file's other data is.
    if !Self.mentions(expression, names.keys) {
      return .success(.value(evaluator.evaluate(expression, in: scope)))
    }
    return .failure(
      JavaScriptUnknown(offset: at, reason: "an expression StableText does not read in an ignores function"))
  }

  /// Whether `expression` reads one of `names` (the function's parameters and locals).
  static func mentions(_ expression: JavaScriptExpression, _ names: Dictionary<String, Term>.Keys) -> Bool {
    var found = false
    var taint = NameFinder(names: Set(names))
    taint.walk(expression)
    found = taint.found
    return found
  }

  func comparison(
    _ symbol: String, _ left: JavaScriptExpression, _ right: JavaScriptExpression, _ names: [String: Term],
    _ scope: JavaScriptScope, at offset: Int
  ) -> Reading {
    let negated = symbol.hasPrefix("!")
    let strict = symbol.count == 3
    switch (read(left, names, scope), read(right, names, scope)) {
    case (.failure(let unknown), _), (_, .failure(let unknown)):
      return .failure(unknown)
    case (.success(.position(let haystack, let needle, let regex)), .success(.value(.number(let number)))),
      (.success(.value(.number(let number))), .success(.position(let haystack, let needle, let regex))):
      // `indexOf(x) !== -1` and the like; `=== 0` is startsWith.
      let found: CommitlintIgnore =
        if let needle { .includes(haystack, needle) } else { .matches(regex!, haystack) }
      if number == -1 { return .success(.condition(negated ? found : .not(found))) }
      if number == 0, let needle {
        return .success(
          .condition(negated ? .not(.startsWith(haystack, needle)) : .startsWith(haystack, needle)))
      }
      return .failure(
        JavaScriptUnknown(
          offset: offset, reason: "a position compared with \(JavaScriptNumber.string(number))"))
    case (.success(let a), .success(let b)):
      if case .value(.unknown(let unknown)) = a { return .failure(unknown) }
      if case .value(.unknown(let unknown)) = b { return .failure(unknown) }
      if case .value(let first) = a, case .value(let second) = b {
        let same = strict ? evaluator.strictlyEqual(first, second) : evaluator.looselyEqual(first, second)
        guard let same else {
          return .failure(JavaScriptUnknown(offset: offset, reason: "a comparison StableText cannot decide"))
        }
        return .success(.value(.bool(negated ? !same : same)))
      }
      guard case .success(let first) = text(a, at: offset), case .success(let second) = text(b, at: offset)
      else {
        // The message against a known value that is not a string: never `===`.
        if strict, case .value(let value) = isText(a) ? b : a, isText(a) || isText(b),
          let type = value.typeName,
          type != "string"
        {
          return .success(.condition(.constant(negated)))
        }
        return .failure(JavaScriptUnknown(offset: offset, reason: "a comparison StableText does not read"))
      }
      let equal = CommitlintIgnore.equals(first, second)
      return .success(.condition(negated ? .not(equal) : equal))
    }
  }

  func isText(_ term: Term) -> Bool { if case .text = term { true } else { false } }

  /// `[…].some((p) => message.startsWith(p))` (or `every`) over a constant list: the callback
  /// read once per element.
  func each(
    _ array: JavaScriptArray, _ method: String, _ callbackExpression: JavaScriptExpression,
    _ names: [String: Term],
    _ scope: JavaScriptScope, at offset: Int
  ) -> Reading {
    guard array.tainted == nil else { return .failure(array.tainted!) }
    guard case .function(let callback) = callbackExpression, let parameter = callback.parameters.first,
      case .name(let name, _) = parameter, !callback.isAsync, !callback.isGenerator
    else {
      return .failure(
        JavaScriptUnknown(offset: offset, reason: "\(method) with a callback StableText does not read"))
    }
    guard array.elements.count <= 1_000 else {
      return .failure(JavaScriptUnknown(offset: offset, reason: "\(method) over more than 1,000 items"))
    }
    var parts: [CommitlintIgnore] = []
    for element in array.elements {
      var inner = names
      inner[name] = .value(element)
      let result: Reading
      switch callback.body {
      case .expression(let body): result = read(body, inner, scope)
      case .block(let statements): result = read(statements[...], inner, scope, at: callback.offset)
      }
      switch result.flatMap({ condition($0, at: offset) }) {
      case .success(let part): parts.append(part)
      case .failure(let unknown): return .failure(unknown)
      }
    }
    return .success(.condition(method == "some" ? .any(parts) : .all(parts)))
  }

  /// `indexOf(x) > -1`, `>= 0`, `< 0`.
  func ordering(
    _ symbol: String, _ left: JavaScriptExpression, _ right: JavaScriptExpression, _ names: [String: Term],
    _ scope: JavaScriptScope, at offset: Int
  ) -> Reading {
    switch (read(left, names, scope), read(right, names, scope)) {
    case (.success(.position(let haystack, let needle, let regex)), .success(.value(.number(let number)))):
      let found: CommitlintIgnore =
        if let needle { .includes(haystack, needle) } else { .matches(regex!, haystack) }
      switch (symbol, number) {
      case (">", -1), (">=", 0): return .success(.condition(found))
      case ("<", 0), ("<=", -1): return .success(.condition(.not(found)))
      default: break
      }
    case (.success(.value(let a)), .success(.value(let b))):
      return .success(.value(evaluator.binary(symbol, a, b, at: offset)))
    case (.failure(let unknown), _), (_, .failure(let unknown)):
      return .failure(unknown)
    default:
      break
    }
    return .failure(JavaScriptUnknown(offset: offset, reason: "a comparison StableText does not read"))
  }

  /// A call in the body: a method of the message, of a constant list or of a regular expression.
  func call(
    _ callee: JavaScriptExpression, _ arguments: [JavaScriptExpression.ArrayElement], _ names: [String: Term],
    _ scope: JavaScriptScope, at offset: Int
  ) -> Reading {
    var values: [JavaScriptExpression] = []
    for argument in arguments {
      guard case .expression(let value) = argument else {
        return .failure(JavaScriptUnknown(offset: offset, reason: "a spread argument in an ignores function"))
      }
      values.append(value)
    }
    if case .identifier("Boolean", _) = callee, scope.lookup("Boolean") == nil, values.count == 1 {
      return read(values[0], names, scope).flatMap { condition($0, at: offset) }.map { .condition($0) }
    }
    guard case .member(let object, let method, false, _) = callee else {
      if !Self.mentions(.call(callee, arguments, optional: false, at: offset), names.keys) {
        return .success(
          .value(evaluator.evaluate(.call(callee, arguments, optional: false, at: offset), in: scope)))
      }
      return .failure(
        JavaScriptUnknown(
          offset: offset, reason: "\(JavaScriptEvaluator.describe(callee))(…), a call StableText does not run"
        ))
    }
    let receiver: Term
    switch read(object, names, scope) {
    case .success(let term): receiver = term
    case .failure(let unknown): return .failure(unknown)
    }
    if method == "some" || method == "every", case .value(.array(let array)) = receiver, values.count == 1 {
      return each(array, method, values[0], names, scope, at: offset)
    }
    let arguments = values.map { read($0, names, scope) }
    if let failure = arguments.first(where: { if case .failure = $0 { true } else { false } }),
      case .failure(let unknown) = failure
    {
      return .failure(unknown)
    }
    let terms = arguments.compactMap { try? $0.get() }
    // Everything known now: evaluate it as data.
    if case .value(let base) = receiver, terms.allSatisfy({ if case .value = $0 { true } else { false } }),
      !["some", "every", "filter", "find"].contains(method)
    {
      let values = terms.compactMap { if case .value(let value) = $0 { value } else { nil } }
      return .success(
        .value(
          evaluator.invoke(evaluator.member(base, method, at: offset), values, callee: callee, at: offset)))
    }
    let shared: Bool = { if case .regex = object { false } else { true } }()
    switch (receiver, method, terms.count) {
    case (.text(let haystack), "includes", 1), (.text(let haystack), "startsWith", 1),
      (.text(let haystack), "endsWith", 1):
      return text(terms[0], at: offset).map { needle in
        switch method {
        case "includes": .condition(.includes(haystack, needle))
        case "startsWith": .condition(.startsWith(haystack, needle))
        default: .condition(.endsWith(haystack, needle))
        }
      }
    case (.value(.string(let haystack)), "includes", 1), (.value(.string(let haystack)), "startsWith", 1),
      (.value(.string(let haystack)), "endsWith", 1):
      return text(terms[0], at: offset).map { needle in
        switch method {
        case "includes": .condition(.includes(.literal(haystack), needle))
        case "startsWith": .condition(.startsWith(.literal(haystack), needle))
        default: .condition(.endsWith(.literal(haystack), needle))
        }
      }
    case (.text(let haystack), "indexOf", 1):
      return text(terms[0], at: offset).map { .position(haystack, needle: $0, regex: nil) }
    case (.text(let inner), "toLowerCase", 0):
      return .success(.text(.lowercased(inner)))
    case (.text(let inner), "toUpperCase", 0):
      return .success(.text(.uppercased(inner)))
    case (.text(let inner), "trim", 0):
      return .success(.text(.trimmed(inner)))
    case (.text(let haystack), "match", 1):
      return regex(terms[0], shared: false, at: offset).flatMap { regex in
        regex.flags.contains("y")
          ? .failure(JavaScriptUnknown(offset: offset, reason: "match with a sticky regular expression"))
          : .success(.condition(.matches(regex, haystack)))
      }
    case (.text(let haystack), "search", 1):
      return regex(terms[0], shared: false, at: offset).map { .position(haystack, needle: nil, regex: $0) }
    case (.value(.regex), "test", 1), (.value(.regex), "exec", 1):
      return regex(receiver, shared: shared, at: offset).flatMap { regex in
        text(terms[0], at: offset).map { .condition(.matches(regex, $0)) }
      }
    case (.value(.array(let array)), "includes", 1):
      // `["a", "b"].includes(message)`.
      guard array.tainted == nil else { return .failure(array.tainted!) }
      return text(terms[0], at: offset).map { needle in
        .condition(
          .any(
            array.elements.compactMap { element in
              if case .string(let value) = element { return .equals(needle, .literal(value)) }
              return nil
            }))
      }
    default:
      return .failure(
        JavaScriptUnknown(
          offset: offset,
          reason: "\(JavaScriptEvaluator.describe(callee))(…), a call StableText does not read"))
    }
  }
}

/// Whether an expression reads any of a set of names.
struct NameFinder {
  let names: Set<String>
  var found = false

  mutating func walk(_ expression: JavaScriptExpression) {
    guard !found else { return }
    switch expression {
    case .identifier(let name, _):
      if names.contains(name) { found = true }
    case .template(_, let parts, _), .sequence(let parts, _):
      for part in parts { walk(part) }
    case .taggedTemplate(let tag, _, let parts, _):
      walk(tag)
      for part in parts { walk(part) }
    case .array(let elements, _):
      for element in elements { walk(element) }
    case .object(let properties, _):
      for property in properties {
        switch property {
        case .value(let key, let value, _):
          if case .computed(let computed) = key { walk(computed) }
          walk(value)
        case .accessor: found = true
        case .spread(let value, _): walk(value)
        }
      }
    case .function(let function):
      // A nested function may read the names when called: its body counts (a block body is
      // counted as reading them).
      switch function.body {
      case .expression(let body): walk(body)
      case .block: found = true
      }
    case .unary(_, let operand, _), .update(_, let operand, _), .member(let operand, _, _, _),
      .privateMember(let operand, _), .dynamicImport(let operand, _), .await(let operand, _),
      .spread(let operand, _),
      .shorthandDefault(_, let operand, _):
      walk(operand)
    case .binary(_, let a, let b, _), .logical(_, let a, let b, _), .assignment(_, let a, let b, _),
      .index(let a, let b, _, _):
      walk(a)
      walk(b)
    case .conditional(let a, let b, let c, _):
      walk(a)
      walk(b)
      walk(c)
    case .call(let callee, let arguments, _, _), .new(let callee, let arguments, _):
      walk(callee)
      for argument in arguments { walk(argument) }
    case .yield(let value, _):
      if let value { walk(value) }
    case .number, .bigint, .string, .boolean, .null, .this, .regex, .class, .meta:
      break
    }
  }

  mutating func walk(_ element: JavaScriptExpression.ArrayElement) {
    switch element {
    case .expression(let value), .spread(let value, _): walk(value)
    case .hole: break
    }
  }
}
