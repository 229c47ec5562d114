/// Completion in a commit message (Protocol/README.md, "Completion"): on line 1 before the colon,
/// the team's types; after `type(`, its scopes; in the trailer block or a new last paragraph,
/// trailer tokens, and after a person trailer's colon, people. What the cursor is in decides the
/// list (`CompletionPlace`); the repository's history (`CommitHistory`) is what git said, or
/// nothing yet.
package struct CommitCompletionList: Hashable, Sendable {
  package var items: [CommitCompletionItem]
  /// Whether the list reads the history (scopes without `scope-enum`, people): while git has not
  /// answered, the daemon marks it incomplete so the client asks again.
  package var readsHistory: Bool
  /// Whether items matching what is typed were left out past `maxItems` (the list is then
  /// incomplete: the client asks again as the user types, and gets fewer).
  package var truncated = false

  package init(items: [CommitCompletionItem] = [], readsHistory: Bool = false) {
    self.items = items
    self.readsHistory = readsHistory
  }
}

extension StableTextField {
  /// The longest line completion reads: a header or a trailer is never this long, and a line of
  /// megabytes is not read on a keystroke.
  package static let completionLineBytes = 64 * 1024

  /// The completions at UTF-8 `offset` (a boundary of the text), with `history`; none outside a
  /// commit message (the `gitCommit` preset) or where nothing is offered. What is typed of the
  /// item (a person's after the colon's spaces) narrows them to the labels that hold it (case
  /// ignored: `bob` finds `Bob Builder <bob@…>`), at most `maxItems`: candidates are narrowed
  /// and capped before any item is made, so a history of a thousand people costs a hundred items.
  package func commitCompletion(at offset: Int, history: CommitHistory, maxItems: Int = 100)
    -> CommitCompletionList
  {
    guard rules.isCommitMessage, let place = completionPlace(at: offset) else {
      return CommitCompletionList()
    }
    var narrowing = Narrowing(
      typed: text.slice(min(place.range.lowerBound, offset)..<offset).lowercased(), maxItems: maxItems)
    var list = completions(at: place, history: history, &narrowing)
    list.truncated = narrowing.truncated
    list.items = list.items.compactMap { item in
      // A candidate holding a control or bidirectional character is never offered (the history's
      // are left out before they take a place; the configuration's here); what is only shown is
      // escaped.
      guard !CompletionText.isUnsafe(item.label), !CompletionText.isUnsafe(item.newText) else { return nil }
      var item = item
      item.detail = item.detail.map(CompletionText.escaped)
      item.documentation = item.documentation.map(CompletionText.escaped)
      return item.kind == .person ? personFromTheLastWord(item, typedTo: offset) : item
    }
    return list
  }

  /// A person typed across a word's end (`Bob B`, `Bob Builder <bo`), the cursor at the end of
  /// the line, and what is typed the start of the person as written: the edit starts at the last
  /// word typed and writes the rest of the person (`Builder <bob@example.com>`), which is also
  /// what the client matches. A client that writes over the range writes the same text either way;
  /// Neovim 0.7's omnifunc and ALE write over the word before the cursor whatever the range, and
  /// wrote `Bob Bob Builder <…>` (Protocol/README.md, "Completion": "The items' shape"). A word is
  /// what Vim's default `iskeyword` takes: ASCII letters, digits, `_`, and any non-ASCII byte. A
  /// person typed whole is not offered: nothing is left to write (those clients appended it).
  private func personFromTheLastWord(_ item: CommitCompletionItem, typedTo offset: Int)
    -> CommitCompletionItem?
  {
    guard item.range.upperBound == offset, item.range.lowerBound < offset else { return item }
    let typed = text.slice(item.range.lowerBound..<offset)
    guard item.newText.utf8.starts(with: typed.utf8) else { return item }
    let word = typed.utf8.reversed().prefix { byte in
      byte >= 0x80 || byte == UInt8(ascii: "_") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
        || ((byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z"))
    }.count
    guard word < typed.utf8.count else { return item }
    guard typed.utf8.count < item.newText.utf8.count else { return nil }
    var fromTheWord = item
    fromTheWord.range = offset - word..<offset
    fromTheWord.newText = String(
      decoding: item.newText.utf8.dropFirst(typed.utf8.count - word), as: UTF8.self)
    fromTheWord.filterText = fromTheWord.newText
    return fromTheWord
  }

  /// The items at `place`, of the candidates `narrowing` keeps.
  private func completions(at place: CompletionPlace, history: CommitHistory, _ narrowing: inout Narrowing)
    -> CommitCompletionList
  {
    let limits = SubjectLimit.all(rules)
    switch place {
    case .type(let range, let after):
      let types = narrowing.keep(rules.conventionsInForce?.completionTypes ?? []) { $0.name }
      var left = SubjectLeft(limits, head: "", tail: after)
      let items = types.map { type in
        let newText = type.name + (after.first.map { "(!:".contains($0) } == true ? "" : ": ")
        return CommitCompletionItem(
          label: type.name, kind: .type, detail: left.words(with: newText[...]),
          documentation: type.description, range: range, newText: newText)
      }
      return CommitCompletionList(items: items)
    case .scope(let range, let before, let after, let typeIsKnown):
      let configured = rules.conventionsInForce?.completionScopes
      var scopes: [(name: String, documentation: String?)] = []
      if let configured {
        scopes = narrowing.keep(configured) { $0.name }
      } else if typeIsKnown || !history.scopes.isEmpty {
        scopes = narrowing.keep(history.scopes) { $0.name }.map {
          ($0.name, "\($0.commits) of the repository's last commits")
        }
      }
      var left = SubjectLeft(limits, head: before, tail: after)
      let items = scopes.map { scope in
        let newText = scope.name + (after.first == ")" ? "" : "): ")
        return CommitCompletionItem(
          label: scope.name, kind: .scope, detail: left.words(with: newText[...]),
          documentation: scope.documentation, range: range, newText: newText)
      }
      return CommitCompletionList(items: items, readsHistory: configured == nil)
    case .trailerToken(let range):
      let subject = subjectWords(limits)
      var seen: Set<String> = []
      var tokens: [(name: String, documentation: String?)] = []
      for (token, why) in rules.trailersToOfferFirst.map({ ($0.token, $0.why) })
        + Self.trailerTokens.map({ ($0, nil as String?) })
      where seen.insert(token.lowercased()).inserted {
        tokens.append((token, why))
      }
      let items = narrowing.keep(tokens) { $0.name }.map { token in
        CommitCompletionItem(
          label: token.name, kind: .trailer, detail: subject, documentation: token.documentation,
          range: range,
          newText: token.name + ": ")
      }
      return CommitCompletionList(items: items)
    case .person(let token, let range, let needsSpace):
      let signOff = token.lowercased() == "signed-off-by"
      var people = history.people
      if signOff, let committer = history.committer, !CompletionText.isUnsafe(committer) {
        people.removeAll { $0.name == committer }
        people.insert(CommitHistory.Counted(committer, 0), at: 0)
      }
      let kept = narrowing.keep(people) { $0.name }
      let subject = kept.isEmpty ? nil : subjectWords(limits)
      let items = kept.map { person in
        // After `Signed-off-by`, the committer (first, and nowhere else in the list) says so.
        let said =
          signOff && person.name == history.committer
          ? "you (git's committer identity)" : "\(person.commits) commits"
        return CommitCompletionItem(
          label: person.name, kind: .person, detail: subject.map { "\(said) · \($0)" } ?? said,
          documentation: nil, range: range, newText: (needsSpace ? " " : "") + person.name)
      }
      return CommitCompletionList(items: items, readsHistory: true)
    }
  }

  /// The trailer tokens offered after the required ones, in this order.
  package static let trailerTokens = [
    "Signed-off-by", "Co-authored-by", "Reviewed-by", "Acked-by", "Tested-by", "Reported-by", "Fixes",
    "Closes",
    "Refs",
  ]

  /// What the subject leaves as it is, for items that do not change it.
  private func subjectWords(_ limits: [SubjectLimit]) -> String? {
    guard !limits.isEmpty else { return nil }
    let index = messageIndex
    var subject: Substring = ""
    if let first = index.firstNumbered {
      guard index[first].bytes <= Self.completionLineBytes else { return nil }
      let start = index.lineStart(first)
      subject = text.slice(start..<start + index[first].bytes)
    }
    var left = SubjectLeft(limits, head: subject, tail: "")
    return left.words(with: "").map { "\($0) in the subject" }
  }
}

/// What is typed of an item narrows the candidates to those whose label holds it (lowercased),
/// at most `maxItems` of them; `truncated` when more held it.
struct Narrowing {
  let typed: String
  let maxItems: Int
  var truncated = false

  mutating func keep<Candidate>(_ candidates: [Candidate], label: (Candidate) -> String) -> [Candidate] {
    var kept: [Candidate] = []
    for candidate in candidates where typed.isEmpty || label(candidate).lowercased().contains(typed) {
      guard kept.count < maxItems else {
        truncated = true
        break
      }
      kept.append(candidate)
    }
    return kept
  }
}
