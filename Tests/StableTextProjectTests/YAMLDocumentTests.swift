import StableTextConventions
import StableTextCore
import StableTextProject
import Testing

struct YAMLCase: CustomTestStringConvertible, Sendable {
  var yaml: String
  /// The value of the member `v` of the document.
  var value: CommitlintValue
  var testDescription: String { yaml }
}

/// Plain scalars typed as js-yaml's default schema (cosmiconfig's YAML loader) types them;
/// quoted and block scalars stay strings; tags, anchors, aliases and merges.
let yamlCases: [YAMLCase] = [
  YAMLCase(yaml: "v: 72", value: .number(72)),
  YAMLCase(yaml: "v: -1", value: .number(-1)),
  YAMLCase(yaml: "v: +3", value: .number(3)),
  YAMLCase(yaml: "v: 1_000", value: .number(1000)),
  YAMLCase(yaml: "v: 012", value: .number(12)),
  YAMLCase(yaml: "v: 0x1F", value: .number(31)),
  YAMLCase(yaml: "v: 0o17", value: .number(15)),
  YAMLCase(yaml: "v: 0b101", value: .number(5)),
  YAMLCase(yaml: "v: 1.5", value: .number(1.5)),
  YAMLCase(yaml: "v: 2.", value: .number(2)),
  YAMLCase(yaml: "v: 1e3", value: .number(1000)),
  YAMLCase(yaml: "v: .inf", value: .number(.infinity)),
  YAMLCase(yaml: "v: -.Inf", value: .number(-.infinity)),
  YAMLCase(yaml: "v: 1.0.0", value: .string("1.0.0")),
  YAMLCase(yaml: "v: 0x", value: .string("0x")),
  YAMLCase(yaml: "v: '2'", value: .string("2")),
  YAMLCase(yaml: "v: \"72\"", value: .string("72")),
  YAMLCase(yaml: "v: !!str 72", value: .string("72")),
  YAMLCase(yaml: "v: !!int '72'", value: .number(72)),
  YAMLCase(yaml: "v: true", value: .bool(true)),
  YAMLCase(yaml: "v: False", value: .bool(false)),
  YAMLCase(yaml: "v: TRUE", value: .bool(true)),
  YAMLCase(yaml: "v: yes", value: .string("yes")),
  YAMLCase(yaml: "v: off", value: .string("off")),
  YAMLCase(yaml: "v: ~", value: .null),
  YAMLCase(yaml: "v: null", value: .null),
  YAMLCase(yaml: "v:", value: .null),
  YAMLCase(yaml: "v: 'null'", value: .string("null")),
  YAMLCase(yaml: "v: lower-case", value: .string("lower-case")),
  YAMLCase(yaml: "v: |\n  two\n  lines\n", value: .string("two\nlines\n")),
  YAMLCase(yaml: "v: >-\n  folded\n  text\n", value: .string("folded text")),
  YAMLCase(
    yaml: "v: [2, always, [feat, fix]]",
    value: .array([.number(2), .string("always"), .array([.string("feat"), .string("fix")])])),
  YAMLCase(yaml: "v:\n  z: 1\n  a: 2\n", value: .object([.init("z", .number(1)), .init("a", .number(2))])),
  YAMLCase(yaml: "a: &types [feat, fix]\nv: *types", value: .array([.string("feat"), .string("fix")])),
  YAMLCase(
    yaml: "base: &base {a: 1, b: 2}\nv:\n  <<: *base\n  b: 3\n",
    value: .object([.init("a", .number(1)), .init("b", .number(3))])),
  YAMLCase(
    yaml: "base: &base {a: 1, b: 2}\nv:\n  b: 3\n  <<: *base\n",
    value: .object([.init("b", .number(3)), .init("a", .number(1))])),
  YAMLCase(
    yaml: "v: {\"json\":1,\"x\":[true,null]}",
    value: .object([.init("json", .number(1)), .init("x", .array([.bool(true), .null]))])),
  YAMLCase(yaml: "%YAML 1.1\n---\nv: 1\n...\n", value: .number(1)),
]

@Test(arguments: yamlCases)
func yamlScalarsAsJSYamlTypesThem(_ example: YAMLCase) throws {
  let parsed = try YAMLDocument.parse(Array(example.yaml.utf8)).get()
  guard case .object(let members)? = parsed else {
    Issue.record("not a mapping: \(String(describing: parsed))")
    return
  }
  #expect(members.last { $0.name == "v" }?.value == example.value)
}

struct YAMLProblemCase: CustomTestStringConvertible, Sendable {
  var yaml: String
  var problem: String
  var testDescription: String { yaml }
}

let yamlProblems: [YAMLProblemCase] = [
  YAMLProblemCase(yaml: "v: !custom x", problem: "unknown tag !custom (line 1, column 4)"),
  YAMLProblemCase(yaml: "v: !!int abc", problem: "cannot resolve abc as a number (line 1, column 4)"),
  YAMLProblemCase(yaml: "v: *nothing", problem: "unidentified alias \"nothing\" (line 1, column 4)"),
  YAMLProblemCase(
    yaml: "[a]: 1", problem: "a mapping or a sequence as a key is not supported (line 1, column 1)"),
  YAMLProblemCase(
    yaml: "a: 1\nb: [\n",
    problem: "did not find expected node content while parsing a flow node (line 3, column 1)"),
  YAMLProblemCase(
    yaml: String(repeating: "[", count: 300) + String(repeating: "]", count: 300),
    problem: "nested deeper than 256 levels (line 1, column 257)"),
  YAMLProblemCase(yaml: "v: 1\nv: 2", problem: "duplicated mapping key \"v\" (line 2, column 1)"),
  YAMLProblemCase(
    yaml: "v: 'unterminated",
    problem:
      "found unexpected end of stream while scanning a quoted scalar that starts at line 1, column 4 (line 1, column 17)"
  ),
]

@Test(arguments: yamlProblems)
func malformedYAMLIsNamedWhereLibyamlStops(_ example: YAMLProblemCase) {
  switch YAMLDocument.parse(Array(example.yaml.utf8)) {
  case .success(let value): Issue.record("read as \(String(describing: value))")
  case .failure(let problem): #expect(problem.description == example.problem)
  }
}

/// Bytes that are not UTF-8: libyaml's words.
@Test func invalidUTF8IsNamed() {
  switch YAMLDocument.parse([0x76, 0x3A, 0x20, 0xFF]) {
  case .success(let value): Issue.record("read as \(String(describing: value))")
  case .failure(let problem): #expect(problem.description == "invalid leading UTF-8 octet (line 1, column 4)")
  }
}

/// A document with nothing in it (or comments only) holds no value.
@Test func anEmptyDocumentHoldsNothing() throws {
  #expect(try YAMLDocument.parse(Array("# nothing\n".utf8)).get() == nil)
  #expect(try YAMLDocument.parse([]).get() == nil)
}

/// Linear in the values, whatever their shape (docs/bounds.md): 400,000 values in a sequence and
/// 100,000 keys in a mapping (ten times the 40,000 that took 22 s, in a file under the 1 MiB cap),
/// each a value of its own, in order.
@Test func manyValuesAreReadInLinearTime() throws {
  let sequence = "v: [" + Array(repeating: "a", count: 400_000).joined(separator: ",") + "]"
  let read = try YAMLDocument.parse(Array(sequence.utf8)).get()
  guard case .object(let members)? = read, case .array(let values) = members.first?.value else {
    Issue.record("not a sequence: \(String(describing: read).prefix(100))")
    return
  }
  #expect(values.count == 400_000)
  #expect(values.allSatisfy { $0 == .string("a") })
  let mapping = (0..<100_000).map { "\(String($0, radix: 36)): 1" }.joined(separator: "\n")
  #expect(mapping.utf8.count < 1 << 20)
  guard case .object(let keys)? = try YAMLDocument.parse(Array(mapping.utf8)).get() else {
    Issue.record("not a mapping")
    return
  }
  #expect(keys.count == 100_000)
  #expect(keys[99_999] == CommitlintValue.Member(String(99_999, radix: 36), .number(1)))
  // A key written twice is still refused, however far apart.
  #expect(throws: YAMLDocument.Problem.self) {
    try YAMLDocument.parse(Array((mapping + "\n0: 2").utf8)).get()
  }
}
