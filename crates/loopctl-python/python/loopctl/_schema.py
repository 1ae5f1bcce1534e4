"""A tool's JSON Schema from a Python function's signature, through pydantic when it is installed and a plain mapping of the common types when not."""

from __future__ import annotations

import enum
import inspect
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from typing import Any

try:
    import pydantic
except ImportError:  # pydantic is optional
    pydantic = None  # type: ignore[assignment]

JsonSchema = dict[str, Any]


def parameters(function: Callable[..., Any]) -> list[inspect.Parameter]:
    """The parameters a model fills: all but ``*args`` and ``**kwargs``."""
    return [
        parameter
        for parameter in inspect.signature(function).parameters.values()
        if parameter.kind not in (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD)
    ]


def hints(function: Callable[..., Any]) -> dict[str, Any]:
    """The function's annotations with strings and forward references resolved."""
    try:
        return typing.get_type_hints(function, include_extras=True)
    except Exception:  # an annotation that does not resolve: use what is written
        return dict(getattr(function, "__annotations__", {}))


def schema_of(function: Callable[..., Any]) -> JsonSchema:
    """The input schema of ``function``: one property per parameter, required
    when it has no default."""
    found = hints(function)
    if pydantic is not None:
        fields: dict[str, Any] = {}
        for parameter in parameters(function):
            annotation = found.get(parameter.name, Any)
            default = ... if parameter.default is inspect.Parameter.empty else parameter.default
            fields[parameter.name] = (annotation, default)
        try:
            model = pydantic.create_model(f"{function.__name__}_input", **fields)
            schema: JsonSchema = model.model_json_schema()
            schema.pop("title", None)
            return schema
        except Exception:  # a type pydantic cannot describe: fall back to the plain mapping
            pass
    properties: dict[str, JsonSchema] = {}
    required: list[str] = []
    for parameter in parameters(function):
        property_schema = type_schema(found.get(parameter.name, Any))
        if parameter.default is inspect.Parameter.empty:
            required.append(parameter.name)
        elif _is_json(parameter.default):
            property_schema = {**property_schema, "default": parameter.default}
        properties[parameter.name] = property_schema
    schema = {"type": "object", "properties": properties}
    if required:
        schema["required"] = required
    return schema


def type_schema(annotation: Any) -> JsonSchema:
    """The schema of one annotation, for the types tools commonly take."""
    origin = typing.get_origin(annotation)
    arguments = typing.get_args(annotation)
    if origin is typing.Annotated:
        inner = type_schema(arguments[0])
        notes = [note for note in arguments[1:] if isinstance(note, str)]
        return {**inner, "description": notes[0]} if notes else inner
    if annotation is Any or annotation is inspect.Parameter.empty:
        return {}
    if annotation is type(None):
        return {"type": "null"}
    simple = {str: "string", bool: "boolean", int: "integer", float: "number"}
    if annotation in simple:
        return {"type": simple[annotation]}
    if origin is typing.Literal:
        return {"enum": list(arguments)}
    if origin in (typing.Union, types.UnionType):
        return {"anyOf": [type_schema(argument) for argument in arguments]}
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        return {"enum": [member.value for member in annotation]}
    if annotation in (list, tuple, set) or origin in (list, tuple, set, Sequence):
        return {"type": "array", "items": type_schema(arguments[0])} if arguments else {"type": "array"}
    if annotation is dict or origin in (dict, Mapping):
        return {"type": "object"}
    model_schema = getattr(annotation, "model_json_schema", None)
    if callable(model_schema):
        return dict(model_schema())
    return {}


def _is_json(value: Any) -> bool:
    return value is None or isinstance(value, (str, int, float, bool, list, dict))
