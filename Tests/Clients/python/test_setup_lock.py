"""scripts/setup waits for another package manager's lock rather than failing at once (exit 100,
which once made a clean-clone CI run fail). Another process holds apt's lists lock, as `apt-get
update` or unattended-upgrades would, for a few seconds while setup reinstalls one tiny package:
setup says it is waiting, waits, and succeeds once the lock is let go."""

import os
import subprocess
import sys
import time

ROOT = os.path.join(os.path.dirname(__file__), "..", "..", "..")
LOCK = "/var/lib/apt/lists/lock"
HOLD_SECONDS = 6

# A process of its own: apt's locks are fcntl locks, which do not conflict within one process.
HOLDER = f"""
import fcntl, sys, time
with open({LOCK!r}, "w") as lock:
    fcntl.lockf(lock, fcntl.LOCK_EX)
    print("held", flush=True)
    time.sleep({HOLD_SECONDS})
"""


def test_setup_waits_for_apts_lock():
    holder = subprocess.Popen([sys.executable, "-c", HOLDER], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline() == "held\n"
        started = time.monotonic()
        setup = subprocess.run(
            [os.path.join(ROOT, "scripts", "setup")],
            env={**os.environ, "STABLETEXT_SETUP_ALSO": "hostname"},
            stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=900)
        elapsed = time.monotonic() - started
    finally:
        holder.kill()
        holder.wait()
    assert setup.returncode == 0, setup.stderr
    assert "setup: installing hostname" in setup.stderr
    assert "setup: another package manager holds apt's lock; waiting for it" in setup.stderr
    # It went on only once the lock was let go.
    assert elapsed >= HOLD_SECONDS - 1, (elapsed, setup.stderr)
