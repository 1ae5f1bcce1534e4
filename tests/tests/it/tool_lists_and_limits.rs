//! A drifted tool list changes nothing through the driver, and the LLM client's default time-out comes before the driver's.

use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

use loopctl::driver::LoopError;
use loopctl::llm::HttpLimits;
use loopctl::prelude::*;
use serde_json::{Value, json};

/// A database tool that fails twice with a refused connection, then answers.
fn query_db(calls: Arc<AtomicU32>) -> impl Tool {
    FnTool::new(
        ToolSchema::new("query_db", "Runs SQL", json!({"type": "object"})),
        move |_: &Value| {
            let n = calls.fetch_add(1, Ordering::Relaxed);
            async move {
                if n < 2 {
                    ToolOutput::error("Error: connect ECONNREFUSED 127.0.0.1:5432")
                } else {
                    ToolOutput::success("1 row")
                }
            }
        },
    )
}

fn driver(registry: ToolRegistry) -> Dispatcher {
    // `query_db` was registered after this list was written.
    let rules = RuleReflector::new().with_known_tools(["read_file", "write_file"]);
    Dispatcher::new(registry)
        .with_reflector(Arc::new(rules))
        .with_recovery_strategy(Arc::new(
            ExponentialBackoffRecovery::new(3).with_base_delay(Duration::ZERO),
        ))
}

#[tokio::test]
async fn a_tool_missing_from_the_reflectors_list_is_still_retried() -> Result<(), LoopError> {
    let calls = Arc::new(AtomicU32::new(0));
    let driver = driver(ToolRegistry::new().with(query_db(Arc::clone(&calls))));
    let result = driver
        .dispatch(ToolCall::new("c", "query_db", json!({"sql": "select 1"})))
        .await?;
    assert!(!result.is_error, "{result:?}");
    assert_eq!((result.attempts, calls.load(Ordering::Relaxed)), (3, 3));
    Ok(())
}

#[tokio::test]
async fn a_misspelled_call_is_repaired_from_the_drivers_message_when_the_list_drifted()
-> Result<(), LoopError> {
    // None of the names the driver's message lists is on the reflector's
    // (stale) list, so the message's names count; the driver's registry and
    // safety policy then check the repair: `query-db` differs from
    // `query_db` in a separator only.
    let calls = Arc::new(AtomicU32::new(2));
    let drifted = driver(ToolRegistry::new().with(query_db(Arc::clone(&calls))));
    let result = drifted
        .dispatch(ToolCall::new("c", "query-db", json!({"sql": "select 1"})))
        .await?;
    assert!(!result.is_error, "{result:?}");
    assert_eq!((result.tool.as_str(), result.attempts), ("query_db", 2));
    // A reflector given no list reads the names from the message the same way.
    let registry = ToolRegistry::new().with(query_db(Arc::clone(&calls)));
    let driver = Dispatcher::new(registry)
        .with_reflector(Arc::new(RuleReflector::new()))
        .with_recovery_strategy(Arc::new(
            ExponentialBackoffRecovery::new(3).with_base_delay(Duration::ZERO),
        ));
    let result = driver
        .dispatch(ToolCall::new("c", "query-db", json!({"sql": "select 1"})))
        .await?;
    assert!(!result.is_error, "{result:?}");
    assert_eq!(result.tool, "query_db");
    assert_eq!(result.attempts, 2);
    Ok(())
}

#[test]
fn the_llm_clients_time_out_before_the_drivers_reflection_bound() {
    let limits = HttpLimits::default();
    assert!(
        limits.total_timeout < Dispatcher::DEFAULT_REFLECTION_TIMEOUT,
        "client {:?}, driver {:?}",
        limits.total_timeout,
        Dispatcher::DEFAULT_REFLECTION_TIMEOUT
    );
    assert!(limits.connect_timeout < limits.total_timeout);
}
