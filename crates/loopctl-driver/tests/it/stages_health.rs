//! Health and circuit breakers: every attempt counts, the breaker opens, refuses and lets one half-open probe through, and a pluggable breaker is asked before every attempt.

use crate::support;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use loopctl_driver::{
    Admission, Admit, BreakerConfig, CircuitBreaker, CircuitState, Dispatcher, HealthMonitor,
    LoopError, Recorded, ToolCall, ToolOutput, ToolRegistry,
};
use serde_json::{Value, json};
use support::{FixedAction, ScriptedReflector, ScriptedTool, SlowFlaky};

#[tokio::test(start_paused = true)]
async fn health_counts_every_attempt() {
    let monitor = Arc::new(HealthMonitor::new());
    let driver = Dispatcher::new(ToolRegistry::new().with(SlowFlaky::new("fetch", 2)))
        .with_reflector(Arc::new(ScriptedReflector::recoverable()))
        .with_recovery_strategy(Arc::new(FixedAction::retry_after(Duration::from_millis(
            50,
        ))))
        .with_health_monitor(monitor.clone());
    driver
        .dispatch(ToolCall::new("c", "fetch", json!({})))
        .await
        .unwrap();
    let health = monitor.health("fetch").unwrap();
    assert_eq!(
        (
            health.calls,
            health.successes,
            health.failures,
            health.consecutive_failures
        ),
        (3, 1, 2, 0)
    );
    assert_eq!(health.average_latency, Duration::from_millis(7));
    assert_eq!(health.max_latency, Duration::from_millis(7));
    assert!(monitor.health("other").is_none());
}

#[tokio::test(start_paused = true)]
async fn the_breaker_opens_refuses_and_lets_a_half_open_probe_through() {
    let tool = ScriptedTool::new(
        "api",
        vec![
            ToolOutput::error("500"),
            ToolOutput::error("500"),
            ToolOutput::error("500"),
            ToolOutput::success("back"),
        ],
    );
    let calls = tool.calls_handle();
    let monitor = Arc::new(HealthMonitor::with_breaker(BreakerConfig {
        failure_threshold: 2,
        cool_down: Duration::from_secs(10),
    }));
    let driver =
        Dispatcher::new(ToolRegistry::new().with(tool)).with_health_monitor(monitor.clone());
    let call = || ToolCall::new("c", "api", json!({}));

    driver.dispatch(call()).await.unwrap();
    assert_eq!(monitor.circuit_state("api"), CircuitState::Closed);
    driver.dispatch(call()).await.unwrap();
    assert_eq!(monitor.circuit_state("api"), CircuitState::Open);

    let refused = driver.dispatch(call()).await.unwrap();
    assert!(
        refused.is_error && refused.content.contains("circuit open for tool `api`"),
        "{}",
        refused.content
    );
    assert_eq!(
        calls.lock().unwrap().len(),
        2,
        "an open circuit does not execute"
    );

    tokio::time::advance(Duration::from_secs(10)).await;
    assert_eq!(monitor.circuit_state("api"), CircuitState::HalfOpen);
    let probe = driver.dispatch(call()).await.unwrap();
    assert!(probe.is_error, "the probe failed");
    assert_eq!(
        monitor.circuit_state("api"),
        CircuitState::Open,
        "a failed probe opens it again"
    );

    tokio::time::advance(Duration::from_secs(10)).await;
    let recovered = driver.dispatch(call()).await.unwrap();
    assert_eq!(recovered.content, "back");
    assert_eq!(monitor.circuit_state("api"), CircuitState::Closed);
    assert_eq!(calls.lock().unwrap().len(), 4);
}

#[tokio::test(start_paused = true)]
async fn only_one_half_open_probe_runs_at_a_time() {
    let monitor = Arc::new(HealthMonitor::with_breaker(BreakerConfig {
        failure_threshold: 1,
        cool_down: Duration::from_secs(1),
    }));
    let tool = loopctl_driver::FnTool::new(
        loopctl_reflect_core::ToolSchema::new("slow", "", json!({})),
        |_| async {
            tokio::time::sleep(Duration::from_secs(5)).await;
            ToolOutput::error("still down")
        },
    );
    let driver =
        Dispatcher::new(ToolRegistry::new().with(tool)).with_health_monitor(monitor.clone());
    driver
        .dispatch(ToolCall::new("a", "slow", json!({})))
        .await
        .unwrap();
    tokio::time::advance(Duration::from_secs(1)).await;
    let (probe, second) = tokio::join!(
        driver.dispatch(ToolCall::new("p", "slow", json!({}))),
        driver.dispatch(ToolCall::new("q", "slow", json!({})))
    );
    assert_eq!(probe.unwrap().content, "still down");
    assert!(
        second
            .unwrap()
            .content
            .contains("a probe call is already testing it")
    );
}

#[tokio::test(start_paused = true)]
async fn a_cancelled_probe_does_not_hold_the_circuit_half_open_forever() {
    let monitor = Arc::new(HealthMonitor::with_breaker(BreakerConfig {
        failure_threshold: 1,
        cool_down: Duration::from_secs(1),
    }));
    let service = loopctl_driver::FnTool::new(
        loopctl_reflect_core::ToolSchema::new("svc", "", json!({})),
        |input: &Value| {
            let hang = input["mode"] == "hang";
            async move {
                if hang {
                    std::future::pending::<()>().await;
                }
                ToolOutput::error("500")
            }
        },
    );
    let registry = Arc::new(ToolRegistry::new().with(service));
    let driver = || {
        Dispatcher::with_shared_registry(Arc::clone(&registry)).with_health_monitor(monitor.clone())
    };
    let (steady, probing) = (driver(), driver());
    let fail = || ToolCall::new("f", "svc", json!({"mode": "fail"}));

    steady.dispatch(fail()).await.unwrap();
    assert_eq!(monitor.circuit_state("svc"), CircuitState::Open);
    tokio::time::advance(Duration::from_secs(1)).await;

    let cancel = probing.cancel_signal().clone();
    let probe = tokio::spawn(async move {
        probing
            .dispatch(ToolCall::new("p", "svc", json!({"mode": "hang"})))
            .await
    });
    tokio::task::yield_now().await;
    cancel.cancel();
    assert_eq!(probe.await.unwrap().unwrap_err(), LoopError::Cancelled);

    let refused = steady.dispatch(fail()).await.unwrap();
    assert!(
        refused
            .content
            .contains("a probe call is already testing it"),
        "{}",
        refused.content
    );
    tokio::time::advance(Duration::from_secs(1)).await;
    let retried = steady.dispatch(fail()).await.unwrap();
    assert_eq!(
        retried.content, "500",
        "a new probe ran once the lost one timed out"
    );
}

/// A breaker that keeps its state elsewhere: it answers after a round trip,
/// and refuses `api` once told of two failures.
#[derive(Debug, Default)]
struct RemoteBreaker {
    failures: Mutex<u32>,
    recorded: Mutex<Vec<bool>>,
}

impl CircuitBreaker for RemoteBreaker {
    fn admit<'a>(&'a self, tool: &'a str) -> Admit<'a> {
        Admit::Pending(Box::pin(async move {
            tokio::task::yield_now().await;
            if *self.failures.lock().unwrap() >= 2 {
                Admission::Refuse(format!("remote circuit open for `{tool}`"))
            } else {
                Admission::Run
            }
        }))
    }
    fn record<'a>(&'a self, _tool: &'a str, _latency: Duration, is_error: bool) -> Recorded<'a> {
        self.recorded.lock().unwrap().push(is_error);
        if !is_error {
            return Recorded::Done;
        }
        // The failure is written after a round trip; the next admission must see it.
        Recorded::Pending(Box::pin(async move {
            tokio::task::yield_now().await;
            *self.failures.lock().unwrap() += 1;
        }))
    }
    fn circuit_state(&self, _tool: &str) -> CircuitState {
        CircuitState::Closed
    }
}

#[tokio::test(start_paused = true)]
async fn a_pluggable_breaker_is_asked_before_every_attempt_and_told_of_each_that_ran() {
    let tool = ScriptedTool::new(
        "api",
        vec![
            ToolOutput::error("503"),
            ToolOutput::error("503"),
            ToolOutput::success("ok"),
        ],
    );
    let calls = tool.calls_handle();
    let breaker = Arc::new(RemoteBreaker::default());
    let driver = Dispatcher::new(ToolRegistry::new().with(tool))
        .with_reflector(Arc::new(ScriptedReflector::recoverable()))
        .with_recovery_strategy(Arc::new(FixedAction::retry_after(Duration::ZERO)))
        .with_circuit_breaker(breaker.clone());
    assert!(driver.circuit_breaker().is_some());
    let refused = driver
        .dispatch(ToolCall::new("c", "api", json!({})))
        .await
        .unwrap();
    assert!(
        refused.is_error && refused.content.contains("remote circuit open for `api`"),
        "{}",
        refused.content
    );
    assert_eq!(
        calls.lock().unwrap().len(),
        2,
        "the refused third attempt never ran"
    );
    assert_eq!(
        *breaker.recorded.lock().unwrap(),
        vec![true, true],
        "a refusal is not recorded"
    );
}
