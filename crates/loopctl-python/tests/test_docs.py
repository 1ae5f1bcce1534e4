"""docs/python.md shows real runs: each program on the page, run now, prints exactly the output shown under it."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import need

PAGE = Path(__file__).resolve().parents[3] / "docs" / "python.md"
PAIR = re.compile(r"```python\n(.*?)```\n\n```text\n(.*?)```", re.DOTALL)


def programs() -> list[tuple[str, str]]:
    return PAIR.findall(PAGE.read_text()) if PAGE.exists() else []


def test_the_page_has_its_programs() -> None:
    assert len(programs()) >= 4, f"{PAGE} lost its programs"


@pytest.mark.parametrize("program, shown", programs(), ids=lambda text: text.splitlines()[0][:40])
def test_each_program_prints_what_the_page_shows(program: str, shown: str, tmp_path: Path) -> None:
    for framework in ("langgraph", "pydantic_ai", "agents"):
        if f"loopctl.{framework}" in program or f"from {framework}" in program:
            need(framework)
    ran = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, timeout=300, cwd=tmp_path
    )
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout == shown
