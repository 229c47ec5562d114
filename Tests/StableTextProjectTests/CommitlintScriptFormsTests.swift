import StableTextCore
import Testing

@testable import StableTextProject

/// The reader's syntax and evaluation, form by form: each row a file and what StableText reads
/// from it (the configuration as compact JSON, then the notes). JavaScript's own answers for the
/// values (key order, number spellings, string escapes) were checked under Node.
@Suite struct CommitlintScriptFormsTests {
  struct Row: Sendable, CustomTestStringConvertible {
    var name: String
    var file: String
    var text: String
    var configuration: String
    var notes: [String]

    init(_ name: String, _ file: String, _ text: String, _ configuration: String, notes: [String] = []) {
      self.name = name
      self.file = file
      self.text = text
      self.configuration = configuration
      self.notes = notes
    }

    init(_ name: String, _ text: String, _ configuration: String, notes: [String] = []) {
      self.init(name, "commitlint.config.js", text, configuration, notes: notes)
    }

    var testDescription: String { name }
  }

  static let rows: [Row] = [
    // Literals.
    Row(
      "numbers",
      "module.exports = { n: [0x10, 0o17, 0b11, 1_000, .5, 5e-7, 1e21, 017, 089, 1.50, -0, 2 ** 10] };",
      #"{"n":[16,15,3,1000,0.5,5e-7,1e+21,15,89,1.5,0,1024]}"#),
    Row(
      "string escapes",
      "module.exports = { s: ['\\x41\\u0042\\u{1F600}\\t', 'a\\\n b', \"\\'\\\"\\0\", '\\101', '\\8'] };",
      #"{"s":["AB😀\t","a b","'\"\x00","A","8"]}"#),
    Row(
      "templates over constants",
      "const v = 2; const name = 'x'; module.exports = { t: `${name}-v${v}.${1 + 1}`, u: `a\\`b` };",
      #"{"t":"x-v2.2","u":"a`b"}"#),
    Row(
      "key order: array indices first, ascending",
      "module.exports = { b: 1, 2: 1, a: 1, 1: 1, '01': 1, [3]: 1 };",
      #"{"1":1,"2":1,"3":1,"b":1,"a":1,"01":1}"#),
    Row(
      "a key written twice keeps its first place and last value", "module.exports = { a: 1, b: 2, a: 3 };",
      #"{"a":3,"b":2}"#),
    Row(
      "undefined members are left out", "module.exports = { a: undefined, b: void 0, c: null };",
      #"{"c":null}"#),
    // Operators.
    Row(
      "logical, conditional, comparison, typeof",
      "const o = { x: 0 }; module.exports = { a: o.x || 5, b: o.x ?? 5, c: o.y?.z ?? 'd', e: 1 < 2 ? 'y' : 'n', f: typeof o, g: !o, h: '5' == 5 };",
      #"{"a":5,"b":0,"c":"d","e":"y","f":"object","g":false}"#,
      notes: []),
    Row(
      "string and array methods",
      """
      const list = ['b', 'a', 'c'];
      module.exports = {
        a: list.map((x) => x.toUpperCase()).filter((x) => x !== 'A'),
        b: [...list].sort().join('|'),
        c: 'x,y,z'.split(','),
        d: list.includes('a') && list.indexOf('c'),
        e: [[1], [2, [3]]].flat(),
        f: Object.entries({ k: 1 }),
        g: Object.fromEntries([['p', 1]]),
        h: '  pad '.trim().padStart(5, '-'),
        i: list.slice(-2),
        j: 'abc'.replace('b', 'B'),
        k: list.reduce((all, x) => all + x, ''),
      };
      """,
      #"{"a":["B","C"],"b":"a|b|c","c":["x","y","z"],"d":2,"e":[1,2,[3]],"f":[["k",1]],"g":{"p":1},"h":"--pad","i":["a","c"],"j":"aBc","k":"bac"}"#
    ),
    // Bindings.
    Row(
      "let reassigned and arrays grown",
      "let s = ['a']; s = [...s, 'b']; s.push('c'); var t; t = s.length; module.exports = { s, t };",
      #"{"s":["a","b","c"],"t":3}"#),
    Row(
      "a read before the declaration runs",
      "module.exports = { rules: { 'header-max-length': [2, 'always', limit] } };\nconst limit = 72;",
      #"{"rules":{}}"#,
      notes: [
        #"1:64: rules["header-max-length"] is not honoured: limit is read before its declaration runs (a ReferenceError in Node)"#
      ]),
    Row(
      "exports rebound locally exports nothing", "exports = { rules: {} };", "{}"),
    Row(
      "module.exports replaced, then a member added",
      "module.exports = { a: 1 }; module.exports.b = 2; exports.c = 3;",
      #"{"a":1,"b":2}"#),
    Row(
      "a configuration handed to an unknown function",
      "const config = { rules: { 'header-max-length': [2, 'always', 72] } };\nregister(config);\nmodule.exports = config;",
      #"{}"#,
      notes: ["2:1: the configuration is not honoured: register, which the file does not define"]),
    Row(
      "Object.assign into a literal, and a getter",
      "const a = Object.assign({}, { x: 1 }, { y: 2 });\nmodule.exports = { a, b: { get c() { return 1; } } };",
      #"{"a":{"x":1,"y":2}}"#),
    Row(
      "a branch on an unknown condition leaves other keys known",
      """
      const rules = { 'header-max-length': [2, 'always', 100] };
      if (process.argv.includes('--strict')) rules['body-max-line-length'] = [2, 'always', 72];
      module.exports = { rules };
      """,
      #"{"rules":{"header-max-length":[2,"always",100]}}"#,
      notes: [
        #"2:5: rules["body-max-line-length"] is not honoured: process.argv, which depends on how commitlint is run"#
      ]),
    // Modules.
    Row(
      "export { x as default }", "commitlint.config.mjs",
      "const config = { a: 1 };\nexport { config as default };",
      #"{"a":1}"#),
    Row(
      "a default re-exported from another file", "commitlint.config.mjs",
      "export { default } from './base.mjs';",
      "{}",
      notes: [
        "1:1: the configuration is not honoured: an import of another file (./base.mjs), which StableText does not read"
      ]),
    Row(
      "TypeScript: export default beside named exports", "commitlint.config.ts",
      "export const helpUrl = 'https://example.com';\nexport default { rules: {} };",
      #"{"rules":{},"helpUrl":"https://example.com"}"#),
    Row(
      "TypeScript syntax, read and dropped", "commitlint.config.ts",
      """
      import type { UserConfig } from '@commitlint/types';
      import x = require('@commitlint/types');
      declare const injected: string;
      declare module 'x' { export const y: number; }
      namespace Util { export const z = 1; }
      abstract class Base<T extends object = {}> implements Partial<T> {
        private readonly a?: string;
        [key: string]: unknown;
        constructor(public b: number, protected c = 2) {}
        abstract m(): void;
        static n<K extends keyof T>(k: K): T[K] | undefined { return undefined; }
      }
      function id<T>(value: T): T;
      function id<T>(value: T): T { return value; }
      const pick = <T,>(v: T): T => v;
      const guard = (v: unknown): v is string => typeof v === 'string';
      let later!: number;
      type Rules = { [K in 'a' | 'b']?: readonly [0 | 1 | 2, `al${'ways'}`] } & Record<string, unknown>;
      const rules: Rules = { a: [x.RuleConfigSeverity.Error, 'always'] } as unknown as Rules;
      export default { rules: id<Rules>(pick(rules))!, ok: guard('s') } satisfies Partial<UserConfig>;
      """,
      #"{"rules":{"a":[2,"always"]},"ok":true}"#),
    Row(
      "TypeScript type syntax in a JavaScript file", "commitlint.config.js",
      "const limit: number = 72;\nmodule.exports = {};",
      "syntax error: expected ';' or a line break (line 1, column 12)"),
    Row(
      "automatic semicolons", "const a = 1\nconst b = [a]\nlet c = a\n++c\nmodule.exports = { a, b, c }\n",
      #"{"a":1,"b":[1],"c":2}"#),
  ]

  @Test(arguments: rows) func reads(_ row: Row) {
    let reading = readScript(row.text, name: row.file)
    #expect(reading.configuration == row.configuration)
    #expect(reading.notes == row.notes)
  }
}
