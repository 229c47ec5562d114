import StableTextCore
import StableTextJSON
import StableTextProtocol
import StableTextTransport
import Testing

@testable import StableTextServer

/// The registry, the server's method table and the message types agree: every registered type
/// is handled, every handled method is registered, and every type reads back what it writes.
@Suite struct MessageRegistryTests {
  @Test func theServerHandlesExactlyTheRegistry() {
    let registered =
      MessageRegistry.requests.map { $0.method } + MessageRegistry.notifications.map { $0.method }
    #expect(Set(LanguageServer.methods.methods) == Set(registered))
    #expect(Set(registered).count == registered.count, "a method registered twice")
    // The capabilities are the registered types' own, merged in the server's order of
    // registration (`every-method.out` holds the wire's bytes).
    let types: [any MessageType.Type] = MessageRegistry.requests + MessageRegistry.notifications
    var announced: [String] = []
    for method in LanguageServer.methods.methods {
      for key in types.first(where: { $0.method == method })?.capabilities.keys ?? []
      where !announced.contains(key) {
        announced.append(key)
      }
    }
    #expect(LanguageServer.methods.capabilities.keys == announced)
    #expect(!announced.isEmpty)
    #expect(
      LanguageServer.methods.capabilities["textDocumentSync"]
        == ["openClose": true, "change": 2, "save": ["includeText": false]])
  }

  /// One message of each type, with values at their edges (non-ASCII URIs and text, a range
  /// inside an astral scalar's units, every optional field set).
  static let samples: [any MessageType] = {
    let document = TextDocumentIdentifier("file:///tmp/한국/커밋 메시지.txt")
    let range = TextRange(
      start: TextPosition(line: 0, character: 1), end: TextPosition(line: 3, character: 17))
    let viewport = Viewport(
      height: 12.5, lineHeight: 1.25, lineSpacing: 0.5,
      wrap: WrapOptions(columns: 40, wrap: .word, tabSize: 2),
      padding: VerticalInsets(top: 1, bottom: 2), obscured: VerticalInsets(top: 0, bottom: 5.5))
    let scroll = ScrollFields(
      caret: TextPosition(line: 2, character: 0),
      request: ScrollRequest(
        affinity: .upstream, offset: -3.5, viewport: viewport, reveal: .center, farThreshold: 4))
    let rules = RulePatch(
      maxLength: .some(nil), unit: .utf16, policy: .truncate, placeholder: "Say hi 👋",
      commentPrefix: .some("#"),
      lineRules: [
        LineRule(lines: LineSpan(first: 3, last: nil), maxLength: 72, unit: .columns, severity: .error)
      ],
      tabSize: 4, preset: .some(.gitCommit))
    return [
      InitializeRequest(
        positionEncodings: ["utf-8", "utf-16"], hoverContentFormats: ["markdown"], inlayHintRefresh: true,
        processId: 4_242,
        options: InitializationOptions(
          configuration: RuleConfiguration(
            rules: rules,
            overrides: [RuleOverride(languageId: "gitcommit", pattern: "**/COMMIT_EDITMSG", rules: rules)]),
          stateNotifications: true, positionEncoding: .utf32)),
      ShutdownRequest(),
      DocumentDiagnosticRequest(document, previousResultId: "17"),
      CodeActionRequest(
        document, range: range,
        diagnostics: [CodeActionRequest.NamedDiagnostic(code: "line-too-long", range: range)],
        only: ["quickfix"]),
      HoverRequest(document, position: TextPosition(line: 9, character: 2)),
      CompletionRequest(
        document, position: TextPosition(line: 0, character: 5), triggerKind: 2, triggerCharacter: "("),
      InlayHintRequest(document, range: range),
      StableTextStateRequest(document, includeText: true),
      StableTextShouldChangeTextRequest(document, range: range, text: "👨‍👩‍👧‍👦\r\n"),
      StableTextEditRequest(
        VersionedTextDocumentIdentifier(document.uri, version: 7),
        edits: [FieldEdit(range: range, text: "é"), FieldEdit(range: nil, text: "")], policy: .allow,
        caret: TextPosition(line: 1, character: 1), scroll: scroll),
      StableTextConfigureRequest(document, rules: rules),
      StableTextScrollRequest(document, fields: scroll),
      InitializedNotification(),
      ExitNotification(),
      SetTraceNotification(value: "verbose"),
      CancelRequestNotification(id: "req-1"),
      DidOpenTextDocumentNotification(
        TextDocumentItem(uri: document.uri, languageId: "gitcommit", version: 3, text: "a\rb\r\nc")),
      DidChangeTextDocumentNotification(
        uri: document.uri, version: 4,
        changes: [ContentChange(range: range, text: "x"), ContentChange(range: nil, text: "whole")]),
      DidCloseTextDocumentNotification(document),
      DidSaveTextDocumentNotification(document),
      DidChangeWatchedFilesNotification(uris: ["file:///r/.stabletext.json", "file:///r/.editorconfig"]),
      DidChangeConfigurationNotification(configuration: RuleConfiguration(rules: rules)),
    ]
  }()

  @Test func everyTypeHasASample() {
    let sampled = Set(Self.samples.map { type(of: $0).method })
    let registered = Set(
      MessageRegistry.requests.map { $0.method } + MessageRegistry.notifications.map { $0.method })
    #expect(sampled == registered)
  }

  /// What a type writes, read back as the server reads it, is written the same again.
  @Test func everyTypeReadsBackWhatItWrites() throws {
    for sample in Self.samples {
      let written = sample.json
      let handle = try JSONParser.parse(Array(JSONSerializer.bytes(written)))
      let read = try type(of: sample).init(decoding: handle.ref(.params))
      #expect(read.json == written, "\(type(of: sample).method): \(written.serialized)")
    }
  }
}
