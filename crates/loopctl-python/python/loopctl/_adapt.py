"""What the framework adapters share: a function wrapped by a ``Recovery`` whose soft failure becomes the framework's way of telling the model, and whose ceiling becomes the framework's way of ending a run."""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Mapping
from typing import Any

from ._errors import ToolFailed, ToolRecoveryExhausted
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
