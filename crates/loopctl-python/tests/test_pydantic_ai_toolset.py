"""`RecoveryToolset`: recovery for every tool of another PydanticAI toolset."""

from __future__ import annotations

from typing import Any

import pytest

import loopctl

from .conftest import Flaky, need
from .test_pydantic_ai import scripted


def agent_over(recovery: loopctl.Recovery, function: Any, model: Any) -> Any:
    need("pydantic_ai")
    from pydantic_ai import Agent
    from pydantic_ai.toolsets import FunctionToolset

    from loopctl.pydantic_ai import recovering

    return Agent(model, toolsets=[recovering(recovery, FunctionToolset([function]))])


def test_a_transient_failure_recovers_within_one_model_turn() -> None:
    flaky = Flaky(2, ConnectionError("503 Service Unavailable"))

    def get_weather(city: str) -> str:
        """Weather for a city."""
        return flaky(city=city)

    model, shown = scripted("get_weather", {"city": "Paris"}, "Sunny.")
    result = agent_over(loopctl.Recovery(max_retries=3, base_delay=0), get_weather, model).run_sync("Weather?")
    assert len(flaky.runs) == 3
    assert result.usage.requests == 2
    [returned] = shown[1]
    assert returned.content == "Sunny, 21C in Paris"


def test_a_tools_own_model_retry_passes_through_untouched() -> None:
    need("pydantic_ai")
    from pydantic_ai import ModelRetry

    runs: list[str] = []

    def lookup(city: str) -> str:
        """Looks a city up."""
        runs.append(city)
        raise ModelRetry("spell the city in English")

    model, shown = scripted("lookup", {"city": "Parigi"}, "Sorry.")
    agent_over(loopctl.Recovery(max_retries=3, base_delay=0), lookup, model).run_sync("Where?")
    assert runs == ["Parigi"]
    [told] = shown[1]
    assert told.content == "spell the city in English"


async def test_a_permanent_error_once_and_the_ceiling_ends_the_run() -> None:
    need("pydantic_ai")
    from pydantic_ai.exceptions import AgentRunError

    flaky = Flaky(99, PermissionError("EACCES: permission denied, open '/etc/shadow'"))

    def read_file(path: str) -> str:
        """Reads a file."""
        return flaky(path=path)

    model, shown = scripted("read_file", {"path": "/etc/shadow"}, "I cannot.")
    await agent_over(loopctl.Recovery(max_retries=3, base_delay=0), read_file, model).run("Show it")
    assert len(flaky.runs) == 1
    [told] = shown[1]
    assert "EACCES" in str(told.content)

    always = Flaky(99, ConnectionError("503 Service Unavailable"))

    def fetch(url: str) -> str:
        """Fetches a page."""
        return always(url=url)

    forever = loopctl.Recovery(strategy=lambda analysis, attempt, most: loopctl.Retry(0))
    model, _ = scripted("fetch", {"url": "https://example.com"}, "x")
    with pytest.raises(AgentRunError) as caught:
        await agent_over(forever, fetch, model).run("Fetch")
    assert isinstance(caught.value, loopctl.ToolRecoveryExhausted)
    assert len(always.runs) == loopctl.MAX_ATTEMPTS
