"""An exception as the error text loopctl's reflectors read: its type and message, and the HTTP status and Retry-After of a response it carries."""

from __future__ import annotations

from typing import Any


def describe(error: BaseException) -> str:
    """The text of ``error`` for the reflector.

    The type name comes first (``TimeoutError: ...``), since it often says
    more than the message. An exception that carries an HTTP response
    (requests' and httpx' ``HTTPError``, the OpenAI and Anthropic SDKs'
    ``APIStatusError``) adds its status and its ``Retry-After`` header, which
    the rules honour.
    """
    message = str(error)
    text = f"{type(error).__name__}: {message}" if message else type(error).__name__
    response = getattr(error, "response", None)
    status = _status(error, response)
    if status is not None and str(status) not in text:
        text += f" (HTTP {status})"
    retry_after = _header(response, "retry-after")
    if retry_after:
        text += f"; Retry-After: {retry_after}"
    return text


def _status(error: BaseException, response: Any) -> int | None:
    for owner, name in ((error, "status_code"), (response, "status_code"), (response, "status")):
        value = getattr(owner, name, None) if owner is not None else None
        if isinstance(value, int) and 100 <= value <= 599:
            return value
    return None


def _header(response: Any, name: str) -> str | None:
    headers = getattr(response, "headers", None)
    if headers is None:
        return None
    try:
        value = headers.get(name)
    except Exception:  # a response object of a shape we do not know
        return None
    return str(value) if value else None
