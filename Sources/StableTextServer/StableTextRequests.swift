import StableTextCore
import StableTextJSON
import StableTextProject
import StableTextTransport

/// The `stableText/…` extension for frontends that make the daemon their text field's source
/// of truth. Every decision is made by `StableTextField`; this file only maps JSON to it.
extension LanguageServer {
  /// `stableText/state`: counter, limit, placeholder and sync state; the text on request.
  func state(_ params: JSONRef) throws(ResponseError) -> JSONValue {
    try stateWork(params)()
  }

  /// Reads and checks a state request; what computes its answer from copies (here, or on the
  /// background thread when it carries a large text).
  func stateWork(_ params: JSONRef) throws(ResponseError) -> @Sendable () -> JSONValue {
    let params = try object(params)
    let document = try document(params)
    let includeText = try decode { () throws(JSONFieldError) in
      try params["includeText"].optionalBool() ?? false
    }
    let snapshot = document.snapshot(encoding)
    return { snapshot.state(includeText: includeText) }
  }

  func stateJSON(_ document: Document, includeText: Bool) -> JSONValue {
    document.field.catchUp()
    return DocumentJSON.state(
      document.field, uri: document.uri, version: document.version, outOfSync: document.isOutOfSync,
      includeText: includeText)
  }

  /// `stableText/shouldChangeText`: would this edit be allowed? Changes nothing.
  func shouldChangeText(_ params: JSONRef) throws(ResponseError) -> JSONValue {
    try shouldChangeTextWork(params)()
  }

  /// Reads and checks the request; what computes its answer from copies (here, or on the
  /// background thread for a large text or paste).
  func shouldChangeTextWork(_ params: JSONRef) throws(ResponseError) -> @Sendable () -> JSONValue {
    let params = try object(params)
    let text = try decode { () throws(JSONFieldError) in try params["text"].string() }
    _ = try decode { () throws(JSONFieldError) in try Params.range(params["range"]) }
    let document = try document(params)
    let range = try offsets(params["range"], in: document)
    let field = document.snapshot(encoding).field
    return {
      let check = field.shouldChange(range, replacementText: text)
      var result: JSONObject = [
        "allowed": .bool(check.allowed),
        "reason": JSONValue(check.reason?.rawValue),
        "length": .int(check.length),
        "limit": JSONValue(check.limit),
      ]
      // Present exactly when refused: the prefix that fits, or null when none does.
      if !check.allowed { result["fitting"] = JSONValue(check.fitting) }
      return .object(result)
    }
  }

  /// `stableText/edit`: applies edits under a policy. Checks run in a fixed order — types,
  /// document, version, positions — and nothing applies when any fails.
  func edit(_ params: JSONRef) throws(ResponseError) -> JSONValue {
    let params = try object(params)
    // 1. Types.
    let (version, edits, policy, caretPosition) = try decode { () throws(JSONFieldError) in
      let identifier = try params["textDocument"].object()
      _ = try identifier["uri"].string()
      let version = try identifier["version"].int()
      var edits: [FieldEdit] = []
      for entry in try params["edits"].array() {
        let object = try entry.object()
        let text = try object["text"].string()
        let range = object["range"]
        edits.append(FieldEdit(range: range.isMissing ? nil : try Params.range(range), text: text))
      }
      let policy = try RulesDecoding.enumeration(params["policy"], LimitPolicy.self)
      let caret = params["caret"].isAbsent ? nil : try Params.position(params["caret"])
      return (version, edits, policy, caret)
    }
    let scrollParams = try decode { () throws(JSONFieldError) -> ScrollParams? in
      params["viewport"].isAbsent ? nil : try decodeScroll(params)
    }
    // 2. The document.
    let document = try document(params)
    // 3. The version the client edited.
    guard version == document.version else {
      throw .contentModified(
        currentVersion: document.version,
        detail:
          "params.textDocument.version: the document is at version \(document.version), not \(version); read stableText/state and retry"
      )
    }
    guard !document.isOutOfSync else {
      throw .contentModified(
        currentVersion: document.version,
        detail:
          "params.textDocument.uri: the document is out of sync; the editor must send its full text first")
    }
    // An applied edit makes the version old + 1, which must exist.
    guard document.version < Int.max || edits.isEmpty else {
      throw .invalidParams(
        path: params["textDocument"]["version"].path.description,
        "the document is at version \(document.version), the largest there is, so an edit cannot make a newer one; reopen the document (textDocument/didOpen) with a lower version"
      )
    }
    // 4. Positions, while applying.
    var field = document.field
    let anchor = scrollParams.flatMap {
      field.scrollAnchor(offset: $0.request.offset, viewport: $0.request.viewport)
    }
    let outcome: EditOutcome
    do throws(FieldEditError) {
      outcome = try field.apply(edits, in: encoding, policy: policy)
    } catch {
      let rangePath = JSONPath.key(.index(params["edits"].path, error.index), "range")
      throw .invalidParams(error.error.fieldError(in: edits[error.index].range, at: rangePath))
    }
    let previous = document.charge
    if let problem = limits.sizeProblem(ServerLimits.Charge(field), previous: previous, total: openBytes) {
      throw .invalidParams(path: params["edits"].path.description, problem)
    }
    // A caret is a position in the text after the edit.
    var caret = outcome.caretOffset
    if let caretPosition {
      caret = try caretOffset(caretPosition, in: field, path: params["caret"].path)
    }
    if outcome.applied && !edits.isEmpty {
      openBytes += ServerLimits.Charge(field).total - previous.total
      document.field = field
      document.version += 1
      documentChanged(document)
    }
    let echoed: [JSONValue] = outcome.edits.map { edit in
      guard let range = edit.range else { return ["text": .string(edit.text)] }
      return ["range": range.json, "text": .string(edit.text)]
    }
    var result: JSONObject = [
      "applied": .bool(outcome.applied),
      "reason": JSONValue(outcome.reason?.rawValue),
      "version": .int(document.version),
      "edits": .array(echoed),
      "state": stateJSON(document, includeText: false),
    ]
    if var request = scrollParams?.request {
      request.caret = caret
      let answer = document.field.scroll(request, after: outcome.splices, anchor: anchor)
      noteLayout(of: document)
      result["scroll"] = json(answer, in: document.field)
    }
    return .object(result)
  }

  /// `stableText/configure`: merges rules into this document's own layer.
  func configure(_ params: JSONRef) throws(ResponseError) -> JSONValue {
    let params = try object(params)
    var warnings: [String] = []
    let patch = try decode { () throws(JSONFieldError) in
      try RulesDecoding.patch(params["rules"], warnings: &warnings)
    }
    let document = try document(params)
    for warning in warnings { log.warning(warning) }
    // Rules that start reading lines add per-line facts, which count against the total.
    let configured = document.configured.merging(patch)
    let rules = resolvedRules(document, configured: configured)
    let charge = ServerLimits.Charge(
      text: document.field.text.utf8Count,
      lineFacts: StableTextField.lineFactsBytes(rules: rules, lineCount: document.field.text.lineCount))
    if let problem = limits.sizeProblem(charge, previous: document.charge, total: openBytes) {
      throw .invalidParams(path: params["rules"].path.description, problem)
    }
    document.configured = configured
    updateRules(document)
    return stateJSON(document, includeText: false)
  }
}
