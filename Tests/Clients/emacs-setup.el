;;; The README's Emacs set-up from a checkout, for the test command: editors/emacs (named by
;;; $STABLETEXT_EMACS_DIR) on the load-path, then (stabletext-setup CLIENT) with the client named
;;; by $STABLETEXT_CLIENT (eglot 1.9 or lsp-mode 8.0, Debian's elpa-eglot and elpa-lsp-mode).
;;; Loaded by Emacs in a terminal (`emacs -nw -q -l emacs-setup.el FILE', git's editor in tmux:
;;; CompletionInEditors) and by the batch scripts (emacs-commit.el, emacs-verdicts.el).
;;; (-q, not -Q: Debian's site start-up puts its elpa-* packages on the load path, as for every
;;; user of the packages.)

;; Each run has a fresh HOME: compiling every package natively in the background on the first
;; start would only load the machine (and fill a window with the compiler's warnings).
(setq native-comp-deferred-compilation nil
      native-comp-async-report-warnings-errors (quote silent))
;; What a start-up with an init file does and -q leaves out: activate the installed packages
;; (with their autoloads: lsp-mode turns on modes it only autoloads).
(package-initialize)
;; lsp-mode asks which folder is the project once (the README: `lsp-auto-guess-root' skips the
;; question); its session file goes with the run.
(setq lsp-auto-guess-root t
      lsp-session-file (expand-file-name "lsp-session" (make-temp-file "st-lsp" t))
      lsp-enable-snippet nil
      lsp-diagnostics-provider :flymake
      lsp-enable-file-watchers nil
      lsp-keep-workspace-alive nil)
;; The README's set-up, with the client named.
(add-to-list 'load-path (getenv "STABLETEXT_EMACS_DIR"))
(require 'stabletext)
(defvar st-client (stabletext-setup (intern (getenv "STABLETEXT_CLIENT"))))
