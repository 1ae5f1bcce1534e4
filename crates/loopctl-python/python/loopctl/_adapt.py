"""What the framework adapters share: a function wrapped by a ``Recovery`` whose soft failure becomes the framework's way of telling the model, and whose ceiling becomes the framework's way of ending a run."""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Mapping
from typing import Any

from ._errors import ToolFailed, ToolRecoveryExhausted
from ._native import ToolOutput
from ._recovery import Effect, Recovery
from ._wrap import RecoveredTool


def recovered(
    recovery: Recovery,
    function: Callable[..., Any],
    *,
    on_failure: Callable[[ToolFailed], Any],
    on_ceiling: Callable[[ToolRecoveryExhausted], BaseException] | None,
    name: str | None,
    description: str | None,
    schema: Mapping[str, Any] | type[Any] | None,
    effect: Effect | None,
    idempotent: bool | None,
) -> RecoveredTool[..., Any]:
    """``function`` wrapped by ``recovery``; a soft failure is handed to
    ``on_failure`` (which raises or returns what the model reads), and the
    ceiling's exception is replaced by ``on_ceiling``'s, chained to it."""
    wrapped: Any = recovery.wrap(
        function,
        name=name,
        description=description,
        schema=schema,
        effect=effect,
        idempotent=idempotent,
    )

    def ceiling(error: ToolRecoveryExhausted) -> BaseException:
        return on_ceiling(error) if on_ceiling is not None else error

    if inspect.iscoroutinefunction(function):

        @functools.wraps(function)
        async def adapted_async(*args: Any, **kwargs: Any) -> Any:
            try:
                return await wrapped(*args, **kwargs)
            except ToolFailed as failure:
                return on_failure(failure)
            except ToolRecoveryExhausted as error:
                raise ceiling(error) from error

        adapted: Any = adapted_async
    else:

        @functools.wraps(function)
        def adapted_sync(*args: Any, **kwargs: Any) -> Any:
            try:
                return wrapped(*args, **kwargs)
            except ToolFailed as failure:
                return on_failure(failure)
            except ToolRecoveryExhausted as error:
                raise ceiling(error) from error

        adapted = adapted_sync
    adapted.tool_name = wrapped.tool_name
    adapted.input_schema = wrapped.input_schema
    adapted.call = wrapped.call
    adapted.acall = wrapped.acall
    return adapted  # type: ignore[no-any-return]


def model_text(failure: ToolFailed) -> str:
    """What the model reads of a soft failure: the tool's last error, and
    what to change when the analysis says."""
    result = failure.result
    text = result.content
    if result.guidance:
        text += f"\n{result.guidance}"
    return text


class Relay:
    """One call an adapter runs through the engine on the framework's own
    handler: ``run(arguments)`` runs one attempt (it may return an
    awaitable); ``check`` turns what it returns into a value or an error
    output; an exception of a ``passthrough`` type is the framework's own
    control flow, which ends the call and is raised again afterwards."""

    __slots__ = ("check", "escaped", "passthrough", "run")

    def __init__(
        self,
        run: Callable[[dict[str, Any]], Any],
        check: Callable[[Any], Any],
        passthrough: tuple[type[BaseException], ...],
    ) -> None:
        self.run = run
        self.check = check
        self.passthrough = passthrough
        self.escaped: BaseException | None = None

    def __call__(self, **arguments: Any) -> Any:
        try:
            returned = self.run(arguments)
        except self.passthrough as error:
            return self._escape(error)
        if inspect.isawaitable(returned):
            return self._finish(returned)
        return self.check(returned)

    async def _finish(self, pending: Any) -> Any:
        try:
            returned = await pending
        except self.passthrough as error:
            return self._escape(error)
        return self.check(returned)

    def _escape(self, error: BaseException) -> ToolOutput:
        self.escaped = error
        return ToolOutput.error(str(error), final=True)

    def raise_escaped(self) -> None:
        """Raises the framework's exception that ended the call, if one did."""
        if self.escaped is not None:
            raise self.escaped


def relay_tool(relay: Relay, **arguments: Any) -> Any:
    """The function adapters register: each attempt runs on the call's relay."""
    return relay(**arguments)


def register_once(recovery: Recovery, known: set[str], name: str, description: str, schema: dict[str, Any]) -> None:
    """Registers tool ``name`` with ``recovery`` as a relayed tool, the first time it is seen."""
    if name not in known:
        recovery._engine.register(name, description, schema, relay_tool)
        known.add(name)
