import Foundation
import StableTextClient
import StableTextCore
import StableTextJSON
import StableTextProtocol
import StableTextSessionSupport
import Testing

/// The exact shape of a completion item on the wire (Protocol/README.md, "Completion": "The items'
/// shape"), which the four clients the test command drives (`CompletionInEditors`) write as
/// meant: `label` and `filterText` the word, `textEdit` the edit over what is typed of the item and
/// the rest of the word (for a person typed across a space, from the last word typed: the rest of
/// the person, also its `filterText`), plain text (no `insertText`, no `insertTextFormat`),
/// `sortText` the server's order. Nothing else: a key more (an `insertText` that eglot and ALE
/// would prefer to the edit, a snippet format) fails here.
@Suite struct CompletionItemShape {
  @Test func typesScopesAndPeopleOnTheWire() throws {
    let fixture = try CompletionSessions.Fixture()
    try #"{"extends": ["@commitlint/config-conventional"]}"#.write(
      toFile: fixture.repository + "/.commitlintrc.json", atomically: true, encoding: .utf8)
    // The real git (the fixture's waiting wrapper is not on this PATH).
    let session = try Session(arguments: ["--log-level", "error"], environment: fixture.environment)
    let uri = "file://\(fixture.repository)/.git/COMMIT_EDITMSG"
    session.open(uri, "fe\n\nCo-authored-by: Bob B\n", languageId: "git-commit")
    _ = try session.publish()

    func span(_ line: Int, _ start: Int, _ end: Int) -> JSONValue {
      [
        "start": ["line": .int(line), "character": .int(start)],
        "end": ["line": .int(line), "character": .int(end)],
      ]
    }
    let type = try CompletionSessions.complete(session, uri, 0, 2)
    #expect(
      type
        == [
          "isIncomplete": false,
          "items": [
            [
              "label": "feat", "kind": 20, "sortText": "0000", "filterText": "feat",
              "textEdit": ["range": span(0, 0, 2), "newText": "feat: "],
              "detail": "94 of 100 UTF-16 code units left", "documentation": "A new feature",
            ]
          ],
        ])

    // A person typed across a space, as written: the edit starts at the last word typed and
    // writes the rest of the person, which is what the client matches.
    let person = try CompletionSessions.complete(session, uri, 2, 21)
    #expect(
      person
        == [
          "isIncomplete": false,
          "items": [
            [
              "label": "Bob Builder <bob@example.com>", "kind": 12, "sortText": "0000",
              "filterText": "Builder <bob@example.com>",
              "textEdit": ["range": span(2, 20, 21), "newText": "Builder <bob@example.com>"],
              "detail": "2 commits · 98 of 100 UTF-16 code units left in the subject",
            ]
          ],
        ])

    // A scope: the edit closes the header, the label is the scope.
    session.change(uri, version: 2, edit(range(0, 0, 0, 2), "feat(u"))
    _ = try session.publish()
    let scope = try CompletionSessions.complete(session, uri, 0, 6)
    #expect(
      scope
        == [
          "isIncomplete": false,
          "items": [
            [
              "label": "ui", "kind": 9, "sortText": "0000", "filterText": "ui",
              "textEdit": ["range": span(0, 5, 6), "newText": "ui): "],
              "detail": "90 of 100 UTF-16 code units left",
              "documentation": "2 of the repository's last commits",
            ]
          ],
        ])
    try session.finish()
  }
}
