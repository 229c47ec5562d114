/// ECMAScript's syntax (a module or a script, as Node reads `.js`, `.cjs` and `.mjs` files) and,
/// for `.ts`, `.cts` and `.mts` files, TypeScript's type syntax on top (annotations, `interface`,
/// `type`, `as`, `satisfies`, `!`, type arguments, `declare`, `enum`), read into the tree the
/// evaluator walks; types are parsed and dropped. Bounded: nesting deeper than `maximumDepth` is
/// refused, and the speculative reads TypeScript's syntax needs (is this `(` an arrow function's
/// parameters, this `<` a type's arguments) are paid from a budget of tokens proportional to the
/// file, so a hostile file is still read in linear time.
struct JavaScriptParser {
  var lexer: JavaScriptLexer
  var token: JavaScriptToken
  /// Where the token before `token` ended.
  var previousEnd = 0
  let typeScript: Bool
  /// Nesting of statements, expressions and types being read.
  var depth = 0
  /// Tokens that may still be read, speculative reads included.
  var budget: Int
  /// Offsets where reading `(` as an arrow function's parameters failed once: never tried again.
  var failedArrows = Set<Int>()
  /// Inside an `async` function (where `await` is an operator) or a generator (`yield`).
  var inAsync = false
  var inGenerator = false
  /// Inside a function (top-level `await` marks a module).
  var inFunction = false
  /// `in` is an operator (not in a `for (… in …)` head's initializer).
  var allowIn = true
  /// The first ES module syntax met (`import`/`export` declarations, `import.meta`, a top-level
  /// `await`): its offset and what it is.
  var moduleSyntax: (offset: Int, what: String)?

  static let maximumDepth = 150

  init(_ scalars: [Unicode.Scalar], typeScript: Bool) throws(JavaScriptLexError) {
    lexer = JavaScriptLexer(scalars)
    self.typeScript = typeScript
    budget = 64 * scalars.count + 100_000
    token = JavaScriptToken(kind: .end, start: 0, end: 0, newlineBefore: false)
    token = try lexer.next()
  }

  /// Reads the whole file.
  mutating func module() throws(JavaScriptLexError) -> [JavaScriptStatement] {
    var statements: [JavaScriptStatement] = []
    while token.kind != .end {
      if let statement = try statement(topLevel: true) { statements.append(statement) }
    }
    return statements
  }

  // MARK: Tokens

  mutating func advance() throws(JavaScriptLexError) {
    budget -= 1
    guard budget > 0 else {
      var error = fail("too complex to read in bounded time", at: token.start)
      error.committed = true
      throw error
    }
    previousEnd = token.end
    token = try lexer.next()
  }

  func fail(_ message: String, at offset: Int? = nil) -> JavaScriptLexError {
    JavaScriptLexError(offset: offset ?? token.start, message: message)
  }

  func unexpected() -> JavaScriptLexError {
    switch token.kind {
    case .end: fail("unexpected end of file")
    case .identifier(let name, _): fail("unexpected '\(name)'")
    case .punctuator(let text): fail("unexpected '\(text)'")
    case .string: fail("unexpected string")
    case .number, .bigint: fail("unexpected number")
    case .template: fail("unexpected template")
    case .regex: fail("unexpected regular expression")
    case .privateName(let name): fail("unexpected '#\(name)'")
    }
  }

  /// Consumes the punctuator `text`, or fails.
  mutating func expect(_ text: String) throws(JavaScriptLexError) {
    guard token.isPunctuator(text) else {
      if token.kind == .end { throw fail("expected '\(text)' before the end of the file") }
      throw fail("expected '\(text)'")
    }
    try advance()
  }

  /// Consumes the punctuator `text` if it is next.
  mutating func eat(_ text: String) throws(JavaScriptLexError) -> Bool {
    guard token.isPunctuator(text) else { return false }
    try advance()
    return true
  }

  mutating func eatWord(_ word: String) throws(JavaScriptLexError) -> Bool {
    guard token.isWord(word) else { return false }
    try advance()
    return true
  }

  /// A statement's end: `;`, or one inserted before `}`, the end, or a line break.
  mutating func semicolon() throws(JavaScriptLexError) {
    if try eat(";") { return }
    guard token.isPunctuator("}") || token.kind == .end || token.newlineBefore else {
      throw fail("expected ';' or a line break")
    }
  }

  /// Parser state to return to after a speculative read.
  struct Mark {
    var lexer: JavaScriptLexer
    var token: JavaScriptToken
    var previousEnd: Int
  }

  var mark: Mark { Mark(lexer: lexer, token: token, previousEnd: previousEnd) }

  mutating func reset(_ mark: Mark) {
    lexer = mark.lexer
    token = mark.token
    previousEnd = mark.previousEnd
  }

  /// Runs `body` one level deeper, refusing past `maximumDepth`.
  mutating func nested<T>(_ body: (inout JavaScriptParser) throws(JavaScriptLexError) -> T)
    throws(JavaScriptLexError)
    -> T
  {
    depth += 1
    defer { depth -= 1 }
    guard depth <= Self.maximumDepth else {
      var error = fail("nested deeper than \(Self.maximumDepth) levels")
      error.committed = true
      throw error
    }
    return try body(&self)
  }

  /// A name where one is required (keywords that may be names are accepted).
  mutating func bindingName() throws(JavaScriptLexError) -> String {
    guard case .identifier(let name, let escaped) = token.kind, escaped || !Self.reserved.contains(name)
    else {
      throw unexpected()
    }
    try advance()
    return name
  }

  /// Words that are never a binding's name.
  static let reserved: Set<String> = [
    "break", "case", "catch", "class", "const", "continue", "debugger", "default", "delete", "do", "else",
    "export",
    "extends", "false", "finally", "for", "function", "if", "import", "in", "instanceof", "new", "null",
    "return",
    "super", "switch", "this", "throw", "true", "try", "typeof", "var", "void", "while", "with", "enum",
  ]

  // MARK: Statements

  /// One statement (nil: one TypeScript declares only types with, or an empty statement at the
  /// top).
  mutating func statement(topLevel: Bool = false) throws(JavaScriptLexError) -> JavaScriptStatement? {
    try nested { (parser) throws(JavaScriptLexError) in try parser.statementBody(topLevel: topLevel) }
  }

  private mutating func statementBody(topLevel: Bool) throws(JavaScriptLexError) -> JavaScriptStatement? {
    let start = token.start
    switch token.kind {
    case .punctuator("{"):
      return .block(try block(), at: start)
    case .punctuator(";"):
      try advance()
      return .empty(at: start)
    case .punctuator("@"):
      try decorators()
      return try statement(topLevel: topLevel)
    case .identifier(let word, false):
      if let statement = try keywordStatement(word, start: start, topLevel: topLevel) { return statement }
    default:
      break
    }
    let expression = try expression()
    // A label (`name: statement`).
    if case .identifier(let name, _) = expression, token.isPunctuator(":") {
      try advance()
      let body = try statement()
      return .control("label \(name)", expressions: [], statements: body.map { [$0] } ?? [], at: start)
    }
    try semicolon()
    return .expression(expression, at: start)
  }

  /// A statement that starts with the keyword `word`, or nil when `word` starts an expression.
  private mutating func keywordStatement(_ word: String, start: Int, topLevel: Bool)
    throws(JavaScriptLexError)
    -> JavaScriptStatement??
  {
    switch word {
    case "var", "const":
      if word == "const", typeScript, try lookahead({ $0.token.isWord("enum") }) {
        try advance()
        return .some(try enumDeclaration(start: start))
      }
      let declaration = try variables()
      try semicolon()
      return .some(declaration)
    case "let", "using":
      // `let` declares when a name or a pattern follows; `using` only before a name on its line.
      let declares = try lookahead { parser in
        word == "let"
          ? parser.token.name != nil || parser.token.isPunctuator("[") || parser.token.isPunctuator("{")
          : parser.token.name != nil && !parser.token.newlineBefore && !parser.token.isWord("in")
            && !parser.token.isWord("of")
      }
      guard declares else { return nil }
      let declaration = try variables()
      try semicolon()
      return .some(declaration)
    case "function":
      return .some(.function(try function(isAsync: false, start: start, declaration: true)))
    case "async":
      guard try lookahead({ $0.token.isWord("function") && !$0.token.newlineBefore }) else { return nil }
      try advance()
      return .some(.function(try function(isAsync: true, start: start, declaration: true)))
    case "class":
      let name = try classDeclaration()
      return .some(.class(name: name, at: start))
    case "if":
      try advance()
      try expect("(")
      let test = try expression()
      try expect(")")
      var statements = [try statement()].compactMap { $0 }
      if try eatWord("else") { statements += [try statement()].compactMap { $0 } }
      return .some(.control("if", expressions: [test], statements: statements, at: start))
    case "for":
      return .some(try forStatement(start: start))
    case "while":
      try advance()
      try expect("(")
      let test = try expression()
      try expect(")")
      return .some(
        .control("while", expressions: [test], statements: [try statement()].compactMap { $0 }, at: start))
    case "do":
      try advance()
      let body = try statement()
      guard try eatWord("while") else { throw fail("expected 'while'") }
      try expect("(")
      let test = try expression()
      try expect(")")
      // A `;` after `do … while (…)` may be left out even on one line.
      _ = try eat(";")
      return .some(.control("do", expressions: [test], statements: body.map { [$0] } ?? [], at: start))
    case "switch":
      return .some(try switchStatement(start: start))
    case "try":
      return .some(try tryStatement(start: start))
    case "return":
      guard inFunction else { throw fail("'return' outside of a function") }
      try advance()
      var value: JavaScriptExpression?
      if !token.isPunctuator(";") && !token.isPunctuator("}") && token.kind != .end && !token.newlineBefore {
        value = try expression()
      }
      try semicolon()
      return .some(.return(value, at: start))
    case "throw":
      try advance()
      guard !token.newlineBefore else { throw fail("a line break after 'throw'") }
      let value = try expression()
      try semicolon()
      return .some(.control("throw", expressions: [value], statements: [], at: start))
    case "break", "continue":
      try advance()
      if case .identifier = token.kind, !token.newlineBefore { try advance() }
      try semicolon()
      return .some(.control(word, expressions: [], statements: [], at: start))
    case "debugger":
      try advance()
      try semicolon()
      return .some(.empty(at: start))
    case "with":
      try advance()
      try expect("(")
      let object = try expression()
      try expect(")")
      return .some(
        .control("with", expressions: [object], statements: [try statement()].compactMap { $0 }, at: start))
    case "import":
      // `import(…)` and `import.meta` start expressions.
      if try lookahead({ $0.token.isPunctuator("(") || $0.token.isPunctuator(".") }) { return nil }
      guard topLevel else { throw fail("'import' is only allowed at the top of a module") }
      return .some(try importDeclaration(start: start))
    case "export":
      guard topLevel else { throw fail("'export' is only allowed at the top of a module") }
      return .some(try exportDeclaration(start: start))
    default:
      guard typeScript else { return nil }
      return try typeScriptDeclaration(word, start: start)
    }
  }

  /// Reads ahead with `body` and returns to where it started.
  mutating func lookahead(_ body: (inout JavaScriptParser) throws(JavaScriptLexError) -> Bool)
    throws(JavaScriptLexError) -> Bool
  {
    let saved = mark
    defer { reset(saved) }
    try advance()
    return try body(&self)
  }

  mutating func block() throws(JavaScriptLexError) -> [JavaScriptStatement] {
    try expect("{")
    var statements: [JavaScriptStatement] = []
    while !token.isPunctuator("}") {
      guard token.kind != .end else { throw fail("expected '}' before the end of the file") }
      if let statement = try statement() { statements.append(statement) }
    }
    try advance()
    return statements
  }

  /// `var`/`let`/`const`/`using` and its declarators (without the `;`).
  mutating func variables() throws(JavaScriptLexError) -> JavaScriptStatement {
    let start = token.start
    let kind = token.name ?? "var"
    try advance()
    var declarators: [(pattern: JavaScriptPattern, value: JavaScriptExpression?)] = []
    repeat {
      let pattern = try bindingPattern()
      if typeScript {
        // `let x!: T` (definite assignment) and the annotation.
        _ = try eat("!")
        if try eat(":") { try type() }
      }
      var value: JavaScriptExpression?
      if try eat("=") { value = try assignment() }
      declarators.append((pattern, value))
    } while try eat(",")
    return .variables(kind: kind, declarators, at: start)
  }

  mutating func forStatement(start: Int) throws(JavaScriptLexError) -> JavaScriptStatement {
    try advance()
    _ = try eatWord("await")
    try expect("(")
    var expressions: [JavaScriptExpression] = []
    var statements: [JavaScriptStatement] = []
    if try eat(";") {
      // No initializer.
    } else {
      let outer = allowIn
      allowIn = false
      let declaresLet =
        token.isWord("let")
        ? try lookahead { $0.token.name != nil || $0.token.isPunctuator("[") || $0.token.isPunctuator("{") }
        : false
      if token.isWord("var") || token.isWord("const") || declaresLet {
        statements.append(try variables())
      } else {
        expressions.append(try expression())
      }
      allowIn = outer
      if token.isWord("of") || token.isWord("in") {
        let kind = "for-" + token.name!
        try advance()
        expressions.append(try assignment())
        try expect(")")
        statements += [try statement()].compactMap { $0 }
        return .control(kind, expressions: expressions, statements: statements, at: start)
      }
      try expect(";")
    }
    if !token.isPunctuator(";") { expressions.append(try expression()) }
    try expect(";")
    if !token.isPunctuator(")") { expressions.append(try expression()) }
    try expect(")")
    statements += [try statement()].compactMap { $0 }
    return .control("for", expressions: expressions, statements: statements, at: start)
  }

  mutating func switchStatement(start: Int) throws(JavaScriptLexError) -> JavaScriptStatement {
    try advance()
    try expect("(")
    var expressions = [try expression()]
    try expect(")")
    try expect("{")
    var statements: [JavaScriptStatement] = []
    while !token.isPunctuator("}") {
      if try eatWord("case") {
        expressions.append(try expression())
      } else if !(try eatWord("default")) {
        throw fail("expected 'case' or 'default'")
      }
      try expect(":")
      while !token.isPunctuator("}") && !token.isWord("case") && !token.isWord("default") {
        guard token.kind != .end else { throw fail("expected '}' before the end of the file") }
        if let statement = try statement() { statements.append(statement) }
      }
    }
    try advance()
    return .control("switch", expressions: expressions, statements: statements, at: start)
  }

  mutating func tryStatement(start: Int) throws(JavaScriptLexError) -> JavaScriptStatement {
    try advance()
    var statements: [JavaScriptStatement] = [.block(try block(), at: start)]
    var handled = false
    if try eatWord("catch") {
      handled = true
      if try eat("(") {
        _ = try bindingPattern()
        if typeScript, try eat(":") { try type() }
        try expect(")")
      }
      statements.append(.block(try block(), at: start))
    }
    if try eatWord("finally") {
      handled = true
      statements.append(.block(try block(), at: start))
    }
    guard handled else { throw fail("expected 'catch' or 'finally'") }
    return .control("try", expressions: [], statements: statements, at: start)
  }

  // MARK: Modules

  mutating func noteModuleSyntax(_ offset: Int, _ what: String) {
    if moduleSyntax == nil { moduleSyntax = (offset, what) }
  }

  /// The module name after `from` (or a bare `import "m"`).
  mutating func moduleSpecifier() throws(JavaScriptLexError) -> String {
    guard case .string(let name) = token.kind, let name else { throw fail("expected a module name") }
    try advance()
    // Import attributes (`with { type: "json" }`).
    if (token.isWord("with") || (token.isWord("assert") && !token.newlineBefore)),
      try lookahead({ $0.token.isPunctuator("{") })
    {
      try advance()
      _ = try objectLiteral()
    }
    return name
  }

  mutating func importDeclaration(start: Int) throws(JavaScriptLexError) -> JavaScriptStatement? {
    try advance()
    var declaration = JavaScriptImport(
      module: "", defaultName: nil, namespaceName: nil, names: [], isRequire: false, offset: start)
    if case .string = token.kind {
      noteModuleSyntax(start, "import")
      declaration.module = try moduleSpecifier()
      try semicolon()
      return .import(declaration)
    }
    var typeOnly = false
    if typeScript, token.isWord("type"),
      try lookahead({
        $0.token.name != nil && !$0.token.isWord("from") || $0.token.isPunctuator("{")
          || $0.token.isPunctuator("*")
      })
    {
      typeOnly = true
      try advance()
    }
    if case .identifier = token.kind, !token.isPunctuator("{") {
      let name = try bindingName()
      if typeScript, token.isPunctuator("=") {
        // `import x = require("m")` or `import x = A.B`.
        try advance()
        if try eatWord("require") {
          try expect("(")
          guard case .string(let module) = token.kind, let module else {
            throw fail("expected a module name")
          }
          try advance()
          try expect(")")
          try semicolon()
          declaration.module = module
          declaration.defaultName = name
          declaration.isRequire = true
          return typeOnly ? nil : .import(declaration)
        }
        let value = try expression()
        try semicolon()
        return .variables(kind: "const", [(.name(name, at: start), value)], at: start)
      }
      declaration.defaultName = name
      if !(try eat(",")) {
        guard try eatWord("from") else { throw fail("expected 'from'") }
        noteModuleSyntax(start, "import")
        declaration.module = try moduleSpecifier()
        try semicolon()
        return typeOnly ? nil : .import(declaration)
      }
    }
    if try eat("*") {
      guard try eatWord("as") else { throw fail("expected 'as'") }
      declaration.namespaceName = try bindingName()
    } else if try eat("{") {
      while !token.isPunctuator("}") {
        var specifierTypeOnly = false
        if typeScript, token.isWord("type"),
          try lookahead({ $0.token.name != nil || $0.token.isString })
        {
          specifierTypeOnly = true
          try advance()
        }
        let imported: String
        switch token.kind {
        case .identifier(let name, _): imported = name
        case .string(let name?): imported = name
        default: throw unexpected()
        }
        try advance()
        let local = try eatWord("as") ? try bindingName() : imported
        if !specifierTypeOnly { declaration.names.append((imported, local)) }
        if !(try eat(",")) { break }
      }
      try expect("}")
    }
    guard try eatWord("from") else { throw fail("expected 'from'") }
    noteModuleSyntax(start, "import")
    declaration.module = try moduleSpecifier()
    try semicolon()
    return typeOnly ? nil : .import(declaration)
  }

  mutating func exportDeclaration(start: Int) throws(JavaScriptLexError) -> JavaScriptStatement? {
    try advance()
    if typeScript, token.isPunctuator("=") {
      // `export = value`: a CommonJS export in TypeScript's syntax.
      try advance()
      let value = try expression()
      try semicolon()
      return .exportAssignment(value, at: start)
    }
    if typeScript, token.isWord("as") {
      // `export as namespace X` (declaration files only).
      try advance()
      _ = try eatWord("namespace")
      _ = try bindingName()
      try semicolon()
      return nil
    }
    if typeScript, token.isWord("import") {
      // `export import A = B.C`.
      try advance()
      let name = try bindingName()
      try expect("=")
      let value = try expression()
      try semicolon()
      return .variables(kind: "const", [(.name(name, at: start), value)], at: start)
    }
    noteModuleSyntax(start, "export")
    if try eatWord("default") {
      if token.isWord("function") {
        return .exportDeclaration(
          .function(try function(isAsync: false, start: token.start, declaration: false)), at: start
        )
        .defaultFunction
      }
      if token.isWord("async"), try lookahead({ $0.token.isWord("function") && !$0.token.newlineBefore }) {
        try advance()
        return .exportDefault(
          .function(try function(isAsync: true, start: token.start, declaration: false)), at: start)
      }
      if token.isWord("class") {
        let classStart = token.start
        _ = try classDeclaration(optionalName: true)
        return .exportDefault(.class(at: classStart), at: start)
      }
      if typeScript, token.isWord("interface") {
        _ = try typeScriptDeclaration("interface", start: token.start)
        return nil
      }
      let value = try assignment()
      try semicolon()
      return .exportDefault(value, at: start)
    }
    if token.isPunctuator("*") {
      try advance()
      var name: String?
      if try eatWord("as") {
        switch token.kind {
        case .identifier(let word, _): name = word
        case .string(let word?): name = word
        default: throw unexpected()
        }
        try advance()
      }
      guard try eatWord("from") else { throw fail("expected 'from'") }
      let module = try moduleSpecifier()
      try semicolon()
      return .exportAll(from: module, as: name, at: start)
    }
    var typeOnly = false
    if typeScript, token.isWord("type"),
      try lookahead({ $0.token.isPunctuator("{") || $0.token.isPunctuator("*") })
    {
      typeOnly = true
      try advance()
    }
    if try eat("{") {
      var names: [(local: String, exported: String)] = []
      while !token.isPunctuator("}") {
        var specifierTypeOnly = typeOnly
        if typeScript, token.isWord("type"), try lookahead({ $0.token.name != nil }) {
          specifierTypeOnly = true
          try advance()
        }
        let local: String
        switch token.kind {
        case .identifier(let name, _): local = name
        case .string(let name?): local = name
        default: throw unexpected()
        }
        try advance()
        var exported = local
        if try eatWord("as") {
          switch token.kind {
          case .identifier(let name, _): exported = name
          case .string(let name?): exported = name
          default: throw unexpected()
          }
          try advance()
        }
        if !specifierTypeOnly { names.append((local, exported)) }
        if !(try eat(",")) { break }
      }
      try expect("}")
      var module: String?
      if try eatWord("from") { module = try moduleSpecifier() }
      try semicolon()
      return typeOnly ? nil : .exportNames(names, from: module, at: start)
    }
    guard let declaration = try statement() else { return nil }
    switch declaration {
    case .variables, .function, .class:
      return .exportDeclaration(declaration, at: start)
    default:
      throw fail("expected a declaration after 'export'", at: declaration.offset)
    }
  }
}

extension JavaScriptStatement {
  /// `export default function name() {}`: the function is the default export, and its name is
  /// bound too.
  fileprivate var defaultFunction: JavaScriptStatement {
    guard case .exportDeclaration(.function(let function), let at) = self else { return self }
    return .exportDefault(.function(function), at: at)
  }
}
