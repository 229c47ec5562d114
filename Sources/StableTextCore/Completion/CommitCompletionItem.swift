/// One completion for a commit message (Protocol/README.md, "Completion"): what the list shows,
/// what it writes over which bytes, and what the item leaves of the subject's limit.
package struct CommitCompletionItem: Hashable, Sendable {
  /// What the item is, for the client's icon (LSP's `CompletionItemKind`).
  package enum Kind: Int, Hashable, Sendable {
    /// A type (`feat`): LSP's `EnumMember`.
    case type = 20
    /// A scope: LSP's `Module`.
    case scope = 9
    /// A trailer token (`Signed-off-by`): LSP's `Property`.
    case trailer = 10
    /// A person (`Name <email>`): LSP's `Value`.
    case person = 12
  }

  package var label: String
  package var kind: Kind
  /// LSP's `detail`: what is left of the subject's limit (`36 of 50 columns left`), after a
  /// commit count for a person; nil when no limit covers the subject and there is nothing else.
  package var detail: String?
  /// LSP's `documentation`: a type's description, why a trailer is offered first.
  package var documentation: String?
  /// The UTF-8 range of the document the item replaces (from the start of what was typed of it
  /// to the cursor, or to the end of the word the cursor is in).
  package var range: Range<Int>
  /// The text written over `range`.
  package var newText: String
  /// What the client matches what is typed against (LSP's `filterText`) when it is not `label`:
  /// `newText`, for a person whose edit starts at the last word typed.
  package var filterText: String?

  package init(
    label: String, kind: Kind, detail: String? = nil, documentation: String? = nil, range: Range<Int>,
    newText: String
  ) {
    self.label = label
    self.kind = kind
    self.detail = detail
    self.documentation = documentation
    self.range = range
    self.newText = newText
  }
}
