#!/usr/bin/env python3
"""A control for the lsp-core profile: a language server that speaks the base protocol
correctly (framing, JSON-RPC errors, the lifecycle, the encoding negotiation) and announces
hover and document symbols, but keeps no documents at all: every hover is null, every symbol
list empty. A profile that observes sync must fail it on every sync session.

With --counts-code-points it keeps its documents, applies incremental changes and answers a
hover with the text of the line, but counts every position in code points whatever encoding it
negotiated (Emacs lsp-mode's old mistake): it must fail the sync sessions in utf-16 and utf-8
and pass the one in utf-32."""
import json
import sys

out = sys.stdout.buffer
state = "new"
keeps_documents = "--counts-code-points" in sys.argv
documents = {}


def offset(text, position):
    """The index in code points of an LSP position, counting its character in code points."""
    lines = text.splitlines(keepends=True) or [""]
    line = position["line"]
    if line >= len(lines):
        return len(text)
    start = sum(len(l) for l in lines[:line])
    content = lines[line].rstrip("\r\n")
    return start + min(position["character"], len(content))


def send(message):
    body = json.dumps(message).encode()
    out.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    out.flush()


def error(id, code):
    send({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": "error %d" % code}})


def handle(message):
    global state
    if not isinstance(message, dict) or message.get("jsonrpc") != "2.0" or not isinstance(message.get("method", ""), str):
        return error(message.get("id") if isinstance(message, dict) and isinstance(message.get("id"), (str, int)) else None, -32600)
    if "method" not in message:
        return  # a response from the client
    method, id = message["method"], message.get("id")
    if "id" in message and not isinstance(id, (str, int)) or isinstance(id, bool):
        return error(None, -32600)
    if method == "exit":
        sys.exit(0 if state == "shut down" else 1)
    if state == "new" and method != "initialize":
        return error(id, -32002) if "id" in message else None
    if state == "shut down" and "id" in message:
        return error(id, -32600)
    params = message.get("params") or {}
    if keeps_documents and method == "textDocument/didOpen":
        documents[params["textDocument"]["uri"]] = params["textDocument"]["text"]
    if keeps_documents and method == "textDocument/didChange":
        uri = params["textDocument"]["uri"]
        for change in params["contentChanges"]:
            text = documents.get(uri, "")
            if "range" in change:
                start, end = offset(text, change["range"]["start"]), offset(text, change["range"]["end"])
                documents[uri] = text[:start] + change["text"] + text[end:]
            else:
                documents[uri] = change["text"]
    if "id" not in message:
        return
    if method == "initialize":
        offered = (message.get("params") or {}).get("capabilities", {}).get("general", {}).get("positionEncodings") or []
        encoding = next((e for e in offered if e in ("utf-8", "utf-16", "utf-32")), "utf-16")
        state = "running"
        return send({"jsonrpc": "2.0", "id": id, "result": {"capabilities": {
            "positionEncoding": encoding, "textDocumentSync": 2, "hoverProvider": True, "documentSymbolProvider": True}}})
    if method == "shutdown":
        state = "shut down"
        return send({"jsonrpc": "2.0", "id": id, "result": None})
    if method == "textDocument/hover":
        text = documents.get(params["textDocument"]["uri"])
        if text is None:
            return send({"jsonrpc": "2.0", "id": id, "result": None})
        lines = text.splitlines() or [""]
        line = params["position"]["line"]
        return send({"jsonrpc": "2.0", "id": id, "result": {"contents": lines[line] if line < len(lines) else ""}})
    if method == "textDocument/documentSymbol":
        return send({"jsonrpc": "2.0", "id": id, "result": []})
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
