" Sourced after the user's own ~/.vimrc (the README's, exactly as printed, on a fresh HOME):
" `vim --not-a-term -S fresh-home-vim.vim`. Opens each file named in $STABLETEXT_FILES (one path
" a line) in turn and writes one line per file to $STABLETEXT_RESULT:
" "PATH<TAB>VERDICT<TAB>ATTACHED<TAB>CODES" — the linter's b:stabletext, "yes" or "no" for an ALE
" connection to the daemon for the buffer, and the codes of the problems ALE holds for the buffer
" (what its location list shows; comma-separated, sorted). ALE lints when the buffer opens; a
" served buffer is read once ALE has checked it and waits for no linter (the daemon's publish
" is in; at most 10 s), a buffer the linter does not serve once ALE has asked for its project
" root.
function! s:Problems() abort
  return get(get(g:ale_buffer_info, bufnr(''), {}), 'loclist', [])
endfunction

let s:lines = []
for s:path in split($STABLETEXT_FILES, "\n")
  execute 'edit ' . fnameescape(s:path)
  let s:waited = 0
  while s:waited < 200
        \ && (!exists('b:stabletext') || (b:stabletext isnot# 'not covered'
        \     && (!get(b:, 'ale_linted', 0) || ale#engine#IsCheckingBuffer(bufnr('')))))
    sleep 50m
    let s:waited += 1
  endwhile
  let s:attached = 'no'
  for s:connection in values(ale#lsp#GetConnections())
    if s:connection.id =~# '^stabletext:' && has_key(s:connection.open_documents, bufnr(''))
      let s:attached = 'yes'
    endif
  endfor
  let s:codes = sort(map(copy(s:Problems()), {_, item -> get(item, 'code', '')}))
  call add(s:lines, join([s:path, get(b:, 'stabletext', 'none'), s:attached, join(s:codes, ',')], "\t"))
endfor
call writefile(s:lines, $STABLETEXT_RESULT)
qall!
