/// The syntax tree of a JavaScript or TypeScript module as the reader keeps it: every expression
/// and statement, with TypeScript's types already dropped (what remains of them is only what
/// changes a value: nothing, as `as const` and `satisfies` change none). Offsets are the
/// scalars' in the source (JavaScriptSource names their lines and columns).
indirect enum JavaScriptExpression {
  case identifier(String, at: Int)
  case number(Double, at: Int)
  /// A BigInt literal.
  case bigint(at: Int)
  /// nil: a lone surrogate.
  case string(String?, at: Int)
  case boolean(Bool, at: Int)
  case null(at: Int)
  case this(at: Int)
  /// `` `a${x}b` ``: `quasis` has one more element than `substitutions` (nil: malformed, tagged only).
  case template(quasis: [String?], substitutions: [JavaScriptExpression], at: Int)
  case taggedTemplate(
    tag: JavaScriptExpression, quasis: [String?], substitutions: [JavaScriptExpression], at: Int)
  case regex(pattern: String, flags: String, at: Int)
  case array([ArrayElement], at: Int)
  case object([Property], at: Int)
  case function(JavaScriptFunction)
  case `class`(at: Int)
  case unary(String, JavaScriptExpression, at: Int)
  /// `++x`, `x--`…
  case update(String, JavaScriptExpression, at: Int)
  case binary(String, JavaScriptExpression, JavaScriptExpression, at: Int)
  /// `&&`, `||`, `??`.
  case logical(String, JavaScriptExpression, JavaScriptExpression, at: Int)
  case conditional(JavaScriptExpression, JavaScriptExpression, JavaScriptExpression, at: Int)
  /// `target op value` (`=`, `+=`, `??=`…); the target may be a pattern.
  case assignment(String, JavaScriptExpression, JavaScriptExpression, at: Int)
  case sequence([JavaScriptExpression], at: Int)
  /// `object.name`; `optional` for `?.`.
  case member(JavaScriptExpression, String, optional: Bool, at: Int)
  /// `object[key]`.
  case index(JavaScriptExpression, JavaScriptExpression, optional: Bool, at: Int)
  /// `object.#name`.
  case privateMember(JavaScriptExpression, at: Int)
  case call(JavaScriptExpression, [ArrayElement], optional: Bool, at: Int)
  case new(JavaScriptExpression, [ArrayElement], at: Int)
  /// `import(specifier)`.
  case dynamicImport(JavaScriptExpression, at: Int)
  /// `import.meta`, `new.target`, `super`: what a configuration's data never is.
  case meta(String, at: Int)
  case await(JavaScriptExpression, at: Int)
  case yield(JavaScriptExpression?, at: Int)
  /// `...x` where a pattern or an argument allows it, kept while the parser decides whether a
  /// parenthesised list is an arrow function's parameters.
  case spread(JavaScriptExpression, at: Int)
  /// An object pattern's `name = value` shorthand, valid only as a pattern.
  case shorthandDefault(String, JavaScriptExpression, at: Int)

  enum ArrayElement {
    case expression(JavaScriptExpression)
    case spread(JavaScriptExpression, at: Int)
    /// An elision (`[a, , b]`).
    case hole(at: Int)
  }

  enum PropertyKey {
    case name(String)
    case computed(JavaScriptExpression)
  }

  enum Property {
    /// `key: value`, a shorthand `name`, or a method (the value a function).
    case value(PropertyKey, JavaScriptExpression, at: Int)
    /// `get key() {}` or `set key(v) {}`.
    case accessor(PropertyKey, at: Int)
    case spread(JavaScriptExpression, at: Int)
  }

  /// The offset it starts at.
  var offset: Int {
    switch self {
    case .identifier(_, let at), .number(_, let at), .bigint(let at), .string(_, let at), .boolean(_, let at),
      .null(let at), .this(let at), .template(_, _, let at), .taggedTemplate(_, _, _, let at),
      .regex(_, _, let at),
      .array(_, let at), .object(_, let at), .class(let at), .unary(_, _, let at), .update(_, _, let at),
      .binary(_, _, _, let at), .logical(_, _, _, let at), .conditional(_, _, _, let at),
      .assignment(_, _, _, let at), .sequence(_, let at), .member(_, _, _, let at), .index(_, _, _, let at),
      .privateMember(_, let at), .call(_, _, _, let at), .new(_, _, let at), .dynamicImport(_, let at),
      .meta(_, let at), .await(_, let at), .yield(_, let at), .spread(_, let at),
      .shorthandDefault(_, _, let at):
      at
    case .function(let function): function.offset
    }
  }
}

/// A binding pattern: a name, or an object or array destructured.
indirect enum JavaScriptPattern {
  case name(String, at: Int)
  /// `{ key: pattern = default, ...rest }`.
  case object(
    [(key: JavaScriptExpression.PropertyKey, value: JavaScriptPattern)], rest: JavaScriptPattern?, at: Int)
  /// `[a, , b = 1, ...rest]` (nil: a hole).
  case array([JavaScriptPattern?], rest: JavaScriptPattern?, at: Int)
  case withDefault(JavaScriptPattern, JavaScriptExpression, at: Int)
  /// An assignment's target that binds no name (`a.b` in `[a.b] = x`).
  case target(JavaScriptExpression, at: Int)

  /// The names it binds.
  var names: [String] {
    switch self {
    case .name(let name, _): [name]
    case .object(let members, let rest, _): members.flatMap(\.value.names) + (rest?.names ?? [])
    case .array(let elements, let rest, _): elements.flatMap { $0?.names ?? [] } + (rest?.names ?? [])
    case .withDefault(let inner, _, _): inner.names
    case .target: []
    }
  }

  var offset: Int {
    switch self {
    case .name(_, let at), .object(_, _, let at), .array(_, _, let at), .withDefault(_, _, let at),
      .target(_, let at):
      at
    }
  }
}

/// A function: an arrow, a `function`, a method.
final class JavaScriptFunction {
  var name: String?
  var parameters: [JavaScriptPattern]
  /// `...rest`.
  var rest: JavaScriptPattern?
  var body: Body
  var isArrow: Bool
  var isAsync: Bool
  var isGenerator: Bool
  var offset: Int

  enum Body {
    /// An arrow's expression body.
    case expression(JavaScriptExpression)
    case block([JavaScriptStatement])
  }

  init(
    name: String?, parameters: [JavaScriptPattern], rest: JavaScriptPattern?, body: Body, isArrow: Bool,
    isAsync: Bool, isGenerator: Bool, offset: Int
  ) {
    self.name = name
    self.parameters = parameters
    self.rest = rest
    self.body = body
    self.isArrow = isArrow
    self.isAsync = isAsync
    self.isGenerator = isGenerator
    self.offset = offset
  }
}

indirect enum JavaScriptStatement {
  /// `const`, `let`, `var` (`using` too): each declarator's pattern and initializer.
  case variables(kind: String, [(pattern: JavaScriptPattern, value: JavaScriptExpression?)], at: Int)
  case function(JavaScriptFunction)
  case `class`(name: String?, at: Int)
  case expression(JavaScriptExpression, at: Int)
  case `return`(JavaScriptExpression?, at: Int)
  case block([JavaScriptStatement], at: Int)
  /// `import … from "m"` (type-only imports are dropped by the parser).
  case `import`(JavaScriptImport)
  /// `export default value`.
  case exportDefault(JavaScriptExpression, at: Int)
  /// `export const x = …`, `export function f…`, `export class C…`.
  case exportDeclaration(JavaScriptStatement, at: Int)
  /// `export { a, b as c }` (from a module: `from`).
  case exportNames([(local: String, exported: String)], from: String?, at: Int)
  /// `export * from "m"` (`as name`: `export * as name from`).
  case exportAll(from: String, as: String?, at: Int)
  /// TypeScript's `export = value`.
  case exportAssignment(JavaScriptExpression, at: Int)
  /// Control flow and anything else the data never comes from: its nested statements and
  /// expressions are kept for what they assign (`if (…) module.exports = …`).
  case control(String, expressions: [JavaScriptExpression], statements: [JavaScriptStatement], at: Int)
  case empty(at: Int)

  var offset: Int {
    switch self {
    case .variables(_, _, let at), .class(_, let at), .expression(_, let at), .return(_, let at),
      .block(_, let at),
      .exportDefault(_, let at), .exportDeclaration(_, let at), .exportNames(_, _, let at),
      .exportAll(_, _, let at),
      .exportAssignment(_, let at), .control(_, _, _, let at), .empty(let at):
      at
    case .function(let function): function.offset
    case .import(let declaration): declaration.offset
    }
  }
}

/// An `import` declaration (or TypeScript's `import x = require("m")`).
struct JavaScriptImport {
  var module: String
  /// `import name from`.
  var defaultName: String?
  /// `import * as name from`.
  var namespaceName: String?
  /// `import { imported as local }`.
  var names: [(imported: String, local: String)]
  /// `import x = require("m")`: the whole module's exports.
  var isRequire: Bool
  var offset: Int
}
