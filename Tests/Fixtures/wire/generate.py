# The input of the wire golden test (WireGoldenTests): every method StableText handles, with
# good params and bad ones (wrong types, unknown documents, out-of-range positions, a second
# initialize, requests after shutdown). `python3 generate.py > every-method.in`; the expected
# output, every-method.out, was written by the build before the typed protocol layer (8c32f5a):
# the layer changed no byte on the wire.
import json, sys
msgs = []
def req(i, m, p=None):
    d = {"jsonrpc": "2.0", "id": i, "method": m}
    if p is not None: d["params"] = p
    msgs.append(d)
def note(m, p=None):
    d = {"jsonrpc": "2.0", "method": m}
    if p is not None: d["params"] = p
    msgs.append(d)
U = "untitled:a.txt"
req(0, "textDocument/hover", {"textDocument": {"uri": U}, "position": {"line": 0, "character": 0}})
req(1, "initialize", {"processId": None, "capabilities": {"general": {"positionEncodings": ["utf-16"]}, "textDocument": {"hover": {"contentFormat": ["markdown"]}}},
    "initializationOptions": {"rules": {"maxLength": 10, "unit": "graphemes", "bogus": 1}, "stateNotifications": True}})
req(2, "initialize", {"processId": None, "capabilities": {}})
note("initialized", {})
note("$/setTrace", {"value": "off"})
note("textDocument/didOpen", {"textDocument": {"uri": U, "languageId": "plaintext", "version": 1, "text": "héllo wörld, 한국어 👋🏽\nline two\n"}})
note("textDocument/didOpen", {"textDocument": {"uri": 5}})
note("textDocument/didOpen", {"textDocument": {"uri": "untitled:c.txt", "languageId": "git-commit", "version": 1, "text": "Subject line that is rather long, longer than fifty columns for sure\n\nbody\n# comment\n"}})
req(3, "textDocument/diagnostic", {"textDocument": {"uri": U}})
req(4, "textDocument/diagnostic", {"textDocument": {"uri": U}, "previousResultId": "2"})
req(5, "textDocument/diagnostic", {"textDocument": {"uri": U}, "previousResultId": 7})
req(6, "textDocument/codeAction", {"textDocument": {"uri": U}, "range": {"start": {"line": 0, "character": 0}, "end": {"line": 1, "character": 0}}, "context": {"diagnostics": []}})
req(7, "textDocument/codeAction", {"textDocument": {"uri": U}, "range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 1}}, "context": {"diagnostics": [{"range": 3}]}})
req(8, "textDocument/codeAction", {"textDocument": {"uri": U}, "range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 1}}, "context": {"only": ["refactor"]}})
req(9, "textDocument/codeAction", {"textDocument": {"uri": "untitled:c.txt"}, "range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 1}}, "context": {"diagnostics": [{"range": {"start": {"line": 0, "character": 50}, "end": {"line": 0, "character": 69}}, "code": "line-too-long"}]}})
req(10, "textDocument/hover", {"textDocument": {"uri": U}, "position": {"line": 0, "character": 3}})
req(11, "textDocument/hover", {"textDocument": {"uri": "untitled:c.txt"}, "position": {"line": 0, "character": 3}})
req(12, "textDocument/hover", {"textDocument": {"uri": U}, "position": {"line": -1, "character": 3}})
req(13, "stableText/state", {"textDocument": {"uri": U}, "includeText": True})
req(14, "stableText/state", {"textDocument": {"uri": U}, "includeText": "yes"})
req(15, "stableText/state", {"textDocument": {"uri": "file:///nope"}})
req(16, "stableText/shouldChangeText", {"textDocument": {"uri": U}, "range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}}, "text": "abcdefghijklmnop"})
req(17, "stableText/shouldChangeText", {"textDocument": {"uri": U}, "range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}}, "text": ""})
req(18, "stableText/shouldChangeText", {"textDocument": {"uri": U}, "range": {"start": {"line": 0, "character": 20}, "end": {"line": 0, "character": 21}}, "text": "x"})
req(19, "stableText/shouldChangeText", {"textDocument": {"uri": U}, "range": 1, "text": "x"})
req(20, "stableText/edit", {"textDocument": {"uri": U, "version": 1}, "edits": [{"range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}}, "text": "XY"}], "policy": "truncate"})
req(21, "stableText/edit", {"textDocument": {"uri": U, "version": 1}, "edits": []})
req(22, "stableText/edit", {"textDocument": {"uri": U, "version": 2}, "edits": [{"range": {"start": {"line": 0, "character": 99}, "end": {"line": 0, "character": 0}}, "text": "Z"}]})
req(23, "stableText/edit", {"textDocument": {"uri": U, "version": 2}, "edits": [{"text": "short\nline\nthree\nfour\nfive"}], "policy": "allow", "caret": {"line": 4, "character": 2},
    "viewport": {"height": 3, "lineHeight": 1, "columns": 20, "wrap": "word", "padding": {"top": 0.5}}, "offset": 0})
req(24, "stableText/edit", {"textDocument": {"uri": U, "version": 3}, "edits": [], "policy": "sideways"})
req(25, "stableText/configure", {"textDocument": {"uri": U}, "rules": {"maxLength": 5, "placeholder": "Say something"}})
req(26, "stableText/configure", {"textDocument": {"uri": U}, "rules": {"maxLength": -5}})
req(27, "stableText/scroll", {"textDocument": {"uri": U}, "caret": {"line": 2, "character": 0}, "viewport": {"height": 2.5, "lineHeight": 1.25, "lineSpacing": 0.25, "obscured": {"bottom": 1}}, "offset": 3.5, "affinity": "upstream", "reveal": "center"})
req(28, "stableText/scroll", {"textDocument": {"uri": U}, "viewport": {"height": -1}})
req(29, "stableText/scroll", {"textDocument": {"uri": U}, "viewport": {"lineHeight": 1}})
req(30, "stableText/scroll", {"textDocument": {"uri": U}, "viewport": {"height": 3, "tabSize": 2000}})
req(31, "stableText/nope", {})
# Completion and inlay hints (Protocol/README.md, "Completion", "Inlay hints"), recorded when
# they were added (issue 43): good params, a bad position, an unknown document, a reversed range.
C = "untitled:c.txt"
req(40, "textDocument/completion", {"textDocument": {"uri": C}, "position": {"line": 3, "character": 0}})
req(41, "textDocument/completion", {"textDocument": {"uri": C}, "position": {"line": 0, "character": -2}})
req(42, "textDocument/completion", {"textDocument": {"uri": "file:///nope"}, "position": {"line": 0, "character": 0}})
req(43, "textDocument/completion", {"textDocument": {"uri": C}, "position": {"line": 0, "character": 0}, "context": {"triggerKind": "x"}})
req(44, "textDocument/inlayHint", {"textDocument": {"uri": C}, "range": {"start": {"line": 0, "character": 0}, "end": {"line": 9, "character": 0}}})
req(45, "textDocument/inlayHint", {"textDocument": {"uri": C}, "range": {"start": {"line": 2, "character": 0}, "end": {"line": 0, "character": 0}}})
req(46, "textDocument/inlayHint", {"textDocument": {"uri": "file:///nope"}, "range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}}})
req(47, "textDocument/inlayHint", {"textDocument": {"uri": C}, "range": 7})
note("textDocument/didChange", {"textDocument": {"uri": U, "version": 9}, "contentChanges": [{"range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}}, "text": "q"}]})
note("textDocument/didChange", {"contentChanges": [], "textDocument": {"version": 10, "uri": U}, "extra": 1.5})
note("textDocument/didChange", {"textDocument": {"uri": U, "version": 11}, "contentChanges": [{"range": 5, "text": "q"}]})
note("textDocument/didChange", {"textDocument": {"version": 11}, "contentChanges": []})
note("textDocument/didSave", {"textDocument": {"uri": U}})
note("workspace/didChangeWatchedFiles", {"changes": [{"uri": "file:///nonexistent-stabletext-dir/.stabletext.json", "type": 2}]})
note("workspace/didChangeConfiguration", {"settings": {"stableText": {"rules": {"maxLength": 3}}}})
note("workspace/didChangeConfiguration", {"settings": {"other": 1}})
note("workspace/didChangeConfiguration", {"settings": {"stableText": {"rules": {"unit": "bogus"}}}})
req(32, "stableText/state", {"textDocument": {"uri": U}})
note("textDocument/didClose", {"textDocument": {"uri": U}})
note("textDocument/didClose", {"textDocument": {}})
req(33, "stableText/state", {"textDocument": {"uri": U}})
req(34, "shutdown")
req(35, "stableText/state", {"textDocument": {"uri": U}})
note("exit")
out = sys.stdout.buffer
for m in msgs:
    b = json.dumps(m, ensure_ascii=False).encode()
    out.write(b"Content-Length: %d\r\n\r\n" % len(b) + b)
