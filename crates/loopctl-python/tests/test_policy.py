"""The policy file the library, the CLI and the proxy share, read by the Python package; keyword settings checked by the same code."""

from __future__ import annotations

from pathlib import Path

import pytest

import loopctl

POLICY = """
[defaults]
max_retries = 2
base_delay = "0ms"

[tools.search]
max_retries = 4

[[rules]]
name = "quota"
text = "quota exceeded"
recoverable = false
"""


def failing(recovery: loopctl.Recovery, name: str, error: Exception) -> list[int]:
    runs: list[int] = []

    def body() -> None:
        runs.append(1)
        raise error

    recovery.wrap(body, name=name)
    recovery.call(name)
    return runs


def test_the_file_sets_defaults_tool_sections_and_rules(tmp_path: Path) -> None:
    path = tmp_path / "loopctl.toml"
    path.write_text(POLICY)
    recovery = loopctl.Recovery(path)
    assert len(failing(recovery, "fetch", ConnectionError("503 Service Unavailable"))) == 3
    assert len(failing(recovery, "search", ConnectionError("503 Service Unavailable"))) == 5
    assert len(failing(recovery, "bill", RuntimeError("HTTP 429: monthly quota exceeded"))) == 1


def test_keywords_override_the_files_defaults(tmp_path: Path) -> None:
    path = tmp_path / "loopctl.toml"
    path.write_text(POLICY)
    recovery = loopctl.Recovery.from_file(path, max_retries=0)
    assert len(failing(recovery, "fetch", ConnectionError("503 Service Unavailable"))) == 1
    assert len(failing(recovery, "search", ConnectionError("503 Service Unavailable"))) == 5


def test_a_broken_file_lists_every_problem_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "loopctl.toml"
    path.write_text('[defaults]\nmax_retry = 3\nbase_delay = "soon"\n')
    with pytest.raises(loopctl.PolicyError) as caught:
        loopctl.Recovery(path)
    problems = caught.value.problems
    assert len(problems) == 2
    assert problems[0].startswith(f"{path}:2:1: ") and "did you mean `max_retries`" in problems[0]
    assert problems[1].startswith(f"{path}:3:")
    assert loopctl.check_policy(str(path)) == problems


def test_a_missing_file_is_a_policy_error(tmp_path: Path) -> None:
    with pytest.raises(loopctl.PolicyError, match="cannot read the policy file"):
        loopctl.Recovery(tmp_path / "absent.toml")


def test_bad_keyword_values_are_refused_with_what_to_write() -> None:
    with pytest.raises(loopctl.PolicyError) as caught:
        loopctl.Recovery(jitter="sometimes", tools={"search": {"rate_limit": "fast"}})  # type: ignore[arg-type]
    assert len(caught.value.problems) == 2
    with pytest.raises(TypeError, match="duration"):
        loopctl.Recovery(base_delay=-1)


def test_durations_as_seconds_timedelta_or_text() -> None:
    import datetime

    assert loopctl.duration(0.25) == "250000us"
    assert loopctl.duration(datetime.timedelta(milliseconds=5)) == "5000us"
    assert loopctl.duration("2s") == "2s"
