"""The LangGraph adapter, in a real `create_agent` run with LangChain's own fake chat model: no key, no network."""

from __future__ import annotations

from typing import Any

import pytest

import loopctl

from .conftest import Flaky, make_convert, need, never_gives_up, unavailable


def agent_with(tool: Any, script: list[Any]) -> tuple[Any, Any]:
    need("langgraph")
    from langchain.agents import create_agent
    from langchain_core.language_models.fake_chat_models import GenericFakeChatModel

    class ScriptedChatModel(GenericFakeChatModel):
        """LangChain's fake model, scripted; it ignores the tools it is bound to."""

        turns: int = 0

        def bind_tools(self, tools: Any, **kwargs: Any) -> Any:
            return self

        def _generate(self, *args: Any, **kwargs: Any) -> Any:
            self.turns += 1
            return super()._generate(*args, **kwargs)

    model = ScriptedChatModel(messages=iter(script))
    return create_agent(model, tools=[tool]), model


def call(name: str, args: dict[str, Any]) -> Any:
    from langchain_core.messages import AIMessage

    return AIMessage(content="", tool_calls=[{"name": name, "args": args, "id": "call_1", "type": "tool_call"}])


def answer(text: str) -> Any:
    from langchain_core.messages import AIMessage

    return AIMessage(content=text)


def tool_messages(state: dict[str, Any]) -> list[Any]:
    return [message for message in state["messages"] if message.type == "tool"]


def test_a_transient_failure_recovers_within_one_model_turn() -> None:
    need("langgraph")
    from loopctl.langgraph import tool

    flaky = Flaky(2, ConnectionError("503 Service Unavailable"))

    def get_weather(city: str) -> str:
        """Weather for a city."""
        return flaky(city=city)

    agent, model = agent_with(
        tool(loopctl.Recovery(max_retries=3, base_delay=0), get_weather),
        [call("get_weather", {"city": "Paris"}), answer("Sunny in Paris.")],
    )
    state = agent.invoke({"messages": [{"role": "user", "content": "Weather in Paris?"}]})
    assert len(flaky.runs) == 3
    assert model.turns == 2
    [message] = tool_messages(state)
    assert (message.status, message.content) == ("success", "Sunny, 21C in Paris")


def test_a_permanent_error_reaches_the_model_once() -> None:
    need("langgraph")
    from loopctl.langgraph import tool

    flaky = Flaky(99, PermissionError("EACCES: permission denied, open '/etc/shadow'"))

    def read_file(path: str) -> str:
        """Reads a file."""
        return flaky(path=path)

    agent, model = agent_with(
        tool(loopctl.Recovery(max_retries=3, base_delay=0), read_file),
        [call("read_file", {"path": "/etc/shadow"}), answer("I cannot read it.")],
    )
    state = agent.invoke({"messages": [{"role": "user", "content": "Show /etc/shadow"}]})
    assert len(flaky.runs) == 1
    [message] = tool_messages(state)
    assert message.status == "error"
    assert "EACCES" in message.content
    assert model.turns == 2


def test_the_rules_fix_runs_corrected() -> None:
    need("langgraph")
    from loopctl.langgraph import tool

    convert, seen = make_convert()

    agent, _ = agent_with(
        tool(loopctl.Recovery(max_retries=2, base_delay=0), convert),
        [call("convert", {"amount": "12.5"}), answer("That is 11.25 EUR.")],
    )
    state = agent.invoke({"messages": [{"role": "user", "content": "12.5 USD in EUR?"}]})
    assert seen == ["12.5", 12.5]
    [message] = tool_messages(state)
    assert message.content == "11.25 EUR"


async def test_the_ceiling_ends_the_run() -> None:
    need("langgraph")
    from loopctl.langgraph import tool

    recovery = never_gives_up()
    agent, model = agent_with(tool(recovery, unavailable), [call("unavailable", {"url": "https://example.com"}), answer("never")])
    with pytest.raises(loopctl.ToolRecoveryExhausted) as caught:
        await agent.ainvoke({"messages": [{"role": "user", "content": "Fetch it"}]})
    assert caught.value.attempts == loopctl.MAX_ATTEMPTS
    assert model.turns == 1
