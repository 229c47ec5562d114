import StableTextClient
import StableTextCore
import StableTextJSON
import StableTextProtocol
import StableTextSystem

/// `stabletext demo`: a scripted editing session through the real daemon, spawned from this
/// same executable, printed as a transcript a person can follow.
enum DemoCommand {
  static func run(_ arguments: [String]) -> Int32 {
    if let first = arguments.first, first == "--web" {
      return web(Array(arguments.dropFirst()))
    }
    if arguments == ["--help"] || arguments == ["-h"] {
      Standard.output(Usage.Command.demo.help)
      return 0
    }
    guard arguments.isEmpty else {
      return Usage.fail("demo takes no arguments but --web [--port N]", command: .demo)
    }
    do {
      try session()
      return 0
    } catch {
      Standard.error("demo failed: \(error)\n")
      return 1
    }
  }

  /// `demo --web [--port N]`: the daemon's WebSocket port, with the page at its root; prints
  /// the page's URL and serves until interrupted.
  private static func web(_ arguments: [String]) -> Int32 {
    var port = "0"
    var rest = OptionReader(arguments)
    while let option = rest.next() {
      guard option.name == "--port", let value = rest.value(for: option), UInt16(value) != nil else {
        return Usage.fail("demo --web takes --port N (0 to 65535, 0 for any free one)", command: .demo)
      }
      port = value
    }
    return DaemonCommand.run(["--websocket=\(port)", "--log-level", "warning"]) { port in
      "StableText demo: open http://127.0.0.1:\(port)/ in a browser (the page's field is the daemon's; Return on the last row above the keyboard scrolls one line). Ctrl-C stops.\n"
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

    // A limit of 150, the final newline an editor writes not counted.
    var layer = RulePatch(maxLength: 150)
    RuleField.finalTerminator.set(&layer, .bool(true))
    let initialize = try server.request(
      InitializeRequest(
        positionEncodings: ["utf-16"],
        options: InitializationOptions(configuration: RuleConfiguration(rules: layer))))
    let info = initialize["result"]?["serverInfo"]
    say(
      "→ initialize           ← \(info?["name"]?.stringValue ?? "?") \(info?["version"]?.stringValue ?? "?"), positions in \(initialize["result"]?["capabilities"]?["positionEncoding"]?.stringValue ?? "?")"
    )
    server.send(InitializedNotification())

    func show(_ action: String) throws {
      let publish = try server.notification(PublishDiagnosticsNotification.method)
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
    func send(_ changes: [ContentChange]) {
      version += 1
      server.send(DidChangeTextDocumentNotification(uri: uri, version: version, changes: changes))
    }

    /// Replaces lines `first` to `last` (their text, not their terminators) with `text`.
    func replace(lines first: Int, _ last: Int, through character: Int, with text: String, label: String)
      throws
    {
      let range = TextRange(
        start: TextPosition(line: first, character: 0), end: TextPosition(line: last, character: character))
      send([ContentChange(range: range, text: text)])
      try show(label)
    }

    let template =
      "\n# Please enter the commit message for your changes. Lines starting\n# with '#' will be ignored, and an empty message aborts the commit.\n"
    server.send(
      DidOpenTextDocumentNotification(
        TextDocumentItem(uri: uri, languageId: "gitcommit", version: 1, text: template)))
    try show("open git's template")
    let human = "Fix the scroll jump when Return is pressed below the visible area"
    try replace(lines: 0, 0, through: 0, with: human, label: "type a subject of \(human.count) columns")

    let hover = try server.request(
      HoverRequest(TextDocumentIdentifier(uri), position: TextPosition(line: 0, character: 0)))
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
    let subjectEnd = TextPosition(line: 0, character: subject.utf16.count)
    send([
      ContentChange(
        range: TextRange(start: subjectEnd, end: subjectEnd), text: "\n\n\(body)\n\(url)\n\n\(trailer)")
    ])
    try show("a body, a link and a sign-off")

    // Asked where the long body line passes 72 columns: its fix is offered (the link and the
    // sign-off are exempt and need none).
    let line = TextPosition(line: 2, character: 72)
    let actions = try server.request(
      CodeActionRequest(
        TextDocumentIdentifier(uri), range: TextRange(start: line, end: line), diagnostics: []))
    let titles = actions["result"]?.arrayValue?.compactMap { $0["title"]?.stringValue } ?? []
    say("→ codeAction at 2:72                               ← \(titles.joined(separator: ", "))")
    if let rewrap = actions["result"]?.arrayValue?.first(where: {
      $0["title"]?.stringValue?.hasPrefix("Rewrap") == true
    }),
      let edit = rewrap["edit"]?["changes"]?[uri]?[0],
      let range = edit["range"].flatMap(TextRange.init(json:)),
      let newText = edit["newText"]?.stringValue
    {
      send([ContentChange(range: range, text: newText)])
      try show("apply \"\(rewrap["title"]?.stringValue ?? "")\"")
    }

    let editorText =
      try server.result(StableTextStateRequest(TextDocumentIdentifier(uri), includeText: true))["text"]?
      .stringValue ?? ""
    let inverted = TextRange(
      start: TextPosition(line: 0, character: 5), end: TextPosition(line: 0, character: 1))
    send([ContentChange(range: inverted, text: "x")])
    let message = try server.notification(ShowMessageNotification.method)
    try show("send a change with start after end")
    say(
      "                                                     (showMessage: \(message["params"]?["message"]?.stringValue?.prefix(90) ?? "")…)"
    )

    send([ContentChange(range: nil, text: editorText)])
    try show("resend the full text")

    try frontendSession(server)
    try scrollSession(server)

    _ = try server.request(ShutdownRequest())
    server.send(ExitNotification())
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
    server.send(
      DidOpenTextDocumentNotification(
        TextDocumentItem(uri: uri, languageId: "plaintext", version: 1, text: "")))
    var layer = RulePatch(maxLength: 10, placeholder: "Say hi")
    RuleField.blankTextReport.set(&layer, .bool(false))
    _ = try server.result(StableTextConfigureRequest(TextDocumentIdentifier(uri), rules: layer))
    _ = try server.notification(PublishDiagnosticsNotification.method)

    func field(_ state: JSONValue, text: String) -> String {
      let visible = state["placeholder"]?["visible"]?.boolValue == true
      let content = visible ? "(\(state["placeholder"]?["text"]?.stringValue ?? ""))" : text + "▏"
      return "[" + padded(content, to: 22) + "] " + (state["counter"]?.stringValue ?? "")
    }
    var text = ""
    let initial = try server.result(StableTextStateRequest(TextDocumentIdentifier(uri)))
    say(
      "  \(padded(field(initial, text: text), to: 34)) empty: the placeholder shows"
    )

    // Past the end of the line: clamped to it (a frontend that appends need not know where).
    let end = TextPosition(line: 0, character: 99)
    func edit(_ insert: String, policy: LimitPolicy? = nil, label: String) throws {
      let result = try server.result(
        StableTextEditRequest(
          VersionedTextDocumentIdentifier(uri, version: version),
          edits: [FieldEdit(range: TextRange(start: end, end: end), text: insert)], policy: policy))
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
      _ = try? server.notification(PublishDiagnosticsNotification.method, timeout: 2)
    }

    for syllable in ["안", "녕", "하", "세", "요"] { try edit(syllable, label: "type \(syllable)") }
    let paste = "👨‍👩‍👧‍👦🇰🇷 world!"
    let check = try server.result(
      StableTextShouldChangeTextRequest(
        TextDocumentIdentifier(uri), range: TextRange(start: end, end: end), text: paste))
    say(
      "  shouldChangeText(paste \"\(paste)\") → allowed \(check["allowed"]?.boolValue ?? true), length \(check["length"]?.intValue ?? 0), fitting \"\(check["fitting"]?.stringValue ?? "")\""
    )
    try edit(paste, label: "paste (policy reject)")
    try edit(paste, policy: .truncate, label: "paste (policy truncate)")
    let cleared = try server.result(
      StableTextEditRequest(
        VersionedTextDocumentIdentifier(uri, version: version), edits: [FieldEdit(range: nil, text: "")]))
    version = cleared["version"]?.intValue ?? version
    text = ""
    say(
      "  \(padded(field(cleared["state"]!, text: text), to: 34)) select all, delete: the placeholder is back"
    )
    _ = try? server.notification(PublishDiagnosticsNotification.method, timeout: 2)
    try edit("안녕하세요 반가워", label: "type 안녕하세요 반가워")
    // Korean through an input method: the marked text grows jamo by jamo (ㅇ 요 용 요어) and is
    // never cut while composing; the commit is judged as one change.
    let start = text.utf16.count
    var marked = 0
    func compose(_ syllables: String, composing: Bool, policy: LimitPolicy? = nil, label: String) throws {
      let range = TextRange(
        start: TextPosition(line: 0, character: start), end: TextPosition(line: 0, character: start + marked))
      var request = StableTextEditRequest(
        VersionedTextDocumentIdentifier(uri, version: version),
        edits: [FieldEdit(range: range, text: syllables)],
        policy: policy)
      request.composing = composing
      let result = try server.result(request)
      version = result["version"]?.intValue ?? version
      let state = try server.result(StableTextStateRequest(TextDocumentIdentifier(uri), includeText: true))
      text = state["text"]?.stringValue ?? text
      marked = syllables.utf16.count
      say("  \(padded(field(result["state"]!, text: text), to: 34)) \(label)")
      _ = try? server.notification(PublishDiagnosticsNotification.method, timeout: 2)
    }
    try compose("ㅇ", composing: true, label: "compose ㅇ (an input method's marked text)")
    try compose("요", composing: true, label: "compose 요")
    try compose("용", composing: true, label: "compose 용")
    try compose("요어", composing: true, label: "compose 요어: over the limit, never cut while composing")
    try compose(
      "요어", composing: false, policy: .truncate,
      label: "commit 요어 (policy truncate): the syllable 요 kept whole, 어 left out")
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
    server.send(
      DidOpenTextDocumentNotification(
        TextDocumentItem(uri: uri, languageId: "plaintext", version: 1, text: "")))
    var layer = RulePatch(maxLength: .some(nil))
    RuleField.blankTextReport.set(&layer, .bool(false))
    _ = try server.result(StableTextConfigureRequest(TextDocumentIdentifier(uri), rules: layer))
    _ = try server.notification(PublishDiagnosticsNotification.method)
    let viewport = Viewport(height: Double(height), wrap: WrapOptions(columns: columns, wrap: .word))
    var offset: JSONValue = 0
    var caret = TextPosition(line: 0, character: 0)
    for key in "Hi team,\nthe build is green again after the fix.\n\nThanks!\n— 한국 팀 👋" {
      let scroll = ScrollFields(
        caret: nil, request: ScrollRequest(offset: offset.doubleValue ?? 0, viewport: viewport))
      let result = try server.result(
        StableTextEditRequest(
          VersionedTextDocumentIdentifier(uri, version: version),
          edits: [FieldEdit(range: TextRange(start: caret, end: caret), text: String(key))], scroll: scroll))
      _ = try? server.notification(PublishDiagnosticsNotification.method, timeout: 2)
      version = result["version"]?.intValue ?? version
      let answer = result["scroll"]!
      offset = answer["offset"]!
      caret = answer["caret"].flatMap(TextPosition.init(json:)) ?? caret
      let text =
        try server.result(StableTextStateRequest(TextDocumentIdentifier(uri), includeText: true))["text"]?
        .stringValue ?? ""
      let rows = visibleRows(
        text, columns: columns, first: offset.intValue ?? 0, count: height,
        caretRow: answer["caret"]?["row"]?.intValue ?? 0,
        caretColumn: answer["caret"]?["column"]?.intValue ?? 0)
      let label = key == "\n" ? "⏎" : String(key)
      let reason = answer["reason"]?.stringValue ?? ""
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
