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
" Completion and the counter: in the buffers it serves the package sets 'omnifunc' to ALE's
" (ale#completion#OmniFunc: <C-x><C-o> in insert mode) unless something set one, and draws the
" daemon's counters (textDocument/inlayHint: the subject's `22/100` after line 1, the whole
" text's `07/150` at the end) as text-property virtual text after their lines, asked again as
" the text changes, in insert mode too (Vim 9.0.0067 or later; ALE draws no inlay hints).
" The daemon runs with --log-level warning, so its info lines are not logged as errors.
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
  \   'command': '%e --stdio --log-level warning',
  \   'project_root': function('stabletext#ProjectRoot'),
  \   'initialization_options': function('stabletext#InitializationOptions'),
  \}
endfunction

" What a buffer the daemon serves gets from the package, from its ftplugin (FileType): ALE's
" completion as its 'omnifunc' (unless one is set) and the counters, drawn now and as the text
" changes. Nothing for a buffer it does not serve, and nothing without ALE (the .deb puts the
" package on every Debian Vim's packpath, ALE or not).
function! stabletext#Serve(buffer) abort
  if exists(':ALELint') != 2 || empty(s:Linter(a:buffer))
  \   || stabletext#Verdict(a:buffer) is# 'not covered'
    return
  endif
  if empty(getbufvar(a:buffer, '&omnifunc'))
    call setbufvar(a:buffer, '&omnifunc', 'ale#completion#OmniFunc')
  endif
  if !has('patch-9.0.0067')
    return
  endif
  if empty(prop_type_get('stabletext_counter'))
    highlight default link StableTextCounter Comment
    call prop_type_add('stabletext_counter', {'highlight': 'StableTextCounter'})
  endif
  execute 'augroup stabletext_counters_' . a:buffer
    autocmd!
    execute printf('autocmd TextChanged,TextChangedI,TextChangedP <buffer=%d> call stabletext#QueueCounters(%d)',
    \   a:buffer, a:buffer)
  augroup END
  call stabletext#RefreshCounters(a:buffer)
endfunction

let s:timers = {}

" Asks for the counters 100 ms after the last change of a burst.
function! stabletext#QueueCounters(buffer) abort
  call timer_stop(get(s:timers, a:buffer, -1))
  let s:timers[a:buffer] = timer_start(100, {-> stabletext#RefreshCounters(a:buffer)})
endfunction

" The requests on their way: id -> [buffer, changedtick when asked].
let s:asked = {}

" Asks the daemon (through ALE's connection, started if need be) for the buffer's counters,
" after sending it the buffer's changes (ALE itself sends them only when it lints).
function! stabletext#RefreshCounters(buffer) abort
  if !bufexists(a:buffer)
    return
  endif
  let l:linter = getbufvar(a:buffer, 'stabletext_linter', {})
  if !empty(l:linter)
    call ale#lsp_linter#StartLSP(a:buffer, l:linter, function('s:AskForCounters'))
  endif
endfunction

" The package's linter among those ALE runs for the buffer, the current one ({} when the user
" left it out), kept in b:stabletext_linter for the requests that follow.
function! s:Linter(buffer) abort
  let l:filetype = getbufvar(a:buffer, '&filetype')
  let l:linters = filter(ale#linter#Get(l:filetype), {_, l -> l.name is# 'stabletext'})
  call setbufvar(a:buffer, 'stabletext_linter', empty(l:linters) ? {} : l:linters[0])
  return getbufvar(a:buffer, 'stabletext_linter')
endfunction

function! s:AskForCounters(linter, details) abort
  let l:buffer = a:details.buffer
  let l:connection = a:details.connection_id
  call ale#lsp#NotifyForChanges(l:connection, l:buffer)
  " To the start of the line after the last: past the end, which the daemon clamps.
  let l:id = ale#lsp#Send(l:connection, [0, 'textDocument/inlayHint', {
  \   'textDocument': {'uri': ale#util#ToURI(expand('#' . l:buffer . ':p'))},
  \   'range': {'start': {'line': 0, 'character': 0},
  \             'end': {'line': len(getbufline(l:buffer, 1, '$')), 'character': 0}},
  \}])
  if l:id > 0
    let s:asked[l:id] = [l:buffer, getbufvar(l:buffer, 'changedtick')]
    call ale#lsp#RegisterCallback(l:connection, function('stabletext#HandleResponse'))
  endif
endfunction

" An answer on the daemon's connection: the counters asked for, drawn unless the text changed
" since (a later request is on its way).
function! stabletext#HandleResponse(connection, response) abort
  let l:id = get(a:response, 'id', 0)
  if type(l:id) isnot v:t_number || !has_key(s:asked, l:id)
    return
  endif
  let [l:buffer, l:tick] = remove(s:asked, l:id)
  if bufexists(l:buffer) && getbufvar(l:buffer, 'changedtick') == l:tick
  \   && type(get(a:response, 'result', v:null)) is v:t_list
    call stabletext#DrawCounters(l:buffer, a:response.result)
  endif
endfunction

" Draws the counters `hints` (an InlayHint[]) after their lines, in place of those drawn before.
function! stabletext#DrawCounters(buffer, hints) abort
  call prop_remove({'type': 'stabletext_counter', 'bufnr': a:buffer, 'all': v:true})
  let l:last = len(getbufline(a:buffer, 1, '$'))
  for l:hint in a:hints
    let l:label = l:hint.label
    if type(l:label) is v:t_list
      let l:label = join(map(copy(l:label), {_, part -> part.value}), '')
    endif
    " Every counter ends a line (the whole text's may be past the last one Vim holds).
    call prop_add(min([l:hint.position.line + 1, l:last]), 0, {
    \   'type': 'stabletext_counter', 'bufnr': a:buffer, 'text_align': 'after',
    \   'text': (get(l:hint, 'paddingLeft', v:false) ? ' ' : '') . l:label,
    \})
  endfor
endfunction
