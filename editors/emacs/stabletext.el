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
;; Where: git's message files always; buffers of `stabletext-modes' (text-mode, markdown-mode
;; and git-commit-mode, and modes derived from them) only where `stabletext rules' says a
;; .stabletext.json or an .editorconfig's max_line_length covers the file, so the daemon never
;; runs for a file nobody configured; buffers of `stabletext-always-modes' always.  Under eglot
;; (one server per buffer) a mode that another entry of `eglot-server-programs' serves is left
;; to it: with eglot's own list, markdown-mode stays with marksman.  Under lsp-mode stabletext
;; is an add-on beside other servers.  The buffer-local `stabletext-served' says why a buffer
;; is served or not.
;;
;; Diagnostics show in Flymake (or Flycheck under lsp-mode when you have it), quick fixes come
;; with M-x eglot-code-actions or M-x lsp-execute-code-action.  Commit messages complete with
;; M-x completion-at-point, bound to C-M-i (types, scopes, trailers, people); under lsp-mode
;; the package has an item the only one left write its edit, not its label.
;;
;; Counters: the subject's count and limit (`22/100') after line 1, and the whole text's
;; (`07/150') at the end where a limit applies, are the daemon's inlay hints.  eglot 1.9 and
;; lsp-mode 8.0 draw none, so the package draws them as overlays (face `stabletext-counter'),
;; asked for again as the text changes; a client that draws inlay hints itself
;; (`eglot-inlay-hints-mode', `lsp-inlay-hints-mode') has them turned on instead.
;;
;; Quiet: the daemon runs with --log-level warning; under lsp-mode a file in no folder its
;; session knows opens in its project (else its folder) without lsp-mode's question; the
;; start-up line ("stabletext: served by eglot") only when `stabletext-setup' is called
;; interactively or `stabletext-verbose' is set.

;;; Code:

(require 'cl-lib)
(require 'seq)
(require 'json)

(defgroup stabletext nil
  "Length limits for commit messages and text, through eglot or lsp-mode."
  :group 'tools
  :prefix "stabletext-")

(defcustom stabletext-command '("stabletext" "--stdio" "--log-level" "warning")
  "The daemon's command line.
The log level keeps the daemon's info lines (started, initialized) out of
the client's stderr buffer."
  :type '(repeat string))

(defcustom stabletext-verbose nil
  "Whether `stabletext-setup' says which client serves.
It says so when called interactively in any case."
  :type 'boolean)

(defface stabletext-counter '((t :inherit shadow))
  "The face of the counters the package draws after lines (`22/100').")

(defcustom stabletext-client 'auto
  "The LSP client that serves stabletext: `eglot', `lsp-mode' or `auto'.
`auto' takes lsp-mode when it is loaded, else eglot when it can be loaded,
else lsp-mode when it can."
  :type '(choice (const auto) (const eglot) (const lsp-mode)))

(defcustom stabletext-modes '(text-mode markdown-mode git-commit-mode)
  "Major modes whose buffers stabletext serves where rules apply.
A buffer of one of these modes, or of a mode derived from one, gets the
daemon when `stabletext rules' says a .stabletext.json or an .editorconfig's
max_line_length covers its file (or that such a file is invalid, which the
daemon then names); git's message files always get it.  Under eglot, which
runs one server per buffer, a mode that another entry of
`eglot-server-programs' serves is left to that server (eglot's own list
gives markdown-mode to marksman)."
  :type '(repeat symbol))

(defcustom stabletext-always-modes nil
  "Major modes whose buffers stabletext serves always, covered or not.
List `markdown-mode' here to have every Markdown buffer served (with your
limits in `stabletext-initialization-options').  A mode that is not in
`stabletext-modes' must be listed before `stabletext-setup', which hooks
into the modes.  Under eglot a mode that another entry of
`eglot-server-programs' serves is still left to it."
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
(declare-function lsp-find-session-folder "lsp-mode" (session file-name))
(declare-function lsp-session "lsp-mode" ())
(declare-function lsp-workspaces "lsp-mode" ())
(declare-function lsp-request-async "lsp-mode" (method params callback &rest arguments))
(declare-function lsp--text-document-identifier "lsp-mode" ())
(declare-function lsp--workspace-client "lsp-mode" (workspace))
(declare-function lsp--client-server-id "lsp-mode" (client))
(declare-function eglot-current-server "eglot" ())
(declare-function eglot-managed-p "eglot" ())
(declare-function eglot--TextDocumentIdentifier "eglot" ())
(declare-function jsonrpc-async-request "jsonrpc" (connection method params &rest arguments))
(defvar lsp-auto-guess-root)
(defvar lsp--cur-workspace)
(defvar lsp-inlay-hint-enable)

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

(defvar stabletext-mode-map
  (let ((map (make-sparse-keymap)))
    (define-key map (kbd "C-M-i") #'completion-at-point)
    map)
  "Keys in the buffers stabletext serves.")

(define-minor-mode stabletext-mode
  "On in the buffers stabletext serves: C-M-i runs `completion-at-point'.
`text-mode', where git's message files open, binds that key to
`ispell-complete-word'."
  :lighter nil :keymap stabletext-mode-map)

(defun stabletext--start ()
  "Start the chosen client in the current buffer, and `stabletext-mode'."
  (stabletext-mode 1)
  (pcase stabletext--client
    ('eglot (eglot-ensure))
    ('lsp-mode
     ;; lsp-mode asks which folder is the project for a file in none its session knows (a
     ;; commit message's, on the first commit): its project is guessed instead (a commit
     ;; message's is the work tree's top), else it is the file's folder.
     (unless (and buffer-file-name (lsp-find-session-folder (lsp-session) buffer-file-name))
       (setq-local lsp-auto-guess-root t))
     (lsp-deferred))))

(defun stabletext--ensure-for-message-files ()
  "Start the client in git's message files."
  (when (stabletext--message-file-p)
    (stabletext--start)))

(defun stabletext--all-modes ()
  "The modes stabletext may serve.
`stabletext-modes' and `stabletext-always-modes', together."
  (seq-uniq (append stabletext-modes stabletext-always-modes)))

(defun stabletext--rules-verdict (file)
  "What `stabletext rules --format json FILE' says of FILE.
\"covered\" (exit 0 with \"covered\": true), \"invalid configuration\" (exit 2:
the daemon names the file and field once started), or \"not covered\" (any
other answer, a missing binary included: stay quiet)."
  (condition-case nil
      (with-temp-buffer
        (let ((status (call-process (car stabletext-command) nil '(t nil) nil
                                    "rules" "--format" "json" file)))
          (pcase status
            (2 "invalid configuration")
            (0 (goto-char (point-min))
               (let* ((json-object-type 'alist) (json-array-type 'list)
                      (answer (car (json-read))))
                 (if (eq (alist-get 'covered answer) t) "covered" "not covered")))
            (_ "not covered"))))
    (error "not covered")))

(defun stabletext--eglot-entry (mode)
  "The first entry of `eglot-server-programs' that serves MODE.
Found as eglot looks it up: the first whose modes MODE is, or derives from."
  (seq-find
   (lambda (entry)
     (let ((modes (car entry)))
       (seq-some (lambda (spec)
                   (provided-mode-derived-p mode (if (consp spec) (car spec) spec)))
                 (if (or (symbolp modes) (keywordp (cadr modes))) (list modes) modes))))
   eglot-server-programs))

(defun stabletext--eglot-ours-p (mode)
  "Whether eglot would start stabletext (and no other server) for MODE."
  (eq (cdr (stabletext--eglot-entry mode)) #'stabletext--eglot-contact))

(defvar-local stabletext-served nil
  "Why this buffer is served by stabletext or not, once its mode was considered.
\"commit message\", \"listed\" (`stabletext-always-modes'), \"covered\",
\"invalid configuration\", \"not covered\", or \"another server's mode\"
(under eglot).")

(defun stabletext--verdict ()
  "Why the current buffer is served or not: see `stabletext-served'."
  (cond ((and (eq stabletext--client 'eglot) (not (stabletext--eglot-ours-p major-mode)))
         "another server's mode")
        ((stabletext--message-file-p) "commit message")
        ((apply #'derived-mode-p stabletext-always-modes) "listed")
        ((and buffer-file-name (apply #'derived-mode-p stabletext-modes))
         (stabletext--rules-verdict buffer-file-name))
        (t "not covered")))

(defun stabletext--consider ()
  "Start the client here if this buffer is one stabletext serves.
Git's message files always; buffers of `stabletext-always-modes' always;
buffers of `stabletext-modes' where `stabletext rules' says rules apply.
Under eglot only where eglot would start stabletext, not another server.
A mode runs its parents' hooks too: the first one decides."
  (unless stabletext-served
    (setq stabletext-served (stabletext--verdict))
    (unless (member stabletext-served '("not covered" "another server's mode"))
      (stabletext--start))))

(defvar stabletext-eglot-left-out nil
  "The modes `stabletext-setup' left to other servers under eglot.")

(defun stabletext--setup-eglot ()
  "Register stabletext with eglot, last, for the modes no other entry serves."
  (let ((others (seq-remove (lambda (entry) (eq (cdr entry) #'stabletext--eglot-contact))
                            eglot-server-programs)))
    (setq eglot-server-programs others)
    (setq stabletext-eglot-left-out (seq-filter #'stabletext--eglot-entry (stabletext--all-modes)))
    (let ((modes (seq-difference (stabletext--all-modes) stabletext-eglot-left-out)))
      (when modes
        (setq eglot-server-programs
              (append others (list (cons modes #'stabletext--eglot-contact))))))))

(declare-function lsp-completion-at-point "lsp-completion" ())

(defun stabletext--lsp-completion-at-point ()
  "lsp-mode's `lsp-completion-at-point', whose table knows its items.
lsp-mode 8 answers Emacs's test-completion with nil, so that company shows
its menu; with Emacs's own `completion-at-point' that means an item that is
the only one left is written as its label over the word before point, and
its edit never runs: `fe' gives `feat', not the item's `feat: ', and `Bob B'
gives `Bob Bob Builder <bob@example.com>'.  Answered t for an item's label,
Emacs ends the completion, and lsp-mode writes the item's edit (its
textEdit, over the range the daemon gave)."
  (let ((capf (lsp-completion-at-point)))
    (when capf
      (let ((table (nth 2 capf)))
        (append (list (nth 0 capf) (nth 1 capf)
                      (lambda (probe predicate action)
                        (if (eq action 'lambda)
                            (and (member probe (funcall table probe predicate t)) t)
                          (funcall table probe predicate action))))
                (nthcdr 3 capf))))))

(defun stabletext--lsp-completion-in-served-buffers ()
  "Complete with `stabletext--lsp-completion-at-point' where stabletext serves."
  (when (and (bound-and-true-p lsp-completion-mode)
             stabletext-served
             (not (member stabletext-served '("not covered" "another server's mode")))
             (memq #'lsp-completion-at-point completion-at-point-functions))
    (setq-local completion-at-point-functions
                (cl-substitute #'stabletext--lsp-completion-at-point #'lsp-completion-at-point
                               completion-at-point-functions))))

(defvar-local stabletext--counters nil
  "The counters' overlays drawn in this buffer.")

(defvar-local stabletext--counters-timer nil
  "The timer that asks for the counters after a burst of changes.")

(defun stabletext--served-p ()
  "Whether stabletext serves the current buffer."
  (and stabletext-served
       (not (member stabletext-served '("not covered" "another server's mode")))))

(defun stabletext--member (object key)
  "KEY (a keyword) of a JSON OBJECT as the client parsed it.
A plist (eglot) or a hash table (lsp-mode)."
  (if (hash-table-p object)
      (gethash (substring (symbol-name key) 1) object)
    (plist-get object key)))

(defun stabletext--draw-counters (hints)
  "Draw HINTS, the daemon's InlayHint[], in place of the counters drawn before.
Each is an overlay's `after-string' at the end of its line, where every
counter is (the client's column unit aside: the place is clamped to the line)."
  (mapc #'delete-overlay stabletext--counters)
  (setq stabletext--counters nil)
  (save-excursion
    (seq-doseq (hint hints)
      (let* ((position (stabletext--member hint :position))
             (label (stabletext--member hint :label))
             (text (concat (if (eq (stabletext--member hint :paddingLeft) t) " " "")
                           (if (stringp label) label
                             (mapconcat (lambda (part) (stabletext--member part :value)) label ""))))
             (text (propertize text 'face 'stabletext-counter)))
        (goto-char (point-min))
        (forward-line (stabletext--member position :line))
        (goto-char (min (line-end-position) (+ (point) (stabletext--member position :character))))
        ;; The cursor shows before the counter, which typed text pushes along.
        (put-text-property 0 1 'cursor t text)
        (let ((overlay (make-overlay (point) (point) nil t nil)))
          (overlay-put overlay 'after-string text)
          (overlay-put overlay 'stabletext-counter t)
          (push overlay stabletext--counters))))))

(defun stabletext--ask-for-counters (buffer)
  "Ask the daemon for BUFFER's counters and draw them, unless it changed meanwhile."
  (when (buffer-live-p buffer)
    (with-current-buffer buffer
      (let* ((tick (buffer-chars-modified-tick))
             (draw (lambda (hints)
                     (when (buffer-live-p buffer)
                       (with-current-buffer buffer
                         (when (= tick (buffer-chars-modified-tick))
                           (stabletext--draw-counters hints))))))
             ;; To the start of the line after the last: past the end, which the daemon clamps.
             (range (list :start '(:line 0 :character 0)
                          :end (list :line (line-number-at-pos (point-max)) :character 0))))
        (pcase stabletext--client
          ('eglot
           (when (eglot-managed-p)
             ;; Deferred: sent once eglot has sent the changes it holds back.
             (jsonrpc-async-request
              (eglot-current-server) :textDocument/inlayHint
              (list :textDocument (eglot--TextDocumentIdentifier) :range range)
              :success-fn draw :error-fn #'ignore :timeout-fn #'ignore
              :deferred :textDocument/inlayHint)))
          ('lsp-mode
           (let ((ours (seq-find (lambda (workspace)
                                   (eq (lsp--client-server-id (lsp--workspace-client workspace))
                                       'stabletext))
                                 (lsp-workspaces))))
             (when ours
               (let ((lsp--cur-workspace ours))
                 (lsp-request-async
                  "textDocument/inlayHint"
                  (list :textDocument (lsp--text-document-identifier) :range range)
                  draw :mode 'alive :error-handler #'ignore))))))))))

(defun stabletext--counters-changed (&rest _)
  "Ask for the counters 0.1 s after the last change of a burst."
  (when (timerp stabletext--counters-timer)
    (cancel-timer stabletext--counters-timer))
  (setq stabletext--counters-timer
        (run-with-timer 0.1 nil #'stabletext--ask-for-counters (current-buffer))))

(defun stabletext--show-counters ()
  "Show the counters in a buffer stabletext serves, once its client has started.
Through the client's own inlay hints where it has them, else drawn here.
Completion goes on C-M-i (`stabletext-mode')."
  (when (stabletext--served-p)
    (stabletext-mode (if (or (eq stabletext--client 'lsp-mode) (eglot-managed-p)) 1 -1))
    (cond
     ((and (eq stabletext--client 'eglot) (not (eglot-managed-p)))
      ;; eglot let go of the buffer (its hook runs then too): the counters go with it.
      (remove-hook 'after-change-functions #'stabletext--counters-changed t)
      (stabletext--draw-counters nil))
     ((and (eq stabletext--client 'eglot) (fboundp 'eglot-inlay-hints-mode))
      (funcall 'eglot-inlay-hints-mode 1))
     ((and (eq stabletext--client 'lsp-mode) (fboundp 'lsp-inlay-hints-mode))
      (setq-local lsp-inlay-hint-enable t)
      (funcall 'lsp-inlay-hints-mode 1))
     (t
      (add-hook 'after-change-functions #'stabletext--counters-changed nil t)
      ;; Soon, not now: eglot runs its hook before it opens the document.
      (stabletext--counters-changed)))))

(defun stabletext--setup-lsp-mode ()
  "Register stabletext with lsp-mode, as an add-on beside other servers."
  (dolist (entry '((git-commit-mode . "git-commit") (text-mode . "plaintext")
                   (markdown-mode . "markdown")))
    (unless (assq (car entry) lsp-language-id-configuration)
      (add-to-list 'lsp-language-id-configuration entry)))
  (lsp-register-client
   (make-lsp-client
    :new-connection (lsp-stdio-connection (lambda () stabletext-command))
    ;; Derived modes too, as the mode hooks (and eglot) take them; and only where the buffer
    ;; is served, so that `lsp' run in a Markdown buffer for another server (marksman) does
    ;; not start stabletext there too when no rule covers the file.
    :activation-fn (lambda (_file mode)
                     (and (apply #'provided-mode-derived-p mode (stabletext--all-modes))
                          (not (member (or stabletext-served
                                           (setq stabletext-served (stabletext--verdict)))
                                       '("not covered" "another server's mode")))))
    :server-id 'stabletext
    :add-on? t
    :initialization-options #'stabletext--lsp-mode-options))
  (add-hook 'lsp-completion-mode-hook #'stabletext--lsp-completion-in-served-buffers)
  (add-hook 'lsp-after-open-hook #'stabletext--show-counters))

;;;###autoload
(defun stabletext-setup (&optional client)
  "Register stabletext with CLIENT, and start it where it helps.
CLIENT is `eglot', `lsp-mode' or `auto' (the default, from
`stabletext-client').  Git's message files get it always; they open in
`text-mode' unless something else claims them (magit's `git-commit-mode'
does, and its buffers are served too).  Buffers of `stabletext-modes' get it
where rules apply to their file, those of `stabletext-always-modes' always.
Under eglot, modes that another entry of `eglot-server-programs' serves are
left to it (`stabletext-eglot-left-out' lists them).  Says which client
serves when called interactively or when `stabletext-verbose' is set."
  (interactive)
  (setq stabletext--client (stabletext--choose-client (or client stabletext-client)))
  (pcase stabletext--client
    ('eglot (stabletext--setup-eglot)
            (add-hook 'eglot-managed-mode-hook #'stabletext--show-counters))
    ('lsp-mode (stabletext--setup-lsp-mode)))
  (add-to-list 'auto-mode-alist (cons stabletext-message-file-regexp 'text-mode))
  (add-hook 'find-file-hook #'stabletext--ensure-for-message-files)
  (add-hook 'git-commit-setup-hook #'stabletext--start)
  (dolist (mode (stabletext--all-modes))
    (add-hook (intern (format "%s-hook" mode)) #'stabletext--consider))
  (when (or stabletext-verbose (called-interactively-p 'interactive))
    (message "stabletext: served by %s%s" stabletext--client
             (if stabletext-eglot-left-out
                 (format " (%s left to other servers)"
                         (mapconcat #'symbol-name stabletext-eglot-left-out ", "))
               "")))
  stabletext--client)

(provide 'stabletext)
;;; stabletext.el ends here
