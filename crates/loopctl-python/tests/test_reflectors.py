"""Reflectors and strategies written in Python, and analyze()."""

from __future__ import annotations

from typing import Any

import loopctl


def test_analyze_reads_an_error_offline() -> None:
    analysis = loopctl.analyze("HTTP 503 Service Unavailable")
    assert analysis is not None
    assert (analysis.is_recoverable, analysis.severity) == (True, "medium")
    denied = loopctl.analyze("403 Forbidden: the token lacks the repo scope")
    assert denied is not None and not denied.is_recoverable
    assert loopctl.analyze("the frobnicator is sad") is None
    wire = analysis.to_dict()
    assert list(wire) == sorted(["is_recoverable", "root_cause", "severity", "correction", "context"]) or set(wire) == {
        "is_recoverable",
        "root_cause",
        "severity",
        "correction",
        "context",
    }
    assert loopctl.FailureAnalysis.from_dict(wire) == analysis


def test_a_python_reflector_decides() -> None:
    seen: list[tuple[str, str, dict[str, Any], int]] = []

    def reflect(error: str, tool: str, input: dict[str, Any], attempt: int) -> dict[str, Any]:
        seen.append((error, tool, input, attempt))
        return {
            "is_recoverable": attempt == 0,
            "root_cause": "the flux capacitor warmed up",
            "severity": "low",
            "correction": None,
            "context": "",
        }

    recovery = loopctl.Recovery(reflector=reflect, base_delay=0)

    @recovery.tool
    def jump(year: int) -> None:
        raise RuntimeError("flux capacitor cold")

    result = jump.call(1985)
    assert result.attempts == 2
    assert seen == [
        ("RuntimeError: flux capacitor cold", "jump", {"year": 1985}, 0),
        ("RuntimeError: flux capacitor cold", "jump", {"year": 1985}, 1),
    ]


def test_rules_then_a_python_model_for_what_the_rules_cannot_place() -> None:
    asked: list[str] = []

    def model(error: str, tool: str, input: dict[str, Any], attempt: int) -> loopctl.FailureAnalysis:
        asked.append(error)
        return loopctl.FailureAnalysis.from_dict(
            {"is_recoverable": False, "root_cause": "unknown", "severity": "high", "correction": None, "context": ""}
        )

    recovery = loopctl.Recovery(reflector="rules+llm", model=model, base_delay=0)
    # A throttle with advice is the rules' to decide; the rest goes to the model.
    answers = iter([ConnectionError("429 Too Many Requests, please try again later"), RuntimeError("the frobnicator is sad")])

    @recovery.tool
    def work() -> None:
        raise next(answers)

    result = work.call()
    assert result.attempts == 2
    assert asked == ["RuntimeError: the frobnicator is sad"]


def test_what_only_generic_words_decide_goes_to_the_model_unless_weak_is_enough() -> None:
    asked: list[str] = []

    def model(error: str, tool: str, input: dict[str, Any], attempt: int) -> loopctl.FailureAnalysis:
        asked.append(error)
        return loopctl.FailureAnalysis.from_dict(
            {"is_recoverable": False, "root_cause": "too slow to finish", "severity": "high", "correction": None, "context": ""}
        )

    def run(**settings: Any) -> loopctl.ToolResult:
        recovery = loopctl.Recovery(reflector="rules+llm", model=model, base_delay=0, max_retries=1, **settings)

        @recovery.tool
        def report() -> None:
            raise TimeoutError("the report query timed out")

        return report.call()

    # "timed out" alone is a generic word: the model decides, and gives up.
    assert run().attempts == 1
    assert asked == ["TimeoutError: the report query timed out"]
    # With weak verdicts kept, the rules retry it without asking.
    assert run(rules_confidence="weak").attempts == 2
    assert len(asked) == 1


def test_a_python_strategy_and_a_reflector_that_raises() -> None:
    decisions: list[int] = []

    def decide(analysis: loopctl.FailureAnalysis, attempt: int, most: int) -> loopctl.Action:
        decisions.append(attempt)
        return loopctl.Retry(0) if attempt < 2 else loopctl.Skip("enough")

    recovery = loopctl.Recovery(strategy=decide)

    @recovery.tool
    def work() -> None:
        raise ConnectionError("503 Service Unavailable, please try again later")

    result = work.call()
    assert (result.attempts, result.action, result.reason) == (3, "skip", "enough")
    assert decisions == [0, 1, 2]

    def broken(error: str, tool: str, input: dict[str, Any], attempt: int) -> None:
        raise ValueError("no idea")

    fails_softly = loopctl.Recovery(reflector=broken)
    fails_softly.wrap(work)
    assert fails_softly.call("work").attempts == 1
