;;; stabletext.el --- Length limits for commit messages and text, through eglot  -*- lexical-binding: t; -*-

;; Copyright (C) 2026 The StableText developers
;; Author: The StableText developers
;; Version: 0.1.0
;; Package-Requires: ((emacs "27.1") (eglot "1.9"))
;; Keywords: convenience, vc, languages
;; SPDX-License-Identifier: MIT

;;; Commentary:

;; Registers the stabletext daemon with eglot and starts it for git's message files
;; (COMMIT_EDITMSG, MERGE_MSG, SQUASH_MSG, TAG_EDITMSG), which the daemon gives git's
;; conventions by their names: a subject of 50 columns (an error past 72), a blank second line,
;; a body of 72, with comments and the scissors line ignored.
;;
;;   (require 'stabletext)
;;   (stabletext-setup)
;;
;; Other buffers of `stabletext-modes' get the daemon with M-x eglot, or always with
;; (add-hook 'markdown-mode-hook #'eglot-ensure).  Diagnostics show in Flymake, quick fixes
;; come with M-x eglot-code-actions, the counter with eldoc's hover.

;;; Code:

(require 'eglot)

(defgroup stabletext nil
  "Length limits for commit messages and text, through eglot."
  :group 'tools
  :prefix "stabletext-")

(defcustom stabletext-command '("stabletext" "--stdio")
  "The daemon's command line."
  :type '(repeat string))

(defcustom stabletext-modes '(text-mode markdown-mode git-commit-mode)
  "Major modes whose buffers eglot serves with stabletext."
  :type '(repeat symbol))

(defcustom stabletext-initialization-options
  '(:rules (:maxLength 150 :ignoreFinalNewline t))
  "The daemon's initializationOptions.
`:rules' apply to every document, `:overrides' per language or path."
  :type 'sexp)

(defconst stabletext-message-file-regexp
  "/\\(?:COMMIT\\|MERGE\\|SQUASH\\|TAG\\)_EDITMSG\\'"
  "File names of git's message files, which get the commit preset by name.")

(defun stabletext--contact (&optional _interactive)
  "The eglot contact: the command with the initialization options."
  (append stabletext-command
          (list :initializationOptions stabletext-initialization-options)))

(defun stabletext--message-file-p ()
  "Whether the current buffer visits one of git's message files."
  (and buffer-file-name
       (string-match-p stabletext-message-file-regexp buffer-file-name)))

(defun stabletext--ensure-for-message-files ()
  "Start eglot in git's message files."
  (when (stabletext--message-file-p)
    (eglot-ensure)))

;;;###autoload
(defun stabletext-setup ()
  "Register stabletext with eglot, and start it in git's message files.
The files open in `text-mode' unless something else claims them (magit's
`git-commit-mode' does, and its buffers are served too)."
  (interactive)
  (setq eglot-server-programs
        (cons (cons stabletext-modes #'stabletext--contact)
              (seq-remove (lambda (entry) (eq (cdr entry) #'stabletext--contact))
                          eglot-server-programs)))
  (add-to-list 'auto-mode-alist (cons stabletext-message-file-regexp 'text-mode))
  (add-hook 'find-file-hook #'stabletext--ensure-for-message-files)
  (add-hook 'git-commit-setup-hook #'eglot-ensure))

(provide 'stabletext)
;;; stabletext.el ends here
