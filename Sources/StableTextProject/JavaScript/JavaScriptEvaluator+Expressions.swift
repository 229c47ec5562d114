import StableTextConventions
import StableTextCore

extension JavaScriptEvaluator {
  /// The value of `expression`, as JavaScript computes it over data.
  func evaluate(_ expression: JavaScriptExpression, in scope: JavaScriptScope) -> JavaScriptValue {
    chain(expression, in: scope) ?? .undefined
  }

  /// `expression`'s value, or nil when an optional chain (`a?.b`) stopped at null or undefined.
  func chain(_ expression: JavaScriptExpression, in scope: JavaScriptScope) -> JavaScriptValue? {
    steps -= 1
    if exhausted { return .unknown(exhaustion(at: expression.offset)) }
    switch expression {
    case .identifier(let name, let at):
      return lookup(name, in: scope, at: at)
    case .number(let value, _):
      return .number(value)
    case .bigint(let at):
      return .unknown(JavaScriptUnknown(offset: at, reason: "a BigInt, which no configuration's data is"))
    case .string(let value, let at):
      guard let value else {
        return .unknown(JavaScriptUnknown(offset: at, reason: "a string with a lone surrogate"))
      }
      return .string(value)
    case .boolean(let value, _):
      return .bool(value)
    case .null:
      return .null
    case .this(let at):
      return .unknown(JavaScriptUnknown(offset: at, reason: "this, which StableText does not follow"))
    case .template(let quasis, let substitutions, let at):
      var text = quasis[0] ?? ""
      for (index, substitution) in substitutions.enumerated() {
        switch string(of: evaluate(substitution, in: scope), at: substitution.offset) {
        case .success(let part): text += part
        case .failure(let unknown): return .unknown(unknown)
        }
        text += quasis[index + 1] ?? ""
      }
      guard make(text.utf8.count) else { return .unknown(exhaustion(at: at)) }
      return .string(text)
    case .taggedTemplate(let tag, _, _, let at):
      return .unknown(
        JavaScriptUnknown(
          offset: at, reason: "\(Self.describe(tag))`…`, a tagged template (a call StableText does not run)"))
    case .regex(let pattern, let flags, let at):
      return .regex(pattern: pattern, flags: flags, at: at)
    case .array(let elements, let at):
      var positions: [Int] = []
      switch spread(elements, in: scope, at: at, positions: &positions) {
      case .success(let values):
        let array = JavaScriptArray(values)
        if positions.count == values.count { array.positions = positions }
        return .array(array)
      case .failure(let unknown):
        return .unknown(unknown)
      }
    case .object(let properties, let at):
      return object(properties, at: at, in: scope)
    case .function(let function):
      return .function(JavaScriptClosure(function, scope))
    case .class(let at):
      return .unknown(JavaScriptUnknown(offset: at, reason: "a class, which StableText does not run"))
    case .unary(let text, let operand, let at):
      return unary(text, operand, at: at, in: scope)
    case .update(let text, let target, let at):
      let old = number(of: evaluate(target, in: scope))
      let new: JavaScriptValue =
        old.map { .number(text == "++" ? $0 + 1 : $0 - 1) } ?? .unknown(unknownOperand(at))
      assign(to: target, new, in: scope)
      return new
    case .binary(let text, let left, let right, let at):
      return binary(text, evaluate(left, in: scope), evaluate(right, in: scope), at: at)
    case .logical(let text, let left, let right, _):
      let first = evaluate(left, in: scope)
      switch text {
      case "&&":
        guard let truth = first.truthiness else { return first.unknown.map { .unknown($0) } ?? first }
        return truth ? evaluate(right, in: scope) : first
      case "||":
        guard let truth = first.truthiness else { return first.unknown.map { .unknown($0) } ?? first }
        return truth ? first : evaluate(right, in: scope)
      default:
        switch first {
        case .undefined, .null: return evaluate(right, in: scope)
        case .unknown, .module: return first
        default: return first
        }
      }
    case .conditional(let test, let yes, let no, let at):
      let condition = evaluate(test, in: scope)
      guard let truth = condition.truthiness else {
        return .unknown(
          condition.unknown ?? JavaScriptUnknown(offset: at, reason: "a condition StableText cannot decide"))
      }
      return evaluate(truth ? yes : no, in: scope)
    case .assignment(let text, let target, let value, let at):
      return assignment(text, target, value, at: at, in: scope)
    case .sequence(let expressions, _):
      var last = JavaScriptValue.undefined
      for expression in expressions { last = evaluate(expression, in: scope) }
      return last
    case .member(let object, let name, let optional, let at):
      guard let base = chain(object, in: scope) else { return nil }
      if optional, isNullish(base) { return nil }
      return member(base, name, at: at)
    case .index(let object, let key, let optional, let at):
      guard let base = chain(object, in: scope) else { return nil }
      if optional, isNullish(base) { return nil }
      switch propertyKey(evaluate(key, in: scope), at: key.offset) {
      case .success(let name): return member(base, name, at: at)
      case .failure(let unknown): return .unknown(unknown)
      }
    case .privateMember(_, let at):
      return .unknown(
        JavaScriptUnknown(offset: at, reason: "a private member, which StableText does not follow"))
    case .call(let callee, let arguments, let optional, let at):
      return call(callee, arguments, optional: optional, at: at, in: scope)
    case .new(let callee, let arguments, let at):
      return construct(callee, arguments, at: at, in: scope)
    case .dynamicImport(let specifier, let at):
      guard case .string(let name) = evaluate(specifier, in: scope) else {
        return .unknown(JavaScriptUnknown(offset: at, reason: "an import( ) of a computed module"))
      }
      let value = importValue(name, path: [], at: at)
      if value.unknown != nil { return value }
      return .promise(JavaScriptBox(value))
    case .meta(let what, let at):
      return .unknown(JavaScriptUnknown(offset: at, reason: "\(what), which StableText does not follow"))
    case .await(let operand, _):
      let value = evaluate(operand, in: scope)
      if case .promise(let box) = value { return box.value }
      return value
    case .yield(_, let at):
      return .unknown(JavaScriptUnknown(offset: at, reason: "yield, which StableText does not run"))
    case .spread(_, let at), .shorthandDefault(_, _, let at):
      return .unknown(JavaScriptUnknown(offset: at, reason: "syntax valid only in a pattern"))
    }
  }

  func isNullish(_ value: JavaScriptValue) -> Bool {
    switch value {
    case .undefined, .null: true
    default: false
    }
  }

  func unknownOperand(_ offset: Int) -> JavaScriptUnknown {
    JavaScriptUnknown(offset: offset, reason: "an operation on something StableText does not know")
  }

  /// A name for an expression in a note: `fs.readdirSync`, `getScopes`.
  static func describe(_ expression: JavaScriptExpression) -> String {
    switch expression {
    case .identifier(let name, _): name
    case .member(let object, let name, let optional, _): describe(object) + (optional ? "?." : ".") + name
    case .index(let object, .string(let key?, _), _, _):
      describe(object) + "[\(CommitlintIgnore.Text.literal(key))]"
    case .index(let object, _, _, _): describe(object) + "[…]"
    case .call(let callee, _, _, _): describe(callee) + "(…)"
    case .new(let callee, _, _): "new " + describe(callee) + "(…)"
    case .dynamicImport: "import(…)"
    case .this: "this"
    default: "(…)"
    }
  }

  // MARK: Literals

  /// Array elements with spreads, or the first unknown spread.
  func spread(_ elements: [JavaScriptExpression.ArrayElement], in scope: JavaScriptScope, at offset: Int)
    -> Result<
      [JavaScriptValue], JavaScriptUnknown
    >
  {
    var positions: [Int] = []
    return spread(elements, in: scope, at: offset, positions: &positions)
  }

  /// The same, with where each value is written (`positions`, one an element).
  func spread(
    _ elements: [JavaScriptExpression.ArrayElement], in scope: JavaScriptScope, at offset: Int,
    positions: inout [Int]
  ) -> Result<[JavaScriptValue], JavaScriptUnknown> {
    var values: [JavaScriptValue] = []
    for element in elements {
      switch element {
      case .expression(let expression):
        values.append(evaluate(expression, in: scope))
        positions.append(expression.offset)
      case .hole(let at):
        values.append(.undefined)
        positions.append(at)
      case .spread(let expression, let at):
        let spread = evaluate(expression, in: scope)
        switch iterate(spread, at: at) {
        case .success(let items):
          values += items
          if case .array(let array) = spread, array.positions.count == items.count {
            positions += array.positions
          } else {
            positions += Array(repeating: at, count: items.count)
          }
        case .failure(let unknown): return .failure(unknown)
        }
      }
      guard make(1) else { return .failure(exhaustion(at: offset)) }
    }
    return .success(values)
  }

  /// What `...value` gives in an array: an array's elements, a string's characters.
  func iterate(_ value: JavaScriptValue, at offset: Int) -> Result<[JavaScriptValue], JavaScriptUnknown> {
    switch value {
    case .array(let array):
      if let tainted = array.tainted { return .failure(tainted) }
      guard make(array.elements.count) else { return .failure(exhaustion(at: offset)) }
      return .success(array.elements)
    case .string(let text):
      guard make(text.utf8.count) else { return .failure(exhaustion(at: offset)) }
      return .success(text.unicodeScalars.map { .string(String($0)) })
    case .unknown(let unknown):
      return .failure(unknown)
    default:
      return .failure(
        JavaScriptUnknown(offset: offset, reason: "a spread of something StableText cannot list"))
    }
  }

  func object(_ properties: [JavaScriptExpression.Property], at offset: Int, in scope: JavaScriptScope)
    -> JavaScriptValue
  {
    let object = JavaScriptObject()
    for property in properties {
      guard make(1) else { return .unknown(exhaustion(at: offset)) }
      switch property {
      case .value(let key, let expression, let at):
        let name: String
        switch key {
        case .name(let text):
          name = text
          if text == "__proto__" {
            object.tainted = JavaScriptUnknown(
              offset: at, reason: "__proto__, which gives the object a prototype")
            continue
          }
        case .computed(let computed):
          switch propertyKey(evaluate(computed, in: scope), at: computed.offset) {
          case .success(let text): name = text
          case .failure(let unknown):
            object.tainted = object.tainted ?? unknown
            continue
          }
        }
        object.set(name, evaluate(expression, in: scope))
        object.positions[name] = expression.offset
      case .accessor(_, let at):
        object.tainted =
          object.tainted
          ?? JavaScriptUnknown(offset: at, reason: "a getter or setter, which StableText does not run")
      case .spread(let expression, let at):
        let value = evaluate(expression, in: scope)
        switch value {
        case .object(let source):
          if let tainted = source.tainted {
            object.tainted = object.tainted ?? tainted
            continue
          }
          guard make(source.count) else { return .unknown(exhaustion(at: at)) }
          for key in source.keys { object.set(key, source[key]!) }
        case .array(let array):
          if let tainted = array.tainted {
            object.tainted = object.tainted ?? tainted
            continue
          }
          guard make(array.elements.count) else { return .unknown(exhaustion(at: at)) }
          for (index, element) in array.elements.enumerated() { object.set(String(index), element) }
        case .string(let text):
          let units = Array(text.utf16)
          guard make(units.count) else { return .unknown(exhaustion(at: at)) }
          for (index, unit) in units.enumerated() {
            guard let character = String(validating: [unit], as: UTF16.self) else {
              object.tainted =
                object.tainted ?? JavaScriptUnknown(offset: at, reason: "a string with a lone surrogate")
              break
            }
            object.set(String(index), .string(character))
          }
        case .undefined, .null, .bool, .number, .function, .builtin, .regex, .promise:
          // Nothing of their own to copy.
          break
        case .module(let name, _, _):
          object.tainted =
            object.tainted
            ?? JavaScriptUnknown(
              offset: at, reason: "a spread of what \(name) exports, which StableText does not read")
        case .unknown(let unknown):
          object.tainted = object.tainted ?? unknown
        }
      }
    }
    return .object(object)
  }

  /// ToPropertyKey of a value.
  func propertyKey(_ value: JavaScriptValue, at offset: Int) -> Result<String, JavaScriptUnknown> {
    switch value {
    case .string(let text): return .success(text)
    case .number(let number): return .success(JavaScriptNumber.string(number))
    case .bool(let flag): return .success(flag ? "true" : "false")
    case .null: return .success("null")
    case .undefined: return .success("undefined")
    case .unknown(let unknown): return .failure(unknown)
    default: return .failure(JavaScriptUnknown(offset: offset, reason: "a key computed from an object"))
    }
  }

  /// ToString, for a template or `+`: primitives, and arrays of them (joined by commas).
  func string(of value: JavaScriptValue, at offset: Int) -> Result<String, JavaScriptUnknown> {
    switch value {
    case .string(let text): return .success(text)
    case .number(let number): return .success(JavaScriptNumber.string(number))
    case .bool(let flag): return .success(flag ? "true" : "false")
    case .null: return .success("null")
    case .undefined: return .success("undefined")
    case .array(let array):
      if let tainted = array.tainted { return .failure(tainted) }
      var parts: [String] = []
      for element in array.elements {
        if isNullish(element) {
          parts.append("")
          continue
        }
        switch string(of: element, at: offset) {
        case .success(let part): parts.append(part)
        case .failure(let unknown): return .failure(unknown)
        }
      }
      return .success(parts.joined(separator: ","))
    case .regex(let pattern, let flags, _): return .success("/\(pattern)/\(flags)")
    case .unknown(let unknown): return .failure(unknown)
    default: return .failure(JavaScriptUnknown(offset: offset, reason: "an object turned into a string"))
    }
  }

  /// ToNumber of a primitive, or nil.
  func number(of value: JavaScriptValue) -> Double? {
    switch value {
    case .number(let number): return number
    case .bool(let flag): return flag ? 1 : 0
    case .null: return 0
    case .undefined: return .nan
    case .string(let text):
      work(text.utf8.count)
      let trimmed = text.unicodeScalars.drop {
        JavaScriptLexer.isWhitespace($0) || JavaScriptLexer.isLineTerminator($0)
      }
      let body = String(
        String.UnicodeScalarView(
          trimmed.reversed().drop { JavaScriptLexer.isWhitespace($0) || JavaScriptLexer.isLineTerminator($0) }
            .reversed()))
      if body.isEmpty { return 0 }
      if body == "Infinity" || body == "+Infinity" { return .infinity }
      if body == "-Infinity" { return -.infinity }
      if body.hasPrefix("0x") || body.hasPrefix("0X") {
        return UInt64(body.dropFirst(2), radix: 16).map(Double.init) ?? .nan
      }
      if body.hasPrefix("0o") || body.hasPrefix("0O") {
        return UInt64(body.dropFirst(2), radix: 8).map(Double.init) ?? .nan
      }
      if body.hasPrefix("0b") || body.hasPrefix("0B") {
        return UInt64(body.dropFirst(2), radix: 2).map(Double.init) ?? .nan
      }
      guard body.unicodeScalars.allSatisfy({ "0123456789+-.eE".unicodeScalars.contains($0) }) else {
        return .nan
      }
      return Double(body) ?? .nan
    default:
      return nil
    }
  }

  // MARK: Operators

  func unary(_ text: String, _ operand: JavaScriptExpression, at offset: Int, in scope: JavaScriptScope)
    -> JavaScriptValue
  {
    if text == "typeof", case .identifier(let name, _) = operand, scope.lookup(name) == nil {
      // `typeof undeclared` is "undefined", not an error; globals StableText models answer.
      if case .builtin = global(name, at: offset) {
        return .string(name == "require" ? "function" : "object")
      }
      if ["module", "exports"].contains(name) { return .string("object") }
    }
    if text == "delete" {
      deleteMember(operand, in: scope)
      return .bool(true)
    }
    let value = evaluate(operand, in: scope)
    if let unknown = value.unknown { return .unknown(unknown) }
    switch text {
    case "!":
      guard let truth = value.truthiness else { return .unknown(unknownOperand(offset)) }
      return .bool(!truth)
    case "-":
      return number(of: value).map { .number(-$0) } ?? .unknown(unknownOperand(offset))
    case "+":
      return number(of: value).map { .number($0) } ?? .unknown(unknownOperand(offset))
    case "~":
      return number(of: value).map { .number(Double(~Self.int32($0))) } ?? .unknown(unknownOperand(offset))
    case "typeof":
      return value.typeName.map { .string($0) } ?? .unknown(unknownOperand(offset))
    case "void":
      return .undefined
    default:
      return .unknown(unknownOperand(offset))
    }
  }

  /// ToInt32.
  static func int32(_ value: Double) -> Int32 {
    guard value.isFinite else { return 0 }
    let truncated = value.rounded(.towardZero).truncatingRemainder(dividingBy: 4_294_967_296)
    let wrapped = truncated < 0 ? truncated + 4_294_967_296 : truncated
    // Fits: `wrapped` is an integer in 0..<2^32.
    return Int32(bitPattern: UInt32(wrapped))
  }

  func binary(_ text: String, _ left: JavaScriptValue, _ right: JavaScriptValue, at offset: Int)
    -> JavaScriptValue
  {
    if let unknown = left.unknown ?? right.unknown { return .unknown(unknown) }
    switch text {
    case "===", "!==":
      if case .string(let a) = left, case .string(let b) = right { work(min(a.utf8.count, b.utf8.count)) }
      guard let same = strictlyEqual(left, right) else { return .unknown(unknownOperand(offset)) }
      return .bool(text == "===" ? same : !same)
    case "==", "!=":
      guard let same = looselyEqual(left, right) else { return .unknown(unknownOperand(offset)) }
      return .bool(text == "==" ? same : !same)
    case "+":
      let primitive: (JavaScriptValue) -> Bool = {
        switch $0 {
        case .string, .number, .bool, .null, .undefined: true
        default: false
        }
      }
      if case .string = left, primitive(right) || isArrayOfPrimitives(right) {
        return concatenate(left, right, at: offset)
      }
      if case .string = right, primitive(left) || isArrayOfPrimitives(left) {
        return concatenate(left, right, at: offset)
      }
      guard primitive(left), primitive(right), let a = number(of: left), let b = number(of: right) else {
        return .unknown(unknownOperand(offset))
      }
      return .number(a + b)
    case "<", ">", "<=", ">=":
      if case .string(let a) = left, case .string(let b) = right {
        work(min(a.utf8.count, b.utf8.count))
        // Code unit order.
        let less = a.utf16.lexicographicallyPrecedes(b.utf16)
        let greater = b.utf16.lexicographicallyPrecedes(a.utf16)
        switch text {
        case "<": return .bool(less)
        case ">": return .bool(greater)
        case "<=": return .bool(!greater)
        default: return .bool(!less)
        }
      }
      guard let a = number(of: left), let b = number(of: right) else {
        return .unknown(unknownOperand(offset))
      }
      switch text {
      case "<": return .bool(a < b)
      case ">": return .bool(a > b)
      case "<=": return .bool(a <= b)
      default: return .bool(a >= b)
      }
    case "-", "*", "/", "%", "**":
      guard let a = number(of: left), let b = number(of: right) else {
        return .unknown(unknownOperand(offset))
      }
      switch text {
      case "-": return .number(a - b)
      case "*": return .number(a * b)
      case "/": return .number(a / b)
      case "%": return .number(a.truncatingRemainder(dividingBy: b))
      default: return .number(Self.power(a, b))
      }
    case "|", "&", "^", "<<", ">>", ">>>":
      guard let a = number(of: left), let b = number(of: right) else {
        return .unknown(unknownOperand(offset))
      }
      let x = Self.int32(a)
      let shift = UInt32(bitPattern: Self.int32(b)) & 31
      switch text {
      case "|": return .number(Double(x | Self.int32(b)))
      case "&": return .number(Double(x & Self.int32(b)))
      case "^": return .number(Double(x ^ Self.int32(b)))
      case "<<": return .number(Double(x << shift))
      case ">>": return .number(Double(x >> shift))
      default: return .number(Double(UInt32(bitPattern: x) >> shift))
      }
    case "in":
      guard case .string(let key) = left else { return .unknown(unknownOperand(offset)) }
      if case .object(let object) = right, object.tainted == nil { return .bool(object[key] != nil) }
      return .unknown(unknownOperand(offset))
    default:
      return .unknown(
        JavaScriptUnknown(offset: offset, reason: "\(text), which StableText does not evaluate"))
    }
  }

  /// `a ** b` as JavaScript defines it (`1 ** NaN` is NaN, unlike `pow`).
  static func power(_ a: Double, _ b: Double) -> Double {
    if b.isNaN { return .nan }
    if b == 0 { return 1 }
    if (a == 1 || a == -1) && b.isInfinite { return .nan }
    var result = 1.0
    if b == b.rounded(), abs(b) < 64 {
      for _ in 0..<Int(abs(b)) { result *= a }
      return b < 0 ? 1 / result : result
    }
    return libmPower(a, b)
  }

  func isArrayOfPrimitives(_ value: JavaScriptValue) -> Bool {
    guard case .array(let array) = value, array.tainted == nil else { return false }
    return array.elements.allSatisfy {
      switch $0 {
      case .string, .number, .bool, .null, .undefined: true
      default: false
      }
    }
  }

  func concatenate(_ left: JavaScriptValue, _ right: JavaScriptValue, at offset: Int) -> JavaScriptValue {
    switch (string(of: left, at: offset), string(of: right, at: offset)) {
    case (.success(let a), .success(let b)):
      // The whole result is a new string: its size is what a loop of concatenations costs.
      guard make(a.utf8.count + b.utf8.count) else { return .unknown(exhaustion(at: offset)) }
      return .string(a + b)
    case (.failure(let unknown), _), (_, .failure(let unknown)):
      return .unknown(unknown)
    }
  }

  /// `===`, or nil when it cannot be told.
  func strictlyEqual(_ left: JavaScriptValue, _ right: JavaScriptValue) -> Bool? {
    switch (left, right) {
    case (.undefined, .undefined), (.null, .null): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.number(let a), .number(let b)): return a == b
    case (.string(let a), .string(let b)): return JavaScriptText.equal(a, b)
    case (.object(let a), .object(let b)): return a === b
    case (.array(let a), .array(let b)): return a === b
    case (.function(let a), .function(let b)): return a === b
    case (.module, _), (_, .module), (.builtin, _), (_, .builtin), (.unknown, _), (_, .unknown): return nil
    case (.regex, .regex), (.promise, .promise): return nil
    default: return false
    }
  }

  /// `==` where it is `===` or null against undefined; nil for the coercions.
  func looselyEqual(_ left: JavaScriptValue, _ right: JavaScriptValue) -> Bool? {
    switch (left, right) {
    case (.undefined, .null), (.null, .undefined): return true
    case (.undefined, .undefined), (.null, .null): return true
    case (.undefined, _), (.null, _), (_, .undefined), (_, .null):
      if case .unknown = left { return nil }
      if case .unknown = right { return nil }
      if case .module = left { return nil }
      if case .module = right { return nil }
      return false
    default:
      guard left.typeName != nil, left.typeName == right.typeName else { return nil }
      return strictlyEqual(left, right)
    }
  }

  // MARK: Assignments

  func assignment(
    _ text: String, _ target: JavaScriptExpression, _ valueExpression: JavaScriptExpression, at offset: Int,
    in scope: JavaScriptScope
  ) -> JavaScriptValue {
    if text == "=" {
      let value = evaluate(valueExpression, in: scope)
      assign(to: target, value, in: scope)
      return value
    }
    let current = evaluate(target, in: scope)
    let value: JavaScriptValue
    switch text {
    case "&&=":
      guard let truth = current.truthiness else { return current }
      if !truth { return current }
      value = evaluate(valueExpression, in: scope)
    case "||=":
      guard let truth = current.truthiness else { return current }
      if truth { return current }
      value = evaluate(valueExpression, in: scope)
    case "??=":
      guard isNullish(current) else { return current }
      value = evaluate(valueExpression, in: scope)
    default:
      value = binary(String(text.dropLast()), current, evaluate(valueExpression, in: scope), at: offset)
    }
    assign(to: target, value, in: scope)
    return value
  }

  /// Stores `value` into `target` (a name, a member, or a pattern).
  func assign(to target: JavaScriptExpression, _ value: JavaScriptValue, in scope: JavaScriptScope) {
    switch target {
    case .identifier(let name, let at):
      if scope.lookup(name) == nil, ["module", "exports"].contains(name) {
        // `exports = …` rebinds the wrapper's parameter: nothing exported changes.
        return
      }
      assign(name, value, in: scope, at: at)
    case .member(let object, let name, _, let at):
      setMember(evaluate(object, in: scope), name, value, at: at)
    case .index(let object, let key, _, let at):
      let base = evaluate(object, in: scope)
      switch propertyKey(evaluate(key, in: scope), at: key.offset) {
      case .success(let name): setMember(base, name, value, at: at)
      case .failure(let unknown): taintDeep(base, unknown)
      }
    case .array, .object:
      if let pattern = Self.pattern(of: target) { bind(pattern, to: value, in: scope, declaring: nil) }
    default:
      break
    }
  }

  /// An assignment's left side read as a pattern (`[a, b] = …`, `({ a } = …)`).
  static func pattern(of expression: JavaScriptExpression) -> JavaScriptPattern? {
    switch expression {
    case .identifier(let name, let at):
      return .name(name, at: at)
    case .member, .index:
      return .target(expression, at: expression.offset)
    case .assignment("=", let target, let fallback, let at):
      return pattern(of: target).map { .withDefault($0, fallback, at: at) }
    case .shorthandDefault(let name, let fallback, let at):
      return .withDefault(.name(name, at: at), fallback, at: at)
    case .array(let elements, let at):
      var patterns: [JavaScriptPattern?] = []
      var rest: JavaScriptPattern?
      for element in elements {
        switch element {
        case .hole: patterns.append(nil)
        case .expression(let inner):
          guard let pattern = pattern(of: inner) else { return nil }
          patterns.append(pattern)
        case .spread(let inner, _):
          rest = pattern(of: inner)
        }
      }
      return .array(patterns, rest: rest, at: at)
    case .object(let properties, let at):
      var members: [(key: JavaScriptExpression.PropertyKey, value: JavaScriptPattern)] = []
      var rest: JavaScriptPattern?
      for property in properties {
        switch property {
        case .value(let key, let value, _):
          guard let pattern = pattern(of: value) else { return nil }
          members.append((key, pattern))
        case .spread(let inner, _):
          rest = pattern(of: inner)
        case .accessor:
          return nil
        }
      }
      return .object(members, rest: rest, at: at)
    default:
      return nil
    }
  }

  /// `delete object.key`.
  func deleteMember(_ target: JavaScriptExpression, in scope: JavaScriptScope) {
    let (objectExpression, keyValue): (JavaScriptExpression, JavaScriptValue)
    switch target {
    case .member(let object, let name, _, _): (objectExpression, keyValue) = (object, .string(name))
    case .index(let object, let key, _, _): (objectExpression, keyValue) = (object, evaluate(key, in: scope))
    default: return
    }
    let base = evaluate(objectExpression, in: scope)
    switch (base, propertyKey(keyValue, at: target.offset)) {
    case (.object(let object), .success(let key)) where object.tainted == nil:
      object.remove(key)
    case (.array(let array), .success(let key)) where array.tainted == nil:
      if let index = JavaScriptNumber.arrayIndex(key), Int(index) < array.elements.count {
        array.elements[Int(index)] = .undefined
      }
    case (_, .failure(let unknown)):
      taintDeep(base, unknown)
    default:
      break
    }
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// libm's `pow`.
func libmPower(_ a: Double, _ b: Double) -> Double { pow(a, b) }
