" StableText for Vim with ALE (3.x): the daemon as an ALE language-server linter.
"
"   packadd! ale                       " Debian's vim-ale, or your plugin manager's ALE
"   set runtimepath+=/usr/share/vim/vimfiles/pack/stabletext/start/stabletext   " the .deb's; or editors/vim
"   let g:stabletext_rules = {'maxLength': 150}  " optional: initializationOptions.rules
"
" gitcommit and markdown buffers run it as ALE runs every linter it has for them; ALE runs no
" linter for text unless asked: let g:ale_linters = {'text': ['stabletext']}.
"
" Columns: ALE reads an LSP position's character as a byte column and sends no
" positionEncodings, so the daemon is asked for UTF-8 (initializationOptions.positionEncoding).
" Vim writes a final newline the user never typed: ignoreFinalNewline is on.

let s:defaults = {'ignoreFinalNewline': v:true}

function! stabletext#Executable(buffer) abort
  return get(g:, 'stabletext_executable', 'stabletext')
endfunction

" The folder the daemon is started for: the repository's top (a commit message lives in
" .git/), else the file's folder. ALE starts one daemon per executable and root.
function! stabletext#ProjectRoot(buffer) abort
  let l:folder = fnamemodify(bufname(a:buffer), ':p:h')
  let l:git = finddir('.git', l:folder . ';')
  if l:folder =~# '/\.git$'
    return fnamemodify(l:folder, ':h')
  endif
  return empty(l:git) ? l:folder : fnamemodify(l:git, ':p:h:h')
endfunction

function! stabletext#InitializationOptions(buffer) abort
  let l:options = {
  \   'rules': extend(copy(s:defaults), get(g:, 'stabletext_rules', {})),
  \   'positionEncoding': 'utf-8',
  \}
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
