"""Shared by the Python tests: frameworks that are required under CI and skipped (with a notice) elsewhere."""

from __future__ import annotations

import importlib
import os
from types import ModuleType

import pytest


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
