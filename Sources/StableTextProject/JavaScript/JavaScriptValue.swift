/// A value as the evaluator knows it: JavaScript's data (objects and arrays are shared references,
/// as in JavaScript, so that `config.rules.x = …` changes what `module.exports` holds), functions
/// written in the file (run only when their shape is data), the few built-ins a configuration's
/// data uses, an imported module, and `unknown`: what StableText cannot know without running
/// code, with where and why.
enum JavaScriptValue {
  case undefined
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case object(JavaScriptObject)
  case array(JavaScriptArray)
  /// A function written in the file, with the scope it closes over.
  case function(JavaScriptClosure)
  /// A built-in function or namespace (`Object.keys`, `require`), or a method bound to its
  /// receiver (`["a"].includes`).
  case builtin(JavaScriptBuiltin)
  /// A regular expression object (a literal makes a new one each time it is evaluated).
  case regex(pattern: String, flags: String, at: Int)
  /// What `import`/`require` of the package `module` gives, and a member path in it.
  case module(String, path: [String], at: Int)
  /// A promise already settled with its value (what an `async` function returns).
  case promise(JavaScriptBox)
  case unknown(JavaScriptUnknown)

  /// JavaScript's truth value, or nil when unknown.
  var truthiness: Bool? {
    switch self {
    case .undefined, .null: false
    case .bool(let value): value
    case .number(let value): !(value == 0 || value.isNaN)
    case .string(let value): !value.isEmpty
    case .object, .array, .function, .builtin, .regex, .promise: true
    case .module, .unknown: nil
    }
  }

  var unknown: JavaScriptUnknown? {
    if case .unknown(let unknown) = self { return unknown }
    return nil
  }

  /// `typeof`.
  var typeName: String? {
    switch self {
    case .undefined: "undefined"
    case .null, .object, .array, .regex, .promise: "object"
    case .bool: "boolean"
    case .number: "number"
    case .string: "string"
    case .function, .builtin: "function"
    case .module, .unknown: nil
    }
  }
}

/// Why a value is not known, and where: the expression that needs running (a call, a read of
/// the environment, an import of another module), as the note names it.
struct JavaScriptUnknown: Error {
  var offset: Int
  var reason: String
}

/// A value behind a reference (a promise's result).
final class JavaScriptBox {
  let value: JavaScriptValue
  init(_ value: JavaScriptValue) { self.value = value }
}

/// An object: own properties in JavaScript's order (array indices ascending, then the other keys
/// as they were added). `tainted` once code StableText does not run may have changed it: every
/// read of it is then unknown.
final class JavaScriptObject {
  private(set) var values: [String: JavaScriptValue] = [:]
  /// Keys that are not array indices, in the order added (with removed ones skipped).
  private var order: [String] = []
  /// Keys that are array indices, sorted when the keys are listed (sorting on each insertion
  /// would make an object of many index keys written backwards quadratic).
  private var indices: [UInt32] = []
  private var indicesSorted = true
  var tainted: JavaScriptUnknown?
  /// Where each member's value was written (an object literal's property, an assignment), for
  /// the notes that name a member.
  var positions: [String: Int] = [:]

  init() {}

  subscript(key: String) -> JavaScriptValue? { values[key] }

  func set(_ key: String, _ value: JavaScriptValue) {
    if values.updateValue(value, forKey: key) == nil {
      if let index = JavaScriptNumber.arrayIndex(key) {
        if let last = indices.last, last > index { indicesSorted = false }
        indices.append(index)
      } else {
        order.append(key)
      }
    }
  }

  func remove(_ key: String) {
    guard values.removeValue(forKey: key) != nil else { return }
    if let index = JavaScriptNumber.arrayIndex(key) {
      indices.removeAll { $0 == index }
    } else {
      order.removeAll { $0 == key }
    }
  }

  /// Own keys in JavaScript's order.
  var keys: [String] {
    if !indicesSorted {
      indices.sort()
      indicesSorted = true
    }
    return indices.map { String($0) } + order
  }

  var count: Int { values.count }
}

/// An array (holes read as `undefined`).
final class JavaScriptArray {
  var elements: [JavaScriptValue]
  var tainted: JavaScriptUnknown?
  /// Where each element is written, for an array the file writes as a literal (a spread's
  /// elements at theirs, or at the spread); empty for one built otherwise. Names the line of an
  /// `extends` element in `stabletext rules`.
  var positions: [Int] = []

  init(_ elements: [JavaScriptValue]) { self.elements = elements }
}

/// A function written in the file and the scope it was made in.
final class JavaScriptClosure {
  let function: JavaScriptFunction
  let scope: JavaScriptScope

  init(_ function: JavaScriptFunction, _ scope: JavaScriptScope) {
    self.function = function
    self.scope = scope
  }
}

/// A built-in the evaluator runs itself, on data only.
indirect enum JavaScriptBuiltin {
  /// A global namespace or function by its name (`Object`, `Object.keys`, `require`,
  /// `require.resolve`, `JSON.parse`).
  case named(String)
  /// A method bound to the value it was read from (`"a".startsWith`, `[1].map`).
  case method(JavaScriptValue, String)
}

/// A scope of bindings: a module's, a function's, a block's.
final class JavaScriptScope {
  struct Binding {
    /// nil until its declaration runs (`let`/`const`/`class`: reading it before is a
    /// ReferenceError).
    var value: JavaScriptValue?
    var constant: Bool
  }

  var bindings: [String: Binding] = [:]
  let parent: JavaScriptScope?
  /// A function's (or the module's) scope, where `var` declares.
  let isFunction: Bool

  init(parent: JavaScriptScope?, isFunction: Bool) {
    self.parent = parent
    self.isFunction = isFunction
  }

  /// The scope that binds `name`, from this one outwards.
  func lookup(_ name: String) -> JavaScriptScope? {
    var scope: JavaScriptScope? = self
    while let current = scope {
      if current.bindings[name] != nil { return current }
      scope = current.parent
    }
    return nil
  }

  /// The nearest function scope.
  var functionScope: JavaScriptScope {
    var scope = self
    while !scope.isFunction, let parent = scope.parent { scope = parent }
    return scope
  }
}
