import Foundation
import StableTextSessionSupport
import Testing

/// lsp-mode starts every registered client whose activation function accepts a buffer when the
/// user runs `lsp` there (for marksman in a Markdown buffer, say): the package's client accepts
/// only buffers it serves, so a file no rule covers gets no daemon, one under a
/// `.stabletext.json` with a limit does (Protocol/README.md's package notes; README, "Using it
/// from an editor"). Asked of lsp-mode 8's own registry, in Emacs.
@Suite struct LspModeActivation {
  @Test func activatesOnlyWhereTheBufferIsServed() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("st-lsp-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    for name in ["plain", "configured"] {
      try FileManager.default.createDirectory(
        at: folder.appendingPathComponent(name), withIntermediateDirectories: true)
      try "A line of text that nobody set a limit for, or somebody did\n".write(
        to: folder.appendingPathComponent("\(name)/notes.txt"), atomically: true, encoding: .utf8)
    }
    try #"{"rules": {"maxLength": 20}}"#.write(
      to: folder.appendingPathComponent("configured/.stabletext.json"), atomically: true, encoding: .utf8)
    let files = ["plain", "configured"].map { folder.appendingPathComponent("\($0)/notes.txt").path }
    let script = """
      (progn
        (dolist (dir (directory-files "/usr/share/emacs/site-lisp/elpa" t "^[a-z]"))
          (add-to-list 'load-path dir))
        (add-to-list 'load-path (getenv "STABLETEXT_EMACS_DIR"))
        (require 'lsp-mode)
        (require 'stabletext)
        (stabletext-setup 'lsp-mode)
        (let ((activates (lsp--client-activation-fn (gethash 'stabletext lsp-clients))) (lines nil))
          (dolist (file (split-string (getenv "STABLETEXT_FILES") "\\n" t))
            (with-current-buffer (find-file-noselect file)
              (push (format "%s %s" (if (funcall activates buffer-file-name major-mode) "starts" "stays away")
                            stabletext-served)
                    lines)))
          (with-temp-file (getenv "STABLETEXT_RESULT") (insert (string-join (nreverse lines) "\\n")))))
      """
    let (status, result) = try runEditor(
      ["emacs", "--batch", "-Q", "--eval", script],
      environment: [
        "STABLETEXT_EMACS_DIR": repositoryPath("editors/emacs"), "PATH": pathWithBinary(),
        "STABLETEXT_FILES": files.joined(separator: "\n"),
      ])
    #expect(status == 0)
    #expect(result == "stays away not covered\nstarts covered")
  }
}
