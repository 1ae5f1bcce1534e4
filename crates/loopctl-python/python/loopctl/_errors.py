"""The exceptions loopctl raises: one base class, and one class per way a call or a policy can fail hard."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ._native import ToolResult


class LoopctlError(Exception):
    """Base class of every exception loopctl raises itself."""


class PolicyError(LoopctlError, ValueError):
    """A policy file or keyword settings that cannot be used.

    ``problems`` lists every problem at once: ``FILE:LINE:COLUMN: message``
    for a file, the message alone for keyword settings.
    """

    def __init__(self, message: str, problems: list[str]) -> None:
        super().__init__(message)
        self.problems = list(problems)


class ToolFailed(LoopctlError):
    """Recovery ended a call without success: it was not worth retrying, or
    the retries ran out, or the policy said to skip it or to ask the user.

    ``result`` holds the last error text (``result.content``), the number of
    attempts and every failed attempt. Raised by a wrapped function called
    directly; ``wrapped.call(...)`` returns the result instead.
    """

    def __init__(self, result: ToolResult) -> None:
        super().__init__(
            f"tool `{result.tool}` failed after {result.attempts} "
            f"attempt{'s' if result.attempts != 1 else ''}: {result.content}"
        )
        self.result = result

    @property
    def tool(self) -> str:
        """The tool that ran last."""
        return self.result.tool

    @property
    def attempts(self) -> int:
        """How many executions ran."""
        return self.result.attempts


class ToolRecoveryExhausted(LoopctlError):
    """The hard ceiling: a strategy asked for more executions of one call
    than loopctl ever allows, so the run must stop."""

    def __init__(self, tool: str, attempts: int, message: str | None = None) -> None:
        super().__init__(
            message or f"tool `{tool}` was run {attempts} times and recovery asked for more"
        )
        self.tool = tool
        self.attempts = attempts


class LoopDetected(LoopctlError):
    """The loop detector stopped a call repeated with the same input and result."""

    def __init__(self, tool: str, repetitions: int, message: str | None = None) -> None:
        super().__init__(message or f"tool `{tool}` repeated {repetitions} times")
        self.tool = tool
        self.repetitions = repetitions


class RecoveryCancelled(LoopctlError):
    """The recovery's cancel signal ended the call."""
