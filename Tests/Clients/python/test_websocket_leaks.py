"""The WebSocket daemon under valgrind's memcheck: sessions that end as they should, sessions
that break the protocol, and peers that go without reading what they asked for or without
finishing their handshake, then SIGTERM. No definite leak and no memory error, jansson values
included (every message is parsed and serialized by jansson), as for the stdio daemon's message
storm (LeakCheckTests.swift)."""

import json
import os
import re
import signal
import socket
import subprocess
import threading
import time

import wsclient
from test_websocket import HOSTILE

BIN = os.environ["STABLETEXT_BIN"]
SUPPRESSIONS = os.path.join(os.path.dirname(__file__), "..", "..", "Valgrind", "swift-runtime.supp")


def start_under_valgrind():
    process = subprocess.Popen(
        ["valgrind", "--leak-check=full", "--show-leak-kinds=definite", "--errors-for-leak-kinds=definite",
         "--error-exitcode=99", f"--suppressions={SUPPRESSIONS}", BIN, "--websocket=0", "--max-connections", "8",
         "--handshake-seconds", "5", "--max-message-bytes", "65536", "--log-level", "info"],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    lines = []
    while True:
        line = process.stderr.readline()
        assert line, "the daemon ended before it said where it listens:\n" + "".join(lines)
        lines.append(line)
        found = re.search(r"listening on ws://127\.0\.0\.1:(\d+)/", line)
        if found:
            break
    # The rest of stderr (valgrind's report comes last) is read as it comes, as an editor would.
    rest = []
    reader = threading.Thread(target=lambda: rest.extend(process.stderr), daemon=True)
    reader.start()
    return process, int(found.group(1)), lines, rest, reader


def full_session(port, uri):
    client = wsclient.Client(port, timeout=120)
    assert client.accepted, client.head
    assert client.request("initialize", {"processId": None, "capabilities": {}})["result"]["serverInfo"]["name"] == "stabletext"
    client.notify("initialized", {})
    client.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "gitcommit", "version": 1,
                                                            "text": "A subject\n\nA body line " + "word " * 30 + "\n"}})
    client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2}, "contentChanges": [
        {"range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 1}}, "text": "한국어 👩‍👩‍👧"}]})
    edited = client.request("stableText/edit", {"textDocument": {"uri": uri, "version": 2}, "edits": [
        {"range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}}, "text": "x"}]})
    assert "result" in edited, edited
    state = client.request("stableText/state", {"textDocument": {"uri": uri}, "includeText": True})
    assert state["result"]["text"].startswith("x한국어 👩‍👩‍👧 subject"), state
    actions = client.request("textDocument/codeAction", {"textDocument": {"uri": uri}, "range": {
        "start": {"line": 2, "character": 0}, "end": {"line": 2, "character": 0}}, "context": {"diagnostics": []}})
    assert "result" in actions, actions
    bad = client.request("stableText/state", {"textDocument": {"uri": 5}})
    assert bad["error"]["message"] == "params.textDocument.uri: expected a string, got an integer", bad
    assert client.request("shutdown", None)["result"] is None
    client.notify("exit", None)
    try:
        while True:
            client.read_message()
    except wsclient.Closed as closed:
        assert closed.code == 1000, (closed.code, closed.reason)
    client.close()


def test_websocket_sessions_leak_nothing_under_valgrind():
    process, port, head, rest, reader = start_under_valgrind()
    try:
        full_session(port, "untitled:first")
        # Each broken rule of RFC 6455 on its own connection, which the daemon closes.
        for name, data, code, _ in HOSTILE:
            client = wsclient.Client(port, timeout=120)
            assert client.accepted, (name, client.head)
            client.send_raw(data)
            try:
                while True:
                    client.read_message()
            except wsclient.Closed as closed:
                assert closed.code == code, (name, closed.code, closed.reason)
            client.close()
        # Peers that go: one asks for answers and never reads them, one leaves mid-handshake,
        # one mid-frame.
        asker = wsclient.Client(port, timeout=120)
        assert asker.accepted
        asker.request("initialize", {"processId": None, "capabilities": {}})
        asker.notify("textDocument/didOpen", {"textDocument": {"uri": "untitled:big", "languageId": "plaintext",
                                                               "version": 1, "text": "y" * 30000}})
        for n in range(20):
            asker.send_text(json.dumps({"jsonrpc": "2.0", "id": 100 + n, "method": "stableText/state",
                                        "params": {"textDocument": {"uri": "untitled:big"}, "includeText": True}}))
        asker.close()
        half = socket.create_connection(("127.0.0.1", port), timeout=120)
        half.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        half.close()
        torn = wsclient.Client(port, timeout=120)
        assert torn.accepted
        torn.send_raw(wsclient.frame(0x1, b'{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}')[:9])
        torn.close()
        # A last session after all of that still runs to its end.
        full_session(port, "untitled:last")
        # Every session has ended (the peer that went without reading has its 20 answers to
        # make and drop first; under valgrind on a loaded machine that takes a while) before the
        # daemon is stopped: what a session holds while it works is no leak, and a SIGTERM that
        # comes during its work ends the process without freeing it.
        sessions = 2 + len(HOSTILE) + 2
        deadline = time.monotonic() + 120
        while sum("session ended" in line for line in list(rest)) < sessions and time.monotonic() < deadline:
            time.sleep(0.1)
        assert sum("session ended" in line for line in list(rest)) == sessions, "".join(rest)[-3000:]
    finally:
        process.send_signal(signal.SIGTERM)
        status = process.wait(timeout=120)
        reader.join(timeout=30)
    report = "".join(head + rest)
    log = "".join(line for line in head + rest if not line.startswith("=="))
    assert status == 128 + signal.SIGTERM, log[-2000:] + report[-3000:]
    assert "ERROR SUMMARY: 0 errors" in report, report[-3000:]
    assert "definitely lost: 0 bytes in 0 blocks" in report or "All heap blocks were freed" in report, report[-3000:]
