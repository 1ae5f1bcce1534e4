//! Broken parts: reflectors that error, panic or hang; panicking strategies; tools that panic or hang; cancels.

use crate::support;

use std::sync::Arc;
use std::time::Duration;

use loopctl_driver::{
    CancelSignal, Dispatcher, FnTool, LoopError, ToolCall, ToolOutput, ToolRegistry,
};
use loopctl_reflect_core::{RecoveryAction, ReflectionError, ToolSchema};
use serde_json::json;
use support::{Answer, FixedAction, PanickingStrategy, ScriptedReflector, ScriptedTool};
use tokio::time::Instant;

fn call(name: &str) -> ToolCall {
    ToolCall::new("c", name, json!({}))
}

fn fail_reason(action: Option<&RecoveryAction>) -> &str {
    match action {
        Some(RecoveryAction::Fail(reason)) => reason,
        other => panic!("expected Fail, got {other:?}"),
    }
}

async fn with_reflector(answer: Answer) -> (loopctl_driver::ToolResult, usize, Duration) {
    let tool = ScriptedTool::failing("t", "503");
    let calls = tool.calls_handle();
    let driver = Dispatcher::new(ToolRegistry::new().with(tool))
        .with_reflector(Arc::new(ScriptedReflector::new(answer)))
        .with_recovery_strategy(Arc::new(FixedAction::retry_after(Duration::ZERO)));
    let started = Instant::now();
    let result = driver.dispatch(call("t")).await.unwrap();
    let count = calls.lock().unwrap().len();
    (result, count, started.elapsed())
}

#[tokio::test(start_paused = true)]
async fn a_reflector_error_fails_softly_after_one_attempt() {
    for error in [
        ReflectionError::Internal("model answered prose".into()),
        ReflectionError::Skipped("no rule".into()),
    ] {
        let (result, calls, _) = with_reflector(Answer::Error(error)).await;
        assert_eq!((calls, result.attempts, result.is_error), (1, 1, true));
        assert_eq!(result.content, "503");
        assert!(fail_reason(result.final_action.as_ref()).starts_with("reflection failed"));
    }
}

#[tokio::test(start_paused = true)]
async fn a_panicking_reflector_fails_softly() {
    let (result, calls, _) = with_reflector(Answer::Panic).await;
    assert_eq!(calls, 1);
    assert!(fail_reason(result.final_action.as_ref()).contains("reflector exploded"));
}

#[tokio::test(start_paused = true)]
async fn a_hanging_reflector_times_out_and_fails_softly() {
    let (result, calls, elapsed) = with_reflector(Answer::Hang).await;
    assert_eq!(calls, 1);
    assert!(fail_reason(result.final_action.as_ref()).contains("60000 ms"));
    assert_eq!(elapsed, Dispatcher::DEFAULT_REFLECTION_TIMEOUT);
}

#[tokio::test(start_paused = true)]
async fn the_reflection_timeout_is_configurable() {
    let driver = Dispatcher::new(ToolRegistry::new().with(ScriptedTool::failing("t", "x")))
        .with_reflector(Arc::new(ScriptedReflector::new(Answer::Hang)))
        .with_reflection_timeout(Duration::from_secs(2));
    let started = Instant::now();
    let result = driver.dispatch(call("t")).await.unwrap();
    assert!(result.is_error);
    assert_eq!(started.elapsed(), Duration::from_secs(2));
}

#[tokio::test(start_paused = true)]
async fn a_panicking_strategy_means_fail() {
    let tool = ScriptedTool::failing("t", "boom");
    let calls = tool.calls_handle();
    let driver = Dispatcher::new(ToolRegistry::new().with(tool))
        .with_reflector(Arc::new(ScriptedReflector::recoverable()))
        .with_recovery_strategy(Arc::new(PanickingStrategy));
    let result = driver.dispatch(call("t")).await.unwrap();
    assert_eq!(calls.lock().unwrap().len(), 1);
    assert_eq!(result.content, "boom");
    assert!(fail_reason(result.final_action.as_ref()).contains("strategy exploded"));
}

fn schema(name: &str) -> ToolSchema {
    ToolSchema::new(name, "", json!({"type": "object"}))
}

#[tokio::test(start_paused = true)]
async fn a_panicking_tool_gives_an_error_result() {
    let registry = ToolRegistry::new()
        .with(FnTool::new(schema("bad"), |_| async {
            panic!("index out of bounds")
        }))
        .with(FnTool::new(
            schema("worse"),
            |_| -> std::future::Ready<ToolOutput> { panic!("before the future") },
        ));
    let driver = Dispatcher::new(registry);
    for name in ["bad", "worse"] {
        let result = driver.dispatch(call(name)).await.unwrap();
        assert!(result.is_error);
        assert!(
            result.content.contains(&format!("tool `{name}` panicked")),
            "{}",
            result.content
        );
    }
    let result = driver.dispatch(call("bad")).await.unwrap();
    assert!(result.content.contains("index out of bounds"));
}

#[tokio::test(start_paused = true)]
async fn a_hanging_tool_times_out_into_an_error_result() {
    // Declared read-only, so a call stopped by the time-out may run again.
    let registry = ToolRegistry::new().with(
        FnTool::new(schema("slow"), |_| async {
            tokio::time::sleep(Duration::from_secs(3600)).await;
            ToolOutput::success("too late")
        })
        .read_only(),
    );
    let reflector = Arc::new(ScriptedReflector::recoverable());
    let driver = Dispatcher::new(registry)
        .with_tool_timeout(Duration::from_secs(5))
        .with_reflector(reflector.clone())
        .with_recovery_strategy(Arc::new(loopctl_backoff::ExponentialBackoffRecovery::new(
            1,
        )));
    let started = Instant::now();
    let result = driver.dispatch(call("slow")).await.unwrap();
    assert!(result.is_error);
    assert!(
        result.content.contains("timed out after 5000 ms"),
        "{}",
        result.content
    );
    assert_eq!(result.attempts, 2);
    assert_eq!(started.elapsed(), Duration::from_millis(10_100));
    assert!(
        reflector.asked.lock().unwrap()[0]
            .error
            .contains("timed out")
    );
}

#[tokio::test(start_paused = true)]
async fn cancel_during_a_backoff_returns_promptly() {
    let cancel = CancelSignal::new();
    let driver = Dispatcher::new(ToolRegistry::new().with(ScriptedTool::failing("t", "busy")))
        .with_reflector(Arc::new(ScriptedReflector::recoverable()))
        .with_recovery_strategy(Arc::new(FixedAction::retry_after(Duration::from_secs(30))))
        .with_cancel_signal(cancel.clone());
    let started = Instant::now();
    let canceller = tokio::spawn(async move {
        tokio::time::sleep(Duration::from_secs(1)).await;
        cancel.cancel();
    });
    assert_eq!(
        driver.dispatch(call("t")).await.unwrap_err(),
        LoopError::Cancelled
    );
    assert_eq!(started.elapsed(), Duration::from_secs(1));
    canceller.await.unwrap();
    assert_eq!(
        driver.dispatch(call("t")).await.unwrap_err(),
        LoopError::Cancelled,
        "stays cancelled"
    );
}

#[tokio::test(start_paused = true)]
async fn cancel_during_a_tool_returns_promptly() {
    let registry = ToolRegistry::new().with(FnTool::new(schema("slow"), |_| async {
        tokio::time::sleep(Duration::from_secs(3600)).await;
        ToolOutput::success("late")
    }));
    let driver = Dispatcher::new(registry);
    let cancel = driver.cancel_signal().clone();
    let started = Instant::now();
    tokio::spawn(async move {
        tokio::time::sleep(Duration::from_millis(250)).await;
        cancel.cancel();
    });
    assert_eq!(
        driver.dispatch(call("slow")).await.unwrap_err(),
        LoopError::Cancelled
    );
    assert_eq!(started.elapsed(), Duration::from_millis(250));
}

#[tokio::test(start_paused = true)]
async fn cancel_during_reflection_returns_promptly() {
    let driver = Dispatcher::new(ToolRegistry::new().with(ScriptedTool::failing("t", "x")))
        .with_reflector(Arc::new(ScriptedReflector::new(Answer::Hang)));
    let cancel = driver.cancel_signal().clone();
    tokio::spawn(async move {
        tokio::time::sleep(Duration::from_millis(40)).await;
        cancel.cancel();
    });
    let started = Instant::now();
    assert_eq!(
        driver.dispatch(call("t")).await.unwrap_err(),
        LoopError::Cancelled
    );
    assert_eq!(started.elapsed(), Duration::from_millis(40));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cancel_on_the_real_clock_returns_within_a_generous_bound() {
    let driver = Dispatcher::new(ToolRegistry::new().with(ScriptedTool::failing("t", "busy")))
        .with_reflector(Arc::new(ScriptedReflector::recoverable()))
        .with_recovery_strategy(Arc::new(FixedAction::retry_after(Duration::from_secs(60))));
    let cancel = driver.cancel_signal().clone();
    let started = std::time::Instant::now();
    let running = tokio::spawn(async move { driver.dispatch(call("t")).await });
    tokio::time::sleep(Duration::from_millis(50)).await;
    cancel.cancel();
    let outcome = tokio::time::timeout(Duration::from_secs(10), running)
        .await
        .expect("dispatch returned after the cancel")
        .unwrap();
    assert_eq!(outcome.unwrap_err(), LoopError::Cancelled);
    assert!(started.elapsed() < Duration::from_secs(10));
}

/// A tool that settles its own failure: the driver applies that ending
/// without asking the reflector, and a settled `Retry` changes nothing.
#[tokio::test(start_paused = true)]
async fn a_tool_can_settle_its_failure_but_never_force_a_retry() {
    let reflector = Arc::new(ScriptedReflector::recoverable());
    let asked = Arc::clone(&reflector.asked);
    let unknown = ToolOutput::error("outcome unknown: the connection closed mid-call")
        .settled(RecoveryAction::Fail("not retried".into()));
    let tool = ScriptedTool::new("t", vec![unknown]);
    let calls = tool.calls_handle();
    let driver = Dispatcher::new(ToolRegistry::new().with(tool))
        .with_reflector(reflector)
        .with_recovery_strategy(Arc::new(FixedAction::retry_after(Duration::ZERO)))
        .with_attempt_history();
    let result = driver.dispatch(call("t")).await.unwrap();
    assert_eq!((calls.lock().unwrap().len(), result.attempts), (1, 1));
    assert_eq!(fail_reason(result.final_action.as_ref()), "not retried");
    assert_eq!(
        asked.lock().unwrap().len(),
        0,
        "the reflector was not asked"
    );
    assert_eq!(result.history.len(), 1);

    let forced = ToolOutput::error("503").settled(RecoveryAction::Retry {
        delay: Duration::ZERO,
    });
    assert!(forced.settled_action().is_none());
    let tool = ScriptedTool::new("t", vec![forced, ToolOutput::success("ok")]);
    let reflector = Arc::new(ScriptedReflector::recoverable());
    let asked = Arc::clone(&reflector.asked);
    let driver = Dispatcher::new(ToolRegistry::new().with(tool))
        .with_reflector(reflector)
        .with_recovery_strategy(Arc::new(FixedAction::retry_after(Duration::ZERO)));
    let result = driver.dispatch(call("t")).await.unwrap();
    assert_eq!((result.attempts, result.is_error), (2, false));
    assert_eq!(
        asked.lock().unwrap().len(),
        1,
        "the failure was reflected on as usual"
    );
}

/// A destructive tool stopped by the driver's time-out may have done its
/// work: it is not run again, whatever the reflector says.
#[tokio::test(start_paused = true)]
async fn a_destructive_tool_that_times_out_is_not_run_again() {
    let runs = Arc::new(std::sync::atomic::AtomicU32::new(0));
    let counted = Arc::clone(&runs);
    let pay = FnTool::new(schema("pay"), move |_| {
        counted.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        async {
            tokio::time::sleep(Duration::from_secs(3600)).await;
            ToolOutput::success("paid")
        }
    })
    .with_effect(loopctl_driver::Effect::Destructive);
    let driver = Dispatcher::new(ToolRegistry::new().with(pay))
        .with_tool_timeout(Duration::from_secs(5))
        .with_reflector(Arc::new(ScriptedReflector::recoverable()))
        .with_recovery_strategy(Arc::new(FixedAction::retry_after(Duration::ZERO)));
    let result = driver.dispatch(call("pay")).await.unwrap();
    assert_eq!(
        (
            result.attempts,
            runs.load(std::sync::atomic::Ordering::Relaxed)
        ),
        (1, 1)
    );
    assert!(fail_reason(result.final_action.as_ref()).contains("outcome unknown"));
    assert!(
        result.content.contains("check whether it took effect"),
        "{}",
        result.content
    );
}
