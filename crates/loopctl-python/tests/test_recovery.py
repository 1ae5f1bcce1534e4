"""The core API: wrapped functions recover transient failures, stop on permanent ones, apply the rules' fixes and stop at the ceiling."""

from __future__ import annotations

import inspect
import logging
from typing import Annotated

import pytest

import loopctl


def test_transient_failure_recovers_and_keeps_the_value() -> None:
    recovery = loopctl.Recovery(max_retries=3, base_delay=0)
    runs: list[str] = []

    @recovery.tool
    def weather(city: str, days: int = 1) -> dict[str, object]:
        """Weather for a city."""
        runs.append(city)
        if len(runs) < 3:
            raise ConnectionError("503 Service Unavailable")
        return {"city": city, "days": days}

    assert weather("Paris") == {"city": "Paris", "days": 1}
    assert runs == ["Paris"] * 3
    result = weather.call("Rome", days=2)
    assert (result.is_error, result.attempts, result.value) == (False, 1, {"city": "Rome", "days": 2})
    assert result.content == '{"city":"Rome","days":2}'


def test_history_records_each_failed_attempt() -> None:
    recovery = loopctl.Recovery(max_retries=3, base_delay=0)
    failures = iter([TimeoutError("read timed out"), ConnectionError("connection reset by peer")])

    @recovery.tool
    def fetch(url: str) -> str:
        error = next(failures, None)
        if error is not None:
            raise error
        return "ok"

    result = fetch.call("https://example.com")
    assert result.attempts == 3
    assert [attempt.error for attempt in result.history] == [
        "TimeoutError: read timed out",
        "ConnectionError: connection reset by peer",
    ]
    assert [attempt.action for attempt in result.history] == ["retry", "retry"]
    analysis = result.history[0].analysis
    assert analysis is not None and analysis.is_recoverable


def test_permanent_failure_runs_once_and_raises_tool_failed() -> None:
    recovery = loopctl.Recovery(max_retries=3, base_delay=0)
    runs = []

    @recovery.tool
    def delete(path: str) -> None:
        runs.append(path)
        raise PermissionError("EACCES: permission denied, unlink '/etc/passwd'")

    with pytest.raises(loopctl.ToolFailed) as caught:
        delete("/etc/passwd")
    assert runs == ["/etc/passwd"]
    assert caught.value.result.attempts == 1
    assert caught.value.result.action == "fail"
    assert "EACCES" in caught.value.result.content


def test_error_result_without_raising_is_recovered_too() -> None:
    recovery = loopctl.Recovery(max_retries=2, base_delay=0)
    answers = iter([loopctl.ToolOutput.error("HTTP 429 Too Many Requests"), "done"])

    @recovery.tool
    def post() -> object:
        return next(answers)

    result = post.call()
    assert (result.is_error, result.attempts, result.content) == (False, 2, "done")


def test_rules_fix_a_string_where_the_schema_wants_a_number() -> None:
    recovery = loopctl.Recovery(max_retries=2, base_delay=0)
    seen: list[object] = []

    @recovery.tool
    def convert(amount: float) -> float:
        seen.append(amount)
        if not isinstance(amount, (int, float)):
            raise TypeError(f"amount must be a number, not {type(amount).__name__}")
        return amount * 2

    result = convert.call(amount="12.5")
    assert result.value == 25.0
    assert seen == ["12.5", 12.5]
    assert result.corrected_input == {"amount": 12.5}


def test_the_ceiling_raises_tool_recovery_exhausted() -> None:
    recovery = loopctl.Recovery(strategy=lambda analysis, attempt, most: loopctl.Retry(0))
    runs = []

    @recovery.tool
    def always(x: int) -> int:
        runs.append(x)
        raise ConnectionError("503 Service Unavailable")

    with pytest.raises(loopctl.ToolRecoveryExhausted) as caught:
        always(1)
    assert (caught.value.tool, caught.value.attempts) == ("always", loopctl.MAX_ATTEMPTS)
    assert len(runs) == loopctl.MAX_ATTEMPTS
    assert isinstance(caught.value, loopctl.LoopctlError)


def test_the_wrapper_keeps_name_signature_annotations_and_docstring() -> None:
    recovery = loopctl.Recovery()

    def search(query: Annotated[str, "what to look for"], limit: int = 10) -> list[str]:
        """Searches the index."""
        return [query] * limit

    wrapped = recovery.wrap(search)
    assert wrapped.__name__ == "search"
    assert wrapped.__doc__ == "Searches the index."
    assert inspect.signature(wrapped) == inspect.signature(search)
    assert wrapped.__annotations__ == search.__annotations__
    schema = wrapped.input_schema
    assert schema["required"] == ["query"]
    assert schema["properties"]["limit"]["type"] == "integer"
    assert schema["properties"]["limit"]["default"] == 10
    assert wrapped("a", limit=2) == ["a", "a"]


@pytest.mark.parametrize("stop", [KeyboardInterrupt, SystemExit])
def test_a_tool_that_must_stop_the_program_is_not_swallowed(stop: type[BaseException]) -> None:
    recovery = loopctl.Recovery(max_retries=3, base_delay=0)
    runs = []

    @recovery.tool
    def work() -> None:
        runs.append(1)
        raise stop()

    with pytest.raises(stop):
        work()
    assert runs == [1]


def test_retry_after_from_an_http_error_sets_the_delay() -> None:
    class Response:
        status_code = 429
        headers = {"retry-after": "2"}

    class HTTPStatusError(Exception):
        def __init__(self) -> None:
            super().__init__("Client error '429 Too Many Requests' for url 'https://api.example.com/v1'")
            self.response = Response()

    analysis = loopctl.analyze(loopctl._describe.describe(HTTPStatusError()))
    assert analysis is not None and analysis.is_recoverable
    assert analysis.context == "retry-after-ms: 2000"


def test_the_ceiling_is_logged_through_python_logging(caplog: pytest.LogCaptureFixture) -> None:
    recovery = loopctl.Recovery(strategy=lambda analysis, attempt, most: loopctl.Retry(0))

    @recovery.tool
    def always() -> None:
        raise ConnectionError("503 Service Unavailable")

    with caplog.at_level(logging.WARNING), pytest.raises(loopctl.ToolRecoveryExhausted):
        always()
    assert any(record.name.startswith("loopctl") and "ceiling" in record.getMessage() for record in caplog.records)
