//! The spec's five steps and the hard ceiling, under tokio's paused clock.

use crate::support;

use std::sync::Arc;
use std::time::Duration;

use loopctl_backoff::ExponentialBackoffRecovery;
use loopctl_driver::{Dispatcher, LoopError, ToolCall, ToolOutput, ToolRegistry};
use loopctl_reflect_core::{
    AttemptOutcome, FailureAnalysis, FailureSeverity, MAX_TOTAL_ATTEMPTS, RecoveryAction,
    ReflectionContext,
};
use serde_json::json;
use support::{FixedAction, ScriptedReflector, ScriptedTool};
use tokio::time::Instant;

fn call(name: &str) -> ToolCall {
    ToolCall::new("call-1", name, json!({"q": 1}))
}

#[tokio::test(start_paused = true)]
async fn retry_forever_runs_six_times_then_exhausts() {
    let tool = ScriptedTool::failing("search", "503 Service Unavailable");
    let calls = tool.calls_handle();
    let reflector = Arc::new(ScriptedReflector::recoverable());
    let strategy = Arc::new(FixedAction::retry_after(Duration::ZERO));
    let driver = Dispatcher::new(ToolRegistry::new().with(tool))
        .with_reflector(reflector.clone())
        .with_recovery_strategy(strategy.clone());

    let error = driver.dispatch(call("search")).await.unwrap_err();

    assert_eq!(
        error,
        LoopError::ToolRecoveryExhausted {
            tool: "search".into(),
            attempts: 6
        }
    );
    assert_eq!(calls.lock().unwrap().len(), 6);
    let contexts: Vec<ReflectionContext> = reflector
        .asked
        .lock()
        .unwrap()
        .iter()
        .map(|asked| asked.context.clone())
        .collect();
    let expected: Vec<ReflectionContext> = (0..6)
        .map(|attempt| ReflectionContext::new("", attempt, 6))
        .collect();
    assert_eq!(contexts, expected);
    assert_eq!(
        *strategy.told.lock().unwrap(),
        (0..6).map(|a| (a, 6)).collect::<Vec<_>>()
    );
    assert_eq!(MAX_TOTAL_ATTEMPTS, 6);
    assert!(error.to_string().contains("1 call + 5 retries"), "{error}");
}

#[tokio::test(start_paused = true)]
async fn the_defaults_give_exactly_one_attempt() {
    let tool = ScriptedTool::failing("fetch", "connection timed out");
    let calls = tool.calls_handle();
    let driver = Dispatcher::new(ToolRegistry::new().with(tool));
    let started = Instant::now();

    let result = driver.dispatch(call("fetch")).await.unwrap();

    assert_eq!(calls.lock().unwrap().len(), 1);
    assert!(result.is_error);
    assert_eq!(result.attempts, 1);
    assert_eq!(result.content, "connection timed out");
    assert_eq!(
        result.final_action,
        Some(RecoveryAction::Fail("connection timed out".into()))
    );
    assert_eq!(started.elapsed(), Duration::ZERO);
}

#[tokio::test(start_paused = true)]
async fn the_delays_slept_are_the_strategys() {
    let tool = ScriptedTool::new(
        "fetch",
        vec![
            ToolOutput::error("timeout"),
            ToolOutput::error("timeout"),
            ToolOutput::error("timeout"),
            ToolOutput::success("body"),
        ],
    );
    let calls = tool.calls_handle();
    let driver = Dispatcher::new(ToolRegistry::new().with(tool))
        .with_reflector(Arc::new(ScriptedReflector::recoverable()))
        .with_recovery_strategy(Arc::new(ExponentialBackoffRecovery::new(3)));
    let started = Instant::now();

    let result = driver.dispatch(call("fetch")).await.unwrap();

    assert!(!result.is_error);
    assert_eq!(result.content, "body");
    assert_eq!(result.attempts, 4);
    assert_eq!(result.final_action, None);
    let offsets: Vec<Duration> = calls
        .lock()
        .unwrap()
        .iter()
        .map(|(at, _)| at.duration_since(started))
        .collect();
    assert_eq!(offsets, [0, 100, 300, 700].map(Duration::from_millis));
}

#[tokio::test(start_paused = true)]
async fn the_default_strategy_gives_up_softly_after_three_retries() {
    let tool = ScriptedTool::failing("fetch", "timeout");
    let calls = tool.calls_handle();
    let driver = Dispatcher::new(ToolRegistry::new().with(tool))
        .with_reflector(Arc::new(ScriptedReflector::recoverable()));

    let result = driver.dispatch(call("fetch")).await.unwrap();

    assert_eq!(calls.lock().unwrap().len(), 4);
    assert!(result.is_error && result.attempts == 4);
    assert!(
        matches!(result.final_action, Some(RecoveryAction::Fail(ref why)) if why.contains("3 retries"))
    );
}

#[tokio::test(start_paused = true)]
async fn a_zero_delay_never_touches_the_timer() {
    let tool = ScriptedTool::failing("t", "busy");
    let driver = Dispatcher::new(ToolRegistry::new().with(tool))
        .with_reflector(Arc::new(ScriptedReflector::recoverable()))
        .with_recovery_strategy(Arc::new(FixedAction::retry_after(Duration::ZERO)));
    let started = Instant::now();
    let error = driver.dispatch(call("t")).await.unwrap_err();
    // The paused clock only moves when something sleeps; even 1 ms would show.
    assert_eq!(started.elapsed(), Duration::ZERO);
    assert!(
        matches!(error, LoopError::ToolRecoveryExhausted { attempts: 6, .. }),
        "{error:?}"
    );
}

#[tokio::test(start_paused = true)]
async fn no_backoff_is_slept_when_only_the_ceiling_lies_ahead() {
    let tool = ScriptedTool::failing("t", "busy");
    let driver = Dispatcher::new(ToolRegistry::new().with(tool))
        .with_reflector(Arc::new(ScriptedReflector::recoverable()))
        .with_recovery_strategy(Arc::new(FixedAction::retry_after(Duration::from_secs(10))));
    let started = Instant::now();
    let error = driver.dispatch(call("t")).await.unwrap_err();
    assert!(matches!(
        error,
        LoopError::ToolRecoveryExhausted { attempts: 6, .. }
    ));
    assert_eq!(
        started.elapsed(),
        Duration::from_secs(50),
        "five sleeps between six calls, none after"
    );
}

#[tokio::test(start_paused = true)]
async fn absurd_delays_are_capped() {
    let tool = ScriptedTool::new(
        "t",
        vec![ToolOutput::error("busy"), ToolOutput::success("ok")],
    );
    let driver = Dispatcher::new(ToolRegistry::new().with(tool))
        .with_reflector(Arc::new(ScriptedReflector::recoverable()))
        .with_recovery_strategy(Arc::new(FixedAction::retry_after(Duration::MAX)))
        .with_max_retry_delay(Duration::from_secs(2));
    let started = Instant::now();
    let result = driver.dispatch(call("t")).await.unwrap();
    assert!(!result.is_error);
    assert_eq!(started.elapsed(), Duration::from_secs(2));
}

#[tokio::test(start_paused = true)]
async fn skip_ask_user_and_fail_return_the_error_softly() {
    let actions = [
        RecoveryAction::Skip("not needed".into()),
        RecoveryAction::AskUser("Delete 40 files? A person must confirm.".into()),
        RecoveryAction::Fail("giving up".into()),
    ];
    for action in actions {
        let tool = ScriptedTool::failing("rm", "refusing to delete 40 files without --force");
        let driver = Dispatcher::new(ToolRegistry::new().with(tool))
            .with_reflector(Arc::new(ScriptedReflector::recoverable()))
            .with_recovery_strategy(Arc::new(FixedAction::new(action.clone())));

        let result = driver.dispatch(call("rm")).await.unwrap();

        assert!(result.is_error);
        assert_eq!(
            result.content,
            "refusing to delete 40 files without --force"
        );
        assert_eq!(result.tool_call_id, "call-1");
        assert_eq!(result.attempts, 1);
        assert_eq!(result.final_action.as_ref(), Some(&action));
        let for_model = result.content_for_model();
        assert!(for_model.starts_with("refusing to delete 40 files"));
        if action.is_ask_user() {
            assert!(
                for_model.contains("human decision") && for_model.contains("A person must confirm"),
                "{for_model}"
            );
        } else {
            assert_eq!(for_model, result.content);
        }
    }
}

#[tokio::test(start_paused = true)]
async fn the_soft_result_carries_the_last_error_text() {
    let tool = ScriptedTool::new(
        "t",
        vec![ToolOutput::error("first"), ToolOutput::error("second")],
    );
    let driver = Dispatcher::new(ToolRegistry::new().with(tool))
        .with_reflector(Arc::new(ScriptedReflector::recoverable()))
        .with_recovery_strategy(Arc::new(ExponentialBackoffRecovery::new(1)));
    let result = driver.dispatch(call("t")).await.unwrap();
    assert_eq!(result.content, "second");
    assert_eq!(result.attempts, 2);
}

#[tokio::test(start_paused = true)]
async fn unregistered_tools_give_the_reflector_no_schema() {
    let reflector = Arc::new(ScriptedReflector::new(support::Answer::Analysis(
        FailureAnalysis::unrecoverable("no such tool", FailureSeverity::High),
    )));
    let driver = Dispatcher::new(ToolRegistry::new().with(ScriptedTool::failing("known", "boom")))
        .with_reflector(reflector.clone());

    let result = driver.dispatch(call("unknown")).await.unwrap();
    assert!(result.is_error);
    assert!(
        result.content.contains("unknown tool `unknown`") && result.content.contains("known"),
        "{}",
        result.content
    );
    driver.dispatch(call("known")).await.unwrap();

    let asked = reflector.asked.lock().unwrap();
    assert_eq!(asked[0].tool, "unknown");
    assert!(asked[0].schema.is_none());
    assert_eq!(
        asked[1].schema.as_ref().map(|schema| schema.name.as_str()),
        Some("known")
    );
    assert_eq!(asked[1].input, json!({"q": 1}));
    assert_eq!(asked[1].error, "boom");
}

#[tokio::test(start_paused = true)]
async fn the_task_reaches_the_reflector() {
    let reflector = Arc::new(ScriptedReflector::recoverable());
    let driver = Dispatcher::new(ToolRegistry::new().with(ScriptedTool::failing("t", "x")))
        .with_reflector(reflector.clone())
        .with_recovery_strategy(Arc::new(FixedAction::new(RecoveryAction::Fail(
            "no".into(),
        ))));
    driver
        .dispatch_for_task(call("t"), "book a flight to Oslo")
        .await
        .unwrap();
    assert_eq!(
        reflector.asked.lock().unwrap()[0].context.task,
        "book a flight to Oslo"
    );
}

#[tokio::test(start_paused = true)]
async fn every_attempt_is_reported_to_the_strategy() {
    let tool = ScriptedTool::new(
        "t",
        vec![
            ToolOutput::error("a"),
            ToolOutput::error("b"),
            ToolOutput::success("c"),
        ],
    );
    let strategy = Arc::new(FixedAction::retry_after(Duration::from_millis(5)));
    let driver = Dispatcher::new(ToolRegistry::new().with(tool))
        .with_reflector(Arc::new(ScriptedReflector::recoverable()))
        .with_recovery_strategy(strategy.clone());
    driver.dispatch(call("t")).await.unwrap();
    assert_eq!(
        *strategy.outcomes.lock().unwrap(),
        [
            AttemptOutcome::Failure,
            AttemptOutcome::Failure,
            AttemptOutcome::Success
        ]
    );
}

#[tokio::test(start_paused = true)]
async fn set_methods_swap_reflector_and_strategy() {
    let mut driver = Dispatcher::new(ToolRegistry::new().with(ScriptedTool::new(
        "t",
        vec![ToolOutput::error("x"), ToolOutput::success("y")],
    )));
    driver.set_reflector(Arc::new(ScriptedReflector::recoverable()));
    driver.set_recovery_strategy(Arc::new(FixedAction::retry_after(Duration::ZERO)));
    let result = driver.dispatch(call("t")).await.unwrap();
    assert_eq!((result.attempts, result.content.as_str()), (2, "y"));
}

#[tokio::test(start_paused = true)]
async fn a_reflector_note_is_read_by_the_reflector_and_never_reaches_the_model() {
    let tool = ScriptedTool::new(
        "db",
        vec![
            ToolOutput::error("the tool failed")
                .with_reflector_note("operator message: pool timed out; password=hunter2"),
        ],
    );
    let reflector = Arc::new(ScriptedReflector::with_analysis(
        FailureAnalysis::unrecoverable("nope", FailureSeverity::High),
    ));
    let asked = reflector.asked.clone();
    let driver = Dispatcher::new(ToolRegistry::new().with(tool))
        .with_reflector(reflector)
        .with_attempt_history();
    let result = driver
        .dispatch(ToolCall::new("c", "db", json!({})))
        .await
        .unwrap();
    assert_eq!(
        asked.lock().unwrap()[0].error,
        "the tool failed\noperator message: pool timed out; password=hunter2"
    );
    assert_eq!(result.content, "the tool failed");
    assert!(!result.content_for_model().contains("hunter2"));
    assert!(
        result
            .history
            .iter()
            .all(|record| !format!("{record:?}").contains("hunter2"))
    );
}
