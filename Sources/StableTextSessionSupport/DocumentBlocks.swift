import Foundation

/// A fenced block of the README or of a document in `docs/`, with the marker on the line before
/// it that says how it is kept true (`<!-- README block: KIND -->`): read by the suite that
/// holds each block to its marker (`ReadmeBlocks`) and by the tests that run an editor with a
/// set-up exactly as printed (`FreshHome`).
package struct DocumentBlock: Sendable {
  package var kind: String
  package var language: String
  package var lines: [String]
  /// The document it is in, relative to the repository (`README.md`, `docs/demo.md`).
  package var file: String
  package var line: Int
  package var text: String { lines.map { $0 + "\n" }.joined() }
  package var place: String { "\(file) line \(line)" }

  /// The documents whose blocks are checked: the README, then `docs/*.md` in name order.
  package static func documents() throws -> [String] {
    let docs = try FileManager.default.contentsOfDirectory(atPath: repositoryPath("docs"))
      .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    return ["README.md"] + docs
  }

  /// Every block of every document.
  package static func all() throws -> [DocumentBlock] {
    try documents().flatMap { try blocks(in: $0) }
  }

  /// The blocks of `file`, in order.
  package static func blocks(in file: String) throws -> [DocumentBlock] {
    let readme = try String(contentsOfFile: repositoryPath(file), encoding: .utf8)
    let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var blocks: [DocumentBlock] = []
    var index = 0
    while index < lines.count {
      defer { index += 1 }
      guard lines[index].hasPrefix("```") else { continue }
      let marker = index > 0 ? lines[index - 1] : ""
      let kind =
        marker.hasPrefix("<!-- README block: ") && marker.hasSuffix(" -->")
        ? String(marker.dropFirst("<!-- README block: ".count).dropLast(" -->".count)) : ""
      var body: [String] = []
      var end = index + 1
      while end < lines.count && lines[end] != "```" {
        body.append(lines[end])
        end += 1
      }
      blocks.append(
        DocumentBlock(
          kind: kind, language: String(lines[index].dropFirst(3)), lines: body, file: file, line: index + 1))
      index = end
    }
    return blocks
  }
}
