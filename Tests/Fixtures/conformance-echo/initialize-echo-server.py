#!/usr/bin/env python3
"""A server for the conformance command's own tests: it answers initialize with empty
capabilities and then sends the notification test/initializeParams holding the params it was
given, so that a session can check what the runner put in them (--init-options, --root). It
answers shutdown with null, any other request with -32601, and exits on exit."""
import json
import sys

out = sys.stdout.buffer
stdin = sys.stdin.buffer


def send(message):
    body = json.dumps(message).encode()
    out.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    out.flush()


while True:
    length = None
    while True:
        line = stdin.readline()
        if not line:
            sys.exit(0)
        line = line.strip()
        if not line:
            break
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value)
    message = json.loads(stdin.read(length))
    method, id = message.get("method"), message.get("id")
    if method == "initialize":
        send({"jsonrpc": "2.0", "id": id, "result": {"capabilities": {}}})
        send({"jsonrpc": "2.0", "method": "test/initializeParams", "params": message.get("params")})
    elif method == "shutdown":
        send({"jsonrpc": "2.0", "id": id, "result": None})
    elif method == "exit":
        sys.exit(0)
    elif "id" in message:
        send({"jsonrpc": "2.0", "id": id, "error": {"code": -32601, "message": "not found"}})
