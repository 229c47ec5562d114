;;; Git's editor for `git commit`: Emacs 28 in batch mode with the package
;;; editors/emacs/stabletext.el set up as the README says, served by the client named by
;;; $STABLETEXT_CLIENT (eglot 1.9 or lsp-mode 8.0, Debian's elpa-eglot and elpa-lsp-mode).
;;; It types the subject in $STABLETEXT_SUBJECT over git's template, records what the user sees
;;; (the diagnostic's column in Emacs' own unit, characters), types a letter just after the
;;; subject's first character (an emoji), records again and asks the daemon whether its text is
;;; the buffer's, then writes "Subject from Emacs" and saves, so git commits.
;;; Findings, one per line, go to $STABLETEXT_RESULT.
;;; Usage (as GIT_EDITOR): emacs --batch -q -l emacs-commit.el FILE
;;; (-q, not -Q: Debian's site start-up puts its elpa-* packages and their autoloads on the
;;; load path, as for every user of the packages.)
;; The README's set-up with the client named (shared with Emacs in a terminal).
(load (expand-file-name "emacs-setup.el" (file-name-directory load-file-name)) nil t)
(require 'flymake)
(setq eglot-sync-connect t)

(defvar st-lines nil)
(defun st-note (fmt &rest args) (push (apply #'format fmt args) st-lines))
(defun st-idle ()
  "Emacs is idle: batch mode never is, so its idle timers (lsp-mode starts a deferred
server from one) run here, as they would once the user stops typing."
  (dolist (timer (copy-sequence timer-idle-list))
    (when (memq timer timer-idle-list) (timer-event-handler timer))))
(defun st-wait (predicate &optional seconds)
  (let ((deadline (+ (float-time) (or seconds 15))))
    (while (and (not (funcall predicate)) (< (float-time) deadline))
      (accept-process-output nil 0.05)
      (run-hooks 'post-command-hook)
      (st-idle)
      (when (fboundp 'flymake-start) (ignore-errors (flymake-start))))
    (funcall predicate)))
(defun st-managed-p ()
  (pcase st-client
    ('eglot (and (fboundp 'eglot-current-server) (eglot-current-server)))
    ('lsp-mode (and (bound-and-true-p lsp-mode) (fboundp 'lsp-workspaces) (lsp-workspaces)))))
(defun st-request (method params)
  (pcase st-client
    ('eglot (jsonrpc-request (eglot-current-server) method params))
    ('lsp-mode (lsp-request (substring (symbol-name method) 1) params))))
(defun st-identifier ()
  (pcase st-client
    ('eglot (eglot--TextDocumentIdentifier))
    ('lsp-mode (lsp--text-document-identifier))))
(defun st-get (object key)
  "KEY of a JSON object as the client parsed it (eglot: a plist; lsp-mode: a hash table)."
  (if (hash-table-p object) (gethash key object) (plist-get object (intern (concat ":" key)))))
(defun st-flush ()
  "Send what was typed now, as the client would after its idle delay."
  (pcase st-client
    ('eglot (eglot--signal-textDocument/didChange))
    ('lsp-mode nil)))
(defun st-subject-diagnostic ()
  "The line-too-long diagnostic on line 1 as (column . message), the column in characters."
  (seq-some (lambda (d)
              ;; eglot's text is "stabletext [line-too-long]: 60/50 columns: …", lsp-mode's the message.
              (when (string-match "\\([0-9]+/50 columns.*\\)" (flymake-diagnostic-text d))
                (save-excursion
                  (goto-char (flymake-diagnostic-beg d))
                  (cons (- (point) (line-beginning-position)) (match-string 1 (flymake-diagnostic-text d))))))
            (flymake-diagnostics)))

(condition-case err
    (let ((file (car command-line-args-left))
          (subject (decode-coding-string (getenv "STABLETEXT_SUBJECT") 'utf-8)))
      (setq command-line-args-left nil)
      (find-file file)
      (st-note "client %s" st-client)
      (st-note "mode %s" major-mode)
      (run-hooks 'post-command-hook)
      (st-note "managed %s" (if (st-wait #'st-managed-p) "yes" "no"))
      (goto-char (point-min))
      (insert subject)
      (st-flush)
      (let ((seen (st-wait (lambda () (let ((d (st-subject-diagnostic))) (and d (> (car d) 0) d))))))
        (st-note "diagnostic %s %s" (car seen) (cdr seen)))
      ;; A letter just after the emoji that begins the subject.
      (goto-char (+ (point-min) 1))
      (insert "x")
      (st-flush)
      (let* ((before (car (st-subject-diagnostic)))
             (seen (st-wait (lambda () (let ((d (st-subject-diagnostic))) (and d (not (eql (car d) before)) d))))))
        (st-note "after typing %s %s" (car seen) (cdr seen)))
      (let ((state (st-request :stableText/state (list :textDocument (st-identifier) :includeText t))))
        (st-note "in sync %s" (if (and (equal (st-get state "text")
                                              (buffer-substring-no-properties (point-min) (point-max)))
                                       (memq (st-get state "outOfSync") '(nil :json-false)))
                                  "yes" "no")))
      (goto-char (point-min))
      (delete-region (point-min) (line-end-position))
      (insert "Subject from Emacs")
      (save-buffer))
  (error (st-note "error %S" err)))
(with-temp-file (getenv "STABLETEXT_RESULT")
  (insert (mapconcat #'identity (reverse st-lines) "\n") "\n"))
(kill-emacs 0)
