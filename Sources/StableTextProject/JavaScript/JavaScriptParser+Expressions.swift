extension JavaScriptParser {
  /// `a, b, c`.
  mutating func expression() throws(JavaScriptLexError) -> JavaScriptExpression {
    let start = token.start
    let first = try assignment()
    guard token.isPunctuator(",") else { return first }
    var expressions = [first]
    while try eat(",") { expressions.append(try assignment()) }
    return .sequence(expressions, at: start)
  }

  static let assignmentOperators: Set<String> = [
    "=", "+=", "-=", "*=", "/=", "%=", "**=", "<<=", ">>=", ">>>=", "&=", "|=", "^=", "&&=", "||=", "??=",
  ]

  /// An assignment expression: an arrow function, `yield`, or a conditional and what is assigned
  /// to it.
  mutating func assignment() throws(JavaScriptLexError) -> JavaScriptExpression {
    try nested { (parser) throws(JavaScriptLexError) in try parser.assignmentBody() }
  }

  private mutating func assignmentBody() throws(JavaScriptLexError) -> JavaScriptExpression {
    if let arrow = try arrowFunction() { return .function(arrow) }
    let start = token.start
    if inGenerator, token.isWord("yield") {
      try advance()
      if token.newlineBefore || token.isPunctuator(")") || token.isPunctuator("]") || token.isPunctuator("}")
        || token.isPunctuator(",") || token.isPunctuator(";") || token.isPunctuator(":") || token.kind == .end
      {
        return .yield(nil, at: start)
      }
      _ = try eat("*")
      return .yield(try assignment(), at: start)
    }
    let left = try conditional()
    if case .punctuator(let text) = token.kind, Self.assignmentOperators.contains(text) {
      switch left {
      case .identifier, .member, .index, .privateMember: break
      case .array where text == "=", .object where text == "=": break
      default: throw fail("invalid assignment target", at: left.offset)
      }
      try advance()
      return .assignment(text, left, try assignment(), at: start)
    }
    return left
  }

  /// `a ? b : c`.
  mutating func conditional() throws(JavaScriptLexError) -> JavaScriptExpression {
    let start = token.start
    let test = try binary(0)
    guard try eat("?") else { return test }
    let outer = allowIn
    allowIn = true
    let yes = try assignment()
    allowIn = outer
    try expect(":")
    let no = try assignment()
    return .conditional(test, yes, no, at: start)
  }

  /// The binary operator at `token` and its precedence (higher binds tighter), or nil.
  func binaryOperator() -> (String, Int)? {
    switch token.kind {
    case .punctuator(let text):
      return Self.precedences[text].map { (text, $0) }
    case .identifier(let word, false):
      if word == "instanceof" || (word == "in" && allowIn) { return (word, 8) }
      // TypeScript's `x as T` and `x satisfies T` bind as relational operators do.
      if typeScript, word == "as" || word == "satisfies", !token.newlineBefore { return (word, 8) }
      return nil
    default:
      return nil
    }
  }

  /// The binary punctuators' precedences (one lookup a token, where a switch over strings
  /// compared them one by one).
  static let precedences: [String: Int] = [
    "??": 1, "||": 2, "&&": 3, "|": 4, "^": 5, "&": 6, "==": 7, "!=": 7, "===": 7, "!==": 7, "<": 8, ">": 8,
    "<=": 8,
    ">=": 8, "<<": 9, ">>": 9, ">>>": 9, "+": 10, "-": 10, "*": 11, "/": 11, "%": 11, "**": 12,
  ]

  /// Binary operators of at least `minimum` precedence, by precedence climbing (left to right,
  /// `**` to the right).
  mutating func binary(_ minimum: Int) throws(JavaScriptLexError) -> JavaScriptExpression {
    let start = token.start
    var left = try unary()
    while let (text, precedence) = binaryOperator(), precedence >= minimum {
      try advance()
      if text == "as" || text == "satisfies" {
        // The type changes no value; `as const` neither.
        if !(try eatWord("const")) { try type() }
        continue
      }
      let right =
        text == "**"
        ? try nested { (parser) throws(JavaScriptLexError) in try parser.binary(precedence) }
        : try binary(precedence + 1)
      if text == "&&" || text == "||" || text == "??" {
        left = .logical(text, left, right, at: start)
      } else {
        left = .binary(text, left, right, at: start)
      }
    }
    return left
  }

  mutating func unary() throws(JavaScriptLexError) -> JavaScriptExpression {
    let start = token.start
    switch token.kind {
    case .punctuator(let text) where ["!", "~", "+", "-", "++", "--"].contains(text):
      try advance()
      let operand = try nested { (parser) throws(JavaScriptLexError) in try parser.unary() }
      return text.count == 2 ? .update(text, operand, at: start) : .unary(text, operand, at: start)
    case .identifier(let word, false) where word == "typeof" || word == "void" || word == "delete":
      try advance()
      return .unary(word, try nested { (parser) throws(JavaScriptLexError) in try parser.unary() }, at: start)
    case .identifier("await", false) where inAsync || (!inFunction && startsAwaitOperand()):
      try advance()
      if !inFunction { noteModuleSyntax(start, "a top-level await") }
      return .await(try nested { (parser) throws(JavaScriptLexError) in try parser.unary() }, at: start)
    case .punctuator("<") where typeScript:
      // `<T>value`: a type assertion.
      try advance()
      try type()
      try closeAngle()
      return try nested { (parser) throws(JavaScriptLexError) in try parser.unary() }
    default:
      break
    }
    let operand = try leftHandSide()
    if (token.isPunctuator("++") || token.isPunctuator("--")) && !token.newlineBefore {
      let text = token.punctuator!
      try advance()
      return .update(text, operand, at: start)
    }
    return operand
  }

  /// Whether the token after a top-level `await` starts its operand (else `await` is a name).
  func startsAwaitOperand() -> Bool {
    var copy = lexer
    guard let next = try? copy.next(), !next.newlineBefore else { return false }
    switch next.kind {
    case .identifier, .number, .string, .template, .bigint: return true
    case .punctuator(let text): return ["(", "[", "{", "!", "-", "+", "~", "/"].contains(text)
    default: return false
    }
  }

  /// Member access, calls, `new`, tagged templates, and TypeScript's `x!` and `f<T>()`.
  mutating func leftHandSide() throws(JavaScriptLexError) -> JavaScriptExpression {
    let start = token.start
    var expression = token.isWord("new") ? try newExpression() : try primary()
    while true {
      switch token.kind {
      case .punctuator("."):
        try advance()
        expression = try memberName(of: expression, optional: false, start: start)
      case .punctuator("?."):
        try advance()
        if token.isPunctuator("(") {
          expression = .call(expression, try arguments(), optional: true, at: start)
        } else if try eat("[") {
          let key = try withIn { (parser) throws(JavaScriptLexError) in try parser.expression() }
          try expect("]")
          expression = .index(expression, key, optional: true, at: start)
        } else {
          expression = try memberName(of: expression, optional: true, start: start)
        }
      case .punctuator("["):
        try advance()
        let key = try withIn { (parser) throws(JavaScriptLexError) in try parser.expression() }
        try expect("]")
        expression = .index(expression, key, optional: false, at: start)
      case .punctuator("("):
        expression = .call(expression, try arguments(), optional: false, at: start)
      case .template:
        expression = try template(tag: expression, start: start)
      case .punctuator("!") where typeScript && !token.newlineBefore:
        // `x!`: a non-null assertion, no value of its own.
        try advance()
      case .punctuator("<") where typeScript:
        guard try typeArgumentsBeforeCall() else { return expression }
      default:
        return expression
      }
    }
  }

  /// `f<T>(…)` or `` f<T>`…` ``: reads the type arguments when a call follows them; otherwise
  /// leaves `<` as less-than.
  mutating func typeArgumentsBeforeCall() throws(JavaScriptLexError) -> Bool {
    let saved = mark
    do throws(JavaScriptLexError) {
      try typeArguments()
      if token.isPunctuator("(") { return true }
      if case .template = token.kind { return true }
    } catch {
      if error.committed { throw error }
    }
    reset(saved)
    return false
  }

  /// `.name` or `.#name` after `object`.
  mutating func memberName(of object: JavaScriptExpression, optional: Bool, start: Int)
    throws(JavaScriptLexError)
    -> JavaScriptExpression
  {
    switch token.kind {
    case .identifier(let name, _):
      try advance()
      return .member(object, name, optional: optional, at: start)
    case .privateName:
      try advance()
      return .privateMember(object, at: start)
    default:
      throw fail("expected a name after '.'")
    }
  }

  /// Reads `body` with `in` allowed (inside brackets).
  mutating func withIn<T>(_ body: (inout JavaScriptParser) throws(JavaScriptLexError) -> T)
    throws(JavaScriptLexError)
    -> T
  {
    let outer = allowIn
    allowIn = true
    defer { allowIn = outer }
    return try body(&self)
  }

  mutating func newExpression() throws(JavaScriptLexError) -> JavaScriptExpression {
    let start = token.start
    try advance()
    if try eat(".") {
      guard try eatWord("target") else { throw fail("expected 'target' after 'new.'") }
      return .meta("new.target", at: start)
    }
    var callee =
      token.isWord("new")
      ? try nested { (parser) throws(JavaScriptLexError) in try parser.newExpression() } : try primary()
    while true {
      if try eat(".") {
        callee = try memberName(of: callee, optional: false, start: start)
      } else if try eat("[") {
        let key = try withIn { (parser) throws(JavaScriptLexError) in try parser.expression() }
        try expect("]")
        callee = .index(callee, key, optional: false, at: start)
      } else if case .template = token.kind {
        callee = try template(tag: callee, start: start)
      } else if typeScript, token.isPunctuator("<"), try typeArgumentsBeforeCall() {
        continue
      } else {
        break
      }
    }
    let arguments = token.isPunctuator("(") ? try arguments() : []
    return .new(callee, arguments, at: start)
  }

  /// `(a, ...b)`.
  mutating func arguments() throws(JavaScriptLexError) -> [JavaScriptExpression.ArrayElement] {
    try expect("(")
    var elements: [JavaScriptExpression.ArrayElement] = []
    try withIn { (parser) throws(JavaScriptLexError) in
      while !parser.token.isPunctuator(")") {
        let start = parser.token.start
        if try parser.eat("...") {
          elements.append(.spread(try parser.assignment(), at: start))
        } else {
          elements.append(.expression(try parser.assignment()))
        }
        if !(try parser.eat(",")) { break }
      }
    }
    try expect(")")
    return elements
  }

  mutating func primary() throws(JavaScriptLexError) -> JavaScriptExpression {
    let start = token.start
    switch token.kind {
    case .identifier(let name, let escaped):
      if !escaped {
        switch name {
        case "function":
          return .function(try function(isAsync: false, start: start, declaration: false))
        case "async":
          if try lookahead({ $0.token.isWord("function") && !$0.token.newlineBefore }) {
            try advance()
            return .function(try function(isAsync: true, start: start, declaration: false))
          }
        case "class":
          _ = try classDeclaration(optionalName: true)
          return .class(at: start)
        case "this":
          try advance()
          return .this(at: start)
        case "null":
          try advance()
          return .null(at: start)
        case "true", "false":
          try advance()
          return .boolean(name == "true", at: start)
        case "super":
          try advance()
          return .meta("super", at: start)
        case "import":
          try advance()
          if try eat(".") {
            guard try eatWord("meta") else { throw fail("expected 'meta' after 'import.'") }
            noteModuleSyntax(start, "import.meta")
            return .meta("import.meta", at: start)
          }
          let arguments = try arguments()
          guard case .expression(let specifier)? = arguments.first else {
            throw fail("expected a module name", at: start)
          }
          return .dynamicImport(specifier, at: start)
        default:
          if Self.reserved.contains(name) { throw unexpected() }
        }
      }
      try advance()
      return .identifier(name, at: start)
    case .number(let value):
      try advance()
      return .number(value, at: start)
    case .bigint:
      try advance()
      return .bigint(at: start)
    case .string(let value):
      try advance()
      return .string(value, at: start)
    case .template:
      return try template(tag: nil, start: start)
    case .punctuator("/"), .punctuator("/="):
      token = try lexer.regex(at: token)
      guard case .regex(let pattern, let flags) = token.kind else { throw unexpected() }
      try advance()
      return .regex(pattern: pattern, flags: flags, at: start)
    case .punctuator("("):
      try advance()
      let inner = try withIn { (parser) throws(JavaScriptLexError) in try parser.expression() }
      try expect(")")
      return inner
    case .punctuator("["):
      return try arrayLiteral()
    case .punctuator("{"):
      return try objectLiteral()
    case .punctuator("@"):
      try decorators()
      return try primary()
    default:
      throw unexpected()
    }
  }

  /// A template (`tag` nil) or a tagged one: its parts and substitutions.
  mutating func template(tag: JavaScriptExpression?, start: Int) throws(JavaScriptLexError)
    -> JavaScriptExpression
  {
    var quasis: [String?] = []
    var substitutions: [JavaScriptExpression] = []
    while case .template(let cooked, let tail) = token.kind {
      if cooked == nil && tag == nil { throw fail("an invalid escape in a template") }
      quasis.append(cooked)
      try advance()
      if tail { break }
      substitutions.append(try withIn { (parser) throws(JavaScriptLexError) in try parser.expression() })
      guard token.isPunctuator("}") else { throw fail("expected '}' to end a template's substitution") }
      token = try lexer.templateContinuation(at: token)
    }
    if let tag { return .taggedTemplate(tag: tag, quasis: quasis, substitutions: substitutions, at: start) }
    return .template(quasis: quasis, substitutions: substitutions, at: start)
  }

  mutating func arrayLiteral() throws(JavaScriptLexError) -> JavaScriptExpression {
    let start = token.start
    try advance()
    var elements: [JavaScriptExpression.ArrayElement] = []
    try withIn { (parser) throws(JavaScriptLexError) in
      while !parser.token.isPunctuator("]") {
        let at = parser.token.start
        if try parser.eat(",") {
          elements.append(.hole(at: at))
          continue
        }
        if try parser.eat("...") {
          elements.append(.spread(try parser.assignment(), at: at))
        } else {
          elements.append(.expression(try parser.assignment()))
        }
        if !parser.token.isPunctuator("]") { try parser.expect(",") }
      }
    }
    try expect("]")
    return .array(elements, at: start)
  }

  /// Whether `token` may start a property's key.
  var startsPropertyKey: Bool {
    switch token.kind {
    case .identifier, .string, .number, .bigint, .privateName: true
    case .punctuator("["): true
    default: false
    }
  }

  mutating func objectLiteral() throws(JavaScriptLexError) -> JavaScriptExpression {
    let start = token.start
    try advance()
    var properties: [JavaScriptExpression.Property] = []
    try withIn { (parser) throws(JavaScriptLexError) in
      while !parser.token.isPunctuator("}") {
        properties.append(try parser.property())
        if !(try parser.eat(",")) { break }
      }
    }
    try expect("}")
    return .object(properties, at: start)
  }

  /// One member of an object literal.
  mutating func property() throws(JavaScriptLexError) -> JavaScriptExpression.Property {
    let start = token.start
    if try eat("...") { return .spread(try assignment(), at: start) }
    var isAsync = false
    var isGenerator = false
    var accessor = false
    // `async`, `get` and `set` are modifiers only before a key (`{ get: 1 }`, `{ async }` are keys).
    if token.isWord("async"),
      try lookahead({ ($0.startsPropertyKey || $0.token.isPunctuator("*")) && !$0.token.newlineBefore })
    {
      isAsync = true
      try advance()
    }
    if try eat("*") { isGenerator = true }
    if !isAsync && !isGenerator, token.isWord("get") || token.isWord("set"),
      try lookahead({ $0.startsPropertyKey })
    {
      accessor = true
      try advance()
    }
    let keyToken = token
    let key = try propertyKey()
    if accessor {
      _ = try method(isAsync: false, isGenerator: false, start: start)
      return .accessor(key, at: start)
    }
    if token.isPunctuator("(") || (typeScript && token.isPunctuator("<")) {
      return .value(
        key, .function(try method(isAsync: isAsync, isGenerator: isGenerator, start: start)), at: start)
    }
    guard !isAsync && !isGenerator else { throw fail("expected '(' after a method's name") }
    if try eat(":") { return .value(key, try assignment(), at: start) }
    // A shorthand: `{ name }`, or `{ name = value }` in a pattern.
    guard case .identifier(let name, _) = keyToken.kind, case .name = key else { throw fail("expected ':'") }
    if try eat("=") { return .value(key, .shorthandDefault(name, try assignment(), at: start), at: start) }
    return .value(key, .identifier(name, at: keyToken.start), at: start)
  }

  /// A property's key: a name (keywords too), a string, a number (as JavaScript spells it), or
  /// `[expression]`.
  mutating func propertyKey() throws(JavaScriptLexError) -> JavaScriptExpression.PropertyKey {
    switch token.kind {
    case .identifier(let name, _):
      try advance()
      return .name(name)
    case .string(let value):
      guard let value else { throw fail("a key with a lone surrogate") }
      try advance()
      return .name(value)
    case .number(let value):
      try advance()
      return .name(JavaScriptNumber.string(value))
    case .bigint:
      // The key's text would need the digits; no configuration has one.
      throw fail("a BigInt key")
    case .privateName(let name):
      try advance()
      return .name("#" + name)
    case .punctuator("["):
      try advance()
      let key = try withIn { (parser) throws(JavaScriptLexError) in try parser.assignment() }
      try expect("]")
      return .computed(key)
    default:
      throw unexpected()
    }
  }

  /// A method's parameters and body, from its `(` (or type parameters).
  mutating func method(isAsync: Bool, isGenerator: Bool, start: Int) throws(JavaScriptLexError)
    -> JavaScriptFunction
  {
    try functionRest(
      name: nil, isAsync: isAsync, isGenerator: isGenerator, isArrow: false, start: start, allowsNoBody: false
    )
  }

  /// `function [*] [name] (…) {…}` from `function` (an `async` before it already read).
  mutating func function(isAsync: Bool, start: Int, declaration: Bool) throws(JavaScriptLexError)
    -> JavaScriptFunction
  {
    try advance()
    let isGenerator = try eat("*")
    var name: String?
    if case .identifier = token.kind, !token.isPunctuator("(") { name = try bindingName() }
    if declaration && name == nil { throw fail("a function declaration needs a name") }
    return try functionRest(
      name: name, isAsync: isAsync, isGenerator: isGenerator, isArrow: false, start: start,
      allowsNoBody: declaration && typeScript)
  }

  /// Type parameters, parameters, return type and body. TypeScript's overloads and `declare`d
  /// functions have no body (`allowsNoBody`).
  mutating func functionRest(
    name: String?, isAsync: Bool, isGenerator: Bool, isArrow: Bool, start: Int, allowsNoBody: Bool
  ) throws(JavaScriptLexError) -> JavaScriptFunction {
    let outer = (inAsync, inGenerator, inFunction, allowIn)
    defer { (inAsync, inGenerator, inFunction, allowIn) = outer }
    inAsync = isAsync
    inGenerator = isGenerator
    if typeScript, token.isPunctuator("<") { try typeParameters() }
    let (parameters, rest) = try parameterList()
    if typeScript, try eat(":") { try type() }
    if allowsNoBody, !token.isPunctuator("{") {
      try semicolon()
      return JavaScriptFunction(
        name: name, parameters: parameters, rest: rest, body: .block([]), isArrow: false, isAsync: isAsync,
        isGenerator: isGenerator, offset: start)
    }
    inFunction = true
    allowIn = true
    let body = try block()
    return JavaScriptFunction(
      name: name, parameters: parameters, rest: rest, body: .block(body), isArrow: isArrow, isAsync: isAsync,
      isGenerator: isGenerator, offset: start)
  }

  /// `(a, b = 1, { c }, ...rest)`, with TypeScript's `?`, annotations, `this` and parameter
  /// properties' modifiers.
  mutating func parameterList() throws(JavaScriptLexError) -> ([JavaScriptPattern], JavaScriptPattern?) {
    try expect("(")
    var parameters: [JavaScriptPattern] = []
    var rest: JavaScriptPattern?
    while !token.isPunctuator(")") {
      if token.isPunctuator("@") { try decorators() }
      if typeScript {
        while ["public", "private", "protected", "readonly", "override"].contains(token.name ?? ""),
          try lookahead({ $0.token.name != nil || $0.token.isPunctuator("{") || $0.token.isPunctuator("[") })
        {
          try advance()
        }
        if token.isWord("this") {
          try advance()
          if try eat(":") { try type() }
          if !(try eat(",")) { break }
          continue
        }
      }
      let start = token.start
      if try eat("...") {
        rest = try bindingPattern()
        if typeScript {
          _ = try eat("?")
          if try eat(":") { try type() }
        }
        _ = try eat(",")
        break
      }
      var parameter = try bindingPattern()
      if typeScript {
        _ = try eat("?")
        if try eat(":") { try type() }
      }
      if try eat("=") { parameter = .withDefault(parameter, try assignment(), at: start) }
      parameters.append(parameter)
      if !(try eat(",")) { break }
    }
    try expect(")")
    return (parameters, rest)
  }

  /// An arrow function starting at `token`, or nil (nothing read) when none does.
  mutating func arrowFunction() throws(JavaScriptLexError) -> JavaScriptFunction? {
    let start = token.start
    var isAsync = false
    if case .identifier(let name, let escaped) = token.kind, escaped || !Self.reserved.contains(name) {
      // `x => …`
      if try lookahead({ $0.token.isPunctuator("=>") && !$0.token.newlineBefore }) {
        try advance()
        try advance()
        return try arrowBody(parameters: [.name(name, at: start)], rest: nil, isAsync: false, start: start)
      }
      guard name == "async", !escaped else { return nil }
      // `async x => …`
      let simple = try lookahead { (parser) throws(JavaScriptLexError) in
        guard case .identifier = parser.token.kind, !parser.token.newlineBefore else { return false }
        try parser.advance()
        return parser.token.isPunctuator("=>") && !parser.token.newlineBefore
      }
      if simple {
        try advance()
        let parameter = try bindingName()
        try advance()
        return try arrowBody(
          parameters: [.name(parameter, at: start)], rest: nil, isAsync: true, start: start)
      }
      guard
        try lookahead({
          ($0.token.isPunctuator("(") || ($0.typeScript && $0.token.isPunctuator("<")))
            && !$0.token.newlineBefore
        })
      else { return nil }
      isAsync = true
    } else if !token.isPunctuator("(") && !(typeScript && token.isPunctuator("<")) {
      return nil
    }
    guard !failedArrows.contains(start) else { return nil }
    let saved = mark
    do throws(JavaScriptLexError) {
      if isAsync { try advance() }
      let outer = inAsync
      inAsync = isAsync
      defer { inAsync = outer }
      if typeScript, token.isPunctuator("<") { try typeParameters() }
      let (parameters, rest) = try parameterList()
      if typeScript, try eat(":") { try type() }
      guard token.isPunctuator("=>"), !token.newlineBefore else { throw fail("not an arrow function") }
      try advance()
      return try arrowBody(parameters: parameters, rest: rest, isAsync: isAsync, start: start)
    } catch {
      // Not an arrow function after all, unless the error is in its body (its parameters were
      // read, and `=>` followed) or a bound was passed.
      if error.committed { throw error }
      reset(saved)
      failedArrows.insert(start)
      return nil
    }
  }

  /// The body after `=>`.
  mutating func arrowBody(
    parameters: [JavaScriptPattern], rest: JavaScriptPattern?, isAsync: Bool, start: Int
  )
    throws(JavaScriptLexError) -> JavaScriptFunction
  {
    let outer = (inAsync, inGenerator, inFunction)
    defer { (inAsync, inGenerator, inFunction) = outer }
    inAsync = isAsync
    inGenerator = false
    // Inside a function: an `await` here is no top-level await.
    inFunction = true
    let body: JavaScriptFunction.Body
    do throws(JavaScriptLexError) {
      if token.isPunctuator("{") {
        let outerIn = allowIn
        allowIn = true
        defer { allowIn = outerIn }
        body = .block(try block())
      } else {
        body = .expression(try assignment())
      }
    } catch {
      var committed = error
      committed.committed = true
      throw committed
    }
    return JavaScriptFunction(
      name: nil, parameters: parameters, rest: rest, body: body, isArrow: true, isAsync: isAsync,
      isGenerator: false,
      offset: start)
  }

  /// `@decorator` (TypeScript's and the proposal's), read and dropped.
  mutating func decorators() throws(JavaScriptLexError) {
    while try eat("@") { _ = try leftHandSide() }
  }

  // MARK: Patterns

  /// A binding: a name, `{…}` or `[…]` (defaults inside).
  mutating func bindingPattern() throws(JavaScriptLexError) -> JavaScriptPattern {
    try nested { (parser) throws(JavaScriptLexError) in try parser.bindingPatternBody() }
  }

  private mutating func bindingPatternBody() throws(JavaScriptLexError) -> JavaScriptPattern {
    let start = token.start
    if try eat("[") {
      var elements: [JavaScriptPattern?] = []
      var rest: JavaScriptPattern?
      while !token.isPunctuator("]") {
        if try eat(",") {
          elements.append(nil)
          continue
        }
        if try eat("...") {
          rest = try bindingPattern()
          break
        }
        elements.append(try patternWithDefault())
        if !token.isPunctuator("]") { try expect(",") }
      }
      try expect("]")
      return .array(elements, rest: rest, at: start)
    }
    if try eat("{") {
      var members: [(key: JavaScriptExpression.PropertyKey, value: JavaScriptPattern)] = []
      var rest: JavaScriptPattern?
      while !token.isPunctuator("}") {
        let at = token.start
        if try eat("...") {
          rest = try bindingPattern()
          break
        }
        let keyToken = token
        let key = try propertyKey()
        var value: JavaScriptPattern
        if try eat(":") {
          value = try patternWithDefault()
        } else {
          guard case .identifier(let name, _) = keyToken.kind, case .name = key else {
            throw fail("expected ':'")
          }
          value = .name(name, at: at)
          if try eat("=") { value = .withDefault(value, try assignment(), at: at) }
        }
        members.append((key, value))
        if !(try eat(",")) { break }
      }
      try expect("}")
      return .object(members, rest: rest, at: start)
    }
    return .name(try bindingName(), at: start)
  }

  mutating func patternWithDefault() throws(JavaScriptLexError) -> JavaScriptPattern {
    let start = token.start
    let pattern = try bindingPattern()
    if try eat("=") { return .withDefault(pattern, try assignment(), at: start) }
    return pattern
  }
}
