" StableText for gitcommit buffers (see autoload/stabletext.vim): completion and the counters.
call stabletext#Serve(bufnr(''))
