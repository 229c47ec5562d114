"""A small RFC 6455 client written for the tests: it speaks the protocol correctly when asked
to, and breaks it on purpose when a test needs that (unmasked frames, lengths of 2^63, a
continuation without a start, a handshake sent a byte at a time)."""

import base64
import hashlib
import json
import os
import socket
import struct

GUID = b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11"


class Closed(Exception):
    """The server closed the connection: its close code (None without one) and reason."""

    def __init__(self, code, reason):
        super().__init__(f"closed with {code}: {reason}")
        self.code = code
        self.reason = reason


def handshake_request(port, key, origin=None, extra=""):
    lines = [
        "GET / HTTP/1.1",
        f"Host: 127.0.0.1:{port}",
        "Upgrade: websocket",
        "Connection: Upgrade",
        f"Sec-WebSocket-Key: {key}",
        "Sec-WebSocket-Version: 13",
    ]
    if origin is not None:
        lines.append(f"Origin: {origin}")
    return ("\r\n".join(lines) + "\r\n" + extra + "\r\n").encode()


def read_head(sock):
    """The response head (status line and fields) and whatever came after it."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(4096)
        if not chunk:
            break
        data += chunk
    head, _, rest = data.partition(b"\r\n\r\n")
    return head.decode(), rest


def status_of(head):
    return int(head.split(" ", 2)[1]) if head else None


def frame(opcode, payload, fin=True, mask=True, length_override=None, rsv=0):
    """One frame; `length_override` writes another length than the payload's (64-bit form)."""
    first = (0x80 if fin else 0) | rsv | opcode
    header = bytes([first])
    mask_bit = 0x80 if mask else 0
    if length_override is not None:
        header += bytes([mask_bit | 127]) + struct.pack(">Q", length_override)
    elif len(payload) < 126:
        header += bytes([mask_bit | len(payload)])
    elif len(payload) < 65536:
        header += bytes([mask_bit | 126]) + struct.pack(">H", len(payload))
    else:
        header += bytes([mask_bit | 127]) + struct.pack(">Q", len(payload))
    if not mask:
        return header + payload
    key = os.urandom(4)
    return header + key + bytes(b ^ key[i % 4] for i, b in enumerate(payload))


class Client:
    """A connected WebSocket session on the daemon's port."""

    def __init__(self, port, origin=None, timeout=30):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall(handshake_request(port, key, origin))
        head, self.buffer = read_head(self.sock)
        self.status = status_of(head)
        self.head = head
        expected = base64.b64encode(hashlib.sha1(key.encode() + GUID).digest()).decode()
        self.accepted = self.status == 101 and f"Sec-WebSocket-Accept: {expected}" in head
        self.next_id = 1

    def send_raw(self, data):
        self.sock.sendall(data)

    def send_text(self, text):
        self.sock.sendall(frame(0x1, text.encode()))

    def _read(self, count):
        while len(self.buffer) < count:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise Closed(None, "the connection ended without a close frame")
            self.buffer += chunk
        data, self.buffer = self.buffer[:count], self.buffer[count:]
        return data

    def read_frame(self):
        first, second = self._read(2)
        if second & 0x80:
            raise AssertionError("the server masked a frame")
        length = second & 0x7F
        if length == 126:
            (length,) = struct.unpack(">H", self._read(2))
        elif length == 127:
            (length,) = struct.unpack(">Q", self._read(8))
        return first & 0x0F, bool(first & 0x80), self._read(length)

    def read_message(self):
        """The next text message as JSON; a close raises `Closed`; pongs are returned as such."""
        while True:
            opcode, fin, payload = self.read_frame()
            assert fin, "the server fragmented a message"
            if opcode == 0x1:
                return json.loads(payload.decode())
            if opcode == 0x8:
                code = struct.unpack(">H", payload[:2])[0] if len(payload) >= 2 else None
                raise Closed(code, payload[2:].decode())
            if opcode == 0xA:
                return {"pong": payload}
            if opcode == 0x9:
                # RFC 6455 §5.5.2: a ping is answered with its payload, as browsers do.
                self.send_raw(frame(0xA, payload))

    def request(self, method, params):
        id = self.next_id
        self.next_id += 1
        self.send_text(json.dumps({"jsonrpc": "2.0", "id": id, "method": method, "params": params}))
        while True:
            message = self.read_message()
            if message.get("id") == id:
                return message

    def notify(self, method, params):
        self.send_text(json.dumps({"jsonrpc": "2.0", "method": method, "params": params}))

    def close(self):
        self.sock.close()
