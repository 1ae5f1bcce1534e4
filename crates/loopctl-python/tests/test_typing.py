"""The package is clean under mypy --strict, and so is a program that uses it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from .conftest import need

HERE = Path(__file__).parent


def test_mypy_strict_accepts_the_package_and_a_typed_program() -> None:
    need("mypy")
    # The package by module name, found installed as a typed package
    # (py.typed) as a user's mypy finds it; then a program that uses it.
    for target in (["-p", "loopctl"], [str(HERE / "typed_usage.py")]):
        checked = subprocess.run(
            [sys.executable, "-m", "mypy", "--strict", "--no-incremental", *target],
            capture_output=True,
            text=True,
            timeout=600,
        )
        assert checked.returncode == 0, checked.stdout + checked.stderr


def test_mypy_catches_a_wrong_argument_type() -> None:
    need("mypy")
    checked = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "-c", WRONG],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert checked.returncode == 1, checked.stdout
    assert 'incompatible type "int"; expected "str"' in checked.stdout


WRONG = """
import loopctl
recovery = loopctl.Recovery()
@recovery.tool
def search(query: str) -> list[str]:
    return [query]
search(5)
"""
