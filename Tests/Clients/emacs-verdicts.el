;;; Emacs 28 in batch mode with the package editors/emacs/stabletext.el set up as the README says
;;; ($STABLETEXT_EMACS_DIR on the load-path, then (stabletext-setup CLIENT) with the client named
;;; by $STABLETEXT_CLIENT: eglot 1.9 or lsp-mode 8.0). Opens each file named in $STABLETEXT_FILES
;;; (one path a line) in turn, waits for the daemon and for every publish it owes (a request: the
;;; daemon publishes before it answers) and for Flymake to show them all, and writes one line per
;;; diagnostic: "PATH<TAB>CODE<TAB>LINE<TAB>COLUMN<TAB>LENGTH" (1-based line; column and length
;;; in Emacs' characters, which are code points, as the client converts the daemon's range), or
;;; "PATH<TAB>error ...", to $STABLETEXT_RESULT.
;;; Usage: emacs --batch -q -l emacs-verdicts.el
;; The README's set-up with the client named (shared with Emacs in a terminal).
(load (expand-file-name "emacs-setup.el" (file-name-directory load-file-name)) nil t)
(require 'flymake)
(setq eglot-sync-connect t)

(defun st-idle ()
  "Run Emacs' idle timers: batch mode is never idle (lsp-mode starts a server from one)."
  (dolist (timer (copy-sequence timer-idle-list))
    (when (memq timer timer-idle-list) (timer-event-handler timer))))
(defun st-wait (predicate seconds)
  (let ((deadline (+ (float-time) seconds)))
    (while (and (not (funcall predicate)) (< (float-time) deadline))
      (accept-process-output nil 0.05)
      (run-hooks 'post-command-hook)
      (st-idle)
      (ignore-errors (flymake-start)))
    (funcall predicate)))
(defun st-managed-p ()
  (pcase st-client
    ('eglot (and (eglot-current-server) (eglot--managed-mode) t))
    ('lsp-mode (and (bound-and-true-p lsp-mode) (lsp-workspaces) t))))
(defun st-request-state ()
  (pcase st-client
    ('eglot (jsonrpc-request (eglot-current-server) :stableText/state
                             (list :textDocument (eglot--TextDocumentIdentifier))))
    ('lsp-mode (lsp-request "stableText/state" (list :textDocument (lsp--text-document-identifier))))))
;; The diagnostics the client received, by file: eglot keeps none once it has handed them to
;; Flymake, so they are noted on the way in; and for both clients, that a publish came at all.
(defvar st-received (make-hash-table :test #'equal))
(defvar st-published (make-hash-table :test #'equal))
(with-eval-after-load 'eglot
  (cl-defmethod eglot-handle-notification :before
    (_server (_method (eql textDocument/publishDiagnostics)) &key uri diagnostics &allow-other-keys)
    (puthash (file-truename (eglot--uri-to-path uri)) t st-published)
    (puthash (eglot--uri-to-path uri) diagnostics st-received)))
(with-eval-after-load 'lsp-mode
  (advice-add 'lsp--on-diagnostics :before
              (lambda (_workspace params)
                (puthash (file-truename (lsp--uri-to-path (lsp:publish-diagnostics-params-uri params)))
                         t st-published))))
(defun st-diagnostics ()
  "The diagnostics the client holds for this buffer, as (CODE BEG END): the daemon's range as
the client converts it to buffer positions (its own column unit). Flymake draws an empty range
on the character before it (eglot and lsp-mode take one for a server's slip), so its region is
not the one compared; that Flymake shows as many is checked."
  (pcase st-client
    ('eglot
     (mapcar (lambda (d)
               (let ((region (eglot--range-region (plist-get d :range))))
                 (list (plist-get d :code) (car region) (cdr region))))
             (gethash buffer-file-name st-received)))
    ('lsp-mode
     (mapcar (lambda (d)
               (let ((range (lsp:diagnostic-range d)))
                 (list (lsp:diagnostic-code? d) (lsp--position-to-point (lsp:range-start range))
                       (lsp--position-to-point (lsp:range-end range)))))
             (gethash (lsp--fix-path-casing buffer-file-name) (lsp-diagnostics t))))))

(defvar st-lines nil)
(dolist (path (split-string (getenv "STABLETEXT_FILES") "\n" t))
  (condition-case err
      (progn
        (find-file path)
        (run-hooks 'post-command-hook)
        (unless (st-wait #'st-managed-p 15) (error "not managed (%s)" stabletext-served))
        ;; The daemon publishes after every open. No request before it: lsp-mode can count the
        ;; buffer managed before it has sent didOpen, and an error answer in the same read as a
        ;; publish makes it drop the publish.
        (unless (st-wait (lambda () (gethash (file-truename buffer-file-name) st-published)) 15)
          (error "no diagnostics published"))
        (st-request-state)
        (unless (st-wait (lambda () (= (length (flymake-diagnostics)) (length (st-diagnostics)))) 10)
          (error "Flymake shows %d of %d diagnostics" (length (flymake-diagnostics)) (length (st-diagnostics))))
        (dolist (d (sort (st-diagnostics) (lambda (a b) (< (nth 1 a) (nth 1 b)))))
          (let ((beg (nth 1 d)))
            (push (format "%s\t%s\t%d\t%d\t%d" path (nth 0 d) (line-number-at-pos beg)
                          (save-excursion (goto-char beg) (- beg (line-beginning-position)))
                          (- (nth 2 d) beg))
                  st-lines))))
    (error (push (format "%s\terror %S" path err) st-lines))))
(with-temp-file (getenv "STABLETEXT_RESULT")
  (insert (mapconcat #'identity (reverse st-lines) "\n") "\n"))
(kill-emacs 0)
