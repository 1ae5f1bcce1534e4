//! Fault matrix, tools and strategies: panics, hangs, huge outputs and errors, odd inputs, absurd decisions, cancels.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use loopctl::driver::LoopError;
use loopctl::prelude::*;
use serde_json::{Value, json};
use tokio::time::Instant;

fn tool(name: &str, run: impl Fn(&Value) -> ToolOutput + Send + Sync + 'static) -> impl Tool {
    FnTool::new(
        ToolSchema::new(name, "", json!({"type": "object"})),
        move |input| std::future::ready(run(input)),
    )
}

/// A read-only tool that never answers: a call the time-out stops may run again.
fn hanging(name: &str) -> impl Tool {
    FnTool::new(
        ToolSchema::new(name, "", json!({"type": "object"})),
        |_| async {
            std::future::pending::<()>().await;
            ToolOutput::success("never")
        },
    )
    .read_only()
}

fn rules_driver(registry: ToolRegistry) -> Dispatcher {
    Dispatcher::new(registry)
        .with_reflector(Arc::new(RuleReflector::new()))
        .with_recovery_strategy(Arc::new(ExponentialBackoffRecovery::new(3)))
}

fn call(name: &str, input: Value) -> ToolCall {
    ToolCall::new("c", name, input)
}

#[tokio::test(start_paused = true)]
async fn a_panicking_tool_gives_a_soft_error() {
    let driver = rules_driver(ToolRegistry::new().with(tool("boom", |_| {
        panic!("index out of bounds: the len is 0")
    })));
    for _ in 0..20 {
        let result = driver.dispatch(call("boom", json!({}))).await.unwrap();
        assert!(
            result.is_error && result.content.contains("panicked: index out of bounds"),
            "{}",
            result.content
        );
    }
}

#[tokio::test(start_paused = true)]
async fn a_hanging_tool_with_a_timeout_is_retried_then_fails_softly() {
    let driver = rules_driver(ToolRegistry::new().with(hanging("hang")))
        .with_tool_timeout(Duration::from_secs(2));
    let started = Instant::now();
    let result = driver.dispatch(call("hang", json!({}))).await.unwrap();
    assert_eq!(result.attempts, 4);
    assert!(result.content.contains("timed out after 2000 ms"));
    assert_eq!(started.elapsed(), Duration::from_millis(4 * 2000 + 700));
}

#[tokio::test(start_paused = true)]
async fn a_hanging_tool_without_a_timeout_waits_for_the_cancel() {
    let driver = rules_driver(ToolRegistry::new().with(hanging("hang")));
    let cancel = driver.cancel_signal().clone();
    tokio::spawn(async move {
        tokio::time::sleep(Duration::from_secs(3600)).await;
        cancel.cancel();
    });
    let started = Instant::now();
    assert_eq!(
        driver.dispatch(call("hang", json!({}))).await.unwrap_err(),
        LoopError::Cancelled
    );
    assert_eq!(started.elapsed(), Duration::from_secs(3600));
}

#[tokio::test(start_paused = true)]
async fn a_slow_success_inside_the_timeout_succeeds() {
    let slow = FnTool::new(
        ToolSchema::new("slow", "", json!({"type": "object"})),
        |_| async {
            tokio::time::sleep(Duration::from_secs(4)).await;
            ToolOutput::success("done")
        },
    );
    let driver =
        rules_driver(ToolRegistry::new().with(slow)).with_tool_timeout(Duration::from_secs(5));
    let result = driver.dispatch(call("slow", json!({}))).await.unwrap();
    assert_eq!((result.content.as_str(), result.attempts), ("done", 1));
}

#[tokio::test(start_paused = true)]
async fn a_hundred_megabyte_output_comes_back_whole() {
    let driver = rules_driver(
        ToolRegistry::new().with(tool("dump", |_| ToolOutput::success("x".repeat(100 << 20)))),
    );
    let result = driver.dispatch(call("dump", json!({}))).await.unwrap();
    assert_eq!(result.content.len(), 100 << 20);
    assert!(!result.is_error);
}

#[tokio::test(start_paused = true)]
async fn a_ten_megabyte_error_text_is_analysed_and_returned_unchanged() {
    let error = format!(
        "HTTP 503 Service Unavailable\n{}",
        "    at frame (lib.rs:1:1)\n".repeat(400_000)
    );
    let expected = error.clone();
    let driver = rules_driver(
        ToolRegistry::new().with(tool("big", move |_| ToolOutput::error(error.clone()))),
    );
    let result = driver.dispatch(call("big", json!({}))).await.unwrap();
    assert!(result.content.len() > 10_000_000);
    assert_eq!(result.content, expected);
    assert_eq!(
        result.attempts, 4,
        "classified as a server error and retried"
    );
}

#[tokio::test(start_paused = true)]
async fn input_that_is_not_an_object_reaches_the_tool_and_can_be_repaired() {
    let schema =
        json!({"type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"]});
    let seen = Arc::new(std::sync::Mutex::new(Vec::new()));
    let recorder = Arc::clone(&seen);
    let search = FnTool::new(ToolSchema::new("search", "", schema), move |input| {
        recorder.lock().unwrap().push(input.clone());
        let output = if input.is_object() {
            ToolOutput::success("3 hits")
        } else {
            ToolOutput::error("invalid input: expected a JSON object")
        };
        std::future::ready(output)
    });
    let driver = rules_driver(ToolRegistry::new().with(search));
    for odd in [
        json!("{\"q\": \"rust\"}"),
        json!(42),
        json!(null),
        json!([1, 2]),
    ] {
        let _ = driver.dispatch(call("search", odd)).await.unwrap();
    }
    let seen = seen.lock().unwrap();
    assert_eq!(seen[0], json!("{\"q\": \"rust\"}"));
    assert_eq!(
        seen[1],
        json!({"q": "rust"}),
        "a JSON object sent as a string is repaired"
    );
    assert_eq!(
        seen.len(),
        5,
        "the other odd inputs fail softly after one attempt"
    );
}

#[tokio::test(start_paused = true)]
async fn absurd_strategies_are_contained() {
    let failing = || ToolRegistry::new().with(tool("t", |_| ToolOutput::error("resource busy")));
    let panicking =
        FnRecovery::new(|_: &FailureAnalysis, _, _| -> RecoveryAction { panic!("strategy bug") });
    let result = rules_driver(failing())
        .with_recovery_strategy(Arc::new(panicking))
        .dispatch(call("t", json!({})))
        .await
        .unwrap();
    assert!(
        matches!(result.final_action, Some(RecoveryAction::Fail(ref why)) if why.contains("strategy bug"))
    );

    let forever = FnRecovery::new(|_: &FailureAnalysis, _, _| RecoveryAction::retry(Duration::MAX));
    let started = Instant::now();
    let error = rules_driver(failing())
        .with_recovery_strategy(Arc::new(forever))
        .dispatch(call("t", json!({})))
        .await
        .unwrap_err();
    assert!(matches!(
        error,
        LoopError::ToolRecoveryExhausted { attempts: 6, .. }
    ));
    assert_eq!(
        started.elapsed(),
        Dispatcher::DEFAULT_MAX_RETRY_DELAY * 5,
        "Duration::MAX is capped at five minutes a wait"
    );

    let zero = FnRecovery::new(|_: &FailureAnalysis, _, _| RecoveryAction::retry_now());
    let started = Instant::now();
    let error = rules_driver(failing())
        .with_recovery_strategy(Arc::new(zero))
        .dispatch(call("t", json!({})))
        .await
        .unwrap_err();
    assert!(matches!(
        error,
        LoopError::ToolRecoveryExhausted { attempts: 6, .. }
    ));
    assert_eq!(started.elapsed(), Duration::ZERO);

    let ask = FnRecovery::new(|_: &FailureAnalysis, _, _| RecoveryAction::AskUser(String::new()));
    let result = rules_driver(failing())
        .with_recovery_strategy(Arc::new(ask))
        .dispatch(call("t", json!({})))
        .await
        .unwrap();
    assert_eq!(result.content, "resource busy");
    assert!(result.content_for_model().contains("human decision"));
}

/// Cancels at many points of a call's life: during the tool, the reflection and the backoff.
#[tokio::test(start_paused = true)]
async fn cancels_at_random_points_return_promptly() {
    let slow_reflector_calls = Arc::new(AtomicUsize::new(0));
    struct SlowReflector(Arc<AtomicUsize>);
    impl Reflector for SlowReflector {
        fn analyze(
            &self,
            _: &str,
            _: &str,
            _: &Value,
            _: Option<&ToolSchema>,
            _: &ReflectionContext,
        ) -> loopctl::reflection::AnalysisFuture<'_> {
            self.0.fetch_add(1, Ordering::Relaxed);
            Box::pin(async {
                tokio::time::sleep(Duration::from_millis(30)).await;
                Ok(FailureAnalysis::recoverable("busy", FailureSeverity::Low))
            })
        }
    }
    let slow_tool = FnTool::new(
        ToolSchema::new("t", "", json!({"type": "object"})),
        |_| async {
            tokio::time::sleep(Duration::from_millis(20)).await;
            ToolOutput::error("busy")
        },
    );
    let registry = Arc::new(ToolRegistry::new().with(slow_tool));
    let mut outcomes = [0_usize; 2];
    // Each 50 ms cycle: 20 ms of tool, 30 ms of reflection, then 100/200/400 ms of backoff.
    for cancel_ms in (0..1200).step_by(7) {
        let driver = Dispatcher::with_shared_registry(Arc::clone(&registry))
            .with_reflector(Arc::new(SlowReflector(Arc::clone(&slow_reflector_calls))))
            .with_recovery_strategy(Arc::new(ExponentialBackoffRecovery::new(3)));
        let cancel = driver.cancel_signal().clone();
        let started = Instant::now();
        let canceller = tokio::spawn(async move {
            tokio::time::sleep(Duration::from_millis(cancel_ms)).await;
            cancel.cancel();
        });
        match driver.dispatch(call("t", json!({}))).await {
            Err(LoopError::Cancelled) => {
                assert_eq!(
                    started.elapsed(),
                    Duration::from_millis(cancel_ms),
                    "returned at the cancel"
                );
                outcomes[0] += 1;
            }
            Ok(result) => {
                assert!(result.is_error);
                outcomes[1] += 1;
            }
            Err(other) => panic!("unexpected {other:?}"),
        }
        canceller.abort();
    }
    // The call takes 900 ms in all: four 20 ms tool runs, four 30 ms reflections, 700 ms of backoff.
    assert_eq!(outcomes, [129, 43]);
}
