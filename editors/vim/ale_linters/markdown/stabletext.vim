" StableText for markdown buffers (see autoload/stabletext.vim).
call ale#linter#Define('markdown', stabletext#Linter())
