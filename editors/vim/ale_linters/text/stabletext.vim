" StableText for text buffers (see autoload/stabletext.vim).
call ale#linter#Define('text', stabletext#Linter())
