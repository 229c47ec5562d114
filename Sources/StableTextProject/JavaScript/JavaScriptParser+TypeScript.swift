extension JavaScriptParser {
  // MARK: Types (read and dropped)

  /// A type: a function type, a conditional type, or a union.
  mutating func type() throws(JavaScriptLexError) {
    try nested { (parser) throws(JavaScriptLexError) in try parser.typeBody() }
  }

  private mutating func typeBody() throws(JavaScriptLexError) {
    if token.isWord("abstract"), try lookahead({ $0.token.isWord("new") }) { try advance() }
    if try eatWord("new") {
      if token.isPunctuator("<") { try typeParameters() }
      try skipBalanced()
      try expect("=>")
      try type()
      return
    }
    if token.isPunctuator("<") {
      try typeParameters()
      try skipBalanced()
      try expect("=>")
      try type()
      return
    }
    if token.isPunctuator("(") {
      // `(a: T) => R` or a parenthesised type.
      let saved = mark
      try skipBalanced()
      if try eat("=>") {
        try type()
        return
      }
      reset(saved)
    }
    try unionType()
    if token.isWord("extends"), !token.newlineBefore {
      try advance()
      try unionType()
      try expect("?")
      try type()
      try expect(":")
      try type()
    }
  }

  mutating func unionType() throws(JavaScriptLexError) {
    _ = try eat("|")
    try intersectionType()
    while try eat("|") { try intersectionType() }
  }

  mutating func intersectionType() throws(JavaScriptLexError) {
    _ = try eat("&")
    try typeOperator()
    while try eat("&") { try typeOperator() }
  }

  mutating func typeOperator() throws(JavaScriptLexError) {
    if token.isWord("keyof") || token.isWord("unique") || token.isWord("readonly") {
      try advance()
      try nested { (parser) throws(JavaScriptLexError) in try parser.typeOperator() }
      return
    }
    if try eatWord("infer") {
      _ = try bindingName()
      if token.isWord("extends") {
        // `infer U extends X`: a constraint, unless the `extends` is a conditional type's (then a
        // `?` follows what it reads).
        let saved = mark
        try advance()
        do throws(JavaScriptLexError) {
          try unionType()
          if token.isPunctuator("?") { reset(saved) }
        } catch {
          if error.committed { throw error }
          reset(saved)
        }
      }
      return
    }
    try primaryType()
    while token.isPunctuator("["), !token.newlineBefore {
      try advance()
      if !token.isPunctuator("]") { try type() }
      try expect("]")
    }
  }

  mutating func primaryType() throws(JavaScriptLexError) {
    switch token.kind {
    case .punctuator("("):
      try advance()
      try type()
      try expect(")")
    case .punctuator("{"), .punctuator("["):
      try skipBalanced()
    case .string, .number, .bigint:
      try advance()
    case .punctuator("-"):
      try advance()
      guard case .number = token.kind else { throw unexpected() }
      try advance()
    case .template:
      // A template literal type: its substitutions are types.
      while case .template(_, let tail) = token.kind {
        try advance()
        if tail { break }
        try type()
        guard token.isPunctuator("}") else { throw fail("expected '}' in a template literal type") }
        token = try lexer.templateContinuation(at: token)
      }
    case .identifier(let word, _):
      try advance()
      if word == "typeof" {
        if token.isWord("import") {
          try importType()
        } else {
          _ = try typeName()
        }
        if token.isPunctuator("<"), !token.newlineBefore { try typeArguments() }
        return
      }
      if word == "import" {
        try importType(afterImport: true)
        return
      }
      if word == "asserts", case .identifier = token.kind, !token.newlineBefore {
        // `asserts x` or `asserts x is T`.
        try advance()
        if try eatWord("is") { try type() }
        return
      }
      while try eat(".") {
        guard case .identifier = token.kind else { throw fail("expected a name after '.'") }
        try advance()
      }
      if token.isPunctuator("<"), !token.newlineBefore { try typeArguments() }
      if token.isWord("is"), !token.newlineBefore {
        // A type predicate: `x is T`.
        try advance()
        try type()
      }
    default:
      throw unexpected()
    }
  }

  /// `a.b.c` in a type.
  mutating func typeName() throws(JavaScriptLexError) -> String {
    guard case .identifier(let name, _) = token.kind else { throw unexpected() }
    try advance()
    while try eat(".") {
      guard case .identifier = token.kind else { throw fail("expected a name after '.'") }
      try advance()
    }
    return name
  }

  /// `import("m").Name<T>` as a type.
  mutating func importType(afterImport: Bool = false) throws(JavaScriptLexError) {
    if !afterImport { try advance() }
    try skipBalanced()
    while try eat(".") {
      guard case .identifier = token.kind else { throw fail("expected a name after '.'") }
      try advance()
    }
    if token.isPunctuator("<"), !token.newlineBefore { try typeArguments() }
  }

  /// `<A, B>`.
  mutating func typeArguments() throws(JavaScriptLexError) {
    try expect("<")
    if !token.isPunctuator(">") {
      repeat { try type() } while try eat(",") && !token.isPunctuator(">")
    }
    try closeAngle()
  }

  /// `<T extends U = V, const W>`.
  mutating func typeParameters() throws(JavaScriptLexError) {
    try expect("<")
    while !token.isPunctuator(">") {
      while token.isWord("const") || token.isWord("in") || token.isWord("out") {
        let modifier = try lookahead { $0.token.name != nil }
        if !modifier { break }
        try advance()
      }
      _ = try bindingName()
      if try eatWord("extends") { try type() }
      if try eat("=") { try type() }
      if !(try eat(",")) { break }
    }
    try closeAngle()
  }

  /// A `>` closing type arguments, split off `>>`, `>=` and the like.
  mutating func closeAngle() throws(JavaScriptLexError) {
    guard let text = token.punctuator, text.hasPrefix(">") else { throw fail("expected '>'") }
    if text != ">" { token = lexer.greaterThan(at: token) }
    try advance()
  }

  /// Skips a bracketed group from its opener (`(`, `[`, `{`) to its closer, templates included.
  mutating func skipBalanced() throws(JavaScriptLexError) {
    var closers: [String] = []
    let start = token.start
    repeat {
      switch token.kind {
      case .punctuator("{"), .punctuator("("), .punctuator("["):
        let opener = token.punctuator!
        closers.append(opener == "{" ? "}" : opener == "(" ? ")" : "]")
        guard closers.count <= Self.maximumDepth else {
          throw fail("nested deeper than \(Self.maximumDepth) levels")
        }
      case .punctuator("}") where closers.last == "${":
        token = try lexer.templateContinuation(at: token)
        if case .template(_, true) = token.kind { closers.removeLast() }
      case .punctuator(let text) where text == "}" || text == ")" || text == "]":
        guard closers.last == text else { throw fail("unbalanced '\(text)'") }
        closers.removeLast()
      case .template(_, false):
        closers.append("${")
      case .end:
        throw fail("unbalanced brackets from here to the end of the file", at: start)
      default:
        break
      }
      try advance()
    } while !closers.isEmpty
  }

  // MARK: Declarations

  /// TypeScript's declarations that start with a contextual keyword (`interface`, `type`,
  /// `declare`, `enum`, `namespace`, `module`, `abstract class`): nil (nothing to evaluate) for
  /// types, `.some(nil)` … or nil when `word` starts an expression instead.
  mutating func typeScriptDeclaration(_ word: String, start: Int) throws(JavaScriptLexError)
    -> JavaScriptStatement??
  {
    switch word {
    case "interface":
      guard try lookahead({ $0.token.name != nil && !$0.token.newlineBefore }) else { return nil }
      try advance()
      _ = try bindingName()
      if token.isPunctuator("<") { try typeParameters() }
      if try eatWord("extends") {
        repeat { try type() } while try eat(",")
      }
      try skipBalanced()
      return .some(nil)
    case "type":
      guard try lookahead({ $0.token.name != nil && !$0.token.newlineBefore }) else { return nil }
      try advance()
      _ = try bindingName()
      if token.isPunctuator("<") { try typeParameters() }
      try expect("=")
      try type()
      try semicolon()
      return .some(nil)
    case "declare":
      guard try lookahead({ $0.token.name != nil && !$0.token.newlineBefore }) else { return nil }
      try advance()
      if token.isWord("global") || token.isWord("module") || token.isWord("namespace") {
        try advance()
        if case .string = token.kind { try advance() } else if token.name != nil { _ = try typeName() }
        if token.isPunctuator("{") { try skipBalanced() } else { try semicolon() }
        return .some(nil)
      }
      // Declares a name without a value: nothing for the data.
      _ = try statement()
      return .some(nil)
    case "enum":
      guard try lookahead({ $0.token.name != nil && !$0.token.newlineBefore }) else { return nil }
      return .some(try enumDeclaration(start: start))
    case "namespace", "module":
      let declares = try lookahead { parser in
        guard !parser.token.newlineBefore else { return false }
        if case .string = parser.token.kind { return word == "module" }
        return parser.token.name != nil
      }
      guard declares else { return nil }
      try advance()
      var name: String?
      if case .string = token.kind { try advance() } else { name = try typeName() }
      try skipBalanced()
      return .some(name.map { .class(name: $0, at: start) })
    case "abstract":
      guard try lookahead({ $0.token.isWord("class") && !$0.token.newlineBefore }) else { return nil }
      try advance()
      let name = try classDeclaration()
      return .some(.class(name: name, at: start))
    default:
      return nil
    }
  }

  /// `enum E { … }` (after `const` when there is one): a name bound to no data.
  mutating func enumDeclaration(start: Int) throws(JavaScriptLexError) -> JavaScriptStatement {
    try advance()
    let name = try bindingName()
    try skipBalanced()
    return .class(name: name, at: start)
  }

  /// `class [Name] [extends X] [implements Y] { … }`, read whole: its name.
  mutating func classDeclaration(optionalName: Bool = false) throws(JavaScriptLexError) -> String? {
    try advance()
    var name: String?
    if case .identifier(let word, _) = token.kind, word != "extends", word != "implements" || !typeScript {
      name = try bindingName()
    } else if !optionalName {
      throw fail("a class declaration needs a name")
    }
    if typeScript, token.isPunctuator("<") { try typeParameters() }
    if try eatWord("extends") {
      _ = try leftHandSide()
    }
    if typeScript, try eatWord("implements") {
      repeat { try type() } while try eat(",")
    }
    try expect("{")
    let outer = (inAsync, inGenerator, inFunction, allowIn)
    defer { (inAsync, inGenerator, inFunction, allowIn) = outer }
    inFunction = true
    allowIn = true
    while !token.isPunctuator("}") {
      guard token.kind != .end else { throw fail("expected '}' before the end of the file") }
      if try eat(";") { continue }
      try classMember()
    }
    try advance()
    return name
  }

  /// One member of a class body: a method, an accessor, a field, a static block, an index
  /// signature.
  mutating func classMember() throws(JavaScriptLexError) {
    try decorators()
    let start = token.start
    var isAsync = false
    var isGenerator = false
    let modifiers: Set<String> = [
      "static", "public", "private", "protected", "readonly", "abstract", "override", "declare", "accessor",
      "async",
      "get", "set",
    ]
    while let word = token.name, modifiers.contains(word) {
      // A modifier only before a key on its line (`static() {}` is a method named static).
      let modifies = try lookahead { parser in
        (parser.startsPropertyKey || parser.token.isPunctuator("*") || parser.token.isPunctuator("{"))
          && !(word == "async" && parser.token.newlineBefore)
      }
      guard modifies else { break }
      try advance()
      if word == "static", token.isPunctuator("{") {
        let outer = (inAsync, inGenerator)
        (inAsync, inGenerator) = (false, false)
        _ = try block()
        (inAsync, inGenerator) = outer
        return
      }
      if word == "async" { isAsync = true }
    }
    if try eat("*") { isGenerator = true }
    if typeScript, token.isPunctuator("["),
      try lookahead({ (parser) throws(JavaScriptLexError) in
        guard parser.token.name != nil else { return false }
        try parser.advance()
        return parser.token.isPunctuator(":")
      })
    {
      // An index signature: `[key: string]: T;`.
      try skipBalanced()
      if try eat(":") { try type() }
      try semicolon()
      return
    }
    _ = try propertyKey()
    if typeScript, !(try eat("?")) { _ = try eat("!") }
    if token.isPunctuator("(") || token.isPunctuator("<") {
      _ = try functionRest(
        name: nil, isAsync: isAsync, isGenerator: isGenerator, isArrow: false, start: start,
        allowsNoBody: typeScript)
      return
    }
    if typeScript, try eat(":") { try type() }
    if try eat("=") {
      let outer = (inAsync, inGenerator)
      (inAsync, inGenerator) = (false, false)
      _ = try assignment()
      (inAsync, inGenerator) = outer
    }
    try semicolon()
  }
}
