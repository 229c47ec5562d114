#!/usr/bin/env python3
"""Turns conformance sessions into fuzz seeds: each session's sent bytes (after its own
initialize), framed as the daemon reads them, and each distinct didChange body on its own (the
fuzzer also reads its input as one body, to check the keystroke scanner against jansson). Also
copies the kept regression inputs."""
import json
import os
import shutil
import sys

sessions, out = sys.argv[1], sys.argv[2]
regressions = sys.argv[3] if len(sys.argv) > 3 else None
count = 0
bodies = set()
for name in sorted(os.listdir(sessions)):
    if not name.endswith(".session"):
        continue
    data = bytearray()
    for line in open(os.path.join(sessions, name), encoding="utf-8"):
        word, _, rest = line.strip().partition(" ")
        if word == "send":
            body = json.dumps(json.loads(rest), ensure_ascii=False, separators=(",", ":")).encode()
            data += b"Content-Length: %d\r\n\r\n" % len(body) + body
            if b"textDocument/didChange" in body:
                bodies.add(body)
        elif word == "raw":
            data += json.loads(rest).encode()
        elif word == "bytes":
            data += bytes(int(x, 16) for x in rest.split())
    if data:
        with open(os.path.join(out, "seed-" + name.replace(".session", "")), "wb") as f:
            f.write(bytes(data[:4096]))
        count += 1
for index, body in enumerate(sorted(bodies)):
    with open(os.path.join(out, "seed-change-%d" % index), "wb") as f:
        f.write(body)
# Programs for the structured half of the target (first byte 0xFF): fixed pseudo-random bytes,
# so every run starts from the same seeds.
state = 12345
for index in range(64):
    program = bytearray([0xFF])
    for _ in range(64 + 8 * index):
        state = (state * 6364136223846793005 + 1442695040888963407) % (1 << 64)
        program.append(state >> 56)
    with open(os.path.join(out, "seed-program-%d" % index), "wb") as f:
        f.write(bytes(program))
# Session files for the runner's parser (first byte 0xFE): each conformance session's text,
# after four bytes that choose an extreme `repeat` line.
sessions_seeded = 0
for name in sorted(os.listdir(sessions)):
    if name.endswith(".session"):
        text = open(os.path.join(sessions, name), "rb").read()[:4000]
        with open(os.path.join(out, "seed-session-" + name.replace(".session", "")), "wb") as f:
            f.write(bytes([0xFE, sessions_seeded % 256, 7, 3, 1]) + text)
        sessions_seeded += 1
if regressions and os.path.isdir(regressions):
    for name in os.listdir(regressions):
        shutil.copy(os.path.join(regressions, name), os.path.join(out, "regression-" + name))
print("fuzz seeds: %d from sessions, %d didChange bodies, 64 programs, %d session files"
      % (count, len(bodies), sessions_seeded), file=sys.stderr)
