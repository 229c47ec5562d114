" The README's Vim set-up from a checkout (ALE from Debian's vim-ale, the package's editors/vim
" on the runtimepath, named by $STABLETEXT_VIM_PLUGIN here), and nothing else: the test command
" starts Vim with it as git's editor inside tmux and types as a user does. (EditorSetupsAsPrinted
" runs the README's .vimrc itself, on a fresh HOME.)
set nocompatible
packadd! ale
filetype plugin indent on
syntax on
let &runtimepath .= ',' . $STABLETEXT_VIM_PLUGIN
set encoding=utf-8
