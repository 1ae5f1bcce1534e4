"""A Python function wrapped so its every call runs through the driver, keeping the function's name, signature, annotations and docstring."""

from __future__ import annotations

import enum
import functools
import inspect
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, ParamSpec, Protocol, TypeVar

from ._errors import ToolFailed
from ._schema import hints, parameters, schema_of

if TYPE_CHECKING:
    from ._native import Engine, ToolResult

P = ParamSpec("P")
R = TypeVar("R", covariant=True)
_SCALARS = (str, int, float, bool, type(None))


class RecoveredTool(Protocol[P, R]):
    """A function whose calls recover: called, it is the function; ``call``
    and ``acall`` return the :class:`ToolResult` of a call."""

    __name__: str
    tool_name: str
    input_schema: dict[str, Any]

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R: ...

    def call(self, *args: P.args, **kwargs: P.kwargs) -> ToolResult: ...

    async def acall(self, *args: P.args, **kwargs: P.kwargs) -> ToolResult: ...


def wrap_function(
    engine: Engine,
    function: Callable[P, R],
    *,
    name: str | None,
    description: str | None,
    schema: Mapping[str, Any] | type[Any] | None,
    effect: str | None,
    idempotent: bool | None,
) -> RecoveredTool[P, R]:
    """Registers ``function`` with ``engine`` and returns its recovering wrapper."""
    tool_name = name or function.__name__
    input_schema = _schema(function, schema)
    is_async = inspect.iscoroutinefunction(function)
    engine.register(
        tool_name,
        description if description is not None else inspect.getdoc(function) or "",
        input_schema,
        _invoker(function),
        effect=effect,
        idempotent=idempotent,
    )
    positional = [
        parameter.name
        for parameter in parameters(function)
        if parameter.kind in (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
    ]

    def arguments(args: tuple[Any, ...], kwargs: dict[str, Any]) -> dict[str, Any]:
        if len(args) > len(positional):
            raise TypeError(
                f"{tool_name}() takes {len(positional)} positional arguments but {len(args)} were given"
            )
        given = dict(zip(positional, args)) if args else {}
        if kwargs:
            given.update(kwargs)
        return {key: _json(value) for key, value in given.items()}

    def call(*args: Any, **kwargs: Any) -> ToolResult:
        if is_async:
            raise TypeError(f"{tool_name} is async: use `await {tool_name}.acall(...)`")
        return engine.call(tool_name, arguments(args, kwargs))

    async def acall(*args: Any, **kwargs: Any) -> ToolResult:
        result: ToolResult = await engine.acall(tool_name, arguments(args, kwargs))
        return result

    wrapper: Any
    if is_async:

        @functools.wraps(function)
        async def wrapper(*args: Any, **kwargs: Any) -> Any:
            return _value(await engine.acall(tool_name, arguments(args, kwargs)))

    else:

        @functools.wraps(function)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            return _value(engine.call(tool_name, arguments(args, kwargs)))

    wrapper.call = call
    wrapper.acall = acall
    wrapper.tool_name = tool_name
    wrapper.input_schema = input_schema
    return wrapper  # type: ignore[no-any-return]


def _value(result: ToolResult) -> Any:
    if result.is_error:
        raise ToolFailed(result)
    return result.value


def _schema(function: Callable[..., Any], given: Mapping[str, Any] | type[Any] | None) -> dict[str, Any]:
    if given is None:
        return schema_of(function)
    model_schema = getattr(given, "model_json_schema", None)
    if callable(model_schema):
        return dict(model_schema())
    if isinstance(given, Mapping):
        return dict(given)
    raise TypeError(f"schema must be a JSON Schema dict or a pydantic model, not {given!r}")


def _invoker(function: Callable[..., Any]) -> Callable[..., Any]:
    """What the driver calls with the input's fields: ``function`` itself, or,
    when parameters are pydantic models, a shim that validates their dicts."""
    models = {
        name: annotation
        for name, annotation in hints(function).items()
        if callable(getattr(annotation, "model_validate", None))
    }
    if not models:
        return function

    def invoke(**fields: Any) -> Any:
        for key, model in models.items():
            if isinstance(fields.get(key), dict):
                fields[key] = model.model_validate(fields[key])
        return function(**fields)

    return invoke


def _json(value: Any) -> Any:
    """An argument as JSON data: a pydantic model is dumped, an enum gives its value."""
    if isinstance(value, _SCALARS):
        return value
    dump = getattr(value, "model_dump", None)
    if callable(dump):
        return dump(mode="json")
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, (list, tuple)):
        return [_json(item) for item in value]
    if isinstance(value, dict):
        return {key: _json(item) for key, item in value.items()}
    return value
