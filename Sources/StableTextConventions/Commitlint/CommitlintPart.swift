/// The part of a commit message a commitlint rule concerns (Protocol/README.md, "Team
/// conventions"): what its name begins with, and where a diagnostic of it goes in the document.
package enum CommitlintPart: String, Hashable, Sendable, CaseIterable {
  case type
  case scope
  case subject
  case header
  case body
  case footer
  /// The whole message (`references-empty`, `signed-off-by`, `breaking-change-exclamation-mark`).
  case message
  /// The trailer block, the message's last paragraph (`trailer-exists`).
  case trailers

  /// The part's text as the parser gave it (nil for the message's wider parts, which no rule
  /// measures as one text).
  func text(of commit: ConventionalCommit) -> String? {
    switch self {
    case .type: commit.type
    case .scope: commit.scope
    case .subject: commit.subject
    case .header: commit.header
    case .body: commit.body
    case .footer: commit.footer
    case .message, .trailers: nil
    }
  }
}
