//! Batches: input order under a concurrency bound, and a hard error that ends the batch.

use crate::support;

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use loopctl_driver::{Dispatcher, LoopError, Tool, ToolCall, ToolFuture, ToolOutput, ToolRegistry};
use loopctl_reflect_core::ToolSchema;
use serde_json::{Value, json};
use support::{FixedAction, ScriptedReflector, ScriptedTool};

/// Sleeps `input.ms` milliseconds and records how many calls overlap.
struct Sleeper {
    schema: ToolSchema,
    in_flight: Arc<AtomicUsize>,
    peak: Arc<AtomicUsize>,
}

fn sleeper(in_flight: Arc<AtomicUsize>, peak: Arc<AtomicUsize>) -> Sleeper {
    Sleeper {
        schema: ToolSchema::new("sleep", "", json!({"type": "object"})),
        in_flight,
        peak,
    }
}

impl Tool for Sleeper {
    fn schema(&self) -> &ToolSchema {
        &self.schema
    }

    fn call<'a>(&'a self, input: &'a Value) -> ToolFuture<'a> {
        let millis = input["ms"].as_u64().unwrap_or(0);
        Box::pin(async move {
            let now = self.in_flight.fetch_add(1, Ordering::SeqCst) + 1;
            self.peak.fetch_max(now, Ordering::SeqCst);
            tokio::time::sleep(Duration::from_millis(millis)).await;
            self.in_flight.fetch_sub(1, Ordering::SeqCst);
            ToolOutput::success(format!("slept {millis}"))
        })
    }
}

#[tokio::test(start_paused = true)]
async fn batches_keep_input_order_under_a_concurrency_bound() {
    let (in_flight, peak) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
    let driver = Dispatcher::new(ToolRegistry::new().with(sleeper(in_flight, peak.clone())))
        .with_batch_concurrency(2);
    let delays = [50_u64, 10, 40, 5, 30, 20];
    let calls = delays
        .iter()
        .enumerate()
        .map(|(i, ms)| ToolCall::new(format!("c{i}"), "sleep", json!({"ms": ms})))
        .collect();
    let results = driver.dispatch_batch(calls).await.unwrap();
    let ids: Vec<&str> = results.iter().map(|r| r.tool_call_id.as_str()).collect();
    assert_eq!(ids, ["c0", "c1", "c2", "c3", "c4", "c5"]);
    assert_eq!(results[3].content, "slept 5");
    assert_eq!(peak.load(Ordering::SeqCst), 2);
    assert!(driver.dispatch_batch(Vec::new()).await.unwrap().is_empty());
}

#[tokio::test(start_paused = true)]
async fn a_hard_error_ends_the_batch() {
    let (in_flight, peak) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
    let driver = Dispatcher::new(
        ToolRegistry::new()
            .with(sleeper(in_flight, peak))
            .with(ScriptedTool::failing("doomed", "busy")),
    )
    .with_reflector(Arc::new(ScriptedReflector::recoverable()))
    .with_recovery_strategy(Arc::new(FixedAction::retry_after(Duration::from_millis(1))));
    let calls = vec![
        ToolCall::new("a", "sleep", json!({"ms": 10_000})),
        ToolCall::new("b", "doomed", json!({})),
        ToolCall::new("c", "sleep", json!({"ms": 1})),
    ];
    let started = tokio::time::Instant::now();
    let error = driver.dispatch_batch(calls).await.unwrap_err();
    assert_eq!(
        error,
        LoopError::ToolRecoveryExhausted {
            tool: "doomed".into(),
            attempts: 6
        }
    );
    assert!(
        started.elapsed() < Duration::from_secs(1),
        "the slow call was dropped, not awaited"
    );
}
