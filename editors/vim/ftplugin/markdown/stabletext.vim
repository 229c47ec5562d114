" StableText for markdown buffers (see autoload/stabletext.vim): completion and the counters
" where the daemon serves the buffer.
call stabletext#Serve(bufnr(''))
