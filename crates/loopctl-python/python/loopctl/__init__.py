"""loopctl: recovery for an agent's failed tool calls.

A reflector reads each failure (offline rules, a model, or your function),
a strategy decides (retry after a delay with the fix applied, skip, ask the
user, fail), and the driver carries it out around every call, under a hard
ceiling. The driver is loopctl's Rust driver; this package wraps Python
functions for it.

>>> import loopctl
>>> loopctl.analyze("HTTP 503 Service Unavailable").is_recoverable
True
"""

from __future__ import annotations

from ._actions import Action, AskUser, Fail, Retry, Skip
from ._errors import (
    LoopctlError,
    LoopDetected,
    PolicyError,
    RecoveryCancelled,
    ToolFailed,
    ToolRecoveryExhausted,
)
from ._native import MAX_ATTEMPTS, Attempt, FailureAnalysis, ToolOutput, ToolResult, analyze
from ._native import check_policy as _check_policy
from ._recovery import Recovery, duration
from ._wrap import RecoveredTool

__all__ = [
    "MAX_ATTEMPTS",
    "Action",
    "AskUser",
    "Attempt",
    "Fail",
    "FailureAnalysis",
    "LoopDetected",
    "LoopctlError",
    "PolicyError",
    "RecoveredTool",
    "Recovery",
    "RecoveryCancelled",
    "Retry",
    "Skip",
    "ToolFailed",
    "ToolOutput",
    "ToolRecoveryExhausted",
    "ToolResult",
    "analyze",
    "check_policy",
    "duration",
]


def check_policy(path: str) -> list[str]:
    """Every problem of the policy file at ``path``, as
    ``FILE:LINE:COLUMN: message``; an empty list when it is good."""
    return _check_policy(path)
