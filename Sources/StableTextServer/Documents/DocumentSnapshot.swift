import StableTextCore
import StableTextJSON
import StableTextProtocol

/// A document as it is at one moment, with everything its read-only answers need: a `Sendable`
/// copy (the field is a value; its rope and indexes are shared until the document changes), for
/// an answer computed on the background thread.
struct DocumentSnapshot: Sendable {
  let uri: String
  let version: Int
  let field: StableTextField
  let outOfSyncReason: String?
  /// Whether its text was changed since it was opened (`Document.edited`).
  let edited: Bool
  /// The document's `revision` when the copy was taken (a later change moves it on).
  let revision: Int
  let encoding: PositionEncoding

  var isOutOfSync: Bool { outOfSyncReason != nil }

  var diagnostics: [FieldDiagnostic] {
    DocumentDiagnostics.of(field, outOfSync: outOfSyncReason, version: version, edited: edited)
  }

  /// The diagnostics as a JSON value.
  var diagnosticsJSON: JSONValue {
    let diagnostics = diagnostics
    var output = JSONBytes(capacity: diagnostics.count * 256 + 2)
    FieldDiagnostic.write(diagnostics, of: field.text, encoding, to: &output)
    return output.value
  }

  /// The quick fixes of the diagnostics `include` picks, as code actions with a `WorkspaceEdit`
  /// each; when `shouldStop` says so on the way, those found so far (an answer nobody reads).
  func codeActions(stopping shouldStop: () -> Bool, for include: (FieldDiagnostic) -> Bool) -> JSONValue {
    guard !isOutOfSync else { return [] }
    return .array(
      field.quickFixes(
        for: { !DocumentDiagnostics.isHeldBack($0, field, edited: edited) && include($0) },
        stopping: shouldStop
      ).map { fix in
        let edits: [JSONValue] = fix.edits.map { edit in
          ["range": field.text.json(range: edit.range, encoding), "newText": .string(edit.text)]
        }
        var action: JSONObject = [
          "title": .string(fix.title), "kind": "quickfix",
          "edit": ["changes": .object([uri: .array(edits)])],
        ]
        if let diagnostic = fix.diagnostic {
          var output = JSONBytes()
          diagnostic.write(of: field.text, encoding, to: &output)
          action["diagnostics"] = [output.value]
          action["isPreferred"] = true
        }
        return .object(action)
      })
  }

  func state(includeText: Bool) -> StableTextState {
    StableTextState(field, uri: uri, version: version, outOfSync: isOutOfSync, includeText: includeText)
  }
}

extension Document {
  /// The document as it is now, for an answer computed from copies.
  func snapshot(_ encoding: PositionEncoding) -> DocumentSnapshot {
    field.catchUp()
    return DocumentSnapshot(
      uri: uri, version: version, field: field, outOfSyncReason: outOfSyncReason, edited: edited,
      revision: revision,
      encoding: encoding)
  }
}
