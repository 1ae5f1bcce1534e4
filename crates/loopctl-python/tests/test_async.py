"""Async tools: they run on the caller's loop, recover like sync ones, and a cancelled task ends the wait at once."""

from __future__ import annotations

import asyncio
import threading

import pytest

import loopctl


async def test_an_async_tool_recovers_on_the_callers_loop() -> None:
    recovery = loopctl.Recovery(max_retries=3, base_delay=0)
    loop = asyncio.get_running_loop()
    loops = []

    @recovery.tool
    async def fetch(item: int) -> int:
        loops.append(asyncio.get_running_loop())
        await asyncio.sleep(0)
        if len(loops) < 3:
            raise TimeoutError("upstream timed out")
        return item * 2

    assert await fetch(21) == 42
    assert loops == [loop, loop, loop]
    result = await fetch.acall(1)
    assert (result.attempts, result.value) == (1, 2)


async def test_cancelling_the_task_cancels_the_backoff_wait() -> None:
    # A 60 s backoff: the test ends long before unless cancelling works.
    recovery = loopctl.Recovery(max_retries=3, base_delay=60)
    started = asyncio.Event()

    @recovery.tool
    async def slow() -> None:
        started.set()
        raise ConnectionError("503 Service Unavailable")

    task = asyncio.create_task(slow())
    await asyncio.wait_for(started.wait(), timeout=30)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await asyncio.wait_for(task, timeout=30)


async def test_concurrent_calls_each_get_their_own_value() -> None:
    recovery = loopctl.Recovery(max_retries=3, base_delay=0)

    @recovery.tool
    async def echo(value: int) -> int:
        await asyncio.sleep(0.001 * (value % 3))
        return value

    assert await asyncio.gather(*(echo(value) for value in range(50))) == list(range(50))


def test_sync_calls_from_many_threads_each_get_their_own_value() -> None:
    recovery = loopctl.Recovery()

    @recovery.tool
    def echo(value: int) -> int:
        return value

    found: dict[int, object] = {}

    def run(value: int) -> None:
        found[value] = echo(value)

    threads = [threading.Thread(target=run, args=(value,)) for value in range(16)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert found == {value: value for value in range(16)}


def test_a_sync_tool_may_call_another_wrapped_tool() -> None:
    recovery = loopctl.Recovery(max_retries=2, base_delay=0)
    inner_runs = []

    @recovery.tool
    def inner(x: int) -> int:
        inner_runs.append(x)
        if len(inner_runs) == 1:
            raise ConnectionError("connection reset by peer")
        return x + 1

    @recovery.tool
    def outer(x: int) -> int:
        return int(inner(x)) * 10

    assert outer(1) == 20
    assert inner_runs == [1, 1]
