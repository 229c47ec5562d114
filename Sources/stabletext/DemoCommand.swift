import Foundation
import StableTextClient
import StableTextJSON

/// `stabletext demo`: a scripted editing session through the real daemon, spawned from this
/// same executable, printed as a transcript a person can follow.
enum DemoCommand {
  static func run(_ arguments: [String]) -> Int32 {
    guard arguments.isEmpty else { return Usage.fail("demo takes no arguments") }
    do {
      try session()
      return 0
    } catch {
      Standard.error("demo failed: \(error)\n")
      return 1
    }
  }

  static func executablePath() -> String {
    if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
    return Bundle.main.executablePath ?? CommandLine.arguments[0]
  }

  private static func say(_ text: String) { Standard.output(text + "\n") }

  private static func session() throws {
    let server = try ServerProcess(
      executable: executablePath(), arguments: ["--stdio", "--log-level", "warning"])
    defer { server.terminate() }
    let uri = "file:///demo/COMMIT_EDITMSG"
    var version = 1

    say("StableText demo: an editor session through the real daemon (\(executablePath()) --stdio)")
    say(
      "Rules: commit messages (languageId gitcommit) are limited to 20 characters, counted as Swift Characters.\n"
    )

    let initialize = try server.request(
      "initialize",
      [
        "processId": nil, "capabilities": ["general": ["positionEncodings": ["utf-16"]]],
        "initializationOptions": [
          "rules": ["maxLength": 150],
          "overrides": [["languageId": "gitcommit", "rules": ["maxLength": 20]]],
        ],
      ])
    let info = initialize["result"]?["serverInfo"]
    say(
      "→ initialize           ← \(info?["name"]?.stringValue ?? "?") \(info?["version"]?.stringValue ?? "?"), positions in \(initialize["result"]?["capabilities"]?["positionEncoding"]?.stringValue ?? "?")"
    )
    server.notify("initialized", [:])

    func show(_ action: String) throws {
      let publish = try server.notification("textDocument/publishDiagnostics")
      let items = publish["params"]?["diagnostics"]?.arrayValue ?? []
      let summary =
        items.isEmpty
        ? "no diagnostics"
        : items.map { item in
          let start = item["range"]?["start"]
          let position = "\(start?["line"]?.intValue ?? 0):\(start?["character"]?.intValue ?? 0)"
          return "\(item["code"]?.stringValue ?? "?") at \(position): \(item["message"]?.stringValue ?? "")"
        }.joined(separator: "; ")
      say(
        "→ \(action.padding(toLength: 48, withPad: " ", startingAt: 0)) ← v\(publish["params"]?["version"]?.intValue ?? 0): \(summary)"
      )
    }

    func change(
      _ text: String, at line: Int, _ character: Int, through endCharacter: Int? = nil, label: String
    ) throws {
      version += 1
      server.notify(
        "textDocument/didChange",
        [
          "textDocument": ["uri": .string(uri), "version": .int(version)],
          "contentChanges": [
            [
              "range": [
                "start": ["line": .int(line), "character": .int(character)],
                "end": ["line": .int(line), "character": .int(endCharacter ?? character)],
              ], "text": .string(text),
            ]
          ],
        ])
      try show(label)
    }

    server.notify(
      "textDocument/didOpen",
      ["textDocument": ["uri": .string(uri), "languageId": "gitcommit", "version": 1, "text": "Fix"]])
    try show("open \"Fix\"")
    try change(" the scroll jump", at: 0, 3, label: "type \" the scroll jump\"")
    try change(" on Return", at: 0, 19, label: "type \" on Return\"")

    let hover = try server.request(
      "textDocument/hover", ["textDocument": ["uri": .string(uri)], "position": ["line": 0, "character": 0]])
    say(
      "→ hover                                            ← \(hover["result"]?["contents"]?["value"]?.stringValue ?? "?")"
    )

    let actions = try server.request(
      "textDocument/codeAction",
      [
        "textDocument": ["uri": .string(uri)],
        "range": ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 0]],
        "context": ["diagnostics": []],
      ])
    let titles = actions["result"]?.arrayValue?.compactMap { $0["title"]?.stringValue } ?? []
    say("→ codeAction                                       ← \(titles.joined(separator: ", "))")
    if let truncate = actions["result"]?.arrayValue?.first(where: {
      $0["title"]?.stringValue?.hasPrefix("Truncate") == true
    }),
      let edit = truncate["edit"]?["changes"]?[uri]?[0]
    {
      version += 1
      server.notify(
        "textDocument/didChange",
        [
          "textDocument": ["uri": .string(uri), "version": .int(version)],
          "contentChanges": [["range": edit["range"]!, "text": edit["newText"]!]],
        ])
      try show("apply \"\(truncate["title"]?.stringValue ?? "")\"")
    }

    version += 1
    server.notify(
      "textDocument/didChange",
      [
        "textDocument": ["uri": .string(uri), "version": .int(version)],
        "contentChanges": [["text": "  \n\t"]],
      ])
    try show("replace everything with blanks")
    try change("안녕하세요 👨‍👩‍👧‍👦 🇰🇷", at: 1, 1, label: "type Korean, a family and a flag")

    version += 1
    server.notify(
      "textDocument/didChange",
      [
        "textDocument": ["uri": .string(uri), "version": .int(version)],
        "contentChanges": [
          [
            "range": ["start": ["line": 0, "character": 5], "end": ["line": 0, "character": 1]], "text": "x",
          ]
        ],
      ])
    let message = try server.notification("window/showMessage")
    try show("send a change with start after end")
    say(
      "                                                     (showMessage: \(message["params"]?["message"]?.stringValue?.prefix(90) ?? "")…)"
    )

    version += 1
    server.notify(
      "textDocument/didChange",
      [
        "textDocument": ["uri": .string(uri), "version": .int(version)],
        "contentChanges": [["text": "Resynced"]],
      ])
    try show("resend the full text")

    try frontendSession(server)

    _ = try server.request("shutdown")
    server.notify("exit")
    let status = try server.waitForExit()
    say("→ shutdown, exit                                   ← daemon exited with status \(status)")
  }

  /// A text field that delegates its rules to the daemon: ask before an edit, apply it under a
  /// policy, bind the counter and placeholder to the answer.
  private static func frontendSession(_ server: ServerProcess) throws {
    let uri = "untitled:greeting"
    var version = 1
    say(
      "\nA text field whose source of truth is the daemon (stableText/…): limit 10, placeholder \"Say hi\"\n")
    server.notify(
      "textDocument/didOpen",
      ["textDocument": ["uri": .string(uri), "languageId": "plaintext", "version": 1, "text": ""]])
    _ = try server.result(
      "stableText/configure",
      [
        "textDocument": ["uri": .string(uri)],
        "rules": ["maxLength": 10, "placeholder": "Say hi", "requireNonEmpty": false],
      ])
    _ = try server.notification("textDocument/publishDiagnostics")

    func field(_ state: JSONValue, text: String) -> String {
      let visible = state["placeholder"]?["visible"]?.boolValue == true
      let content = visible ? "(\(state["placeholder"]?["text"]?.stringValue ?? ""))" : text + "▏"
      let width = content.count
      return "[" + content + String(repeating: " ", count: max(0, 16 - width)) + "] "
        + (state["counter"]?.stringValue ?? "")
    }
    var text = ""
    let initial = try server.result("stableText/state", ["textDocument": ["uri": .string(uri)]])
    say(
      "  \(field(initial, text: text).padding(toLength: 34, withPad: " ", startingAt: 0)) empty: the placeholder shows"
    )

    func edit(_ insert: String, policy: String? = nil, label: String) throws {
      var params: JSONObject = [
        "textDocument": ["uri": .string(uri), "version": .int(version)],
        "edits": [
          [
            "range": ["start": ["line": 0, "character": 99], "end": ["line": 0, "character": 99]],
            "text": .string(insert),
          ]
        ],
      ]
      if let policy { params["policy"] = .string(policy) }
      let result = try server.result("stableText/edit", .object(params))
      version = result["version"]?.intValue ?? version
      let applied = result["edits"]?[0]?["text"]?.stringValue
      if let applied { text += applied }
      var note = label
      if result["applied"]?.boolValue == false {
        note += ": rejected (\(result["reason"]?.stringValue ?? ""))"
      } else if let applied, applied != insert {
        note += ": truncated to \"\(applied)\""
      }
      say(
        "  \(field(result["state"]!, text: text).padding(toLength: 34, withPad: " ", startingAt: 0)) \(note)")
      _ = try? server.notification("textDocument/publishDiagnostics", timeout: 2)
    }

    for syllable in ["안", "녕", "하", "세", "요"] { try edit(syllable, label: "type \(syllable)") }
    let paste = "👨‍👩‍👧‍👦🇰🇷 world!"
    let check = try server.result(
      "stableText/shouldChangeText",
      [
        "textDocument": ["uri": .string(uri)],
        "range": ["start": ["line": 0, "character": 99], "end": ["line": 0, "character": 99]],
        "text": .string(paste),
      ])
    say(
      "  shouldChangeText(paste \"\(paste)\") → allowed \(check["allowed"]?.boolValue ?? true), length \(check["length"]?.intValue ?? 0), fitting \"\(check["fitting"]?.stringValue ?? "")\""
    )
    try edit(paste, label: "paste (policy reject)")
    try edit(paste, policy: "truncate", label: "paste (policy truncate)")
    let deleteAll: JSONObject = [
      "textDocument": ["uri": .string(uri), "version": .int(version)], "edits": [["text": ""]],
    ]
    let cleared = try server.result("stableText/edit", .object(deleteAll))
    version = cleared["version"]?.intValue ?? version
    text = ""
    say(
      "  \(field(cleared["state"]!, text: text).padding(toLength: 34, withPad: " ", startingAt: 0)) select all, delete: the placeholder is back"
    )
    _ = try? server.notification("textDocument/publishDiagnostics", timeout: 2)
  }
}
