import Foundation
import StableTextConventions
import StableTextCore
import StableTextProject

extension Benchmarks {
  /// Reading a commitlint configuration written in JavaScript or TypeScript
  /// (Protocol/README.md, "JavaScript and TypeScript configurations"): a typical
  /// `commitlint.config.js` (config-conventional, a scope list spread from a constant, an
  /// `ignores` predicate), its TypeScript twin, and a hostile 1 MiB file; the median of 51 reads
  /// of each, parse and evaluation together. Where commitlint starts Node (hundreds of
  /// milliseconds) to load the same file.
  func commitlintScript() {
    let typical = """
      // @ts-check
      const { RuleConfigSeverity } = require('@commitlint/types');

      const scopes = ['core', 'cli', 'docs', 'deps', 'release'];
      const extra = [...scopes.map((scope) => `${scope}-internal`), 'ci'];

      /** @type {import('@commitlint/types').UserConfig} */
      module.exports = {
        extends: ['@commitlint/config-conventional'],
        rules: {
          'scope-enum': [RuleConfigSeverity.Error, 'always', [...scopes, ...extra]],
          'header-max-length': [RuleConfigSeverity.Error, 'always', 100],
          'body-max-line-length': [RuleConfigSeverity.Disabled],
          'subject-case': [2, 'never', ['sentence-case', 'start-case', 'pascal-case', 'upper-case']],
        },
        ignores: [(message) => message.startsWith('WIP') || /^Merge branch/.test(message)],
        helpUrl: 'https://example.com/commits',
      };

      """
    let typeScript = """
      import type { UserConfig } from '@commitlint/types';
      import { RuleConfigSeverity } from '@commitlint/types';

      const scopes = ['core', 'cli', 'docs', 'deps', 'release'] as const;

      interface Team {
        name: string;
      }

      const config: UserConfig = {
        extends: ['@commitlint/config-conventional'],
        rules: {
          'scope-enum': [RuleConfigSeverity.Error, 'always', [...scopes]],
          'header-max-length': [RuleConfigSeverity.Error, 'always', 100] as const,
        },
        ignores: [(message: string): boolean => message.includes('[skip lint]')],
      } satisfies UserConfig;

      export default config;

      """
    var hostile = "module.exports = { rules: { 'type-enum': [2, 'always', ["
    while hostile.utf8.count < 1_048_000 { hostile += "'a\\u0062c', " }
    hostile += "]] } };\n"
    let files: [(String, String, String)] = [
      ("typical .js", "commitlint.config.js", typical),
      ("typical .ts", "commitlint.config.ts", typeScript),
      ("1 MiB list", "commitlint.config.js", hostile),
    ]
    for (label, name, text) in files {
      let bytes = Array(text.utf8)
      var times: [Double] = []
      var notes = 0
      let runs = quick ? 11 : 51
      for _ in 0..<runs {
        let start = Self.now()
        switch CommitlintScript.read(bytes, fileName: name, packageType: nil) {
        case .success(let script): notes = script.notHonoured.count
        case .failure(let error): notes = -1 - error.position.line
        }
        times.append(Self.now() - start)
      }
      let median = times.sorted()[runs / 2]
      report(
        "commitlint script \(label) (\(bytes.count) bytes): \(String(format: "%.3f", median * 1000)) ms a read "
          + "(\(notes) not honoured)")
    }
  }

  /// The reader over a corpus of real configurations (`--corpus PATH`: one folder per repository,
  /// each with its files as found; an `oracle.json` beside them gives the messages to probe the
  /// `ignores` with): one JSON line per folder with what StableText reads and resolves
  /// (config-conventional and config-angular built in; any other `extends`, a plugin or an unknown
  /// parser preset not honoured), exactly as the configuration search reads it for `check`, for a
  /// harness outside the project to hold against commitlint's own answers.
  func commitlintCorpus(_ corpus: String) {
    let manager = FileManager.default
    guard let folders = try? manager.contentsOfDirectory(atPath: corpus) else {
      FileHandle.standardError.write(Data("cannot list \(corpus)\n".utf8))
      exit(2)
    }
    let scriptNames = CommitlintFile.searchPlaces.filter { $0.format == .script }.map(\.name)
    var times: [Double] = []
    for folder in folders.sorted() {
      let root = corpus + "/" + folder
      var isDirectory: ObjCBool = false
      guard manager.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else {
        continue
      }
      guard let name = scriptNames.first(where: { manager.fileExists(atPath: root + "/" + $0) }),
        let data = manager.contents(atPath: root + "/" + name)
      else { continue }
      var line: [String: Any] = ["dir": folder, "file": name]
      var packageType: String?
      if let manifest = manager.contents(atPath: root + "/package.json"),
        let object = try? JSONSerialization.jsonObject(with: manifest) as? [String: Any]
      {
        packageType = object["type"] as? String
      }
      line["packageType"] = packageType ?? NSNull()
      var probes: [String] = []
      if let oracle = manager.contents(atPath: root + "/oracle.json"),
        let object = try? JSONSerialization.jsonObject(with: oracle) as? [String: Any]
      {
        let standIns = object["withStandIns"] as? [String: Any]
        for ignores in [object["ignores"], standIns?["ignores"]].compactMap({ $0 as? [[String: Any]] }) {
          for entry in ignores { probes += ((entry["probe"] as? [String: Any])?.keys).map(Array.init) ?? [] }
        }
      }
      let start = Self.now()
      let result = CommitlintScript.read(Array(data), fileName: name, packageType: packageType)
      times.append(Self.now() - start)
      switch result {
      case .failure(let error):
        line["syntaxError"] = error.description
      case .success(let script):
        line["format"] = "\(script.format)"
        line["formatWarning"] = script.formatWarning ?? NSNull()
        line["pluginRules"] = script.pluginRules
        if let configuration = script.configuration { line["configuration"] = Self.json(configuration) }
      }
      // What check, the hook and the daemon apply: the file read as the configuration search
      // reads it (the reader's own notes `LINE:COL: …`, the resolution's beside them).
      let read = CommitlintFile.readScript(Array(data), path: name, packageType: packageType)
      guard let outcome = read.outcome else {
        if case .success = result { line["empty"] = true }
        line["notes"] = [String]()
        emit(line)
        continue
      }
      line["notes"] = outcome.problems.filter { $0.kind == .notHonoured }.map { problem in
        problem.description.dropFirst(name.count + 1).description
      }
      line["invalid"] = outcome.problems.filter { $0.kind == .invalid }.map(\.description)
      guard let setup = outcome.setup else {
        line["resolveProblem"] = (line["invalid"] as? [String])?.joined(separator: "; ") ?? ""
        emit(line)
        continue
      }
      var rules: [String: Any] = [:]
      for entry in setup.configuration.rules {
        var setting: [Any] = [entry.setting.level]
        if let condition = entry.setting.condition { setting.append(condition.rawValue) }
        if let value = entry.setting.value { setting.append(Self.json(value)) }
        rules[entry.name] = setting
      }
      line["rules"] = rules
      line["origins"] = setup.origins.mapValues { $0.configuration ?? "rules" }
      line["defaultIgnores"] = setup.configuration.defaultIgnores
      line["helpUrl"] = setup.configuration.helpUrl ?? NSNull()
      let ignores = setup.configuration.ignores
      if !ignores.isEmpty {
        line["ignores"] = ignores.map(\.description)
        var probed: [String: Bool] = [:]
        for message in Set(probes) { probed[message] = ignores.contains { $0.ignores(message) } }
        line["ignoresProbe"] = probed
      }
      emit(line)
    }
    let sorted = times.sorted()
    if !sorted.isEmpty {
      FileHandle.standardError.write(
        Data(
          ("commitlint corpus: \(sorted.count) files, median \(String(format: "%.3f", sorted[sorted.count / 2] * 1000)) ms, "
            + "slowest \(String(format: "%.3f", sorted.last! * 1000)) ms a read\n").utf8))
    }
  }

  /// One JSON line on standard output.
  private func emit(_ line: [String: Any]) {
    if let output = try? JSONSerialization.data(withJSONObject: line, options: [.sortedKeys]) {
      FileHandle.standardOutput.write(output + Data("\n".utf8))
    }
  }

  /// A value for JSONSerialization.
  static func json(_ value: CommitlintValue) -> Any {
    switch value {
    case .null: return NSNull()
    case .bool(let flag): return flag
    case .number(let number):
      // JSON has no Infinity or NaN: null, as commitlint's JSON.stringify writes them.
      guard number.isFinite else { return NSNull() }
      return number == number.rounded() && abs(number) < 1e15 ? Int(number) as Any : number
    case .string(let text): return text
    case .array(let elements): return elements.map(json)
    case .object(let members):
      var object: [String: Any] = [:]
      for member in members { object[member.name] = json(member.value) }
      return object
    }
  }
}
