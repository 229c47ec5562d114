import StableTextCore
import StableTextJSON
import StableTextProject
import StableTextProtocol

/// `didOpen`, `didChange`, `didClose` and configuration changes: keeping each document exactly
/// in step with the editor, or saying loudly that it is not.
extension LanguageServer {
  func didOpen(_ notification: DidOpenTextDocumentNotification) {
    let item = notification.textDocument
    let uri = item.uri
    let languageId = item.languageId
    let version = item.version
    let text = item.text
    guard uri.utf8.count <= ServerLimits.maxURIBytes else {
      reportNotificationError(
        method: DidOpenTextDocumentNotification.method,
        "\(Echo.clipped(uri)) was not opened: its URI has \(uri.utf8.count) bytes, over the limit of \(ServerLimits.maxURIBytes)"
      )
      return
    }
    let replaced = documents[uri]
    if replaced != nil {
      log.warning("didOpen of \(uri), which is already open: replacing it")
    } else if documents.count >= limits.maxDocuments {
      reportNotificationError(
        method: DidOpenTextDocumentNotification.method,
        "\(uri) was not opened: \(documents.count) documents are open, the limit (--max-documents); close some first"
      )
      return
    }
    // Judged as a new document: whatever the replaced one held is given back first. Its text
    // is built before its per-line facts, which are only measured once it is accepted.
    let others = openBytes - (replaced?.charge.total ?? 0)
    let path = Self.filePath(of: uri)
    let found = fileLayers(forPath: path)
    let files = found.layers
    let rules = configuration.resolve(uri: uri, languageId: languageId, files: files)
    say(found.problems, for: rules)
    let buffer = TextBuffer(text)
    let charge = ServerLimits.Charge(
      text: buffer.utf8Count,
      lineFacts: StableTextField.lineFactsBytes(rules: rules, lineCount: buffer.lineCount))
    if let problem = sizeProblem(charge, previous: .none, total: others) {
      if replaced != nil {
        documents[uri] = nil
        openBytes = others
      }
      reportNotificationError(
        method: DidOpenTextDocumentNotification.method, "\(uri) was not opened: \(problem)")
      publisher.schedule(uri)
      return
    }
    openBytes = others + charge.total
    documents[uri] = Document(
      uri: uri, languageId: languageId, version: version,
      field: StableTextField(buffer: buffer, rules: rules),
      revision: nextRevision(), path: path, files: files)
    log.debug("opened \(uri) (\(languageId), version \(version), \(text.utf8.count) bytes)")
    publisher.schedule(uri)
  }

  /// A `didChange` whose params could not be read (jansson parsed it; its field paths name what
  /// is wrong): when its document is known, the document is out of sync; when not even the URI
  /// can be read, nothing says which document missed the change, and the error goes on to the
  /// client's log.
  func unreadableChange(_ params: JSONRef, _ error: JSONFieldError) throws(JSONFieldError) {
    let uri: String
    do throws(JSONFieldError) {
      uri = try TextDocumentIdentifier(in: try params.object()).uri
    } catch {
      changeWasLost(LostChange(uri: nil, reason: "a textDocument/didChange could not be applied: \(error)"))
      throw error
    }
    guard let document = documents[uri] else {
      log.warning("didChange for \(uri), which is not open: ignored")
      return
    }
    markOutOfSync(document, reason: error.description)
    documentChanged(document)
  }

  /// A `didChange`, read straight from its bytes by the reader's scanner or through jansson.
  func didChange(_ notification: DidChangeTextDocumentNotification) {
    let document: Document
    if let last = lastChanged, last.uri == notification.uri {
      document = last
    } else {
      guard let found = documents[notification.uri] else {
        log.warning("didChange for \(notification.uri), which is not open: ignored")
        return
      }
      document = found
      lastChanged = found
    }
    apply(notification.changes, version: notification.version, to: document)
  }

  private func apply(_ changes: [ContentChange], version: Int, to document: Document) {
    watchConfiguration(of: document)
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
      let previous = document.charge
      let charge = ServerLimits.Charge(
        text: buffer.utf8Count,
        lineFacts: StableTextField.lineFactsBytes(rules: document.field.rules, lineCount: buffer.lineCount))
      if let problem = sizeProblem(charge, previous: .none, total: openBytes - previous.total) {
        markOutOfSync(document, reason: "params.contentChanges: \(problem)")
        return
      }
      openBytes += charge.total - previous.total
      document.field.text = buffer
      document.version = version
      document.outOfSyncReason = nil
      document.edited = true
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
    let previous = document.charge
    let undo: [UndoRecord]
    do throws(ContentChangeError) {
      undo = try document.field.text.applyRecording(changes, in: encoding)
    } catch {
      markOutOfSync(document, reason: reason(error, changes))
      return
    }
    let charge = document.charge
    if let problem = sizeProblem(charge, previous: previous, total: openBytes) {
      document.field.text.undo(undo)
      markOutOfSync(document, reason: "params.contentChanges: \(problem)")
      return
    }
    openBytes += charge.total - previous.total
    document.version = version
    // A change that writes what was there (an editor's whole-text sync of the text it opened)
    // edits nothing; compared only until the first that does.
    if !document.edited {
      // Bytes, not `String` equality (which takes `é` and `e` + U+0301 as one).
      document.edited = zip(undo, changes).contains { !$0.removed.utf8.elementsEqual($1.text.utf8) }
    }
  }

  /// `params.contentChanges[i].range.start: …` for entry `i` of `changes`, which could not be
  /// applied.
  private func reason(_ error: ContentChangeError, _ changes: [ContentChange]) -> String {
    let path = JSONPath.key(.index(.key(.root("params"), "contentChanges"), error.index), "range")
    return error.error.fieldError(in: changes[error.index].range, at: path).description
  }

  /// A `didChange` that could not be read or applied (its error, if any, was answered
  /// already). The document it names is out of sync; when no name could be read, every open
  /// document is, since any of them may have missed the change.
  func changeWasLost(_ lost: LostChange) {
    guard phase == .running else { return }
    let affected = lost.uri.map { uri in documents[uri].map { [$0] } ?? [] } ?? Array(documents.values)
    for document in affected.sorted(by: { $0.uri < $1.uri }) {
      markOutOfSync(document, reason: lost.reason)
      documentChanged(document)
    }
  }

  /// Marks `document` out of sync. The first time in an episode the user is told once, with
  /// what to do; later failures only update the reason.
  func markOutOfSync(_ document: Document, reason: String) {
    let firstTime = !document.isOutOfSync
    document.outOfSyncReason = reason
    log.error("\(document.uri) is out of sync: \(reason)")
    if firstTime {
      showMessage(
        type: .error,
        "StableText: \(document.uri) is out of sync (\(reason)). Edits are ignored until the editor sends the whole text again: reload the file from disk or close and reopen it."
      )
    }
  }

  func didClose(_ notification: DidCloseTextDocumentNotification) {
    let uri = notification.textDocument.uri
    guard let closed = documents.removeValue(forKey: uri) else {
      log.warning("didClose for \(uri), which is not open: ignored")
      return
    }
    openBytes -= closed.charge.total
    log.debug("closed \(uri)")
    publisher.schedule(uri)
  }

  func didChangeConfiguration(_ notification: DidChangeConfigurationNotification) {
    guard var configuration = notification.configuration else {
      log.debug("didChangeConfiguration without settings.stableText: nothing to change")
      return
    }
    for warning in notification.warnings { log.warning(warning) }
    // Settings replace the rules and overrides; which defaults they start from is the client's
    // from `initialize` (Protocol/README.md, "Which defaults apply where").
    configuration.defaults = self.configuration.defaults
    self.configuration = configuration
    for document in documents.values {
      updateRules(document)
    }
    refreshInlayHints()
  }

  /// Re-resolves a document's rules after any of their layers changed. Rules that read lines
  /// add per-line facts to the document's charge; a configuration change is never refused for
  /// it (a `stableText/configure` is, before it gets here), but later growth is.
  func updateRules(_ document: Document, publishing: Bool = true) {
    let previous = document.charge
    document.field.rules = resolvedRules(document, configured: document.configured)
    openBytes += document.charge.total - previous.total
    if openBytes > limits.maxTotalBytes && document.charge.total > previous.total {
      log.warning(
        "\(document.uri): its new rules keep per-line facts; open documents now hold \(openBytes) bytes, over the limit of \(limits.maxTotalBytes) (--max-total-bytes): documents cannot grow until some are closed"
      )
    }
    if publishing { documentChanged(document) }
  }

  /// A document's rules with `configured` as its own layer.
  func resolvedRules(_ document: Document, configured: RulePatch) -> Rules {
    configuration.resolve(
      uri: document.uri, languageId: document.languageId, configured: configured, files: document.files)
  }

  /// Something about the document's text, rules or sync state changed: its pull `resultId`
  /// moves on, and its diagnostics (and state) are owed to the client.
  func documentChanged(_ document: Document) {
    document.revision = nextRevision()
    publisher.schedule(document.uri)
  }
}
