"""Ctrl-C during a backoff wait: the blocked call ends with KeyboardInterrupt instead of sleeping on."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap


PROGRAM = textwrap.dedent(
    """
    import signal, sys, time, loopctl
    # A child started from a background job inherits SIGINT ignored.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    recovery = loopctl.Recovery(max_retries=3, base_delay=600, max_delay=600)

    @recovery.tool
    def slow():
        print("started", flush=True)
        raise ConnectionError("503 Service Unavailable")

    begun = time.monotonic()
    try:
        slow()
    except KeyboardInterrupt:
        # The test sends SIGINT until this process ends: ignore the rest.
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        print(f"interrupted after {time.monotonic() - begun:.1f}s", flush=True)
        sys.exit(3)
    print("not interrupted", flush=True)
    """
)


def test_ctrl_c_ends_a_backoff_wait() -> None:
    child = subprocess.Popen(
        [sys.executable, "-c", PROGRAM],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "started"
        # The call is in its 600 s backoff (or about to be): interrupt it,
        # again until it ends, in case the first lands before the wait.
        for _ in range(600):
            os.kill(child.pid, signal.SIGINT)
            try:
                child.wait(timeout=0.1)
                break
            except subprocess.TimeoutExpired:
                continue
        code = child.wait(timeout=60)
        output = child.stdout.read()
    finally:
        child.kill()
    assert code == 3, output
    assert output.startswith("interrupted after")
