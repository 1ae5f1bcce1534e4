"""A user's program, checked by mypy --strict in test_typing.py: the stubs and the wrapper's types must let it pass."""

from __future__ import annotations

import asyncio

import loopctl

recovery = loopctl.Recovery(max_retries=2, base_delay=0.1, jitter="full", tools={"search": {"max_retries": 4}})


@recovery.tool(effect="read-only", idempotent=True)
def search(query: str, limit: int = 10) -> list[str]:
    """Searches the index."""
    return [query] * limit


@recovery.tool
async def fetch(url: str) -> str:
    return url


def main() -> None:
    hits: list[str] = search("loopctl", limit=2)
    result: loopctl.ToolResult = search.call("loopctl")
    attempts: int = result.attempts
    history: list[loopctl.Attempt] = result.history
    page: str = asyncio.run(fetch("https://example.com"))
    analysis = loopctl.analyze("HTTP 503 Service Unavailable")
    recoverable: bool = analysis.is_recoverable if analysis is not None else False
    try:
        search("x")
    except loopctl.ToolFailed as failure:
        print(failure.result.content, failure.attempts)
    except loopctl.ToolRecoveryExhausted as error:
        print(error.tool, error.attempts)
    print(hits, attempts, history, page, recoverable)
