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

    _ = try server.request("shutdown")
    server.notify("exit")
    let status = try server.waitForExit()
    say("→ shutdown, exit                                   ← daemon exited with status \(status)")
  }
}
