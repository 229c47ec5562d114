import StableTextConventions
import StableTextCore

/// What commitlint loads from an evaluated module, turned into data: the export as Node (or jiti
/// for TypeScript) and cosmiconfig give it, a function's result, then each field commitlint
/// reads, as a JSON or YAML file gives it. A field, a rule, an `extends` or `ignores` element
/// that is not data is left out and named.
struct CommitlintScriptProjection {
  let evaluator: JavaScriptEvaluator
  /// The rules local plugins define, with the index of the plugin in `plugins`.
  var localRules: [String: Int] = [:]
  /// Whether `export { x as default }` names a default export.
  var hasDefaultName: Bool { evaluator.namedExports.contains { $0.exported == "default" } }

  init(evaluator: JavaScriptEvaluator) {
    self.evaluator = evaluator
  }

  var defaultExport: JavaScriptValue? {
    evaluator.defaultExport ?? evaluator.namedExports.last { $0.exported == "default" }?.value()
  }

  /// What cosmiconfig hands commitlint: an ES module's default export (Node's `import()`), a
  /// CommonJS module's `module.exports`, and for TypeScript what jiti gives with
  /// `interopDefault` and cosmiconfig-typescript-loader's `result.default || result`.
  func exported(format: JavaScriptModuleFormat) -> JavaScriptValue {
    let moduleExports = evaluator.member(
      .object(evaluator.moduleObject), "exports", at: evaluator.exportOffset)
    // Where Node would refuse the file (a format warning says so), what the other syntax
    // exports is what the team meant.
    let setByCommonJS: Bool = {
      guard case .object(let object) = moduleExports else { return true }
      return object !== evaluator.exportsObject || object.count > 0 || object.tainted != nil
    }()
    switch format {
    case .esModule:
      return defaultExport ?? (setByCommonJS ? moduleExports : .undefined)
    case .commonJS:
      if !setByCommonJS, let defaultExport { return defaultExport }
      return moduleExports
    case .typeScript:
      // jiti runs ES module syntax as CommonJS: the exports object holds the named exports and
      // `default`, unless `module.exports` (or `export =`) replaced it.
      var module = moduleExports
      if case .object(let object) = moduleExports, object === evaluator.exportsObject {
        let combined = JavaScriptObject()
        if let tainted = object.tainted { combined.tainted = tainted }
        for key in object.keys { combined.set(key, object[key]!) }
        for (name, value) in evaluator.namedExports where name != "*" { combined.set(name, value()) }
        if evaluator.namedExports.contains(where: { $0.exported == "*" }) {
          combined.tainted =
            combined.tainted ?? evaluator.namedExports.first { $0.exported == "*" }!.value().unknown
        }
        if let value = evaluator.defaultExport { combined.set("default", value) }
        module = .object(combined)
      }
      // interopDefault: a default that is an object or a function stands for the module (the
      // other exports added where it lacks them); a primitive default is the result.
      guard case .object(let namespace) = module, namespace.tainted == nil, let value = namespace["default"]
      else {
        return module
      }
      switch value {
      case .undefined, .null, .bool(false), .number(0), .string(""):
        return module
      case .object(let object):
        guard object.tainted == nil else { return value }
        let merged = JavaScriptObject()
        for key in object.keys { merged.set(key, object[key]!) }
        for key in namespace.keys where key != "default" && object[key] == nil {
          merged.set(key, namespace[key]!)
        }
        return .object(merged)
      default:
        return value
      }
    }
  }

  /// Fills `script` with what commitlint would read from `exported`.
  mutating func project(_ exported: JavaScriptValue, into script: inout CommitlintScript) {
    let offset = evaluator.exportOffset
    var value = exported
    // commitlint calls a configuration that is a function, and awaits what it gets.
    if case .promise(let box) = value { value = box.value }
    if case .function(let closure) = value {
      value = evaluator.call(closure, [], at: closure.function.offset)
    }
    if case .promise(let box) = value { value = box.value }
    func whole(_ unknown: JavaScriptUnknown) {
      script.configuration = .object([])
      script.notHonoured.append(note(unknown, "the configuration"))
    }
    switch value {
    case .undefined, .null:
      script.configuration = nil
      return
    case .unknown(let unknown):
      return whole(unknown)
    case .object(let object):
      if let tainted = object.tainted { return whole(tainted) }
      var members: [CommitlintValue.Member] = []
      // The rules local plugins define, whichever comes first in the object.
      if case .array(let plugins)? = object["plugins"], plugins.tainted == nil {
        for (index, plugin) in plugins.elements.enumerated() {
          guard case .object(let plugin) = plugin, plugin.tainted == nil,
            case .object(let rules)? = plugin["rules"],
            rules.tainted == nil
          else { continue }
          for name in rules.keys where localRules[name] == nil {
            localRules[name] = index
            script.pluginRules.append(name)
          }
        }
      }
      for key in object.keys {
        let member = object[key]!
        let at = object.positions[key] ?? offset
        script.places[FieldPath([.member(key)])] = evaluator.source.position(at)
        switch key {
        case "rules": rules(member, at: at, into: &members, &script)
        case "ignores": ignores(member, at: at, into: &members, &script)
        case "extends", "plugins": list(key, member, at: at, into: &members, &script)
        case "prompt":
          // Read by commitlint's prompt, never by its lint.
          continue
        case "$import":
          script.notHonoured.append(
            note(
              JavaScriptUnknown(
                offset: at, reason: "cosmiconfig's $import, which StableText does not follow"), key))
        default:
          switch data(member, at: at) {
          case .success(let data?): members.append(.init(key, data))
          case .success(nil): continue
          case .failure(let unknown):
            // Fields commitlint does not read cost nothing.
            if ["parserPreset", "defaultIgnores", "helpUrl", "formatter"].contains(key) {
              script.notHonoured.append(note(unknown, Self.path("", key)))
            }
          }
        }
      }
      script.configuration = .object(members)
    default:
      switch data(value, at: offset) {
      case .success(let data): script.configuration = data
      case .failure(let unknown): whole(unknown)
      }
    }
  }

  func note(_ unknown: JavaScriptUnknown, _ path: String) -> CommitlintScript.Note {
    CommitlintScript.Note(
      position: evaluator.source.position(unknown.offset), path: path, reason: unknown.reason)
  }

  /// A key path: `rules["scope-enum"]`, `ignores[0]`, `extends`.
  static func path(_ base: String, _ key: String) -> String {
    let identifier =
      key.first.map { $0 == "_" || $0 == "$" || ($0.isASCII && $0.isLetter) } == true
      && key.allSatisfy { $0 == "_" || $0 == "$" || ($0.isASCII && ($0.isLetter || $0.isNumber)) }
    if identifier { return base.isEmpty ? key : "\(base).\(key)" }
    return "\(base)[\(CommitlintIgnore.Text.literal(key))]"
  }

  /// `rules`: each setting (a function's result when it is one) as data, or named.
  func rules(
    _ value: JavaScriptValue, at offset: Int, into members: inout [CommitlintValue.Member],
    _ script: inout CommitlintScript
  ) {
    switch value {
    case .object(let object):
      if let tainted = object.tainted {
        script.notHonoured.append(note(tainted, "rules"))
        return
      }
      var settings: [CommitlintValue.Member] = []
      for name in object.keys {
        let at = object.positions[name] ?? offset
        script.places[FieldPath([.member("rules"), .member(name)])] = evaluator.source.position(at)
        if let plugin = localRules[name] {
          script.notHonoured.append(
            note(
              JavaScriptUnknown(
                offset: at,
                reason: "a rule of a local plugin (plugins[\(plugin)]), whose rules StableText does not run"),
              Self.path("rules", name)))
          continue
        }
        var setting = object[name]!
        // commitlint's executeRule calls a setting that is a function and awaits it.
        if case .promise(let box) = setting { setting = box.value }
        if case .function(let closure) = setting {
          setting = evaluator.call(closure, [], at: closure.function.offset)
        }
        if case .promise(let box) = setting { setting = box.value }
        // `[level, condition, undefined]` is `[level, condition]` to a rule.
        if case .array(let array) = setting, array.tainted == nil, array.elements.count == 3,
          case .undefined = array.elements[2]
        {
          setting = .array(JavaScriptArray(Array(array.elements.prefix(2))))
        }
        switch data(setting, at: at) {
        case .success(let data?): settings.append(.init(name, data))
        case .success(nil): continue
        case .failure(let unknown): script.notHonoured.append(note(unknown, Self.path("rules", name)))
        }
      }
      members.append(.init("rules", .object(settings)))
    case .unknown(let unknown):
      script.notHonoured.append(note(unknown, "rules"))
    default:
      switch data(value, at: offset) {
      case .success(let data?): members.append(.init("rules", data))
      case .success(nil): return
      case .failure(let unknown): script.notHonoured.append(note(unknown, "rules"))
      }
    }
  }

  /// `ignores`: functions read as predicates; anything else kept as data (commitlint refuses it).
  func ignores(
    _ value: JavaScriptValue, at offset: Int, into members: inout [CommitlintValue.Member],
    _ script: inout CommitlintScript
  ) {
    switch value {
    case .array(let array):
      if let tainted = array.tainted {
        script.notHonoured.append(note(tainted, "ignores"))
        return
      }
      var predicates: [CommitlintIgnore] = []
      var other: [CommitlintValue] = []
      let reader = JavaScriptPredicate(evaluator: evaluator)
      for (index, element) in array.elements.enumerated() {
        let path = "ignores[\(index)]"
        switch element {
        case .function(let closure):
          switch reader.read(closure) {
          case .success(let predicate): predicates.append(predicate)
          case .failure(let unknown): script.notHonoured.append(note(unknown, path))
          }
        case .unknown(let unknown):
          script.notHonoured.append(note(unknown, path))
        case .builtin, .module:
          script.notHonoured.append(
            note(JavaScriptUnknown(offset: offset, reason: "a function StableText does not read"), path))
        default:
          switch data(element, at: offset) {
          case .success(let data?): other.append(data)
          case .success(nil): other.append(.null)
          case .failure(let unknown): script.notHonoured.append(note(unknown, path))
          }
        }
      }
      if other.isEmpty {
        script.ignores = predicates
      } else {
        members.append(.init("ignores", .array(other)))
      }
    case .unknown(let unknown):
      script.notHonoured.append(note(unknown, "ignores"))
    default:
      switch data(value, at: offset) {
      case .success(let data?): members.append(.init("ignores", data))
      case .success(nil): return
      case .failure(let unknown): script.notHonoured.append(note(unknown, "ignores"))
      }
    }
  }

  /// `extends` and `plugins`: each element as data, or named; a local plugin's rules listed.
  func list(
    _ key: String, _ value: JavaScriptValue, at offset: Int, into members: inout [CommitlintValue.Member],
    _ script: inout CommitlintScript
  ) {
    guard case .array(let array) = value else {
      switch data(value, at: offset) {
      case .success(let data?): members.append(.init(key, data))
      case .success(nil): return
      case .failure(let unknown): script.notHonoured.append(note(unknown, key))
      }
      return
    }
    if let tainted = array.tainted {
      script.notHonoured.append(note(tainted, key))
      return
    }
    var elements: [CommitlintValue] = []
    for (index, element) in array.elements.enumerated() {
      let path = "\(key)[\(index)]"
      // Placed by the index it gets in the data (an element left out shifts those after it).
      if index < array.positions.count {
        script.places[FieldPath([.member(key), .index(elements.count)])] = evaluator.source.position(
          array.positions[index])
      }
      if key == "plugins", case .object(let plugin) = element {
        script.notHonoured.append(
          note(
            JavaScriptUnknown(
              offset: plugin.positions["rules"] ?? offset,
              reason: "a local plugin, whose rules are functions StableText does not run"), path))
        continue
      }
      switch data(element, at: offset) {
      case .success(let data?): elements.append(data)
      case .success(nil): elements.append(.null)
      case .failure(let unknown): script.notHonoured.append(note(unknown, path))
      }
    }
    members.append(.init(key, .array(elements)))
  }

  /// A value as JSON-like data: nil for `undefined` (an object's member that is undefined is not
  /// there for commitlint), a failure naming what is not data.
  func data(_ value: JavaScriptValue, at offset: Int) -> Result<CommitlintValue?, JavaScriptUnknown> {
    var path = Set<ObjectIdentifier>()
    return data(value, at: offset, path: &path, depth: 0)
  }

  private func data(_ value: JavaScriptValue, at offset: Int, path: inout Set<ObjectIdentifier>, depth: Int)
    -> Result<
      CommitlintValue?, JavaScriptUnknown
    >
  {
    guard depth < 64 else {
      return .failure(JavaScriptUnknown(offset: offset, reason: "data nested over 64 deep"))
    }
    switch value {
    case .undefined: return .success(nil)
    case .null: return .success(.null)
    case .bool(let flag): return .success(.bool(flag))
    case .number(let number): return .success(.number(number))
    case .string(let text): return .success(.string(text))
    case .array(let array):
      if let tainted = array.tainted { return .failure(tainted) }
      guard path.insert(ObjectIdentifier(array)).inserted else {
        return .failure(JavaScriptUnknown(offset: offset, reason: "an array that contains itself"))
      }
      defer { path.remove(ObjectIdentifier(array)) }
      var elements: [CommitlintValue] = []
      for element in array.elements {
        switch data(element, at: offset, path: &path, depth: depth + 1) {
        case .success(let data?): elements.append(data)
        case .success(nil):
          return .failure(JavaScriptUnknown(offset: offset, reason: "undefined in a list"))
        case .failure(let unknown): return .failure(unknown)
        }
      }
      return .success(.array(elements))
    case .object(let object):
      if let tainted = object.tainted { return .failure(tainted) }
      guard path.insert(ObjectIdentifier(object)).inserted else {
        return .failure(JavaScriptUnknown(offset: offset, reason: "an object that contains itself"))
      }
      defer { path.remove(ObjectIdentifier(object)) }
      var members: [CommitlintValue.Member] = []
      for key in object.keys {
        switch data(object[key]!, at: object.positions[key] ?? offset, path: &path, depth: depth + 1) {
        case .success(let data?): members.append(.init(key, data))
        case .success(nil): continue
        case .failure(let unknown): return .failure(unknown)
        }
      }
      return .success(.object(members))
    case .function(let closure):
      return .failure(
        JavaScriptUnknown(
          offset: closure.function.offset, reason: "a function, which StableText does not run"))
    case .builtin:
      return .failure(JavaScriptUnknown(offset: offset, reason: "a built-in function"))
    case .regex(let pattern, let flags, let at):
      return .failure(
        JavaScriptUnknown(
          offset: at,
          reason: "a regular expression (/\(pattern)/\(flags)) where StableText reads only JSON-like data"))
    case .module(let name, let memberPath, let at):
      let what =
        memberPath.isEmpty ? "what \(name) exports" : "\(memberPath.joined(separator: ".")) from \(name)"
      return .failure(JavaScriptUnknown(offset: at, reason: "\(what), which StableText does not load"))
    case .promise:
      return .failure(
        JavaScriptUnknown(offset: offset, reason: "a promise, which commitlint does not await here"))
    case .unknown(let unknown):
      return .failure(unknown)
    }
  }
}
