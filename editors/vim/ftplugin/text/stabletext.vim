" StableText for text buffers under ALE (see autoload/stabletext.vim). ALE runs no linter for
" `text` unless asked (its default for it is none), so the package asks for its own, for this
" buffer only, unless you chose text's linters yourself: it says nothing about a file that no
" rule covers (its project root is then empty, and ALE does not start it), so it can be on.
if !exists('b:ale_linters') && !has_key(get(g:, 'ale_linters', {}), 'text')
  let b:ale_linters = {'text': ['stabletext']}
endif
" Completion and the counters where the daemon serves the buffer.
call stabletext#Serve(bufnr(''))
