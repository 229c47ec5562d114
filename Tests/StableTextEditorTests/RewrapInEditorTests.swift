import Foundation
import StableTextJSON
import StableTextSessionSupport
import Testing

/// "Rewrap paragraph to 72 columns" in a real editor (Neovim through the package, the cursor at
/// the start of each long body line, as `vim.lsp.buf.code_action()` asks): Hangul breaks only
/// at spaces, Korean being written with spaces between words (Protocol/README.md, "Code actions
/// and hover"); Han and kana break between any two characters; every line ends within 72
/// columns and nothing is lost or added.
@Suite struct RewrapInEditor {
  static let korean = Array(
    repeating: "로그인 화면에서 비밀번호를 재설정하는 링크를 추가하고 오류 메시지를 고쳤습니다", count: 3
  ).joined(separator: " ")
  static let chinese = String(repeating: "修复了登录页面的密码重置链接并改进了错误信息的显示方式", count: 3)
  static let japanese = String(repeating: "ログイン画面のパスワード再設定リンクを追加しエラーを修正しました", count: 3)
  static let mixed = Array(
    repeating: "Fix 로그인 화면의 비밀번호 재설정 and 修复登录页面的链接 with ログイン画面 too", count: 3
  ).joined(separator: " ")

  /// Display columns as the daemon counts these texts: Hangul, Han, kana and their punctuation
  /// are wide, ASCII narrow.
  static func columns(_ line: String) -> Int {
    line.unicodeScalars.reduce(0) { $0 + ($1.value >= 0x1100 ? 2 : 1) }
  }

  @Test func rewrapKeepsHangulWordsWhole() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "st-rewrap-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let paragraphs = [Self.korean, Self.chinese, Self.japanese, Self.mixed]
    // Subject, blank line, then each paragraph on one line, a blank line between them.
    let body = paragraphs.joined(separator: "\n\n")
    let file = folder.appendingPathComponent("COMMIT_EDITMSG")
    try "Rewrap in Neovim\n\n\(body)\n".write(to: file, atomically: true, encoding: .utf8)
    let (status, text) = try runEditor(
      [
        "nvim", "--headless", "-i", "NONE", "-n", "-u", clientScript("neovim-setup.lua"),
        "-c", "luafile \(clientScript("neovim-rewrap.lua"))", file.path,
      ],
      environment: [
        "STABLETEXT_NVIM_PLUGIN": repositoryPath("editors/nvim"), "PATH": pathWithBinary(),
        "STABLETEXT_LINES": "3 5 7 9",
      ])
    #expect(status == 0)
    let result = try JSONValue(parsing: text)
    #expect(result["error"] == nil, "\(result["error"]?.stringValue ?? "")")
    let lines = result["lines"]?.arrayValue?.compactMap(\.stringValue) ?? []
    #expect(lines.first == "Rewrap in Neovim" && lines.dropFirst().first == "")
    // The paragraphs again, as the blank lines between them part them.
    let rewrapped = lines.dropFirst(2).split(separator: "", omittingEmptySubsequences: true).map(Array.init)
    try #require(rewrapped.count == paragraphs.count, "\(lines)")
    for (lines, original) in zip(rewrapped, paragraphs) {
      #expect(lines.count > 1, "\(original) was not rewrapped: \(lines)")
      for line in lines { #expect(Self.columns(line) <= 72, "\(line) is \(Self.columns(line)) columns") }
      // Nothing lost or added: the words in order, a line break standing for a space (Korean,
      // mixed) or for nothing (a break inside Han or kana).
      let words = { (text: String) in text.split(separator: " ").map(String.init) }
      if original.contains(" ") {
        let joined = lines.joined(separator: " ")
        let hangulWordsWhole = words(original).filter {
          $0.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }
        }
        let hangulAfter = words(joined).filter {
          $0.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }
        }
        // Every Hangul word is one of the original's, whole, in the same order.
        #expect(hangulAfter == hangulWordsWhole, "\(lines)")
        #expect(
          joined.replacingOccurrences(of: " ", with: "") == original.replacingOccurrences(of: " ", with: ""))
      } else {
        #expect(lines.joined() == original, "\(lines)")
        // Broken inside the run: each line but the last is filled to 71 or 72 columns.
        for line in lines.dropLast() { #expect(Self.columns(line) >= 71, "\(line)") }
      }
    }
    // The rewrap was offered with the cursor at the line's start, for each paragraph.
    let titles = result["titles"]?.arrayValue?.compactMap(\.stringValue) ?? []
    #expect(titles.filter { $0 == "Rewrap paragraph to 72 columns" }.count == paragraphs.count, "\(titles)")
  }
}
