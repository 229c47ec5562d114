"""The WebSocket transport (--websocket=PORT) as hostile and careless clients use it, with a
client written for the tests (wsclient.py): each broken rule of RFC 6455 gets its close code on
its own connection, and a session opened before it still answers after it."""

import json
import os
import re
import resource
import socket
import struct
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


def start_daemon(*options, stderr=subprocess.PIPE, read_log=True):
    """A WebSocket daemon with `options`; its port, and the process. Its log is read as it comes
    unless `read_log` is false (then nobody reads it, as a launcher that stopped at the port)."""
    process = subprocess.Popen([BIN, "--websocket=0", *options], stdin=subprocess.DEVNULL,
                               stdout=subprocess.DEVNULL, stderr=stderr)
    line = process.stderr.readline().decode()
    while line and "listening on ws://127.0.0.1:" not in line:
        line = process.stderr.readline().decode()
    assert "listening on ws://127.0.0.1:" in line, line
    port = int(line.split("ws://127.0.0.1:")[1].split("/")[0])
    if read_log:
        threading.Thread(target=lambda: [None for _ in process.stderr], daemon=True).start()
    return port, process


def wait_for_a_session(port, seconds):
    """A new connection's status, retried until it gets a session or `seconds` pass."""
    deadline = time.monotonic() + seconds
    while True:
        client = wsclient.Client(port)
        if client.status == 101 or time.monotonic() > deadline:
            return client
        client.close()
        time.sleep(0.1)


def flood_of_answers(client, count=50, size=200_000):
    """`count` requests whose answers hold `size` bytes each (~10 MB), none of them read."""
    client.notify("textDocument/didOpen", {"textDocument": {"uri": "untitled:big", "languageId": "plaintext",
                                                            "version": 1, "text": "x" * size}})
    body = b"".join(wsclient.frame(0x1, json.dumps(
        {"jsonrpc": "2.0", "id": 100 + n, "method": "stableText/state",
         "params": {"textDocument": {"uri": "untitled:big"}, "includeText": True}}).encode()) for n in range(count))
    client.send_raw(body)


@pytest.mark.parametrize("how", ["disconnect", "stay connected"])
def test_clients_that_read_nothing_give_their_slots_back(how):
    """Clients that ask for ~10 MB of answers and read none: whether they go or stay, their
    slots come back (those that stay, after --send-seconds), and every later client is served.
    (Their sessions stayed blocked writing for good: 429 for everyone after them. Then they
    answered every request they had queued, for nobody, before ending: 50 answers of 200 KB took
    a debug build under load more than 20 s. Now a session whose peer went ends at once.) The
    test waits for the sessions' ends in the log, an event, not for a time."""
    port, process = start_daemon("--max-connections", "4", "--send-seconds", "2", "--log-level", "info",
                                 read_log=False)
    log = []
    threading.Thread(target=lambda: log.extend(line.decode() for line in process.stderr), daemon=True).start()
    try:
        stalled = []
        for _ in range(4):
            client = open_session(port)
            flood_of_answers(client)
            stalled.append(client)
        assert wsclient.Client(port).status == 429
        if how == "disconnect":
            for client in stalled:
                client.sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                client.close()
        # Each of the four sessions ends (their peers went, or took nothing for --send-seconds).
        deadline = time.monotonic() + 120
        while sum("WebSocket session closed" in line for line in list(log)) < 4 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert sum("WebSocket session closed" in line for line in list(log)) == 4, "".join(log)[-3000:]
        # Its slot is given back right after that line is logged.
        again = wait_for_a_session(port, 10)
        assert again.status == 101
        assert again.request("initialize", {"processId": None, "capabilities": {}})["result"]["serverInfo"]["name"] == "stabletext"
        # All four slots came back: four sessions at once again.
        others = [wait_for_a_session(port, 10) for _ in range(3)]
        assert [c.status for c in others] == [101, 101, 101]
        if how == "stay connected":
            # What was queued for a stalled client is bounded, then the connection ends.
            received = 0
            stalled[0].sock.settimeout(10)
            while True:
                chunk = stalled[0].sock.recv(1 << 20)
                if not chunk:
                    break
                received += len(chunk)
            assert 0 < received < 10_000_000, received
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_sessions_leave_no_thread_and_no_answer_behind():
    """Sessions whose document is over 256 KiB (their stableText/state runs on the session's
    background thread), and clients that ask for forty answers of 400 KiB and stop reading: once
    every session has ended, the daemon runs the threads it ran before them, and holds none of
    their answers. (Each such session left its background thread for good, with the answers
    nobody took: 28 threads and 24 MiB more after 28 sessions.)"""
    port, process = start_daemon("--send-seconds", "2", "--log-level", "info", read_log=False)
    log = []
    reader = threading.Thread(target=lambda: log.extend(line.decode() for line in process.stderr), daemon=True)
    reader.start()

    def threads():
        return sorted(int(task) for task in os.listdir(f"/proc/{process.pid}/task"))

    def ended():
        return sum("session ended" in line for line in list(log))

    def wait_for(condition):
        deadline = time.monotonic() + 60
        while not condition() and time.monotonic() < deadline:
            time.sleep(0.05)
        return condition()

    try:
        witness = open_session(port)
        before = threads()
        sessions = 0
        for n in range(12):
            client = open_session(port, f"untitled:w{n}")
            client.notify("textDocument/didOpen", {"textDocument": {
                "uri": "untitled:big", "languageId": "plaintext", "version": 1, "text": "x" * (300 * 1024)}})
            assert client.request("stableText/state", {"textDocument": {"uri": "untitled:big"}})["result"]["counter"]
            assert client.request("shutdown", None)["result"] is None
            client.notify("exit", None)
            assert close_code(client)[0] == 1000
            client.close()
            sessions += 1
        stalled = []
        for n in range(4):
            client = open_session(port, f"untitled:s{n}")
            client.notify("textDocument/didOpen", {"textDocument": {
                "uri": "untitled:big", "languageId": "plaintext", "version": 1, "text": "y" * (400 * 1024)}})
            asks = b"".join(wsclient.frame(0x1, json.dumps({
                "jsonrpc": "2.0", "id": 100 + i, "method": "stableText/state",
                "params": {"textDocument": {"uri": "untitled:big"}, "includeText": True}}).encode()) for i in range(40))
            client.sock.setblocking(False)
            try:
                client.sock.send(asks)
            except BlockingIOError:
                pass
            stalled.append(client)
            sessions += 1
        # The stalled sessions end after --send-seconds; then every session of the test has.
        assert wait_for(lambda: ended() >= sessions), "".join(log)[-3000:]
        for client in stalled:
            client.sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            client.close()
        # Each ended session's threads (its connection's, its bridge's, its background thread)
        # are gone: the same threads as before, by their ids.
        assert wait_for(lambda: threads() == before), (before, threads())
        # The witness session opened first still answers.
        assert state_counter(witness) == "05/150"
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_a_log_nobody_reads_never_stops_the_daemon():
    """The launcher reads stderr up to the port line and no further: the pipe fills after a few
    hundred connections' log lines, and then every thread blocked writing its line. Now lines
    are dropped, and counted once the log is read again."""
    port, process = start_daemon("--log-level", "debug", read_log=False)
    try:
        for n in range(700):
            client = wsclient.Client(port, timeout=10)
            assert client.status == 101, (n, client.head)
            assert client.request("initialize", {"processId": None, "capabilities": {}})["id"] == 1
            client.close()
        # The log is read again: the next line says how many were dropped.
        log = []
        reader = threading.Thread(target=lambda: log.extend(line.decode() for line in process.stderr), daemon=True)
        reader.start()
        time.sleep(0.5)
        assert open_session(port).request("shutdown", None)["result"] is None
        time.sleep(0.5)
        process.terminate()
        assert process.wait(timeout=10) == 143
        reader.join(timeout=10)
        log = "".join(log)
        assert re.search(r"\[warning\] \d+ log lines dropped \(nobody read the log\)", log), log[-2000:]
    finally:
        process.kill()
        process.wait(timeout=10)


def test_sixteen_sessions_share_one_open_text_budget():
    """--max-total-bytes bounds the documents of all sessions together: of 16 sessions opening
    100,000 bytes each under a limit of 1,000,000, ten are accepted; a session's end gives its
    bytes back. (Each session had the whole limit to itself: 16 times the memory.)"""
    port, process = start_daemon("--max-total-bytes", "1000000", "--log-level", "error")
    try:
        clients = []
        opened = []
        for n in range(16):
            client = open_session(port, f"untitled:w{n}")
            client.notify("textDocument/didOpen", {"textDocument": {
                "uri": f"untitled:doc{n}", "languageId": "plaintext", "version": 1, "text": "y" * 99_990}})
            answer = client.request("stableText/state", {"textDocument": {"uri": f"untitled:doc{n}"}})
            opened.append("result" in answer)
            clients.append(client)
        # Each witness holds 5 bytes: 16 × 5 + 10 × 99,990 ≤ 1,000,000 < 16 × 5 + 11 × 99,990.
        assert opened == [True] * 10 + [False] * 6
        clients[0].close()
        # Its slot and its 100,000 bytes come back.
        late = wait_for_a_session(port, 10)
        assert late.request("initialize", {"processId": None, "capabilities": {}})["id"] == 1
        late.notify("textDocument/didOpen", {"textDocument": {
            "uri": "untitled:late", "languageId": "plaintext", "version": 1, "text": "z" * 99_990}})
        assert "result" in late.request("stableText/state", {"textDocument": {"uri": "untitled:late"}})
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_sixteen_sessions_stay_under_the_documented_memory_bound():
    """Protocol "Limits": with C sessions the whole daemon stays under 64 MiB + 1.5 × total +
    2 × queued + C × (10 × message + 1 MiB). Sixteen sessions each open 4 MB documents until the
    shared budget refuses them, then send eight requests for a 4 MB answer each and read none;
    the daemon's peak resident memory (VmHWM) is under the bound. (Every bound was per session:
    16 sessions held 1,749 MiB against a documented 212.)"""
    mib = 1 << 20
    total, queued, message, sessions = 64 * mib, 16 * mib, 4 * mib, 16
    bound = 64 * mib + 1.5 * total + 2 * queued + sessions * (10 * message + mib)
    port, process = start_daemon(
        "--max-total-bytes", str(total), "--max-queued-bytes", str(queued), "--max-message-bytes", str(message),
        "--log-level", "error", "--idle-seconds", "3600", "--send-seconds", "3600")
    try:
        clients = [open_session(port, f"untitled:w{n}") for n in range(sessions)]
        document = "x" * 4_000_000
        accepted = 0
        for n, client in enumerate(clients):
            for k in range(3):
                client.notify("textDocument/didOpen", {"textDocument": {
                    "uri": f"untitled:{n}-{k}", "languageId": "plaintext", "version": 1, "text": document}})
            for k in range(3):
                answer = client.request("stableText/state", {"textDocument": {"uri": f"untitled:{n}-{k}"}})
                accepted += "result" in answer
        # 64 MiB hold 16 documents of 4,000,000 bytes beside the witnesses, whichever sessions
        # opened them: the shared budget.
        assert accepted == 16
        for n, client in enumerate(clients):
            asks = b"".join(wsclient.frame(0x1, json.dumps({
                "jsonrpc": "2.0", "id": 1000 + i, "method": "stableText/state",
                "params": {"textDocument": {"uri": f"untitled:{n}-0"}, "includeText": True}}).encode())
                for i in range(8))
            client.sock.setblocking(False)
            try:
                client.sock.send(asks)
            except BlockingIOError:
                pass
        time.sleep(3)
        peak = next(int(line.split()[1]) * 1024 for line in open(f"/proc/{process.pid}/status")
                    if line.startswith("VmHWM:"))
        assert peak < bound, f"peak {peak / mib:.0f} MiB, bound {bound / mib:.0f} MiB"
        print(f"16 sessions: peak resident {peak / mib:.0f} MiB, documented bound {bound / mib:.0f} MiB")
    finally:
        process.kill()
        process.wait(timeout=10)


@pytest.mark.parametrize("size,pieces,status", [
    (8_192, 1, 101),
    (8_193, 1, 431),
    (9_000, 1, 431),
    (65_000, 1, 431),
    (20_000, 200, 431),
    (8_193, 8_193, 431),
])
def test_a_head_over_8_kib_gets_431_however_it_arrives(daemon, size, pieces, status):
    """The head, its blank line included, is at most 8,192 bytes, in one read or in many
    (a 9–65 KB head in one read was accepted)."""
    request = wsclient.handshake_request(daemon, "dGhlIHNhbXBsZSBub25jZQ==")
    padding = size - len(request) - len("X-Pad: \r\n")
    request = wsclient.handshake_request(daemon, "dGhlIHNhbXBsZSBub25jZQ==", extra=f"X-Pad: {'p' * padding}\r\n")
    assert len(request) == size
    sock = socket.create_connection(("127.0.0.1", daemon), timeout=10)
    step = max(1, size // pieces)
    for start in range(0, size, step):
        try:
            sock.sendall(request[start:start + step])
        except (BrokenPipeError, ConnectionResetError):
            break
    head, _ = wsclient.read_head(sock)
    assert wsclient.status_of(head) == status, head


@pytest.mark.parametrize("lines,status", [
    (["Host: 127.0.0.1:{port}"], 101),
    (["Host: 127.0.0.1"], 101),
    (["Host: [::1]:{port}"], 101),
    (["Host: LOCALHOST:{port}"], 101),
    (["Host: 127.0.0.1:anything"], 400),
    (["Host: 127.0.0.1:99999"], 400),
    (["Host: 127.0.0.1:"], 400),
    (["Host: [::1]evil.example"], 400),
    (["Host: 127.0.0.1:{port}", "Host: 127.0.0.1:{port}"], 400),
    (["Host: 127.0.0.1:{port}", "Host: evil.example"], 400),
    ([], 400),
    (["Host: evil.example:{port}"], 403),
    (["Host: 127.0.0.1:{port}", "Origin: http://127.0.0.1:{port}", "Origin: https://evil.example"], 400),
    (["Host: 127.0.0.1:{port}", "Origin: http://127.0.0.1:x"], 400),
    (["Host: 127.0.0.1:{port}", "Origin: http://[::1]evil.example"], 400),
    (["Host: 127.0.0.1:{port}", "Origin: http://[::1]:{port}"], 101),
])
def test_host_and_origin_are_read_as_rfc_9110_and_6454_write_them(daemon, lines, status):
    fields = [line.format(port=daemon) for line in lines] + [
        "Upgrade: websocket", "Connection: Upgrade", "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
        "Sec-WebSocket-Version: 13"]
    sock = socket.create_connection(("127.0.0.1", daemon), timeout=10)
    sock.sendall(("GET / HTTP/1.1\r\n" + "".join(f + "\r\n" for f in fields) + "\r\n").encode())
    head, _ = wsclient.read_head(sock)
    assert wsclient.status_of(head) == status, head


def test_the_page_may_not_be_framed(daemon):
    sock = socket.create_connection(("127.0.0.1", daemon), timeout=10)
    sock.sendall(f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{daemon}\r\n\r\n".encode())
    head, _ = wsclient.read_head(sock)
    assert wsclient.status_of(head) == 200
    fields = head.split("\r\n")[1:]
    assert "X-Frame-Options: DENY" in fields
    assert "Content-Security-Policy: frame-ancestors 'none'" in fields


def test_a_silent_client_is_closed_after_idle_seconds_and_a_live_one_is_not():
    """--idle-seconds: a client that sends no frame (not even the pong to the ping sent halfway)
    is closed with 1001; one that answers pings stays. (Stalled sessions held the port.)"""
    port, process = start_daemon("--idle-seconds", "2", "--max-connections", "2", "--log-level", "warning")
    try:
        live = open_session(port)
        silent = wsclient.Client(port)
        assert silent.status == 101
        start = time.monotonic()
        opcode, _, payload = silent.read_frame()
        assert opcode == 0x9  # the ping, halfway
        opcode, _, payload = silent.read_frame()
        assert opcode == 0x8
        code = struct.unpack(">H", payload[:2])[0]
        assert code == 1001, payload
        assert b"--idle-seconds" in payload
        assert 1.9 < time.monotonic() - start < 10
        # The live session sends nothing for twice the idle time, but reads, so it answers the
        # pings as a browser does; it is still served.
        end = time.monotonic() + 5
        live.sock.settimeout(1)
        while time.monotonic() < end:
            try:
                live.read_message()
            except socket.timeout:
                pass
        live.sock.settimeout(30)
        assert state_counter(live) == "05/150"
        # The silent one's slot is free again.
        assert wait_for_a_session(port, 10).status == 101
    finally:
        process.terminate()
        process.wait(timeout=10)
