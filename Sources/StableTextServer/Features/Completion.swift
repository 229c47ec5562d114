import StableTextCore
import StableTextProtocol
import StableTextSystem

/// `textDocument/completion` (Protocol/README.md, "Completion").
extension LanguageServer {
  /// In a commit message (the `gitCommit` preset), what the cursor is in asks for; elsewhere an
  /// empty list. A position inside a code point, or past a line's end, is taken as hover takes it
  /// (snapped back, clamped to the end). The repository's history is what git last said: never
  /// waited for; while git is asked, a list that reads it is `isIncomplete`, so the client asks
  /// again as the user types. A session that is not given git's people (`offersGitPeople`: over
  /// WebSocket, unless allowed) gets no history at all.
  func completion(_ request: CompletionRequest) throws(ResponseError) -> CompletionResult {
    let document = try document(request.textDocument)
    let field = document.field
    guard field.rules.isCommitMessage else { return CompletionResult() }
    let offset = field.text.snappedOffset(of: request.position, in: encoding)
    var history = CommitHistory.none
    var pending = false
    if let path = document.path, offersGitPeople {
      let folder = FileSystem.folder(of: path)
      (history, pending) = gitHistories.history(forFolder: folder)
      // git's committer, offered first after `Signed-off-by` in a repository, is the one the
      // sign-off fix writes: asked once per repository, with the comment character
      // (`GitCommentPrefixes`).
      if gitHistories.isInRepository(folder: folder) == true {
        if let facts = gitComments.facts(forFolder: folder) {
          history.committer = facts.signOff.trailerValue
        } else {
          pending = true
        }
      }
    }
    let list = field.commitCompletion(at: offset, history: history)
    let text = field.text
    // The items of a list share their range: it is converted once.
    var converted: (bytes: Range<Int>, range: TextRange)?
    func range(_ bytes: Range<Int>) -> TextRange {
      if let converted, converted.bytes == bytes { return converted.range }
      let range = TextRange(
        start: text.position(of: bytes.lowerBound, in: encoding),
        end: text.position(of: bytes.upperBound, in: encoding))
      converted = (bytes, range)
      return range
    }
    let items = list.items.enumerated().map { order, item in
      CompletionResult.Item(
        label: item.label, filterText: item.filterText, kind: item.kind.rawValue, detail: item.detail,
        documentation: item.documentation, range: range(item.range), newText: item.newText, order: order)
    }
    return CompletionResult(isIncomplete: (pending && list.readsHistory) || list.truncated, items: items)
  }
}
