import StableTextConventions
import StableTextCore

/// `check --commits`' one `git log` over the whole range, read as it comes: each commit's hash, how
/// many parents it has, its author's name and e-mail, its message and, when a configured rule
/// reads them (`TeamConventions.readsChangedFiles`), the files it changes — all from the same
/// process, never one git call per commit (Protocol/README.md, "Command line": "What `--commits`
/// knows of a commit").
///
/// With `-z` git ends each commit's fields with NUL: `/HASH PARENT…`, the name, the e-mail and the
/// message, then, under `--name-only`, a line break and each changed file, each ended by NUL. The
/// header's `/` tells it from a file: no path git stores starts with `/`.
struct CommitLog {
  /// One commit's hash and what is known of it beside its message.
  struct Commit {
    var hash = ""
    var facts = CommitFacts()
  }

  /// `git log`'s arguments for `range` (oldest first, messages in UTF-8), with each commit's
  /// changed files when `changedFiles` (as gitlint reads them, `git diff-tree -r --root`: renames
  /// as a deletion and an addition, nothing for a merge).
  static func arguments(range: String, changedFiles: Bool) -> [String] {
    ["log", "--reverse", "--encoding=UTF-8", "-z", "--format=/%H %P%x00%an%x00%ae%x00%B"]
      + (changedFiles ? ["--name-only", "--no-renames"] : [])
      // `--end-of-options`: a range that starts with `-` is a revision, never an option of git's.
      + ["--end-of-options", range, "--"]
  }

  /// Whether the files each commit changes follow its message.
  let changedFiles: Bool
  /// Which field the next record is: 0 the header, 1 the name, 2 the e-mail, 3 the message, 4 a
  /// changed file (or the next header).
  private var field = 0
  private var commit = Commit()
  /// The message, kept until its files are all read (only when `changedFiles`).
  private var message: [UInt8] = []

  init(changedFiles: Bool) {
    self.changedFiles = changedFiles
  }

  /// Reads one NUL-ended record of git's output, calling `body` with each commit it completes
  /// and its message.
  mutating func read(_ record: UnsafeRawBufferPointer, _ body: (Commit, UnsafeRawBufferPointer) -> Void) {
    switch field {
    case 0:
      header(record)
    case 1:
      commit.facts.authorName = String(decoding: record, as: UTF8.self)
      field = 2
    case 2:
      commit.facts.authorEmail = String(decoding: record, as: UTF8.self)
      field = 3
    case 3:
      if changedFiles {
        message = Array(record)
        field = 4
      } else {
        body(commit, record)
        field = 0
      }
    default:
      if record.first == UInt8(ascii: "/") {
        finish(body)
        header(record)
      } else {
        // The first file comes after the line break that ends the message's part.
        let name = record.first == 0x0A ? UnsafeRawBufferPointer(rebasing: record.dropFirst()) : record
        if !name.isEmpty { commit.facts.changedFiles.append(String(decoding: name, as: UTF8.self)) }
      }
    }
  }

  /// The end of git's output: the last commit, when its files were still being read.
  mutating func finish(_ body: (Commit, UnsafeRawBufferPointer) -> Void) {
    guard field == 4 else { return }
    message.withUnsafeBytes { body(commit, $0) }
    message.removeAll(keepingCapacity: message.count <= 1 << 16)
    field = 0
  }

  /// `/HASH PARENT PARENT…`: a new commit.
  private mutating func header(_ record: UnsafeRawBufferPointer) {
    let words = record.dropFirst().split(separator: UInt8(ascii: " "))
    commit = Commit(
      hash: words.first.map { String(decoding: $0, as: UTF8.self) } ?? "",
      facts: CommitFacts(parentCount: max(0, words.count - 1)))
    field = 1
  }
}
