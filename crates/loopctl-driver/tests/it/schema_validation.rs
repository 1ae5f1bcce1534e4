//! With `schema_validation`, a proposed InputFix must fit the tool's schema before any retry.
#![cfg(feature = "schema_validation")]

use crate::support;

use std::sync::Arc;
use std::time::Duration;

use loopctl_driver::{Dispatcher, ToolCall, ToolOutput, ToolRegistry};
use loopctl_reflect_core::{Correction, FailureAnalysis, FailureSeverity, RecoveryAction};
use serde_json::json;
use support::{FixedAction, ScriptedReflector, ScriptedTool};

fn sleep_tool() -> ScriptedTool {
    ScriptedTool::new(
        "sleep",
        vec![
            ToolOutput::error("ms: expected integer"),
            ToolOutput::success("slept"),
        ],
    )
    .with_schema(json!({
        "type": "object",
        "properties": {"ms": {"type": "integer", "minimum": 0}},
        "required": ["ms"],
        "additionalProperties": false
    }))
}

fn driver(tool: ScriptedTool, fix: serde_json::Value) -> Dispatcher {
    let analysis = FailureAnalysis::recoverable("ms is a string", FailureSeverity::Low)
        .with_correction(Correction::input_fix("make it a number", fix));
    Dispatcher::new(ToolRegistry::new().with(tool))
        .with_reflector(Arc::new(ScriptedReflector::with_analysis(analysis)))
        .with_recovery_strategy(Arc::new(FixedAction::retry_after(Duration::ZERO)))
}

#[tokio::test(start_paused = true)]
async fn a_fix_that_breaks_the_schema_fails_before_any_retry() {
    let tool = sleep_tool();
    let calls = tool.calls_handle();
    let result = driver(tool, json!({"milliseconds": 10}))
        .dispatch(ToolCall::new("c", "sleep", json!({"ms": "10"})))
        .await
        .unwrap();
    assert_eq!(
        calls.lock().unwrap().len(),
        1,
        "the nonsense fix never executes"
    );
    assert!(result.is_error);
    let Some(RecoveryAction::Fail(reason)) = result.final_action else {
        panic!("expected Fail")
    };
    assert!(
        reason.contains("input_fix was rejected") && reason.contains("ms"),
        "{reason}"
    );
}

#[tokio::test(start_paused = true)]
async fn a_fix_that_fits_the_schema_is_applied() {
    let tool = sleep_tool();
    let calls = tool.calls_handle();
    let result = driver(tool, json!({"ms": 10}))
        .dispatch(ToolCall::new("c", "sleep", json!({"ms": "10"})))
        .await
        .unwrap();
    assert_eq!(result.content, "slept");
    assert_eq!(calls.lock().unwrap()[1].1, json!({"ms": 10}));
}

#[tokio::test(start_paused = true)]
async fn without_a_schema_the_check_is_skipped() {
    let analysis = FailureAnalysis::recoverable("unknown tool", FailureSeverity::Low)
        .with_correction(Correction::input_fix("anything", json!({"whatever": true})));
    let reflector = Arc::new(ScriptedReflector::with_analysis(analysis));
    let driver = Dispatcher::new(ToolRegistry::new())
        .with_reflector(reflector.clone())
        .with_recovery_strategy(Arc::new(FixedAction::new(RecoveryAction::Skip(
            "done".into(),
        ))));
    let result = driver
        .dispatch(ToolCall::new("c", "ghost", json!({})))
        .await
        .unwrap();
    assert_eq!(
        result.final_action,
        Some(RecoveryAction::Skip("done".into())),
        "the strategy was reached"
    );
}
