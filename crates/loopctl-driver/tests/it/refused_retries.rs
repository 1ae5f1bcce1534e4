//! A retry that an open circuit refuses sent nothing, so it costs nothing: the retry budget gets its token back.

use crate::support;

use std::sync::Arc;
use std::time::Duration;

use loopctl_backoff::{BudgetedRecovery, FixedDelayRecovery, RetryBudget};
use loopctl_driver::{
    BreakerConfig, CircuitState, Dispatcher, HealthMonitor, ToolCall, ToolOutput, ToolRegistry,
};
use serde_json::json;
use support::{ScriptedReflector, ScriptedTool};

#[tokio::test(start_paused = true)]
async fn a_retry_the_circuit_refuses_gives_its_budget_token_back() {
    let tool = ScriptedTool::new("api", vec![ToolOutput::error("503 Service Unavailable")]);
    let calls = tool.calls_handle();
    // The first failure opens the circuit, so the retry the strategy
    // grants is refused before it runs.
    let monitor = Arc::new(HealthMonitor::with_breaker(BreakerConfig {
        failure_threshold: 1,
        cool_down: Duration::from_secs(60),
    }));
    // No refill: only a refund can bring a spent token back.
    let budget = RetryBudget::new(5, 0.0);
    let driver = Dispatcher::new(ToolRegistry::new().with(tool))
        .with_reflector(Arc::new(ScriptedReflector::recoverable()))
        .with_recovery_strategy(Arc::new(BudgetedRecovery::new(
            FixedDelayRecovery::new(3, Duration::ZERO),
            budget.clone(),
        )))
        .with_health_monitor(monitor.clone());

    let result = driver
        .dispatch(ToolCall::new("c", "api", json!({})))
        .await
        .unwrap();
    assert!(
        result.is_error && result.content.contains("circuit open for tool `api`"),
        "{}",
        result.content
    );
    assert_eq!(monitor.circuit_state("api"), CircuitState::Open);
    assert_eq!(calls.lock().unwrap().len(), 1, "the retry never ran");
    assert_eq!(
        budget.available(),
        5.0,
        "the refused retry gave its token back"
    );

    // A retry that does run keeps its token spent.
    tokio::time::advance(Duration::from_secs(60)).await;
    let probe = driver
        .dispatch(ToolCall::new("d", "api", json!({})))
        .await
        .unwrap();
    assert!(probe.is_error);
    assert_eq!(calls.lock().unwrap().len(), 2);
    assert_eq!(budget.available(), 5.0, "the probe's retry was refused too");
}
