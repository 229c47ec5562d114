import StableTextClient
import StableTextCore
import StableTextJSON
import StableTextSystem

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
    FileSystem.executablePath() ?? CommandLine.arguments[0]
  }

  private static func say(_ text: String) { Standard.output(text + "\n") }

  private static func session() throws {
    let server = try ServerProcess(
      executable: executablePath(), arguments: ["--stdio", "--log-level", "warning"])
    defer { server.terminate() }
    let uri = "file:///demo/COMMIT_EDITMSG"
    var version = 1

    say(
      "StableText demo: an editor session through the real daemon (stabletext --stdio, spawned from this binary)"
    )
    say(
      "A commit message as git opens it (COMMIT_EDITMSG, languageId gitcommit): the daemon gives it git's conventions by itself.\n"
    )

    let initialize = try server.request(
      "initialize",
      [
        "processId": nil, "capabilities": ["general": ["positionEncodings": ["utf-16"]]],
        "initializationOptions": ["rules": ["maxLength": 150, "ignoreFinalNewline": true]],
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
        "→ \(padded(action, to: 48)) ← v\(publish["params"]?["version"]?.intValue ?? 0): \(summary)"
      )
    }

    /// Sends the next version's `didChange` with `changes`.
    func send(_ changes: [JSONValue]) {
      version += 1
      server.notify(
        "textDocument/didChange",
        ["textDocument": ["uri": .string(uri), "version": .int(version)], "contentChanges": .array(changes)])
    }

    /// Replaces lines `first` to `last` (their text, not their terminators) with `text`.
    func replace(lines first: Int, _ last: Int, through character: Int, with text: String, label: String)
      throws
    {
      send([
        [
          "range": [
            "start": ["line": .int(first), "character": 0],
            "end": ["line": .int(last), "character": .int(character)],
          ], "text": .string(text),
        ]
      ])
      try show(label)
    }

    let template =
      "\n# Please enter the commit message for your changes. Lines starting\n# with '#' will be ignored, and an empty message aborts the commit.\n"
    server.notify(
      "textDocument/didOpen",
      [
        "textDocument": [
          "uri": .string(uri), "languageId": "gitcommit", "version": 1, "text": .string(template),
        ]
      ])
    try show("open git's template")
    let human = "Fix the scroll jump when Return is pressed below the visible area"
    try replace(lines: 0, 0, through: 0, with: human, label: "type a subject of \(human.count) columns")

    let hover = try server.request(
      "textDocument/hover", ["textDocument": ["uri": .string(uri)], "position": ["line": 0, "character": 0]])
    let hoverText = hover["result"]?["contents"]?["value"]?.stringValue ?? "?"
    say(
      "→ hover                                            ← \(hoverText.split(separator: "\n").joined(separator: " · "))"
    )

    let merge = "Merge branch 'feature/JIRA-1234-make-the-parser-handle-very-long-lines-gracefully'"
    try replace(
      lines: 0, 0, through: human.utf16.count, with: merge,
      label: "a merge subject git wrote (\(merge.count) columns)")
    let subject = "Keep the caret visible when Return is pressed"
    try replace(
      lines: 0, 0, through: merge.utf16.count, with: subject, label: "a subject of \(subject.count) columns")
    let body =
      "The text view scrolled to the top whenever Return was pressed below the visible area, and the user lost their place."
    let url = "https://github.com/example/stabletext/issues/1234#issuecomment-1234567890123"
    let trailer =
      "Signed-off-by: Alexandra Konstantinopoulou-Whitfield <alexandra.konstantinopoulou@example.com>"
    send([
      [
        "range": [
          "start": ["line": 0, "character": .int(subject.utf16.count)],
          "end": ["line": 0, "character": .int(subject.utf16.count)],
        ],
        "text": .string("\n\n\(body)\n\(url)\n\n\(trailer)"),
      ]
    ])
    try show("a body, a link and a sign-off")

    // Asked where the long body line passes 72 columns: its fix is offered (the link and the
    // sign-off are exempt and need none).
    let line: JSONValue = ["line": 2, "character": 72]
    let actions = try server.request(
      "textDocument/codeAction",
      [
        "textDocument": ["uri": .string(uri)], "range": ["start": line, "end": line],
        "context": ["diagnostics": []],
      ])
    let titles = actions["result"]?.arrayValue?.compactMap { $0["title"]?.stringValue } ?? []
    say("→ codeAction at 2:72                               ← \(titles.joined(separator: ", "))")
    if let rewrap = actions["result"]?.arrayValue?.first(where: {
      $0["title"]?.stringValue?.hasPrefix("Rewrap") == true
    }),
      let edit = rewrap["edit"]?["changes"]?[uri]?[0]
    {
      send([["range": edit["range"]!, "text": edit["newText"]!]])
      try show("apply \"\(rewrap["title"]?.stringValue ?? "")\"")
    }

    let editorText =
      try server.result("stableText/state", ["textDocument": ["uri": .string(uri)], "includeText": true])[
        "text"]
      ?? ""
    send([
      ["range": ["start": ["line": 0, "character": 5], "end": ["line": 0, "character": 1]], "text": "x"]
    ])
    let message = try server.notification("window/showMessage")
    try show("send a change with start after end")
    say(
      "                                                     (showMessage: \(message["params"]?["message"]?.stringValue?.prefix(90) ?? "")…)"
    )

    send([["text": editorText]])
    try show("resend the full text")

    try frontendSession(server)
    try scrollSession(server)

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
      return "[" + padded(content, to: 22) + "] " + (state["counter"]?.stringValue ?? "")
    }
    var text = ""
    let initial = try server.result("stableText/state", ["textDocument": ["uri": .string(uri)]])
    say(
      "  \(padded(field(initial, text: text), to: 34)) empty: the placeholder shows"
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
        "  \(padded(field(result["state"]!, text: text), to: 34)) \(note)")
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
      "  \(padded(field(cleared["state"]!, text: text), to: 34)) select all, delete: the placeholder is back"
    )
    _ = try? server.notification("textDocument/publishDiagnostics", timeout: 2)
  }
  /// `text` padded with spaces to `width` terminal cells.
  static func padded(_ text: String, to width: Int) -> String {
    let cells = text.reduce(0) { $0 + ($1 == "▏" ? 1 : DisplayWidth.of($1)) }
    return text + String(repeating: " ", count: max(0, width - cells))
  }

  /// A typing session in a small terminal viewport (word wrap): after every keystroke, the rows
  /// the daemon says are visible, so a reader can see that nothing jumps.
  private static func scrollSession(_ server: ServerProcess) throws {
    let uri = "untitled:scroll"
    let height = 3
    let columns = 16
    var version = 1
    say(
      "\nStable scroll: a \(height)-row, \(columns)-column viewport; each line is the visible window after one keystroke\n"
    )
    server.notify(
      "textDocument/didOpen",
      ["textDocument": ["uri": .string(uri), "languageId": "plaintext", "version": 1, "text": ""]])
    _ = try server.result(
      "stableText/configure",
      ["textDocument": ["uri": .string(uri)], "rules": ["maxLength": nil, "requireNonEmpty": false]])
    _ = try server.notification("textDocument/publishDiagnostics")
    let viewport: JSONValue = ["height": .int(height), "columns": .int(columns), "wrap": "word"]
    var offset: JSONValue = 0
    var caret: JSONValue = ["line": 0, "character": 0]
    for key in "Hi team,\nthe build is green again after the fix.\n\nThanks!\n— 한국 팀 👋" {
      let result = try server.result(
        "stableText/edit",
        [
          "textDocument": ["uri": .string(uri), "version": .int(version)],
          "edits": [["range": ["start": caret, "end": caret], "text": .string(String(key))]],
          "offset": offset, "viewport": viewport,
        ])
      _ = try? server.notification("textDocument/publishDiagnostics", timeout: 2)
      version = result["version"]?.intValue ?? version
      let scroll = result["scroll"]!
      offset = scroll["offset"]!
      caret = ["line": scroll["caret"]!["line"]!, "character": scroll["caret"]!["character"]!]
      let text =
        try server.result("stableText/state", ["textDocument": ["uri": .string(uri)], "includeText": true])[
          "text"]?
        .stringValue ?? ""
      let rows = visibleRows(
        text, columns: columns, first: offset.intValue ?? 0, count: height,
        caretRow: scroll["caret"]?["row"]?.intValue ?? 0,
        caretColumn: scroll["caret"]?["column"]?.intValue ?? 0)
      let label = key == "\n" ? "⏎" : String(key)
      let reason = scroll["reason"]?.stringValue ?? ""
      say(
        "  \(padded(label, to: 2)) offset \(offset.serialized) \(padded(reason, to: 10)) │"
          + rows.map { padded($0, to: columns + 1) }.joined(separator: "│") + "│")
    }
  }

  /// Rows `first ..< first + count` of `text`, laid out as the daemon lays them out, with a
  /// caret bar at the daemon's row and column.
  static func visibleRows(
    _ text: String, columns: Int, first: Int, count: Int, caretRow: Int, caretColumn: Int
  )
    -> [String]
  {
    let options = WrapOptions(columns: columns, wrap: .word)
    let buffer = TextBuffer(text)
    var rows: [String] = []
    for line in 0..<buffer.lineCount {
      let content = buffer.slice(buffer.lineStart(line)..<buffer.lineContentEnd(line))
      let layout = LineLayout(content, options: options)
      for (index, start) in layout.rowStarts.enumerated() {
        let end = index + 1 < layout.rowStarts.count ? layout.rowStarts[index + 1] : content.utf8.count
        rows.append(
          String(
            content[
              content.utf8.index(
                content.startIndex, offsetBy: start)..<content.utf8.index(content.startIndex, offsetBy: end)])
        )
      }
    }
    var visible: [String] = []
    for row in first..<(first + count) {
      var text = row < rows.count ? rows[row] : ""
      if row == caretRow {
        var cells = 0
        var index = text.startIndex
        while index < text.endIndex && cells < caretColumn {
          cells += DisplayWidth.of(text[index])
          index = text.index(after: index)
        }
        text.insert("▏", at: index)
      }
      visible.append(text)
    }
    return visible
  }
}
