"""Shared by the Python tests: frameworks that are required under CI and skipped (with a notice) elsewhere."""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable
from types import ModuleType

import pytest

import loopctl


def need(module: str) -> ModuleType:
    """Imports ``module``; skips the test when it is missing, unless
    ``LOOPCTL_REQUIRE_PYTHON`` says the run installed it, where a missing
    module fails the test instead of counting as a pass."""
    try:
        return importlib.import_module(module)
    except ImportError as error:
        if os.environ.get("LOOPCTL_REQUIRE_PYTHON") == "1":
            pytest.fail(f"{module} is required here and cannot be imported: {error}")
        pytest.skip(f"notice: {module} is not installed; pip install 'loopctl[...]' to run this test")


class Flaky:
    """A tool body that fails ``failures`` times with ``error``, then returns ``value``."""

    def __init__(self, failures: int, error: Exception, value: str = "Sunny, 21C in Paris") -> None:
        self.failures = failures
        self.error = error
        self.value = value
        self.runs: list[dict[str, object]] = []

    def __call__(self, **arguments: object) -> str:
        self.runs.append(arguments)
        if len(self.runs) <= self.failures:
            raise self.error
        return self.value


def make_convert() -> tuple[Callable[[float], str], list[object]]:
    """A tool that checks its own input, as many do: a string where it wants
    a number fails with a text the rules read as a type error. Returns the
    tool and the amounts it was called with."""
    seen: list[object] = []

    def convert(amount: float) -> str:
        """Converts US dollars to euros."""
        seen.append(amount)
        if not isinstance(amount, (int, float)):
            raise TypeError(f"amount must be a number, not {type(amount).__name__}")
        return f"{amount * 0.9:.2f} EUR"

    return convert, seen


async def unavailable(url: str) -> str:
    """Fetches a page (the server is always down)."""
    raise ConnectionError("503 Service Unavailable")


def never_gives_up() -> loopctl.Recovery:
    """A recovery whose strategy retries whatever happens: only the ceiling stops it."""
    return loopctl.Recovery(strategy=lambda analysis, attempt, most: loopctl.Retry(0))
