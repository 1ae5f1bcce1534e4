"""``Recovery``: one policy's driver for Python functions, as keyword settings or a ``loopctl.toml``, and the functions it wraps."""

from __future__ import annotations

import datetime
import os
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from typing import Any, Literal, ParamSpec, TypeVar, overload

from . import _native
from ._errors import ToolFailed
from ._actions import Action
from ._native import FailureAnalysis, ToolResult
from ._wrap import RecoveredTool, wrap_function

P = ParamSpec("P")
R = TypeVar("R")
Duration = float | int | datetime.timedelta | str
Effect = Literal["read-only", "writes", "destructive"]
ReflectorName = Literal["rules", "llm", "rules+llm"]
Reflect = Callable[[str, str, dict[str, Any], int], Any]
Decide = Callable[[FailureAnalysis, int, int], Action]

# The `[defaults]` keys of loopctl.toml, as keyword arguments.
_DURATIONS = ("base_delay", "max_delay", "tool_timeout", "reflection_timeout")


class Recovery:
    """Runs every call of the functions it wraps through loopctl's driver.

    Settings are the keys of ``loopctl.toml``'s ``[defaults]`` table, given
    as keyword arguments, or read from a policy file shared with the CLI and
    the MCP proxy (``policy=``); keywords given with a file override its
    ``[defaults]``. ``tools`` holds per-tool sections (``{"search":
    {"max_retries": 5}}``) and ``rules`` the file's ``[[rules]]`` entries.
    Durations are seconds, a ``timedelta`` or a string such as ``"250ms"``.

    ``reflector`` is ``"rules"`` (offline, the default), ``"llm"``,
    ``"rules+llm"``, or a Python callable ``reflect(error, tool, input,
    attempt)`` returning a ``FailureAnalysis`` or the spec's dict; ``model``
    is that callable for ``"llm"`` and ``"rules+llm"`` (without it, a model
    is configured from the environment as for the CLI). With ``"rules+llm"``,
    ``rules_confidence="strong"`` (the default) hands the model what the
    rules decided from generic words only; ``"weak"`` keeps every verdict
    the rules reach. ``strategy`` is a
    callable ``decide(analysis, attempt, max_attempts)`` returning
    :class:`Retry`, :class:`Skip`, :class:`AskUser` or :class:`Fail`, in
    place of the backoff the settings describe; whatever it says, a call
    never runs more than ``MAX_ATTEMPTS`` times.

    ``record`` writes every failed attempt and every call's outcome to a
    JSON Lines file that ``loopctl replay`` reads; ``redact`` names extra
    input keys to hide there. Call ``close()`` (or use ``with``) to finish
    the file.
    """

    def __init__(
        self,
        policy: str | os.PathLike[str] | None = None,
        *,
        reflector: ReflectorName | Reflect | None = None,
        model: Reflect | None = None,
        strategy: Decide | None = None,
        provider: Literal["openai", "anthropic"] | None = None,
        rules_confidence: Literal["strong", "weak"] | None = None,
        max_retries: int | None = None,
        base_delay: Duration | None = None,
        max_delay: Duration | None = None,
        jitter: Literal["none", "full", "equal", "decorrelated"] | None = None,
        fixes_at_once: bool | None = None,
        tool_timeout: Duration | None = None,
        reflection_timeout: Duration | None = None,
        retry_budget: Mapping[str, Any] | None = None,
        breaker: Mapping[str, Any] | None = None,
        tools: Mapping[str, Mapping[str, Any]] | None = None,
        rules: Sequence[Mapping[str, Any]] | None = None,
        record: str | os.PathLike[str] | None = None,
        redact: Iterable[str] = (),
        task: str = "",
    ) -> None:
        if callable(reflector):
            model, reflector = reflector, "llm"
        defaults: dict[str, Any] = {
            "reflector": reflector,
            "provider": provider,
            "rules_confidence": rules_confidence,
            "max_retries": max_retries,
            "jitter": jitter,
            "fixes_at_once": fixes_at_once,
            "retry_budget": dict(retry_budget) if retry_budget is not None else None,
            "breaker": _durations(dict(breaker), ("cool_down",)) if breaker is not None else None,
        }
        for key, value in zip(_DURATIONS, (base_delay, max_delay, tool_timeout, reflection_timeout)):
            defaults[key] = None if value is None else duration(value)
        settings: dict[str, Any] = {
            "defaults": {key: value for key, value in defaults.items() if value is not None}
        }
        if tools:
            settings["tools"] = {
                name: _durations(dict(section), _DURATIONS + ("rate_limit_wait",))
                for name, section in tools.items()
            }
        if rules:
            settings["rules"] = [_durations(dict(rule), ("delay",)) for rule in rules]
        self._engine = _native.Engine(
            policy_path=os.fspath(policy) if policy is not None else None,
            settings=settings,
            model=model,
            strategy=strategy,
            record=os.fspath(record) if record is not None else None,
            redact=list(redact),
            task=task,
        )

    @classmethod
    def from_file(cls, path: str | os.PathLike[str], **overrides: Any) -> Recovery:
        """The recovery a ``loopctl.toml`` describes, with ``overrides``."""
        return cls(path, **overrides)

    @overload
    def tool(self, function: Callable[P, R], /) -> RecoveredTool[P, R]: ...

    @overload
    def tool(
        self,
        function: None = None,
        /,
        *,
        name: str | None = None,
        description: str | None = None,
        schema: Mapping[str, Any] | type[Any] | None = None,
        effect: Effect | None = None,
        idempotent: bool | None = None,
    ) -> Callable[[Callable[P, R]], RecoveredTool[P, R]]: ...

    def tool(
        self,
        function: Callable[P, R] | None = None,
        /,
        *,
        name: str | None = None,
        description: str | None = None,
        schema: Mapping[str, Any] | type[Any] | None = None,
        effect: Effect | None = None,
        idempotent: bool | None = None,
    ) -> RecoveredTool[P, R] | Callable[[Callable[P, R]], RecoveredTool[P, R]]:
        """Decorator form of :meth:`wrap`: ``@recovery.tool`` or
        ``@recovery.tool(effect="read-only")``."""
        if function is not None:
            return self.wrap(function)

        def decorate(function: Callable[P, R]) -> RecoveredTool[P, R]:
            return self.wrap(
                function,
                name=name,
                description=description,
                schema=schema,
                effect=effect,
                idempotent=idempotent,
            )

        return decorate

    def wrap(
        self,
        function: Callable[P, R],
        *,
        name: str | None = None,
        description: str | None = None,
        schema: Mapping[str, Any] | type[Any] | None = None,
        effect: Effect | None = None,
        idempotent: bool | None = None,
    ) -> RecoveredTool[P, R]:
        """``function`` as a tool whose every call recovers.

        The result keeps the function's name, signature, annotations and
        docstring, so any framework can take it as an ordinary tool. Called,
        it returns what the function returned, raises :class:`ToolFailed`
        when recovery gave up, and :class:`ToolRecoveryExhausted` at the
        ceiling; ``.call(...)`` returns the :class:`ToolResult` instead.
        ``schema`` (a JSON Schema or a pydantic model) replaces the one read
        from the signature; ``effect`` and ``idempotent`` declare what a
        retry risks (a policy file's declaration wins).
        """
        return wrap_function(
            self._engine,
            function,
            name=name,
            description=description,
            schema=schema,
            effect=effect,
            idempotent=idempotent,
        )

    def call(self, tool: str, /, **arguments: Any) -> ToolResult:
        """Calls the wrapped tool named ``tool`` and returns its result."""
        return self._engine.call(tool, arguments)

    async def acall(self, tool: str, /, **arguments: Any) -> ToolResult:
        """Awaits the wrapped tool named ``tool`` and returns its result."""
        return await self._engine.acall(tool, arguments)

    def run(self, tool: str, /, **arguments: Any) -> Any:
        """Calls ``tool`` and returns its value, or raises :class:`ToolFailed`."""
        return value_of(self.call(tool, **arguments))

    @property
    def tools(self) -> list[str]:
        """The names of the wrapped tools."""
        return self._engine.tools()

    def close(self) -> tuple[int, int]:
        """Finishes the record file: ``(lines written, lines dropped)``."""
        return self._engine.close()

    def __enter__(self) -> Recovery:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


def value_of(result: ToolResult) -> Any:
    """The value of a successful result; :class:`ToolFailed` otherwise."""
    if result.is_error:
        raise ToolFailed(result)
    return result.value


async def avalue_of(pending: Awaitable[ToolResult]) -> Any:
    """:func:`value_of` of an awaited result."""
    return value_of(await pending)


def duration(value: Duration) -> str:
    """A duration as loopctl.toml writes it: seconds become microseconds."""
    if isinstance(value, str):
        return value
    if isinstance(value, datetime.timedelta):
        value = value.total_seconds()
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0:
        raise TypeError(f"a duration is seconds (>= 0), a timedelta or a string like '250ms', not {value!r}")
    return f"{round(value * 1_000_000)}us"


def _durations(section: dict[str, Any], keys: Iterable[str]) -> dict[str, Any]:
    for key in keys:
        if key in section and section[key] is not None:
            section[key] = duration(section[key])
    return section
