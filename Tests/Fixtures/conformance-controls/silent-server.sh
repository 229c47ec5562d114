#!/bin/sh
# A control for the lsp-core profile: a server that reads everything and never answers.
exec cat >/dev/null
