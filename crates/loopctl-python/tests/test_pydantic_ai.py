"""The PydanticAI adapter, in a real `Agent` run with PydanticAI's own `FunctionModel`: no key, no network."""

from __future__ import annotations

from typing import Any

import pytest

import loopctl

from .conftest import Flaky, make_convert, need, never_gives_up, unavailable


def scripted(tool_name: str, args: dict[str, Any], final: str) -> tuple[Any, list[list[Any]]]:
    """A model that calls ``tool_name`` once, then answers ``final``; it
    keeps the tool returns and retry prompts it was shown, per turn."""
    need("pydantic_ai")
    from pydantic_ai.messages import ModelResponse, TextPart, ToolCallPart
    from pydantic_ai.models.function import FunctionModel

    shown: list[list[Any]] = []

    def respond(messages: list[Any], info: Any) -> ModelResponse:
        shown.append(
            [
                part
                for message in messages
                for part in message.parts
                if getattr(part, "part_kind", "") in ("tool-return", "retry-prompt")
            ]
        )
        if len(shown) == 1:
            return ModelResponse(parts=[ToolCallPart(tool_name, args, tool_call_id="call_1")])
        return ModelResponse(parts=[TextPart(final)])

    return FunctionModel(respond), shown


def test_a_transient_failure_recovers_within_one_model_turn() -> None:
    need("pydantic_ai")
    from pydantic_ai import Agent

    from loopctl.pydantic_ai import tool

    flaky = Flaky(2, ConnectionError("503 Service Unavailable"))

    def get_weather(city: str) -> str:
        """Weather for a city."""
        return flaky(city=city)

    model, shown = scripted("get_weather", {"city": "Paris"}, "Sunny in Paris.")
    agent = Agent(model, tools=[tool(loopctl.Recovery(max_retries=3, base_delay=0), get_weather)])
    result = agent.run_sync("Weather in Paris?")
    assert len(flaky.runs) == 3
    assert result.usage.requests == 2
    [returned] = shown[1]
    assert returned.content == "Sunny, 21C in Paris"


def test_a_permanent_error_reaches_the_model_once() -> None:
    need("pydantic_ai")
    from pydantic_ai import Agent

    from loopctl.pydantic_ai import tool

    flaky = Flaky(99, PermissionError("EACCES: permission denied, open '/etc/shadow'"))

    def read_file(path: str) -> str:
        """Reads a file."""
        return flaky(path=path)

    model, shown = scripted("read_file", {"path": "/etc/shadow"}, "I cannot read it.")
    agent = Agent(model, tools=[tool(loopctl.Recovery(max_retries=3, base_delay=0), read_file)])
    result = agent.run_sync("Show /etc/shadow")
    assert len(flaky.runs) == 1
    assert result.output == "I cannot read it."
    [told] = shown[1]
    assert "EACCES" in str(told.content)


def test_the_rules_fix_runs_corrected() -> None:
    need("pydantic_ai")
    from pydantic_ai import Agent

    from loopctl.pydantic_ai import tool

    convert, seen = make_convert()

    model, shown = scripted("convert", {"amount": "12.5"}, "That is 11.25 EUR.")
    agent = Agent(model, tools=[tool(loopctl.Recovery(max_retries=2, base_delay=0), convert)])
    agent.run_sync("12.5 USD in EUR?")
    assert seen == ["12.5", 12.5]
    [returned] = shown[1]
    assert returned.content == "11.25 EUR"


async def test_the_ceiling_ends_the_run() -> None:
    need("pydantic_ai")
    from pydantic_ai import Agent
    from pydantic_ai.exceptions import AgentRunError

    from loopctl.pydantic_ai import tool

    recovery = never_gives_up()
    model, shown = scripted("unavailable", {"url": "https://example.com"}, "never")
    agent = Agent(model, tools=[tool(recovery, unavailable)])
    with pytest.raises(AgentRunError) as caught:
        await agent.run("Fetch it")
    assert isinstance(caught.value, loopctl.ToolRecoveryExhausted)
    assert caught.value.attempts == loopctl.MAX_ATTEMPTS
    assert len(shown) == 1
