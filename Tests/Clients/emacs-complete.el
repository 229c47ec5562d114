;;; Git's editor for `git commit`: Emacs 28 in batch mode with editors/emacs/stabletext.el set up
;;; as the README says, served by the client named by $STABLETEXT_CLIENT (eglot or lsp-mode).
;;; It completes with completion-at-point as a user does (Protocol/README.md, "Completion"): a
;;; scope after "feat(pa", then a co-author after "Co-authored-by: Bo", each asked until git has
;;; answered; then saves, so git commits. Findings, one per line, go to $STABLETEXT_RESULT.
;;; Usage (as GIT_EDITOR): emacs --batch -q -l emacs-complete.el FILE
(package-initialize)
(require 'flymake)
(setq eglot-sync-connect t)
;; lsp-mode asks which folder is the project once; a user answers, the test guesses.
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
(defun st-candidates ()
  "The completion-at-point candidates at point, asked of the client now."
  (let ((capf (run-hook-wrapped 'completion-at-point-functions
                                (lambda (f) (and (functionp f) (funcall f))))))
    (and capf (all-completions "" (nth 2 capf)))))
(defun st-complete (line)
  "Complete at point once the client has candidates; LINE's text afterwards."
  (st-wait (lambda () (st-flush) (st-candidates)) 20)
  (completion-at-point)
  (st-flush)
  (buffer-substring-no-properties (line-beginning-position) (line-end-position)))

(condition-case err
    (let ((file (car command-line-args-left)))
      (setq command-line-args-left nil)
      (find-file file)
      (run-hooks 'post-command-hook)
      (st-note "managed %s" (if (st-wait #'st-managed-p) "yes" "no"))
      (goto-char (point-min))
      (insert "feat(pa")
      (st-note "subject %s" (st-complete 1))
      (end-of-line)
      (insert "add the parser\n\nCo-authored-by: Bo")
      (st-note "trailer %s" (st-complete 3))
      (save-buffer))
  (error (st-note "error %S" err)))
(with-temp-file (getenv "STABLETEXT_RESULT")
  (insert (mapconcat #'identity (reverse st-lines) "\n") "\n"))
(kill-emacs 0)
