"""`RecoveryMiddleware`: recovery for every tool of a `create_agent` agent, the tools as LangChain made them."""

from __future__ import annotations

from typing import Any

import pytest

import loopctl

from .conftest import Flaky, need
from .test_langgraph import answer, call, tool_messages


def agent_with_middleware(recovery: loopctl.Recovery, function: Any, script: list[Any]) -> tuple[Any, Any]:
    need("langgraph")
    from langchain.agents import create_agent
    from langchain_core.tools import tool

    from loopctl.langgraph import RecoveryMiddleware

    from .test_langgraph import agent_with

    _, model = agent_with(tool(function), script)
    return create_agent(model, tools=[tool(function)], middleware=[RecoveryMiddleware(recovery)]), model


def test_a_transient_failure_of_a_plain_langchain_tool_recovers() -> None:
    flaky = Flaky(2, ConnectionError("503 Service Unavailable"))

    def get_weather(city: str) -> str:
        """Weather for a city."""
        return flaky(city=city)

    agent, model = agent_with_middleware(
        loopctl.Recovery(max_retries=3, base_delay=0),
        get_weather,
        [call("get_weather", {"city": "Paris"}), answer("Sunny in Paris.")],
    )
    state = agent.invoke({"messages": [{"role": "user", "content": "Weather in Paris?"}]})
    assert len(flaky.runs) == 3
    assert model.turns == 2
    [message] = tool_messages(state)
    assert (message.status, message.content) == ("success", "Sunny, 21C in Paris")


async def test_a_permanent_error_reaches_the_model_once_and_the_ceiling_ends_the_run() -> None:
    flaky = Flaky(99, PermissionError("EACCES: permission denied, open '/etc/shadow'"))

    async def read_file(path: str) -> str:
        """Reads a file."""
        return flaky(path=path)

    agent, model = agent_with_middleware(
        loopctl.Recovery(max_retries=3, base_delay=0),
        read_file,
        [call("read_file", {"path": "/etc/shadow"}), answer("I cannot.")],
    )
    state = await agent.ainvoke({"messages": [{"role": "user", "content": "Show /etc/shadow"}]})
    assert len(flaky.runs) == 1
    [message] = tool_messages(state)
    assert message.status == "error" and "EACCES" in message.content

    always = Flaky(99, ConnectionError("503 Service Unavailable"))

    def fetch(url: str) -> str:
        """Fetches a page."""
        return always(url=url)

    forever = loopctl.Recovery(strategy=lambda analysis, attempt, most: loopctl.Retry(0))
    agent, _ = agent_with_middleware(forever, fetch, [call("fetch", {"url": "https://example.com"}), answer("x")])
    with pytest.raises(loopctl.ToolRecoveryExhausted):
        agent.invoke({"messages": [{"role": "user", "content": "Fetch"}]})
    assert len(always.runs) == loopctl.MAX_ATTEMPTS


def test_an_error_message_from_a_tool_that_handles_its_errors_is_retried() -> None:
    need("langgraph")
    from langchain_core.tools import ToolException

    flaky = Flaky(1, ToolException("HTTP 503 Service Unavailable"))

    def search(query: str) -> str:
        """Searches the web."""
        return flaky(query=query)

    from langchain.agents import create_agent
    from langchain_core.tools import tool

    from loopctl.langgraph import RecoveryMiddleware

    from .test_langgraph import agent_with

    handled = tool(search)
    handled.handle_tool_error = True  # LangChain turns the exception into an error ToolMessage
    _, model = agent_with(handled, [call("search", {"query": "loopctl"}), answer("Found it.")])
    agent = create_agent(
        model, tools=[handled], middleware=[RecoveryMiddleware(loopctl.Recovery(max_retries=2, base_delay=0))]
    )
    state = agent.invoke({"messages": [{"role": "user", "content": "Search"}]})
    assert len(flaky.runs) == 2
    [message] = tool_messages(state)
    assert (message.status, message.content) == ("success", "Sunny, 21C in Paris")
