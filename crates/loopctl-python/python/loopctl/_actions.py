"""The actions a Python recovery strategy returns: retry after a delay, skip, ask the user, or fail."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal


@dataclass(frozen=True)
class Retry:
    """Run the call again after ``delay`` seconds, with any fix applied."""

    delay: float = 0.0
    kind: ClassVar[Literal["retry"]] = "retry"


@dataclass(frozen=True)
class Skip:
    """Give up on this call; the error goes back softly."""

    reason: str
    kind: ClassVar[Literal["skip"]] = "skip"


@dataclass(frozen=True)
class AskUser:
    """Give up on this call and tell the model a person must decide."""

    prompt: str
    kind: ClassVar[Literal["ask_user"]] = "ask_user"


@dataclass(frozen=True)
class Fail:
    """Stop retrying; the error goes back softly."""

    reason: str
    kind: ClassVar[Literal["fail"]] = "fail"


Action = Retry | Skip | AskUser | Fail
