import StableTextJSON
import StableTextSessionSupport
import Testing

/// What the schemas say where the prose draws a line: they must accept the values on its right
/// side and refuse the others, so an implementer validating against them gets the same answers.
@Suite struct SchemaDecisionTests {
  static let range: JSONValue = [
    "start": ["line": 0, "character": 0], "end": ["line": 0, "character": 0],
  ]

  static func diagnostic(_ code: String, severity: Int, data: JSONValue?) -> JSONValue {
    var object: JSONObject = [
      "range": range, "severity": .int(severity), "code": .string(code), "source": "stabletext",
      "message": "m",
    ]
    if let data { object["data"] = data }
    return .object(object)
  }

  @Test(
    arguments: [
      // lineHeight is greater than 0.
      (
        "scroll.params.json", ["textDocument": ["uri": "u"], "viewport": ["height": 10, "lineHeight": 0]],
        false
      ),
      (
        "scroll.params.json", ["textDocument": ["uri": "u"], "viewport": ["height": 10, "lineHeight": 0.5]],
        true
      ),
      // fitting exactly when refused; null when no prefix fits.
      (
        "shouldChangeText.result.json",
        ["allowed": true, "reason": nil, "length": 1, "limit": 2, "fitting": "x"], false
      ),
      (
        "shouldChangeText.result.json", ["allowed": false, "reason": "over-limit", "length": 3, "limit": 2],
        false
      ),
      (
        "shouldChangeText.result.json",
        ["allowed": false, "reason": "over-limit", "length": 2, "limit": 1, "fitting": nil], true
      ),
      ("shouldChangeText.result.json", ["allowed": true, "reason": nil, "length": 1, "limit": 2], true),
      // data only on the codes whose prose gives it, and severities as the prose says.
      (
        "diagnostic.json",
        diagnostic("over-limit", severity: 1, data: ["length": 3, "limit": 2, "unit": "graphemes"]), true
      ),
      ("diagnostic.json", diagnostic("over-limit", severity: 1, data: nil), false),
      (
        "diagnostic.json",
        diagnostic("over-limit", severity: 2, data: ["length": 3, "limit": 2, "unit": "utf8"]), false
      ),
      ("diagnostic.json", diagnostic("empty-after-trim", severity: 2, data: nil), true),
      ("diagnostic.json", diagnostic("empty-after-trim", severity: 2, data: ["length": 0]), false),
      ("diagnostic.json", diagnostic("out-of-sync", severity: 1, data: [:]), false),
      (
        "diagnostic.json",
        diagnostic(
          "line-too-long", severity: 3, data: ["line": 0, "length": 60, "limit": 50, "unit": "columns"]), true
      ),
      ("diagnostic.json", diagnostic("line-not-blank", severity: 2, data: ["line": 1]), true),
      ("diagnostic.json", diagnostic("line-not-blank", severity: 2, data: nil), false),
      ("diagnostic.json", diagnostic("too-many-diagnostics", severity: 3, data: ["omitted": 12]), true),
      ("diagnostic.json", diagnostic("too-many-diagnostics", severity: 2, data: ["omitted": 12]), false),
      ("diagnostic.json", diagnostic("missing-trailer", severity: 2, data: ["token": "Signed-off-by"]), true),
      ("diagnostic.json", diagnostic("missing-trailer", severity: 2, data: nil), false),
      // initializationOptions and settings.stableText.
      ("initializationOptions.json", ["rules": ["maxLength": 72], "stateNotifications": true], true),
      ("initializationOptions.json", ["rules": ["maxLength": -1]], false),
      ("initializationOptions.json", ["positionEncoding": "utf-32", "rules": ["maxLength": 72]], true),
      ("initializationOptions.json", ["positionEncoding": nil], true),
      ("initializationOptions.json", ["positionEncoding": "utf-7"], false),
      ("initializationOptions.json", ["positionEncoding": 32], false),
      ("settings.json", ["stableText": ["rules": ["unit": "utf16"], "overrides": []]], true),
      ("settings.json", ["stableText": ["overrides": [["pattern": 3]]]], false),
      ("settings.json", ["other": 1], true),
      // A repository's .stabletext.json.
      (
        "stabletext.json",
        [
          "rules": ["requiredTrailers": ["Signed-off-by"]],
          "overrides": [["pattern": "/docs/**/*.md", "rules": ["maxLength": 500]]],
        ], true
      ),
      ("stabletext.json", ["rules": ["exemptions": ["urls"]]], false),
      ("stabletext.json", ["overrides": [["rules": ["maxLength": "x"]]]], false),
    ] as [(String, JSONValue, Bool)])
  func schemasDrawTheProseLines(schema: String, value: JSONValue, valid: Bool) throws {
    var validator = SchemaValidator()
    let problems = try validator.validate(value, against: schema)
    #expect(problems.isEmpty == valid, "\(schema) \(value.serialized): \(problems)")
  }
}
