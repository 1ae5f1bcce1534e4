"""The OpenAI Agents SDK adapter, in a real `Runner` run with the SDK's own `ScriptedModel`: no key, no network."""

from __future__ import annotations

import json
from typing import Any

import pytest

import loopctl

from .conftest import Flaky, make_convert, need, never_gives_up, unavailable


def run(tool: Any, name: str, args: dict[str, Any], final: str) -> tuple[Any, Any]:
    need("agents")
    from agents import Agent, Runner, set_tracing_disabled
    from agents.testing import ScriptedModel, assistant_message, function_call

    set_tracing_disabled(True)
    model = ScriptedModel([[function_call(name, json.dumps(args), call_id="call_1")], [assistant_message(final)]])
    result = Runner.run_sync(Agent(name="assistant", model=model, tools=[tool]), "go")
    return result, model


def tool_outputs(model: Any) -> list[str]:
    return [item["output"] for item in model.last_call.input if isinstance(item, dict) and item.get("type") == "function_call_output"]


def test_a_transient_failure_recovers_within_one_model_turn() -> None:
    need("agents")
    from loopctl.openai_agents import tool

    flaky = Flaky(2, ConnectionError("503 Service Unavailable"))

    def get_weather(city: str) -> str:
        """Weather for a city."""
        return flaky(city=city)

    result, model = run(
        tool(loopctl.Recovery(max_retries=3, base_delay=0), get_weather), "get_weather", {"city": "Paris"}, "Sunny."
    )
    assert len(flaky.runs) == 3
    assert len(model.calls) == 2
    assert tool_outputs(model) == ["Sunny, 21C in Paris"]
    assert result.final_output == "Sunny."


def test_a_permanent_error_reaches_the_model_once() -> None:
    need("agents")
    from loopctl.openai_agents import tool

    flaky = Flaky(99, PermissionError("EACCES: permission denied, open '/etc/shadow'"))

    async def read_file(path: str) -> str:
        """Reads a file."""
        return flaky(path=path)

    result, model = run(
        tool(loopctl.Recovery(max_retries=3, base_delay=0), read_file), "read_file", {"path": "/etc/shadow"}, "No."
    )
    assert len(flaky.runs) == 1
    [output] = tool_outputs(model)
    assert "EACCES" in output
    assert result.final_output == "No."


def test_the_rules_fix_runs_corrected() -> None:
    need("agents")
    from loopctl.openai_agents import tool

    convert, seen = make_convert()

    _, model = run(tool(loopctl.Recovery(max_retries=2, base_delay=0), convert), "convert", {"amount": "12.5"}, "ok")
    assert seen == ["12.5", 12.5]
    assert tool_outputs(model) == ["11.25 EUR"]


def test_the_ceiling_ends_the_run() -> None:
    need("agents")
    from agents.exceptions import AgentsException

    from loopctl.openai_agents import tool

    recovery = never_gives_up()
    with pytest.raises(AgentsException) as caught:
        run(tool(recovery, unavailable), "unavailable", {"url": "https://example.com"}, "never")
    assert isinstance(caught.value, loopctl.ToolRecoveryExhausted)
    assert caught.value.attempts == loopctl.MAX_ATTEMPTS
