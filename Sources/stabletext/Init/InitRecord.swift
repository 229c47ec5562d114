import StableTextCheck
import StableTextSystem

/// What `stabletext init` wrote, so that it knows its `.stabletext.json` again and leaves it
/// alone once the user edited it (Protocol/README.md, "Command line", `init`). A file of the
/// git directory (`git rev-parse --git-path stabletext-init`, each worktree its own), never
/// committed: a line `HASH PATH` per file init wrote, HASH the 64-bit FNV-1a of the bytes it
/// wrote in 16 hexadecimal digits, PATH the file's path from the work tree's top. The file
/// itself carries no mark (strict JSON has no comments), and a clone that did not run init has
/// no record: a committed `.stabletext.json` is the team's there.
struct InitRecord {
  /// Where the record is kept.
  let path: String
  /// The hash of what init last wrote, by path from the top.
  private(set) var hashes: [String: String] = [:]

  /// The record of the repository `git` runs in (empty when none was kept, or it cannot be read).
  init?(_ git: Git) {
    let found = git.run(["rev-parse", "--git-path", "stabletext-init"])
    guard found.status == 0, !found.text.isEmpty else { return nil }
    path =
      found.text.hasPrefix("/")
      ? found.text : FileSystem.absolute(FileSystem.join(git.folder, found.text)) ?? found.text
    guard let bytes = FileSystem.contents(of: path) else { return }
    for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
      let parts = line.split(separator: " ", maxSplits: 1)
      if parts.count == 2 { hashes[String(parts[1])] = String(parts[0]) }
    }
  }

  /// The 64-bit FNV-1a hash of `bytes`, in 16 hexadecimal digits: enough to tell an edit from
  /// the bytes init wrote (it guards against accidents, not against forgery).
  static func hash(_ bytes: [UInt8]) -> String {
    var value: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      // Fits: a byte widens to 64 bits.
      value ^= UInt64(byte)
      value = value &* 0x100_0000_01b3
    }
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }

  /// Whether `bytes` are what init last wrote at `relative`.
  func wrote(_ bytes: [UInt8], at relative: String) -> Bool {
    hashes[relative] == Self.hash(bytes)
  }

  /// Records that init wrote `bytes` at `relative`; a problem keeping the record, if any.
  mutating func record(_ bytes: [UInt8], at relative: String) -> String? {
    hashes[relative] = Self.hash(bytes)
    let text = hashes.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)\n" }.joined()
    guard FileSystem.write(Array(text.utf8), to: path, followingLink: false) else {
      return "cannot keep init's record at \(path): \(FileSystem.lastError())"
    }
    return nil
  }
}
