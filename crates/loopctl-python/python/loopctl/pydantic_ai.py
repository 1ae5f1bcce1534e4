"""loopctl for PydanticAI agents: a ``Tool`` whose every call recovers (``tool``), or a toolset that gives every tool of another toolset recovery (``RecoveryToolset``).

A soft failure reaches the model once, as ``ModelRetry`` (PydanticAI's own
way of telling the model a tool call did not work, counted against the
tool's ``max_retries``); the ceiling's :class:`ToolRecoveryExhausted`
becomes :class:`RecoveryExhaustedError`, an ``AgentRunError``, which ends
``agent.run`` as PydanticAI's own run errors do.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NoReturn

from dataclasses import dataclass, field

from pydantic_ai import ModelRetry, RunContext, Tool
from pydantic_ai.exceptions import AgentRunError, ApprovalRequired, CallDeferred
from pydantic_ai.toolsets import AbstractToolset, WrapperToolset
from pydantic_ai.toolsets.abstract import ToolsetTool

from ._adapt import Relay, model_text, recovered, register_once
from ._errors import ToolFailed, ToolRecoveryExhausted
from ._recovery import Effect, Recovery

__all__ = ["RecoveryExhaustedError", "RecoveryToolset", "recovering", "tool"]

# PydanticAI's own control flow: what a tool raises to talk to the model or
# to the run, never a failure to retry.
_PASSTHROUGH: tuple[type[BaseException], ...] = (ModelRetry, CallDeferred, ApprovalRequired, AgentRunError)


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


@dataclass
class RecoveryToolset(WrapperToolset[Any]):
    """Every tool of ``wrapped`` (a ``FunctionToolset``, an MCP server, any
    toolset), with each call run through ``recovery``.

    ``Agent(model, toolsets=[RecoveryToolset(toolset, recovery=recovery)])``.
    PydanticAI validates the arguments first; each attempt then calls the
    wrapped toolset. A soft failure reaches the model once as
    ``ModelRetry``; the ceiling ends the run as
    :class:`RecoveryExhaustedError`; a tool's own ``ModelRetry``,
    ``CallDeferred`` or ``ApprovalRequired`` passes through untouched.
    Tool sections of the policy apply by tool name.
    """

    recovery: Recovery | None = field(default=None, kw_only=True)
    _known: set[str] = field(default_factory=set, init=False, repr=False)

    async def call_tool(
        self, name: str, tool_args: dict[str, Any], ctx: RunContext[Any], tool: ToolsetTool[Any]
    ) -> Any:
        recovery = self.recovery
        if recovery is None:
            raise TypeError("RecoveryToolset needs recovery=loopctl.Recovery(...)")
        definition = tool.tool_def
        register_once(
            recovery, self._known, name, definition.description or "", dict(definition.parameters_json_schema)
        )
        relay = Relay(
            lambda arguments: self.wrapped.call_tool(name, arguments, ctx, tool),
            lambda returned: returned,
            _PASSTHROUGH,
        )
        try:
            result = await recovery._engine.acall(name, tool_args, context=relay)
        except ToolRecoveryExhausted as error:
            raise RecoveryExhaustedError(error) from error
        relay.raise_escaped()
        if result.is_error:
            raise ModelRetry(model_text(ToolFailed(result)))
        return result.value


def recovering(recovery: Recovery, toolset: AbstractToolset[Any]) -> RecoveryToolset:
    """``toolset`` with every call run through ``recovery``."""
    return RecoveryToolset(toolset, recovery=recovery)
