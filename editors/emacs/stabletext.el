;;; stabletext.el --- Length limits for commit messages and text, through eglot or lsp-mode  -*- lexical-binding: t; -*-

;; Copyright (C) 2026 The StableText developers
;; Author: The StableText developers
;; Version: 0.1.0
;; Package-Requires: ((emacs "27.1"))
;; Keywords: convenience, vc, languages
;; SPDX-License-Identifier: MIT

;;; Commentary:

;; Registers the stabletext daemon with the LSP client you have, eglot or lsp-mode, and starts
;; it for git's message files (COMMIT_EDITMSG, MERGE_MSG, SQUASH_MSG, TAG_EDITMSG), which the
;; daemon gives git's conventions by their names: a subject of 50 columns (an error past 72), a
;; blank second line, a body of 72, with comments and the scissors line ignored.
;;
;;   (require 'stabletext)
;;   (stabletext-setup)            ; or (stabletext-setup 'lsp-mode), (stabletext-setup 'eglot)
;;
;; Which client: `stabletext-client', `auto' by default: lsp-mode when it is loaded, else eglot
;; when it can be loaded, else lsp-mode when it can; neither is an error that says so.
;;
;; Columns: eglot says which encoding it counts in; lsp-mode 8 does not, and counts code
;; points, so the daemon is told `utf-32' for it (initializationOptions.positionEncoding; a
;; lsp-mode that lists encodings decides by its list).
;;
;; Defaults: the daemon is asked for the editor defaults (initializationOptions.defaults
;; "editor": no limit of the whole text, a blank text not reported, the final newline Emacs
;; writes not counted), so a buffer gets diagnostics only from git's conventions, a
;; .stabletext.json, an .editorconfig's max_line_length, or `stabletext-initialization-options'.
;;
;; Other buffers of `stabletext-modes' get the daemon with M-x eglot or M-x lsp.  Diagnostics
;; show in Flymake (or Flycheck under lsp-mode when you have it), quick fixes come with
;; M-x eglot-code-actions or M-x lsp-execute-code-action, the counter with the hover.

;;; Code:

(require 'seq)

(defgroup stabletext nil
  "Length limits for commit messages and text, through eglot or lsp-mode."
  :group 'tools
  :prefix "stabletext-")

(defcustom stabletext-command '("stabletext" "--stdio")
  "The daemon's command line."
  :type '(repeat string))

(defcustom stabletext-client 'auto
  "The LSP client that serves stabletext: `eglot', `lsp-mode' or `auto'.
`auto' takes lsp-mode when it is loaded, else eglot when it can be loaded,
else lsp-mode when it can."
  :type '(choice (const auto) (const eglot) (const lsp-mode)))

(defcustom stabletext-modes '(text-mode markdown-mode git-commit-mode)
  "Major modes whose buffers the client serves with stabletext."
  :type '(repeat symbol))

(defcustom stabletext-initialization-options
  '(:defaults "editor")
  "The daemon's initializationOptions.
`:defaults' \"editor\" starts every document from the editor defaults (no
limit of the whole text, a blank text not reported, the final newline not
counted), so a buffer gets diagnostics only from git's conventions (commit
messages), a .stabletext.json, an .editorconfig's max_line_length or the
rules given here; it is added when this plist has no `:defaults'.  `:rules'
apply to every document on top of those defaults, e.g.
'(:rules (:maxLength 500)), and `:overrides' per language or path.  Under
lsp-mode `:positionEncoding' \"utf-32\" is added unless given here."
  :type 'sexp)

(defconst stabletext-message-file-regexp
  "/\\(?:COMMIT\\|MERGE\\|SQUASH\\|TAG\\)_EDITMSG\\'"
  "File names of git's message files, which get the commit preset by name.")

(defvar eglot-server-programs)
(defvar lsp-language-id-configuration)
(declare-function eglot-ensure "eglot" ())
(declare-function lsp-deferred "lsp-mode" ())
(declare-function lsp-register-client "lsp-mode" (client))
(declare-function lsp-stdio-connection "lsp-mode" (command &optional test-command))
(declare-function make-lsp-client "lsp-mode" (&rest arguments))

(defvar stabletext--client nil
  "The client `stabletext-setup' chose: `eglot' or `lsp-mode'.")

(defun stabletext--choose-client (requested)
  "The client to use for REQUESTED (`auto', `eglot' or `lsp-mode'), or an error."
  (pcase requested
    ('eglot (if (require 'eglot nil t) 'eglot
              (user-error "stabletext: eglot is not installed (M-x package-install RET eglot)")))
    ('lsp-mode (if (require 'lsp-mode nil t) 'lsp-mode
                 (user-error "stabletext: lsp-mode is not installed (M-x package-install RET lsp-mode)")))
    ('auto (cond ((featurep 'lsp-mode) 'lsp-mode)
                 ((require 'eglot nil t) 'eglot)
                 ((require 'lsp-mode nil t) 'lsp-mode)
                 (t (user-error
                     "stabletext: neither eglot nor lsp-mode is installed; install one (eglot is built into Emacs 29)"))))
    (_ (user-error "stabletext: stabletext-client must be auto, eglot or lsp-mode, not %S" requested))))

(defun stabletext--initialization-options ()
  "`stabletext-initialization-options', with `:defaults' \"editor\" unless it says."
  (if (plist-member stabletext-initialization-options :defaults)
      stabletext-initialization-options
    (append '(:defaults "editor") stabletext-initialization-options)))

(defun stabletext--eglot-contact (&optional _interactive)
  "The eglot contact: the command with the initialization options."
  (append stabletext-command
          (list :initializationOptions (stabletext--initialization-options))))

(defun stabletext--lsp-mode-options ()
  "The initialization options for lsp-mode, which counts columns in code points."
  (let ((options (stabletext--initialization-options)))
    (if (plist-member options :positionEncoding)
        options
      (append options '(:positionEncoding "utf-32")))))

(defun stabletext--message-file-p ()
  "Whether the current buffer visits one of git's message files."
  (and buffer-file-name
       (string-match-p stabletext-message-file-regexp buffer-file-name)))

(defun stabletext--start ()
  "Start the chosen client in the current buffer."
  (pcase stabletext--client
    ('eglot (eglot-ensure))
    ('lsp-mode (lsp-deferred))))

(defun stabletext--ensure-for-message-files ()
  "Start the client in git's message files."
  (when (stabletext--message-file-p)
    (stabletext--start)))

(defun stabletext--setup-eglot ()
  "Register stabletext with eglot."
  (setq eglot-server-programs
        (cons (cons stabletext-modes #'stabletext--eglot-contact)
              (seq-remove (lambda (entry) (eq (cdr entry) #'stabletext--eglot-contact))
                          eglot-server-programs))))

(defun stabletext--setup-lsp-mode ()
  "Register stabletext with lsp-mode, as an add-on beside other servers."
  (dolist (entry '((git-commit-mode . "git-commit") (text-mode . "plaintext")
                   (markdown-mode . "markdown")))
    (unless (assq (car entry) lsp-language-id-configuration)
      (add-to-list 'lsp-language-id-configuration entry)))
  (lsp-register-client
   (make-lsp-client
    :new-connection (lsp-stdio-connection (lambda () stabletext-command))
    :major-modes stabletext-modes
    :server-id 'stabletext
    :add-on? t
    :initialization-options #'stabletext--lsp-mode-options)))

;;;###autoload
(defun stabletext-setup (&optional client)
  "Register stabletext with CLIENT, and start it in git's message files.
CLIENT is `eglot', `lsp-mode' or `auto' (the default, from
`stabletext-client').  The files open in `text-mode' unless something else
claims them (magit's `git-commit-mode' does, and its buffers are served too)."
  (interactive)
  (setq stabletext--client (stabletext--choose-client (or client stabletext-client)))
  (pcase stabletext--client
    ('eglot (stabletext--setup-eglot))
    ('lsp-mode (stabletext--setup-lsp-mode)))
  (add-to-list 'auto-mode-alist (cons stabletext-message-file-regexp 'text-mode))
  (add-hook 'find-file-hook #'stabletext--ensure-for-message-files)
  (add-hook 'git-commit-setup-hook #'stabletext--start)
  (message "stabletext: served by %s" stabletext--client)
  stabletext--client)

(provide 'stabletext)
;;; stabletext.el ends here
