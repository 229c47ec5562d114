import StableTextCore
import StableTextJSON

/// `didOpen`, `didChange`, `didClose` and configuration changes: keeping each document exactly
/// in step with the editor, or saying loudly that it is not.
extension LanguageServer {
  func didOpen(_ params: JSONRef) throws(JSONFieldError) {
    let item = try params.object()["textDocument"].object()
    let uri = try item["uri"].string()
    let languageId = try item["languageId"].string()
    let version = try item["version"].int()
    let text = try item["text"].string()
    if documents[uri] != nil {
      log.warning("didOpen of \(uri), which is already open: replacing it")
    } else if documents.count >= limits.maxDocuments {
      reportNotificationError(
        method: "textDocument/didOpen",
        "\(uri) was not opened: \(documents.count) documents are open, the limit (--max-documents); close some first"
      )
      return
    }
    guard text.utf8.count <= limits.maxDocumentBytes else {
      documents[uri] = nil
      reportNotificationError(
        method: "textDocument/didOpen",
        "\(uri) was not opened: it has \(text.utf8.count) bytes, over the limit of \(limits.maxDocumentBytes) (--max-document-bytes)"
      )
      publisher.schedule(uri)
      return
    }
    let rules = configuration.resolve(uri: uri, languageId: languageId)
    documents[uri] = Document(
      uri: uri, languageId: languageId, version: version, text: text, rules: rules, revision: nextRevision())
    log.debug("opened \(uri) (\(languageId), version \(version), \(text.utf8.count) bytes)")
    publisher.schedule(uri)
  }

  /// A `didChange` that jansson parsed: one the reader's scanner left alone (see `Keystroke`),
  /// read with field paths so that anything wrong is named.
  func didChange(_ params: JSONRef) throws(JSONFieldError) {
    let uri = try Params.uri(try params.object())
    guard let document = documents[uri] else {
      log.warning("didChange for \(uri), which is not open: ignored")
      return
    }
    let keystroke: Keystroke
    do throws(JSONFieldError) {
      keystroke = try Keystroke(params)
    } catch {
      markOutOfSync(document, reason: error.description)
      documentChanged(document)
      return
    }
    apply(keystroke.changes, version: keystroke.version, to: document)
  }

  /// A decoded `didChange`.
  func didChange(_ keystroke: Keystroke) {
    guard let document = documents[keystroke.uri] else {
      log.warning("didChange for \(keystroke.uri), which is not open: ignored")
      return
    }
    apply(keystroke.changes, version: keystroke.version, to: document)
  }

  private func apply(_ changes: [ContentChange], version: Int, to document: Document) {
    let uri = document.uri
    defer { documentChanged(document) }

    if document.isOutOfSync {
      // Only a full text can bring the document back; apply from the last one.
      guard let lastFull = changes.lastIndex(where: { $0.range == nil }) else {
        log.info("\(uri) is out of sync: ignored a change list without a full-text change")
        return
      }
      var buffer = TextBuffer(changes[lastFull].text)
      let rest = Array(changes[(lastFull + 1)...])
      do throws(ContentChangeError) {
        try buffer.apply(rest, in: encoding)
      } catch {
        markOutOfSync(
          document,
          reason: reason(ContentChangeError(index: error.index + lastFull + 1, error: error.error), changes))
        return
      }
      // A resynchronisation replaces everything: there is nothing to shrink from.
      if let problem = limits.sizeProblem(buffer.utf8Count, previous: 0) {
        markOutOfSync(document, reason: "params.contentChanges: \(problem)")
        return
      }
      document.field.text = buffer
      document.version = version
      document.outOfSyncReason = nil
      log.info("\(uri) resynchronised at version \(version)")
      return
    }

    guard version > document.version else {
      markOutOfSync(
        document,
        reason:
          "params.textDocument.version: version \(version) does not increase (the document is at version \(document.version))"
      )
      return
    }
    // Applied in place, where the rope is held once and a keystroke copies nothing; a failed
    // entry restores the text, and so does a result the size limit refuses.
    let previousSize = document.field.text.utf8Count
    let undo: [UndoRecord]
    do throws(ContentChangeError) {
      undo = try document.field.text.applyRecording(changes, in: encoding)
    } catch {
      markOutOfSync(document, reason: reason(error, changes))
      return
    }
    if let problem = limits.sizeProblem(document.field.text.utf8Count, previous: previousSize) {
      document.field.text.undo(undo)
      markOutOfSync(document, reason: "params.contentChanges: \(problem)")
      return
    }
    document.version = version
  }

  /// `params.contentChanges[i].range.start: …` for entry `i` of `changes`, which could not be
  /// applied.
  private func reason(_ error: ContentChangeError, _ changes: [ContentChange]) -> String {
    let path = JSONPath.key(.index(.key(.root("params"), "contentChanges"), error.index), "range")
    return error.error.fieldError(in: changes[error.index].range, at: path).description
  }

  /// A body that was not valid UTF-8 (answered with `-32700`) turned out, read leniently, to be a
  /// `didChange` for an open document. Its change is lost, so the document is out of sync.
  public func changeWasUnreadable(_ message: JSONRef, detail: String) {
    guard phase == .running, (try? message["method"].string()) == "textDocument/didChange",
      let uri = try? message["params"]["textDocument"]["uri"].string(), let document = documents[uri]
    else { return }
    markOutOfSync(
      document,
      reason: "a textDocument/didChange for it was not valid UTF-8 (\(detail)), so it could not be applied")
    documentChanged(document)
  }

  /// Marks `document` out of sync. The first time in an episode the user is told once, with
  /// what to do; later failures only update the reason.
  func markOutOfSync(_ document: Document, reason: String) {
    let firstTime = !document.isOutOfSync
    document.outOfSyncReason = reason
    log.error("\(document.uri) is out of sync: \(reason)")
    if firstTime {
      showMessage(
        type: 1,
        "StableText: \(document.uri) is out of sync (\(reason)). Edits are ignored until the editor sends the whole text again: reload the file (:e! in Vim) or close and reopen it."
      )
    }
  }

  func didClose(_ params: JSONRef) throws(JSONFieldError) {
    let uri = try Params.uri(try params.object())
    guard documents.removeValue(forKey: uri) != nil else {
      log.warning("didClose for \(uri), which is not open: ignored")
      return
    }
    log.debug("closed \(uri)")
    publisher.schedule(uri)
  }

  func didChangeConfiguration(_ params: JSONRef) throws(JSONFieldError) {
    let settings = try params.object()["settings"]
    let stableText = settings["stableText"]
    guard !stableText.isAbsent else {
      log.debug("didChangeConfiguration without settings.stableText: nothing to change")
      return
    }
    var warnings: [String] = []
    let configuration = try RulesDecoding.configuration(stableText, warnings: &warnings)
    for warning in warnings { log.warning(warning) }
    self.configuration = configuration
    for document in documents.values {
      updateRules(document)
    }
  }

  /// Re-resolves a document's rules after any of their layers changed.
  func updateRules(_ document: Document) {
    document.field.rules = configuration.resolve(
      uri: document.uri, languageId: document.languageId, configured: document.configured)
    documentChanged(document)
  }

  /// Something about the document's text, rules or sync state changed: its pull `resultId`
  /// moves on, and its diagnostics (and state) are owed to the client.
  func documentChanged(_ document: Document) {
    document.revision = nextRevision()
    publisher.schedule(document.uri)
  }
}
