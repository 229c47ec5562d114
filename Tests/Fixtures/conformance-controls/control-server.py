#!/usr/bin/env python3
"""A control for the lsp-core profile (Protocol/conformance/README.md, "Scores and controls"):
a small language server that speaks the base protocol correctly (framing, JSON-RPC errors, the
lifecycle, the encoding negotiation), keeps its documents and answers hover (the line's text,
its range the whole line) and document symbols (one per line, its range the whole line), each
position in the negotiated encoding. Python's standard library only.

--mode says how it differs:
  correct          nothing: the server a fair profile scores as it scores StableText
  stale            ignores every didChange (answers from the text as opened)
  null             keeps no documents: every hover null, every symbol list empty (LSP allows it)
  code-points      applies edits right, but writes the positions of its answers in code points
                   whatever encoding it negotiated (jedi-language-server's bug)
  full             asks for Full sync (textDocumentSync 1) and takes each change's text as the
                   whole document, as such a server may
  needs-root       refuses initialize without a rootUri and workspaceFolders naming a folder that
                   exists, and answers nothing about a document whose file does not exist (ccls,
                   gopls)
  waits-register   asks the client to register a capability and for its configuration before it
                   answers initialize, and answers nothing until both are answered (tombi, rumdl)
"""
import json
import os
import re
import sys
import urllib.parse

mode = "correct"
if "--mode" in sys.argv:
    mode = sys.argv[sys.argv.index("--mode") + 1]
if mode not in ("correct", "stale", "null", "code-points", "full", "needs-root", "waits-register"):
    sys.exit("unknown mode " + mode)

out = sys.stdout.buffer
state = "new"
encoding = "utf-16"
documents = {}
# waits-register: requests held until the client answered ours, and the ids still unanswered.
held = []
awaited = set()


def units(text, enc):
    if enc == "utf-8":
        return len(text.encode("utf-8"))
    if enc == "utf-16":
        return sum(2 if ord(c) > 0xFFFF else 1 for c in text)
    return len(text)


def split_lines(text):
    """The lines of text without their ends (LSP's: \\r\\n, \\n, \\r)."""
    return re.split(r"\r\n|\n|\r", text)


def offset(text, position):
    """The index in text of an LSP position in the negotiated encoding (past a line's end: its end)."""
    parts = re.split(r"(\r\n|\n|\r)", text)
    line = position["line"]
    start = 0
    for index in range(0, len(parts), 2):
        content = parts[index]
        if index // 2 == line:
            counted = 0
            for i, c in enumerate(content):
                if counted >= position["character"]:
                    return start + i
                counted += units(c, encoding)
            return start + len(content)
        start += len(content) + (len(parts[index + 1]) if index + 1 < len(parts) else 0)
    return len(text)


def answer_units(text):
    return len(text) if mode == "code-points" else units(text, encoding)


def send(message):
    body = json.dumps(message).encode()
    out.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    out.flush()


def error(id, code, text=None):
    send({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": text or "error %d" % code}})


def exists(uri):
    return isinstance(uri, str) and uri.startswith("file://") and os.path.exists(urllib.parse.unquote(uri[7:]))


def handle(message):
    global state, encoding
    if not isinstance(message, dict) or message.get("jsonrpc") != "2.0" or not isinstance(message.get("method", ""), str):
        return error(message.get("id") if isinstance(message, dict) and isinstance(message.get("id"), (str, int)) else None, -32600)
    if "method" not in message:
        if message.get("id") in awaited:  # the client's answer to one of our requests
            awaited.discard(message["id"])
            if message["id"] == "configuration" and message.get("result") != [None, None]:
                sys.exit("workspace/configuration answered %r, not one null per item" % message.get("result"))
            if not awaited:
                for request in held:
                    handle(request)
                held.clear()
        return
    method, id = message["method"], message.get("id")
    if "id" in message and not isinstance(id, (str, int)) or isinstance(id, bool):
        return error(None, -32600)
    if awaited and method != "exit":
        return held.append(message)
    if method == "exit":
        sys.exit(0 if state == "shut down" else 1)
    if state == "new" and method != "initialize":
        return error(id, -32002) if "id" in message else None
    if state == "shut down" and "id" in message:
        return error(id, -32600)
    params = message.get("params") or {}
    if mode != "null" and method == "textDocument/didOpen":
        documents[params["textDocument"]["uri"]] = params["textDocument"]["text"]
    if mode not in ("null", "stale") and method == "textDocument/didChange":
        uri = params["textDocument"]["uri"]
        for change in params["contentChanges"]:
            text = documents.get(uri, "")
            if "range" in change and mode != "full":
                start, end = offset(text, change["range"]["start"]), offset(text, change["range"]["end"])
                documents[uri] = text[:start] + change["text"] + text[end:]
            else:
                documents[uri] = change["text"]
    if method == "textDocument/didClose":
        documents.pop(params["textDocument"]["uri"], None)
    if "id" not in message:
        return
    if method == "initialize":
        if mode == "needs-root":
            root = params.get("rootUri")
            folders = params.get("workspaceFolders") or []
            if not exists(root) or not any(f.get("uri") == root for f in folders):
                return error(id, -32602, "a rootUri and workspaceFolders naming a folder are required")
        if mode == "waits-register" and state == "new":
            state = "registering"
            awaited.update(("register", "configuration"))
            send({"jsonrpc": "2.0", "id": "register", "method": "client/registerCapability", "params": {"registrations": [
                {"id": "watch", "method": "workspace/didChangeWatchedFiles", "registerOptions": {"watchers": [{"globPattern": "**/*"}]}}]}})
            send({"jsonrpc": "2.0", "id": "configuration", "method": "workspace/configuration", "params": {"items": [
                {"section": "control"}, {"section": "control.more"}]}})
            return held.append(message)
        offered = params.get("capabilities", {}).get("general", {}).get("positionEncodings") or []
        encoding = next((e for e in offered if e in ("utf-8", "utf-16", "utf-32")), "utf-16")
        state = "running"
        return send({"jsonrpc": "2.0", "id": id, "result": {"capabilities": {
            "positionEncoding": encoding, "textDocumentSync": 1 if mode == "full" else 2,
            "hoverProvider": True, "documentSymbolProvider": True}}})
    if method == "shutdown":
        state = "shut down"
        return send({"jsonrpc": "2.0", "id": id, "result": None})
    if method in ("textDocument/hover", "textDocument/documentSymbol"):
        uri = params["textDocument"]["uri"]
        if mode == "needs-root" and not exists(uri):
            return error(id, -32603, "no views in session for " + uri)
        text = documents.get(uri)
        lines = split_lines(text) if text is not None else []
        if method == "textDocument/documentSymbol":
            return send({"jsonrpc": "2.0", "id": id, "result": [
                {"name": line, "kind": 13, "range": whole, "selectionRange": whole}
                for number, line in enumerate(lines) if line.strip()
                for whole in [{"start": {"line": number, "character": 0}, "end": {"line": number, "character": answer_units(line)}}]]})
        line = params["position"]["line"]
        if line >= len(lines):
            return send({"jsonrpc": "2.0", "id": id, "result": None})
        return send({"jsonrpc": "2.0", "id": id, "result": {"contents": lines[line], "range": {
            "start": {"line": line, "character": 0}, "end": {"line": line, "character": answer_units(lines[line])}}}})
    error(id, -32601)


stdin = sys.stdin.buffer
while True:
    length = None
    while True:
        line = stdin.readline()
        if not line:
            sys.exit(1)
        if line in (b"\r\n", b"\n"):
            break
        name, _, value = line.decode("ascii", "replace").partition(":")
        if name.strip().lower() == "content-length" and value.strip().isdigit():
            length = int(value.strip())
    if length is None:
        error(None, -32700)
        continue
    body = stdin.read(length)

    def no_constants(name):
        raise ValueError(name + " is not JSON")

    try:
        message = json.loads(body.decode("utf-8"), parse_constant=no_constants)
    except (UnicodeDecodeError, ValueError):
        error(None, -32700)
        continue
    if isinstance(message, list):
        error(None, -32600)
        continue
    handle(message)
