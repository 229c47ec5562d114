;;; Runs after the user's own ~/.emacs.d/init.el (the README's, exactly as printed, on a fresh
;;; HOME), loaded by Emacs' own start-up: `emacs --batch -u "" -l fresh-home-emacs.el' makes batch
;;; mode read the init file and activate the installed packages as an interactive start does.
;;; Opens each file named in $STABLETEXT_FILES (one path a line) in turn and writes one line per
;;; file to $STABLETEXT_RESULT: "PATH<TAB>VERDICT<TAB>ATTACHED<TAB>CODES" — the package's
;;; `stabletext-served' ("none" from a package that keeps none), "yes" or "no" for an eglot server on the buffer, and the codes Flymake
;;; shows (comma-separated, sorted) once the daemon's publish is in and answered a request.
(require 'flymake)
(setq eglot-sync-connect t)
(defvar st-published (make-hash-table :test #'equal))
(with-eval-after-load 'eglot
  (cl-defmethod eglot-handle-notification :before
    (_server (_method (eql textDocument/publishDiagnostics)) &key uri &allow-other-keys)
    (puthash (file-truename (eglot--uri-to-path uri)) t st-published)))
(defun st-wait (predicate seconds)
  (let ((deadline (+ (float-time) seconds)))
    (while (and (not (funcall predicate)) (< (float-time) deadline))
      (accept-process-output nil 0.05)
      (run-hooks 'post-command-hook)
      (ignore-errors (flymake-start)))
    (funcall predicate)))
(defvar st-lines nil)
(dolist (path (split-string (getenv "STABLETEXT_FILES") "\n" t))
  (condition-case err
      (progn
        (find-file path)
        ;; eglot-ensure connects after the command that opened the buffer.
        (run-hooks 'post-command-hook)
        (unless (member (bound-and-true-p stabletext-served) '("not covered" "another server's mode"))
          (unless (st-wait (lambda () (gethash (file-truename buffer-file-name) st-published)) 15)
            (error "no diagnostics published"))
          (jsonrpc-request (eglot-current-server) :stableText/state
                           (list :textDocument (eglot--TextDocumentIdentifier)))
          (st-wait (lambda () nil) 0.2))
        (push (format "%s\t%s\t%s\t%s" path (or (bound-and-true-p stabletext-served) "none")
                      (if (and (fboundp 'eglot-current-server) (eglot-current-server)) "yes" "no")
                      (mapconcat #'identity
                                 (sort (mapcar (lambda (d)
                                                 (let ((text (flymake-diagnostic-text d)))
                                                   (if (string-match "\\[\\([^]]+\\)\\]" text)
                                                       (match-string 1 text)
                                                     text)))
                                               (flymake-diagnostics))
                                       #'string<)
                                 ","))
              st-lines))
    (error (push (format "%s\terror %S" path err) st-lines))))
;; eglot's own list after the set-up: which server each mode gets, as eglot looks it up (the
;; first entry whose modes the mode is or derives from), and that stabletext's entry is last.
(require 'tex-mode)
(push (format "eglot-server-programs\t%s"
              (mapconcat (lambda (mode)
                           (let ((contact (cdr (seq-find (lambda (entry)
                                                           (seq-some (lambda (spec) (provided-mode-derived-p mode (if (consp spec) (car spec) spec)))
                                                                     (if (or (symbolp (car entry)) (keywordp (cadr (car entry)))) (list (car entry)) (car entry))))
                                                         eglot-server-programs))))
                             (format "%s=%s" mode (if (functionp contact) contact (car-safe contact)))))
                         '(markdown-mode latex-mode text-mode git-commit-mode) " "))
      st-lines)
(push (format "last entry\t%S" (car (car (last eglot-server-programs)))) st-lines)
(with-temp-file (getenv "STABLETEXT_RESULT")
  (insert (mapconcat #'identity (reverse st-lines) "\n") "\n"))
(kill-emacs 0)
