//! Step 3's corrections: input fixes, tool changes, advisory kinds, and what gets dropped.

use crate::support;

use std::sync::Arc;
use std::time::Duration;

use loopctl_driver::{
    Dispatcher, Effect, LoopError, SafetyPolicy, Tool, ToolCall, ToolOutput, ToolRegistry,
};
use loopctl_reflect_core::{Correction, CorrectionType, FailureAnalysis, FailureSeverity};
use serde_json::{Value, json};
use support::{FixedAction, ScriptedReflector, ScriptedTool};

fn analysis_with(correction: Correction) -> FailureAnalysis {
    FailureAnalysis::recoverable("bad call", FailureSeverity::Medium).with_correction(correction)
}

fn inputs(tool: &ScriptedTool) -> Vec<Value> {
    tool.calls
        .lock()
        .unwrap()
        .iter()
        .map(|(_, input)| input.clone())
        .collect()
}

/// A driver whose `main` tool fails once then succeeds, and whose reflector proposes `correction`.
fn driver_with(
    correction: Correction,
    extra: Option<ScriptedTool>,
) -> (Dispatcher, Arc<ScriptedTool>) {
    let main = Arc::new(ScriptedTool::new(
        "main",
        vec![ToolOutput::error("bad input"), ToolOutput::success("done")],
    ));
    let mut registry = ToolRegistry::new();
    registry.register_arc(main.clone());
    let mut policy = SafetyPolicy::new();
    if let Some(extra) = extra {
        // The alternative is declared safe, so the default policy lets a change reach it.
        policy = policy.declare_read_only(extra.schema().name.clone());
        registry.register(extra);
    }
    let driver = Dispatcher::new(registry)
        .with_safety_policy(policy)
        .with_reflector(Arc::new(ScriptedReflector::with_analysis(analysis_with(
            correction,
        ))))
        .with_recovery_strategy(Arc::new(FixedAction::retry_after(Duration::ZERO)));
    (driver, main)
}

fn call() -> ToolCall {
    ToolCall::new("c", "main", json!({"count": "3"}))
}

#[tokio::test(start_paused = true)]
async fn an_input_fix_replaces_the_input() {
    let (driver, main) = driver_with(
        Correction::input_fix("count is a number", json!({"count": 3})),
        None,
    );
    let result = driver.dispatch(call()).await.unwrap();
    assert_eq!((result.is_error, result.attempts), (false, 2));
    assert_eq!(inputs(&main), [json!({"count": "3"}), json!({"count": 3})]);
}

#[tokio::test(start_paused = true)]
async fn a_non_object_fix_is_dropped_and_the_retry_still_happens() {
    for bad in [json!("count=3"), json!([3]), Value::Null] {
        let (driver, main) = driver_with(Correction::input_fix("?", bad), None);
        let result = driver.dispatch(call()).await.unwrap();
        assert_eq!((result.is_error, result.attempts), (false, 2));
        assert_eq!(
            inputs(&main),
            [json!({"count": "3"}), json!({"count": "3"})]
        );
    }
    let (driver, main) = driver_with(Correction::new(CorrectionType::InputFix, "nothing"), None);
    driver.dispatch(call()).await.unwrap();
    assert_eq!(inputs(&main).len(), 2);
}

#[tokio::test(start_paused = true)]
async fn a_tool_change_swaps_the_tool() {
    let other = ScriptedTool::new("other", vec![ToolOutput::success("from other")]);
    let other_calls = other.calls_handle();
    let (driver, main) = driver_with(Correction::tool_change("use other", "other"), Some(other));
    let result = driver.dispatch(call()).await.unwrap();
    assert_eq!(result.content, "from other");
    assert_eq!(result.tool, "other");
    assert_eq!(result.attempts, 2);
    assert_eq!(inputs(&main).len(), 1);
    assert_eq!(
        other_calls.lock().unwrap()[0].1,
        json!({"count": "3"}),
        "the input goes along"
    );
}

#[tokio::test(start_paused = true)]
async fn a_tool_change_to_a_tool_not_declared_safe_is_dropped() {
    let other = ScriptedTool::new("other", vec![ToolOutput::success("from other")]);
    let other_calls = other.calls_handle();
    let (driver, main) = driver_with(Correction::tool_change("use other", "other"), Some(other));
    let registry = driver.registry().clone();
    let driver = Dispatcher::new(registry)
        .with_safety_policy(SafetyPolicy::new().declare_effect("other", Effect::Destructive))
        .with_reflector(Arc::clone(driver.reflector()))
        .with_recovery_strategy(Arc::clone(driver.recovery_strategy()))
        .with_attempt_history();
    let result = driver.dispatch(call()).await.unwrap();
    assert_eq!((result.tool.as_str(), result.attempts), ("main", 2));
    assert!(
        other_calls.lock().unwrap().is_empty(),
        "the destructive tool never ran"
    );
    assert_eq!(inputs(&main).len(), 2, "the retry ran uncorrected");
    let dropped = result.history[0]
        .rejected_correction
        .as_deref()
        .unwrap_or_default();
    assert!(dropped.contains("to `other` (destructive)"), "{dropped}");
}

#[tokio::test(start_paused = true)]
async fn a_tool_change_to_an_unregistered_name_is_dropped() {
    let (driver, main) = driver_with(Correction::tool_change("?", "nonexistent"), None);
    let result = driver.dispatch(call()).await.unwrap();
    assert_eq!((result.tool.as_str(), result.attempts), ("main", 2));
    assert_eq!(inputs(&main).len(), 2);
}

#[tokio::test(start_paused = true)]
async fn advisory_corrections_change_nothing() {
    for kind in [
        CorrectionType::PrerequisiteFix,
        CorrectionType::ApproachChange,
        CorrectionType::Escalate,
    ] {
        let correction = Correction::new(kind, "advice")
            .with_guidance("create the folder first")
            .with_modified_input(json!({"count": 99}))
            .with_alternative_tool("other");
        let other = ScriptedTool::new("other", vec![ToolOutput::success("wrong")]);
        let (driver, main) = driver_with(correction, Some(other));
        let result = driver.dispatch(call()).await.unwrap();
        assert_eq!(
            (result.tool.as_str(), result.content.as_str()),
            ("main", "done"),
            "{kind}"
        );
        assert_eq!(
            inputs(&main),
            [json!({"count": "3"}), json!({"count": "3"})]
        );
    }
}

#[tokio::test(start_paused = true)]
async fn exhaustion_names_the_tool_originally_requested() {
    let first = ScriptedTool::failing("first", "nope");
    let second = ScriptedTool::failing("second", "nope");
    let driver = Dispatcher::new(ToolRegistry::new().with(first).with(second))
        .with_reflector(Arc::new(ScriptedReflector::with_analysis(analysis_with(
            Correction::tool_change("try the other", "second"),
        ))))
        .with_recovery_strategy(Arc::new(FixedAction::retry_after(Duration::ZERO)));
    let error = driver
        .dispatch(ToolCall::new("c", "first", json!({})))
        .await
        .unwrap_err();
    assert_eq!(
        error,
        LoopError::ToolRecoveryExhausted {
            tool: "first".into(),
            attempts: 6
        }
    );
}
