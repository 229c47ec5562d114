import StableTextCore
import StableTextJSON
import StableTextProject
import StableTextProtocol
import StableTextTransport

/// The `stableText/…` extension for frontends that make the daemon their text field's source
/// of truth. Every decision is made by `StableTextField`; this file only maps JSON to it.
extension LanguageServer {
  /// `stableText/state`: counter, limit, placeholder and sync state; the text on request. What
  /// computes its answer from copies (here, or on the background thread when it carries a large
  /// text).
  func stateWork(_ request: StableTextStateRequest) throws(ResponseError)
    -> @Sendable (CancellationFlag) -> StableTextState
  {
    let document = try document(request.textDocument)
    let includeText = request.includeText
    let snapshot = document.snapshot(encoding)
    return { _ in snapshot.state(includeText: includeText) }
  }

  func state(of document: Document, includeText: Bool) -> StableTextState {
    document.field.catchUp()
    return StableTextState(
      document.field, uri: document.uri, version: document.version, outOfSync: document.isOutOfSync,
      includeText: includeText)
  }

  /// `stableText/shouldChangeText`: would this edit be allowed? Changes nothing. What computes
  /// its answer from copies (here, or on the background thread for a large text or paste).
  func shouldChangeTextWork(_ request: StableTextShouldChangeTextRequest) throws(ResponseError)
    -> @Sendable (CancellationFlag) -> ShouldChangeTextResult
  {
    let document = try document(request.textDocument)
    let range = try offsets(request.range, in: document)
    let field = document.snapshot(encoding).field
    let text = request.text
    let composing = request.composing
    return { _ in
      let check = field.shouldChange(range, replacementText: text, composing: composing)
      return ShouldChangeTextResult(
        allowed: check.allowed, reason: check.reason?.rawValue, length: check.length, limit: check.limit,
        fitting: check.fitting)
    }
  }

  /// `stableText/edit`: applies edits under a policy. Checks run in a fixed order — types,
  /// document, version, positions — and nothing applies when any fails.
  func edit(_ request: StableTextEditRequest) throws(ResponseError) -> EditResult {
    // 1. Types: read by the method table.
    let version = request.textDocument.version
    let edits = request.edits
    let policy = request.policy
    let scrollParams = request.scroll
    // 2. The document.
    let document = try document(request.textDocument.unversioned)
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
        path: request.textDocument.versionPath.description,
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
      outcome = try field.apply(edits, in: encoding, policy: policy, composing: request.composing)
    } catch {
      let rangePath = JSONPath.key(.index(request.editsPath, error.index), "range")
      throw .invalidParams(error.error.fieldError(in: edits[error.index].range, at: rangePath))
    }
    let previous = document.charge
    if let problem = sizeProblem(ServerLimits.Charge(field), previous: previous, total: openBytes) {
      throw .invalidParams(path: request.editsPath.description, problem)
    }
    // A caret is a position in the text after the edit.
    var caret = outcome.caretOffset
    if let caretPosition = request.caret {
      caret = try caretOffset(caretPosition.value, in: field, path: caretPosition.path)
    }
    // Stored whenever the text changed (its splices say so): an applied edit, and also a refused
    // commit of a composition, which puts the text before the composition back.
    if !outcome.splices.isEmpty {
      openBytes += ServerLimits.Charge(field).total - previous.total
      document.field = field
      document.version += 1
      document.edited = true
      documentChanged(document)
    }
    var result = EditResult(
      applied: outcome.applied, reason: outcome.reason?.rawValue, version: document.version,
      edits: outcome.edits,
      state: state(of: document, includeText: false), scroll: nil)
    if var scroll = scrollParams?.request {
      scroll.caret = caret
      let answer = document.field.scroll(scroll, after: outcome.splices, anchor: anchor)
      noteLayout(of: document)
      result.scroll = json(answer, in: document.field)
    }
    return result
  }

  /// `stableText/configure`: merges rules into this document's own layer.
  func configure(_ request: StableTextConfigureRequest) throws(ResponseError) -> StableTextState {
    let patch = request.rules
    let document = try document(request.textDocument)
    for warning in request.warnings { log.warning(warning) }
    // Rules that start reading lines add per-line facts, which count against the total.
    let configured = document.configured.merging(patch)
    // The configure layer is one layer however many requests built it, so its bounds may not
    // cross either ("Rules": a layer that sets both bounds with minLength above maxLength is
    // refused). The bound this request set is named; the other came from an earlier request.
    if let problem = configured.boundsProblem() {
      if patch.setsMinimum {
        throw .invalidParams(path: "\(request.rulesPath).minLength", problem)
      }
      let earlier = configured.minimumSet ?? 0
      let maximum = configured.limitSet ?? 0
      throw .invalidParams(
        path: "\(request.rulesPath).maxLength",
        "expected at least minLength (\(earlier)), which an earlier stableText/configure set, got \(maximum)")
    }
    let rules = resolvedRules(document, configured: configured)
    // A limit above its unit's largest, made by this request with the other layers: the field
    // this request set (the limit, else the unit) is named ("Counting like X").
    if let (field, problem) = rules.unitLimitProblem {
      let named = field == "maxLength" && !patch.setsLimit && patch.setsUnit ? "unit" : field
      throw .invalidParams(path: "\(request.rulesPath).\(named)", problem)
    }
    let charge = ServerLimits.Charge(
      text: document.field.text.utf8Count,
      lineFacts: StableTextField.lineFactsBytes(rules: rules, lineCount: document.field.text.lineCount))
    if let problem = sizeProblem(charge, previous: document.charge, total: openBytes) {
      throw .invalidParams(path: request.rulesPath.description, problem)
    }
    document.configured = configured
    let before = document.field.rules
    updateRules(document)
    if document.field.rules != before { refreshInlayHints() }
    return state(of: document, includeText: false)
  }
}
