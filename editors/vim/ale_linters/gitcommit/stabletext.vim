" StableText for gitcommit buffers (see autoload/stabletext.vim).
call ale#linter#Define('gitcommit', stabletext#Linter())
