;;; Drives stabletext through Emacs 28's eglot 1.9 (Debian's emacs-nox and elpa-eglot) in batch
;;; mode: a COMMIT_EDITMSG in text-mode (as magit's git-commit leaves it) gets the gitCommit
;;; preset by its name. Writes what Emacs saw, one fact per line, to $STABLETEXT_RESULT.
;;; Usage: PATH=<dir with stabletext>:$PATH STABLETEXT_RESULT=... emacs --batch -Q -l emacs-eglot.el
(dolist (dir (directory-files "/usr/share/emacs/site-lisp/elpa" t "^[a-z]"))
  (add-to-list 'load-path dir))
(require 'eglot)
(require 'flymake)
(setq eglot-sync-connect t)
;; The README's Emacs line, word for word.
(with-eval-after-load 'eglot (add-to-list 'eglot-server-programs '((text-mode git-commit-mode) "stabletext" "--stdio")))

(defvar st-lines nil)
(defun st-note (fmt &rest args) (push (apply #'format fmt args) st-lines))
(defun st-wait (predicate)
  (let ((deadline (+ (float-time) 10)))
    (while (and (not (funcall predicate)) (< (float-time) deadline))
      (accept-process-output nil 0.05))))

(condition-case err
    (let* ((root (make-temp-file "st-emacs" t))
           (file (expand-file-name ".git/COMMIT_EDITMSG" root)))
      (make-directory (expand-file-name ".git" root))
      (with-temp-file file
        (insert (make-string 60 ?s) "\n\n# Please enter the commit message for your changes.\n"))
      (find-file file)
      (text-mode)
      (eglot-ensure)
      (run-hooks 'post-command-hook)
      (st-wait (lambda () (eglot-current-server)))
      (st-note "managed %s" (if (eglot-current-server) "yes" "no"))
      (st-wait (lambda () (flymake-diagnostics)))
      (dolist (d (flymake-diagnostics))
        (st-note "diagnostic %d %s %s" (flymake-diagnostic-beg d) (flymake-diagnostic-type d)
                 (flymake-diagnostic-text d)))
      (let ((hover (jsonrpc-request (eglot-current-server) :textDocument/hover
                                    (eglot--TextDocumentPositionParams))))
        (st-note "hover %s %s" (plist-get (plist-get hover :contents) :kind)
                 (plist-get (plist-get hover :contents) :value)))
      ;; Type a subject that fits: the warning goes away.
      (goto-char (point-min))
      (delete-region (point-min) (line-end-position))
      (insert "Fix the build")
      (eglot--signal-textDocument/didChange)
      (st-wait (lambda () (null (flymake-diagnostics))))
      (st-note "after typing %d" (length (flymake-diagnostics))))
  (error (st-note "error %S" err)))
(with-temp-file (getenv "STABLETEXT_RESULT")
  (insert (mapconcat #'identity (reverse st-lines) "\n") "\n"))
(kill-emacs 0)
