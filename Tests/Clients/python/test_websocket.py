"""The WebSocket transport (--websocket=PORT) as hostile and careless clients use it, with a
client written for the tests (wsclient.py): each broken rule of RFC 6455 gets its close code on
its own connection, and a session opened before it still answers after it."""

import os
import resource
import socket
import subprocess
import threading
import time

import pytest

import wsclient

BIN = os.environ["STABLETEXT_BIN"]


@pytest.fixture
def daemon():
    process = subprocess.Popen(
        [BIN, "--websocket=0", "--max-connections", "16", "--handshake-seconds", "2", "--max-message-bytes", "65536",
         "--log-level", "warning"],
        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = process.stderr.readline()
    assert "listening on ws://127.0.0.1:" in line, line
    port = int(line.split("ws://127.0.0.1:")[1].split("/")[0])
    # The log is read as it comes, as an editor reads a server's stderr.
    threading.Thread(target=lambda: [None for _ in process.stderr], daemon=True).start()
    yield port
    process.terminate()
    process.wait(timeout=10)


def open_session(port, uri="untitled:witness"):
    client = wsclient.Client(port)
    assert client.accepted, client.head
    assert client.request("initialize", {"processId": None, "capabilities": {}})["result"]["serverInfo"]["name"] == "stabletext"
    client.notify("initialized", {})
    client.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "plaintext", "version": 1, "text": "hello"}})
    return client


def state_counter(client, uri="untitled:witness"):
    return client.request("stableText/state", {"textDocument": {"uri": uri}})["result"]["counter"]


def close_code(client):
    """Reads until the server's close frame; its code and reason."""
    with pytest.raises(wsclient.Closed) as closed:
        while True:
            client.read_message()
    return closed.value.code, closed.value.reason


HOSTILE = [
    ("a frame of 2^63 bytes", wsclient.frame(0x1, b"", length_override=1 << 63), 1002, "most significant bit"),
    ("a frame of 2^62 bytes", wsclient.frame(0x1, b"", length_override=1 << 62), 1009, "--max-message-bytes"),
    ("a message over --max-message-bytes", wsclient.frame(0x1, b"x" * 70000), 1009, "--max-message-bytes"),
    ("an unmasked frame", wsclient.frame(0x1, b"{}", mask=False), 1002, "unmasked"),
    ("a continuation without a start", wsclient.frame(0x0, b"{}"), 1002, "continuation"),
    ("a binary frame", wsclient.frame(0x2, b"{}"), 1003, "binary"),
    ("text that is not UTF-8", wsclient.frame(0x1, b"\xff\xfe"), 1007, "UTF-8"),
    ("a ping of 126 bytes", wsclient.frame(0x9, b"p" * 126), 1002, "125"),
    ("a fragmented ping", wsclient.frame(0x9, b"p", fin=False), 1002, "fragmented control"),
    ("a reserved opcode", wsclient.frame(0x3, b""), 1002, "reserved opcode"),
    ("reserved bits", wsclient.frame(0x1, b"{}", rsv=0x40), 1002, "reserved bits"),
    ("a new message inside another", wsclient.frame(0x1, b"{", fin=False) + wsclient.frame(0x1, b"}"), 1002, "before the last one ended"),
    ("a close with code 1005", wsclient.frame(0x8, b"\x03\xed"), 1002, "1005"),
]


@pytest.mark.parametrize("name,data,code,words", HOSTILE, ids=[h[0] for h in HOSTILE])
def test_a_broken_frame_gets_its_close_code_and_nothing_else_is_disturbed(daemon, name, data, code, words):
    witness = open_session(daemon)
    hostile = open_session(daemon, "untitled:hostile")
    hostile.send_raw(data)
    got, reason = close_code(hostile)
    assert got == code, (name, got, reason)
    assert words in reason, (name, reason)
    # The session it ended is gone; the other answers as before.
    assert state_counter(witness) == "05/150"
    hostile.close()
    witness.close()


def test_a_close_in_the_middle_of_a_message_is_answered_and_ends_the_session(daemon):
    witness = open_session(daemon)
    client = open_session(daemon, "untitled:closer")
    client.send_raw(wsclient.frame(0x1, b'{"jsonrpc":', fin=False) + wsclient.frame(0x8, b"\x0b\xb8bye"))
    got, _ = close_code(client)
    assert got == 3000  # echoed
    assert state_counter(witness) == "05/150"


def test_pings_are_answered_between_fragments(daemon):
    client = open_session(daemon)
    body = b'{"jsonrpc":"2.0","id":99,"method":"stableText/state","params":{"textDocument":{"uri":"untitled:witness"}}}'
    client.send_raw(wsclient.frame(0x1, body[:10], fin=False) + wsclient.frame(0x9, b"beat")
                    + wsclient.frame(0x0, body[10:40], fin=False) + wsclient.frame(0x0, body[40:]))
    assert client.read_message() == {"pong": b"beat"}
    while True:
        message = client.read_message()
        if message.get("id") == 99:
            break
    assert message["result"]["counter"] == "05/150"


def test_a_slow_handshake_is_given_408_and_others_are_served_meanwhile(daemon):
    witness = open_session(daemon)
    slow = socket.create_connection(("127.0.0.1", daemon), timeout=10)
    request = wsclient.handshake_request(daemon, "dGhlIHNhbXBsZSBub25jZQ==")
    start = time.monotonic()
    answered = []
    # A byte every tenth of a second, never the whole head: the 2 seconds are for all of it.
    for byte in request[:15]:
        slow.sendall(bytes([byte]))
        answered.append(state_counter(witness))
        time.sleep(0.1)
    head, _ = wsclient.read_head(slow)
    assert wsclient.status_of(head) == 408, head
    assert 1.9 < time.monotonic() - start < 6
    assert answered == ["05/150"] * 15


def test_a_thousand_connections_get_sessions_or_429(daemon):
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 4096), hard))
    witness = open_session(daemon)
    statuses = []
    clients = []
    for _ in range(1000):
        client = wsclient.Client(daemon)
        statuses.append(client.status)
        clients.append(client)
    # The witness holds one of the 16.
    assert statuses.count(101) == 15
    assert statuses.count(429) == 985
    assert state_counter(witness) == "05/150"
    for client in clients:
        client.close()
    # Their slots come back.
    deadline = time.monotonic() + 10
    while True:
        again = wsclient.Client(daemon)
        if again.status == 101 or time.monotonic() > deadline:
            break
        again.close()
        time.sleep(0.1)
    assert again.status == 101


@pytest.mark.parametrize("fields,status", [
    ({"Origin": "https://evil.example"}, 403),
    ({"Origin": "null"}, 403),
    ({"Origin": "http://localhost:8000"}, 101),
    ({"Origin": "file://"}, 101),
    ({"Host": "evil.example"}, 403),
    ({"Sec-WebSocket-Version": "12"}, 426),
    ({"Sec-WebSocket-Key": "short"}, 400),
])
def test_handshakes_are_refused_by_origin_host_and_version(daemon, fields, status):
    lines = {"Host": f"127.0.0.1:{daemon}", "Upgrade": "websocket", "Connection": "Upgrade",
             "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version": "13"}
    lines.update(fields)
    sock = socket.create_connection(("127.0.0.1", daemon), timeout=10)
    sock.sendall(("GET / HTTP/1.1\r\n" + "".join(f"{k}: {v}\r\n" for k, v in lines.items()) + "\r\n").encode())
    head, _ = wsclient.read_head(sock)
    assert wsclient.status_of(head) == status, head
    if status == 101:
        assert "Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=" in head  # RFC 6455's own example
    if status == 426:
        assert "Sec-WebSocket-Version: 13" in head


def test_the_page_is_served_at_the_root(daemon):
    sock = socket.create_connection(("127.0.0.1", daemon), timeout=10)
    sock.sendall(f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{daemon}\r\n\r\n".encode())
    head, body = wsclient.read_head(sock)
    length = int([l for l in head.split("\r\n") if l.lower().startswith("content-length:")][0].split(":")[1])
    while len(body) < length:
        body += sock.recv(65536)
    assert wsclient.status_of(head) == 200
    assert "Content-Type: text/html; charset=utf-8" in head
    assert b"stableText/edit" in body and b"new WebSocket" in body
    sock = socket.create_connection(("127.0.0.1", daemon), timeout=10)
    sock.sendall(f"GET /other HTTP/1.1\r\nHost: 127.0.0.1:{daemon}\r\n\r\n".encode())
    assert wsclient.status_of(wsclient.read_head(sock)[0]) == 404


@pytest.mark.parametrize("sessions", [1, 2])
def test_sigterm_ends_every_session_and_the_daemon(sessions):
    """SIGTERM stops every open session after its work in hand, and the daemon at once (with one
    session open it used to wait out the stdio daemon's second and log that it was stuck)."""
    process = subprocess.Popen([BIN, "--websocket=0", "--log-level", "info"], stdin=subprocess.DEVNULL,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = process.stderr.readline()
    while "listening on ws://" not in line:
        line = process.stderr.readline()
    port = int(line.split("ws://127.0.0.1:")[1].split("/")[0])
    log = []
    reader = threading.Thread(target=lambda: log.extend(process.stderr), daemon=True)
    reader.start()
    clients = [open_session(port, f"untitled:{n}") for n in range(sessions)]
    start = time.monotonic()
    process.terminate()
    assert process.wait(timeout=5) == 128 + 15
    assert time.monotonic() - start < 0.9
    reader.join(timeout=5)
    assert not any("still busy" in l for l in log), log
    assert any("stopped by SIGTERM; exiting with 143" in l for l in log), log
    for client in clients:
        client.close()
