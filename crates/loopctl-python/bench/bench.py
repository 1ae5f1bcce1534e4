"""Per-call overhead of loopctl against tenacity and a bare try/except loop, on the same Python tool, in one run; and analyses per second.

Run with the package and tenacity installed (``cargo xtask bench`` runs it
in the CI's virtual environment): ``python crates/loopctl-python/bench/bench.py``.
Each figure is the best of several repeats of many calls, minus nothing:
the tool's own cost is in every row, so the bare call is the floor.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable

import tenacity

import loopctl

CALLS = 20_000
REPEATS = 7


def best_per_call(run: Callable[[], object], calls: int = CALLS) -> float:
    """The fastest of REPEATS runs of ``calls`` calls, in microseconds per call."""
    best = float("inf")
    for _ in range(REPEATS):
        started = time.perf_counter_ns()
        for _ in range(calls):
            run()
        best = min(best, (time.perf_counter_ns() - started) / calls / 1000)
    return best


class Transient:
    """Fails every other attempt: each call fails once, then succeeds."""

    def __init__(self) -> None:
        self.attempts = 0

    def __call__(self, x: int) -> int:
        self.attempts += 1
        if self.attempts % 2:
            raise ConnectionError("503 Service Unavailable")
        return x + 1


def plain(x: int) -> int:
    return x + 1


def try_except(tool: Callable[[int], int]) -> Callable[[int], int]:
    def run(x: int) -> int:
        for attempt in range(4):
            try:
                return tool(x)
            except ConnectionError:
                if attempt == 3:
                    raise
        raise AssertionError("unreachable")

    return run


def with_tenacity(tool: Callable[[int], int]) -> Callable[[int], int]:
    return tenacity.retry(stop=tenacity.stop_after_attempt(4), wait=tenacity.wait_none(), reraise=True)(tool)


def with_loopctl(tool: Callable[[int], int], name: str) -> Callable[[int], int]:
    recovery = loopctl.Recovery(max_retries=3, base_delay=0)

    def body(x: int) -> int:
        return tool(x)

    return recovery.wrap(body, name=name)


def main() -> None:
    rows: list[tuple[str, float, float]] = []
    for case, make in (("success", lambda: plain), ("transient", Transient)):
        floor = best_per_call(lambda tool=make(): tool(1)) if case == "success" else 0.0
        bare = try_except(make())
        retried = with_tenacity(make())
        recovered = with_loopctl(make(), case)
        results = {
            "try/except": best_per_call(lambda: bare(1)),
            "tenacity": best_per_call(lambda: retried(1)),
            "loopctl": best_per_call(lambda: recovered(1)),
        }
        if case == "success":
            print(f"{case:9}  bare call          {floor:8.2f} µs")
        for name, micros in results.items():
            ratio = micros / results["tenacity"]
            rows.append((f"{case}_{name}", micros, ratio))
            print(f"{case:9}  {name:18} {micros:8.2f} µs   {ratio:5.2f}× tenacity")
    texts = [
        "HTTP 503 Service Unavailable",
        "HTTP 429 Too Many Requests; Retry-After: 2",
        "EACCES: permission denied, open '/etc/shadow'",
        "ECONNRESET: socket hang up",
        "400 Bad Request: 'limit' must be an integer",
    ]
    per_text = best_per_call(lambda: [loopctl.analyze(text) for text in texts], calls=4_000) / len(texts)
    print(f"analyze   {1e6 / per_text:,.0f} analyses/s ({per_text:.2f} µs each)")
    for name, micros, ratio in rows:
        print(f"FIGURE python_{name.replace('/', '_')}_us {micros:.2f}")
        print(f"FIGURE python_{name.replace('/', '_')}_vs_tenacity {ratio:.2f}")
    print(f"FIGURE python_analyses_per_second {1e6 / per_text:.0f}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
