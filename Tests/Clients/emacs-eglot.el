;;; Drives stabletext through Emacs 28's eglot 1.9 (Debian's emacs-nox and elpa-eglot) in batch
;;; mode, set up with the package editors/emacs/stabletext.el as the README says (from a
;;; checkout; EditorSetupsAsPrinted runs the README's init.el itself, on a fresh HOME): opening a
;;; COMMIT_EDITMSG puts it in text-mode and starts the daemon, which gives it the gitCommit preset
;;; by its name. Writes what Emacs saw, one fact per line, to $STABLETEXT_RESULT.
;;; Usage: PATH=<dir with stabletext>:$PATH STABLETEXT_EMACS_DIR=<editors/emacs>
;;;        STABLETEXT_RESULT=... emacs --batch -Q -l emacs-eglot.el
(dolist (dir (directory-files "/usr/share/emacs/site-lisp/elpa" t "^[a-z]"))
  (add-to-list 'load-path dir))
(require 'eglot)
(require 'flymake)
(setq eglot-sync-connect t)
;; The README's set-up.
(add-to-list 'load-path (getenv "STABLETEXT_EMACS_DIR"))
(require 'stabletext)
(stabletext-setup)

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
      (st-note "mode %s" major-mode)
      ;; eglot-ensure (from the package's find-file hook) connects after the command.
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
