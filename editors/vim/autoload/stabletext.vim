" StableText for Vim with ALE (3.x): the daemon as an ALE language-server linter.
"
"   packadd! ale                " Debian's vim-ale, or your plugin manager's ALE
"   filetype plugin indent on   " ALE finds its linters by filetype
"   let g:stabletext_rules = {'maxLength': 500}  " optional: initializationOptions.rules
"   let g:stabletext_filetypes = ['markdown']    " optional: served always
"
" The .deb installs this folder as a start package in /usr/share/vim/vimfiles, which Debian's
" Vim reads; from ~/.local: set packpath+=~/.local/share/vim/vimfiles; from a checkout:
" set runtimepath+=/path/to/stabletext/editors/vim.
"
" Which buffers: gitcommit buffers always; markdown and text buffers only where
" `stabletext rules --format json FILE` says a .stabletext.json or an .editorconfig's
" max_line_length covers the file (or that such a file is invalid, which the daemon then names),
" so the daemon never runs for a file nobody configured; the filetypes in g:stabletext_filetypes
" (say ['markdown']) always. Elsewhere the project root is '', which tells ALE not to start it
" (:ALEInfo then says "Failed to find project root, language server won't start.").
" `:echo b:stabletext` says why a buffer is served or not.
" ALE runs every linter it has for gitcommit and markdown; none for text unless asked:
" let g:ale_linters = {'text': ['stabletext']}.
"
" Columns: ALE reads an LSP position's character as a byte column and sends no
" positionEncodings, so the daemon is asked for UTF-8 (initializationOptions.positionEncoding).
"
" Defaults: the daemon is asked for the editor defaults (initializationOptions.defaults
" "editor": no limit of the whole text, a blank text not reported, the final newline Vim writes
" not counted), so a buffer gets diagnostics only from git's conventions, a .stabletext.json, an
" .editorconfig's max_line_length, or g:stabletext_rules and g:stabletext_overrides on top.

function! stabletext#Executable(buffer) abort
  return get(g:, 'stabletext_executable', 'stabletext')
endfunction

" What `stabletext rules --format json PATH` says of PATH: 'covered' (exit 0 with "covered":
" true), 'invalid configuration' (exit 2: the daemon names the file and field once started), or
" 'not covered' (any other answer, a missing binary included: stay quiet).
function! stabletext#RulesVerdict(path) abort
  let l:output = system(shellescape(stabletext#Executable(0)) . ' rules --format json '
  \   . shellescape(a:path) . ' 2>/dev/null')
  if v:shell_error == 2
    return 'invalid configuration'
  endif
  try
    let l:answer = v:shell_error == 0 ? json_decode(l:output) : []
  catch
    let l:answer = []
  endtry
  return type(l:answer) is v:t_list && !empty(l:answer) && type(l:answer[0]) is v:t_dict
  \   && get(l:answer[0], 'covered', v:false) is v:true ? 'covered' : 'not covered'
endfunction

" Why the daemon serves the buffer or not, kept in b:stabletext (`:echo b:stabletext`):
" 'commit message' (gitcommit), 'listed' (g:stabletext_filetypes), or for other buffers what
" `stabletext rules` says of the file, asked once per buffer and file name.
function! stabletext#Verdict(buffer) abort
  let l:filetype = getbufvar(a:buffer, '&filetype')
  if l:filetype is# 'gitcommit'
    let l:verdict = 'commit message'
  elseif index(get(g:, 'stabletext_filetypes', []), l:filetype) >= 0
    let l:verdict = 'listed'
  elseif empty(bufname(a:buffer)) || !empty(getbufvar(a:buffer, '&buftype'))
    let l:verdict = 'not covered'
  else
    let l:path = fnamemodify(bufname(a:buffer), ':p')
    if getbufvar(a:buffer, 'stabletext_path', '') is# l:path
      return getbufvar(a:buffer, 'stabletext')
    endif
    call setbufvar(a:buffer, 'stabletext_path', l:path)
    let l:verdict = stabletext#RulesVerdict(l:path)
  endif
  call setbufvar(a:buffer, 'stabletext', l:verdict)
  return l:verdict
endfunction

" The folder the daemon is started for: the repository's top (a commit message lives in
" .git/), else the file's folder; '' (ALE starts nothing) for a buffer it does not serve. ALE
" starts one daemon per executable and root.
function! stabletext#ProjectRoot(buffer) abort
  if stabletext#Verdict(a:buffer) is# 'not covered'
    return ''
  endif
  let l:folder = fnamemodify(bufname(a:buffer), ':p:h')
  let l:git = finddir('.git', l:folder . ';')
  if l:folder =~# '/\.git$'
    return fnamemodify(l:folder, ':h')
  endif
  return empty(l:git) ? l:folder : fnamemodify(l:git, ':p:h:h')
endfunction

function! stabletext#InitializationOptions(buffer) abort
  let l:options = {'defaults': 'editor', 'positionEncoding': 'utf-8'}
  if !empty(get(g:, 'stabletext_rules', {}))
    let l:options.rules = g:stabletext_rules
  endif
  if has_key(g:, 'stabletext_overrides')
    let l:options.overrides = g:stabletext_overrides
  endif
  return l:options
endfunction

" The linter definition for ale#linter#Define.
function! stabletext#Linter() abort
  return {
  \   'name': 'stabletext',
  \   'lsp': 'stdio',
  \   'executable': function('stabletext#Executable'),
  \   'command': '%e --stdio',
  \   'project_root': function('stabletext#ProjectRoot'),
  \   'initialization_options': function('stabletext#InitializationOptions'),
  \}
endfunction
