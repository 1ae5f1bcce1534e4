"""loopctl for PydanticAI agents: a ``Tool`` whose every call recovers.

A soft failure reaches the model once, as ``ModelRetry`` (PydanticAI's own
way of telling the model a tool call did not work, counted against the
tool's ``max_retries``); the ceiling's :class:`ToolRecoveryExhausted`
becomes :class:`RecoveryExhaustedError`, an ``AgentRunError``, which ends
``agent.run`` as PydanticAI's own run errors do.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NoReturn

from pydantic_ai import ModelRetry, Tool
from pydantic_ai.exceptions import AgentRunError

from ._adapt import model_text, recovered
from ._errors import ToolFailed, ToolRecoveryExhausted
from ._recovery import Effect, Recovery

__all__ = ["RecoveryExhaustedError", "tool"]


class RecoveryExhaustedError(AgentRunError, ToolRecoveryExhausted):
    """The ceiling, as PydanticAI's run error: both an ``AgentRunError``
    and a :class:`loopctl.ToolRecoveryExhausted`."""

    def __init__(self, error: ToolRecoveryExhausted) -> None:
        ToolRecoveryExhausted.__init__(self, error.tool, error.attempts, str(error))
        self.message = str(error)


def tool(
    recovery: Recovery,
    function: Callable[..., Any],
    *,
    name: str | None = None,
    description: str | None = None,
    schema: Mapping[str, Any] | type[Any] | None = None,
    effect: Effect | None = None,
    idempotent: bool | None = None,
    max_retries: int | None = None,
) -> Tool[Any]:
    """``function`` as a PydanticAI tool whose calls run through ``recovery``.

    The model sees the schema loopctl checks calls against (from the
    signature, or ``schema``), and the arguments reach loopctl as the model
    wrote them, so a mistyped field is fixed by loopctl's rules rather than
    coerced or refused first.
    """
    adapted = recovered(
        recovery,
        function,
        on_failure=_to_model,
        on_ceiling=RecoveryExhaustedError,
        name=name,
        description=description,
        schema=schema,
        effect=effect,
        idempotent=idempotent,
    )
    built = Tool.from_schema(
        adapted,
        name=adapted.tool_name,
        description=description or (function.__doc__ or "").strip() or None,
        json_schema=adapted.input_schema,
        takes_ctx=False,
    )
    if max_retries is not None:
        built.max_retries = max_retries
    return built


def _to_model(failure: ToolFailed) -> NoReturn:
    raise ModelRetry(model_text(failure)) from failure
