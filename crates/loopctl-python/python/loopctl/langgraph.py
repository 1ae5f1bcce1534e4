"""loopctl for LangChain and LangGraph agents: a tool whose every call recovers, for ``create_agent``, ``ToolNode`` or any runnable that takes LangChain tools.

A soft failure reaches the model once, as a ``ToolMessage`` with
``status="error"`` (a ``ToolException`` the tool handles); the ceiling's
:class:`~loopctl.ToolRecoveryExhausted` propagates out of ``invoke``, as
any unhandled tool exception does in LangGraph.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from typing import Any, NoReturn

from langchain_core.tools import StructuredTool, ToolException

from ._adapt import model_text, recovered
from ._errors import ToolFailed
from ._recovery import Effect, Recovery

__all__ = ["tool"]


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
