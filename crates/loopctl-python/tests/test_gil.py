"""A call waiting in its backoff holds no lock Python needs: other threads run meanwhile."""

from __future__ import annotations

import subprocess
import sys
import textwrap

PROGRAM = textwrap.dedent(
    """
    import threading, time, loopctl
    recovery = loopctl.Recovery(max_retries=3, base_delay=600, max_delay=600)
    failed = threading.Event()

    @recovery.tool
    def slow():
        failed.set()
        raise ConnectionError("503 Service Unavailable")

    threading.Thread(target=slow, daemon=True).start()
    failed.wait(timeout=60)
    # The other thread is now entering its 600 s wait. Each sleep here gives
    # the GIL up and takes it back: past the first few, this thread runs
    # only if that wait released it.
    for _ in range(200):
        time.sleep(0.01)
    print("main thread ran:", sum(range(1_000)), flush=True)
    """
)


def test_other_threads_run_while_a_call_waits() -> None:
    ran = subprocess.run([sys.executable, "-c", PROGRAM], capture_output=True, text=True, timeout=120)
    assert ran.stdout == "main thread ran: 499500\n", ran.stderr
