"""loopctl for LangChain and LangGraph agents: a tool whose every call recovers (``tool``), or a middleware that gives every tool of a ``create_agent`` agent recovery (``RecoveryMiddleware``).

A soft failure reaches the model once, as a ``ToolMessage`` with
``status="error"`` (a ``ToolException`` the tool handles); the ceiling's
:class:`~loopctl.ToolRecoveryExhausted` propagates out of ``invoke``, as
any unhandled tool exception does in LangGraph.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from typing import Any, NoReturn

from collections.abc import Awaitable

from langchain.agents.middleware import AgentMiddleware, ToolCallRequest
from langchain_core.messages import ToolMessage
from langchain_core.tools import StructuredTool, ToolException
from langgraph.errors import GraphBubbleUp

from ._adapt import Relay, model_text, recovered, register_once
from ._errors import ToolFailed
from ._native import ToolOutput, ToolResult
from ._recovery import Effect, Recovery

__all__ = ["RecoveryMiddleware", "tool"]


def tool(
    recovery: Recovery,
    function: Callable[..., Any],
    *,
    name: str | None = None,
    description: str | None = None,
    schema: Mapping[str, Any] | type[Any] | None = None,
    effect: Effect | None = None,
    idempotent: bool | None = None,
) -> StructuredTool:
    """``function`` as a LangChain tool whose calls run through ``recovery``.

    The model sees the schema loopctl checks calls against (from the
    signature, or ``schema``), and LangChain passes the model's arguments
    through as they are, so a mistyped field reaches loopctl's rules, which
    fix it, rather than being coerced or refused first. Sync functions
    become ``func``, async ones ``coroutine``.
    """
    adapted = recovered(
        recovery,
        function,
        on_failure=_to_model,
        on_ceiling=None,
        name=name,
        description=description,
        schema=schema,
        effect=effect,
        idempotent=idempotent,
    )
    is_async = inspect.iscoroutinefunction(function)
    return StructuredTool.from_function(
        func=None if is_async else adapted,
        coroutine=adapted if is_async else None,
        name=adapted.tool_name,
        description=description or (function.__doc__ or adapted.tool_name).strip(),
        args_schema=adapted.input_schema,
        handle_tool_error=True,
    )


def _to_model(failure: ToolFailed) -> NoReturn:
    raise ToolException(model_text(failure)) from failure


class RecoveryMiddleware(AgentMiddleware):
    """Recovery for every tool of a ``create_agent`` agent, as they are.

    Each attempt runs through LangGraph's own tool node (its validation,
    its error handling); an exception, or a ``ToolMessage`` with
    ``status="error"``, is a failed attempt that loopctl reads and recovers
    from. A soft failure reaches the model once as an error ``ToolMessage``;
    the ceiling propagates out of ``invoke``; LangGraph's interrupts pass
    through untouched. Tool sections of the policy apply by tool name.
    """

    def __init__(self, recovery: Recovery) -> None:
        super().__init__()
        self.recovery = recovery
        self._known: set[str] = set()

    def wrap_tool_call(self, request: ToolCallRequest, handler: Callable[[ToolCallRequest], Any]) -> Any:
        name = self._prepare(request)
        if name is None:
            return handler(request)
        relay = Relay(lambda arguments: handler(_with(request, arguments)), _checked, (GraphBubbleUp,))
        result = self.recovery._engine.call(name, dict(request.tool_call["args"]), context=relay)
        return _answer(request, result, relay)

    async def awrap_tool_call(
        self, request: ToolCallRequest, handler: Callable[[ToolCallRequest], Awaitable[Any]]
    ) -> Any:
        name = self._prepare(request)
        if name is None:
            return await handler(request)
        relay = Relay(lambda arguments: handler(_with(request, arguments)), _checked, (GraphBubbleUp,))
        result = await self.recovery._engine.acall(name, dict(request.tool_call["args"]), context=relay)
        return _answer(request, result, relay)

    def _prepare(self, request: ToolCallRequest) -> str | None:
        if request.tool is None:  # an unknown tool: LangGraph answers it
            return None
        name = str(request.tool_call["name"])
        register_once(
            self.recovery, self._known, name, request.tool.description, request.tool.get_input_jsonschema()
        )
        return name


def _with(request: ToolCallRequest, arguments: dict[str, Any]) -> ToolCallRequest:
    return request.override(tool_call={**request.tool_call, "args": arguments})


def _checked(returned: Any) -> Any:
    if isinstance(returned, ToolMessage) and returned.status == "error":
        return ToolOutput.error(str(returned.content))
    return returned


def _answer(request: ToolCallRequest, result: ToolResult, relay: Relay) -> Any:
    relay.raise_escaped()
    if result.is_error:
        return ToolMessage(
            content=model_text(ToolFailed(result)),
            status="error",
            tool_call_id=request.tool_call["id"],
            name=request.tool_call["name"],
        )
    return result.value
