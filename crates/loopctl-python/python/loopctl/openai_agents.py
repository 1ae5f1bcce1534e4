"""loopctl for the OpenAI Agents SDK: a ``FunctionTool`` whose every call recovers.

A soft failure reaches the model once, as the tool's output text (what the
SDK's ``failure_error_function`` does, but with the tool's real error and
the analysis' guidance rather than a generic message); the ceiling's
:class:`ToolRecoveryExhausted` becomes :class:`RecoveryExhaustedError`, an
``AgentsException``, which ends ``Runner.run`` as the SDK's own errors do.
"""

from __future__ import annotations

import asyncio
import inspect
import json
from collections.abc import Callable, Mapping
from typing import Any

from agents import FunctionTool
from agents.exceptions import AgentsException

from ._adapt import model_text
from ._errors import ToolFailed, ToolRecoveryExhausted
from ._native import ToolResult
from ._recovery import Effect, Recovery

__all__ = ["RecoveryExhaustedError", "tool"]


class RecoveryExhaustedError(AgentsException, ToolRecoveryExhausted):
    """The ceiling, as the SDK's run error: both an ``AgentsException`` and
    a :class:`loopctl.ToolRecoveryExhausted`."""

    def __init__(self, error: ToolRecoveryExhausted) -> None:
        ToolRecoveryExhausted.__init__(self, error.tool, error.attempts, str(error))
        self.run_data = None


def tool(
    recovery: Recovery,
    function: Callable[..., Any],
    *,
    name: str | None = None,
    description: str | None = None,
    schema: Mapping[str, Any] | type[Any] | None = None,
    effect: Effect | None = None,
    idempotent: bool | None = None,
) -> FunctionTool:
    """``function`` as an Agents SDK function tool whose calls run through
    ``recovery``.

    The model sees the schema loopctl checks calls against (from the
    signature, or ``schema``; not in strict mode, so defaults stay
    optional), and the arguments reach loopctl as the model wrote them, so
    a mistyped field is fixed by loopctl's rules. A sync function runs in a
    worker thread, as the SDK runs sync tools, so the loop is never blocked.
    """
    wrapped: Any = recovery.wrap(
        function,
        name=name,
        description=description,
        schema=schema,
        effect=effect,
        idempotent=idempotent,
    )
    is_async = inspect.iscoroutinefunction(function)

    async def invoke(_context: Any, arguments: str) -> str:
        try:
            given = json.loads(arguments) if arguments.strip() else {}
        except json.JSONDecodeError as error:
            return f"the arguments are not JSON: {error}"
        if not isinstance(given, dict):
            return "the arguments must be a JSON object"
        try:
            if is_async:
                result: ToolResult = await wrapped.acall(**given)
            else:
                result = await asyncio.to_thread(wrapped.call, **given)
        except ToolRecoveryExhausted as error:
            raise RecoveryExhaustedError(error) from error
        if result.is_error:
            return model_text(ToolFailed(result))
        return result.value if isinstance(result.value, str) else result.content

    return FunctionTool(
        name=wrapped.tool_name,
        description=description or (function.__doc__ or "").strip(),
        params_json_schema=dict(wrapped.input_schema),
        on_invoke_tool=invoke,
        strict_json_schema=False,
    )
