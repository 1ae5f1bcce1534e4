//! The attempt history, guidance for the model, rejected fixes made visible, and fixes retried at once.

use crate::support;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use loopctl_backoff::ExponentialBackoffRecovery;
use loopctl_driver::{
    AttemptObserver, Dispatcher, RecoveryDecided, ToolCall, ToolOutput, ToolRegistry,
};
use loopctl_reflect_core::{
    Correction, CorrectionType, FailureAnalysis, FailureSeverity, RecoveryAction,
};
use loopctl_reflect_rules::RuleReflector;
use serde_json::json;
use support::{ScriptedReflector, ScriptedTool};
use tokio::time::Instant;

fn typed_schema() -> serde_json::Value {
    json!({
        "type": "object",
        "properties": {"path": {"type": "string"}, "limit": {"type": "integer"}},
        "required": ["path", "limit"],
        "additionalProperties": false
    })
}

/// Fails with a serde error until `limit` is a number, then succeeds.
fn strict_list() -> ScriptedTool {
    ScriptedTool::new(
        "list",
        vec![
            ToolOutput::error("invalid type: string \"20\", expected u32 at line 1 column 28"),
            ToolOutput::error("connection reset by peer"),
            ToolOutput::success("3 files"),
        ],
    )
    .with_schema(typed_schema())
}

#[tokio::test(start_paused = true)]
async fn the_history_records_every_failed_attempt_in_order() {
    let tool = strict_list();
    let driver = Dispatcher::new(ToolRegistry::new().with(tool))
        .with_reflector(Arc::new(RuleReflector::new()))
        .with_attempt_history();
    let result = driver
        .dispatch(ToolCall::new(
            "c",
            "list",
            json!({"path": "/srv", "limit": "20"}),
        ))
        .await
        .unwrap();
    assert!(!result.is_error && result.attempts == 3, "{result:?}");
    let history = &result.history;
    assert_eq!(history.len(), 2, "{history:#?}");
    assert_eq!(history[0].attempt, 0);
    assert_eq!(history[0].tool, "list");
    assert_eq!(history[0].corrected_input, None, "the call's own input");
    assert!(history[0].error.starts_with("invalid type"));
    let fix = history[0]
        .analysis
        .as_ref()
        .and_then(|analysis| analysis.correction.as_ref());
    assert_eq!(
        fix.map(|fix| fix.correction_type),
        Some(CorrectionType::InputFix)
    );
    assert_eq!(
        history[0].action,
        RecoveryAction::retry(Duration::from_millis(100))
    );
    assert_eq!(history[0].delay, Duration::from_millis(100));
    assert_eq!(
        history[1].corrected_input,
        Some(json!({"path": "/srv", "limit": 20})),
        "the second attempt ran with the repaired input"
    );
    assert_eq!(history[1].delay, Duration::from_millis(200));
}

#[tokio::test(start_paused = true)]
async fn without_the_option_nothing_is_kept() {
    let driver = Dispatcher::new(ToolRegistry::new().with(strict_list()))
        .with_reflector(Arc::new(RuleReflector::new()));
    let result = driver
        .dispatch(ToolCall::new(
            "c",
            "list",
            json!({"path": "/srv", "limit": "20"}),
        ))
        .await
        .unwrap();
    assert_eq!(result.attempts, 3);
    assert!(result.history.is_empty() && result.guidance.is_none());
}

#[tokio::test(start_paused = true)]
async fn a_fix_that_changes_the_call_can_skip_the_backoff() {
    let driver = Dispatcher::new(ToolRegistry::new().with(strict_list()))
        .with_reflector(Arc::new(RuleReflector::new()))
        .with_recovery_strategy(Arc::new(
            ExponentialBackoffRecovery::new(3).with_fixes_retried_at_once(),
        ))
        .with_attempt_history();
    let started = Instant::now();
    let result = driver
        .dispatch(ToolCall::new(
            "c",
            "list",
            json!({"path": "/srv", "limit": "20"}),
        ))
        .await
        .unwrap();
    assert!(!result.is_error);
    // The repair retried at once; the reset that followed waited its 200 ms.
    assert_eq!(result.history[0].delay, Duration::ZERO);
    assert_eq!(started.elapsed(), Duration::from_millis(200));
}

#[tokio::test]
async fn unfixable_input_hands_the_model_what_to_change() {
    let tool = ScriptedTool::failing(
        "list",
        "1 validation error for ListInput\nlimit\n  Field required [type=missing]",
    )
    .with_schema(typed_schema());
    let driver = Dispatcher::new(ToolRegistry::new().with(tool))
        .with_reflector(Arc::new(RuleReflector::new()))
        .with_guidance_for_model();
    let result = driver
        .dispatch(ToolCall::new("c", "list", json!({"path": "/srv"})))
        .await
        .unwrap();
    assert!(result.is_error && result.attempts == 1);
    let guidance = result.guidance.as_deref().unwrap();
    assert!(guidance.contains("limit"), "{guidance}");
    let shown = result.content_for_model();
    assert!(
        shown.starts_with("1 validation error"),
        "the tool's own text first"
    );
    assert!(shown.ends_with(&format!("[{guidance}]")), "{shown}");

    let plain = Dispatcher::new(
        ToolRegistry::new()
            .with(ScriptedTool::failing("list", "Field required").with_schema(typed_schema())),
    )
    .with_reflector(Arc::new(RuleReflector::new()));
    let result = plain
        .dispatch(ToolCall::new("c", "list", json!({"path": "/srv"})))
        .await
        .unwrap();
    assert!(result.guidance.is_none());
    assert!(matches!(
        result.content_for_model(),
        std::borrow::Cow::Borrowed(_)
    ));
}

#[derive(Default)]
struct Decisions(Mutex<Vec<(bool, Option<String>, RecoveryAction)>>);

impl AttemptObserver for Decisions {
    fn recovery_decided(&self, event: &RecoveryDecided<'_>) {
        self.0.lock().unwrap().push((
            event.analysis.is_some(),
            event.rejected_correction.map(str::to_owned),
            event.action.clone(),
        ));
    }
}

#[cfg(feature = "schema_validation")]
#[tokio::test]
async fn a_rejected_fix_is_visible_with_its_analysis_and_reason() {
    let tool = ScriptedTool::failing("list", "EIO: i/o error").with_schema(typed_schema());
    let calls = tool.calls_handle();
    let breaking = FailureAnalysis::recoverable("try without a limit", FailureSeverity::Low)
        .with_correction(Correction::input_fix("drop limit", json!({"path": "/srv"})));
    let decisions = Arc::new(Decisions::default());
    let driver = Dispatcher::new(ToolRegistry::new().with(tool))
        .with_reflector(Arc::new(ScriptedReflector::with_analysis(breaking)))
        .with_observer(decisions.clone())
        .with_attempt_history()
        .with_guidance_for_model();
    let result = driver
        .dispatch(ToolCall::new(
            "c",
            "list",
            json!({"path": "/srv", "limit": 5}),
        ))
        .await
        .unwrap();
    assert_eq!(calls.lock().unwrap().len(), 1, "the breaking fix never ran");
    let seen = decisions.0.lock().unwrap();
    let (had_analysis, rejection, action) = &seen[0];
    assert!(had_analysis, "observers see the analysis");
    let rejection = rejection.as_deref().unwrap();
    assert!(rejection.contains("limit"), "{rejection}");
    assert!(matches!(action, RecoveryAction::Fail(why) if why.contains("input_fix was rejected")));
    assert_eq!(
        result.history[0].rejected_correction.as_deref(),
        Some(rejection)
    );
    assert!(
        result
            .guidance
            .unwrap()
            .contains("The proposed fix was rejected")
    );
}

#[tokio::test]
async fn a_failed_reflection_still_reports_no_analysis() {
    let decisions = Arc::new(Decisions::default());
    let driver = Dispatcher::new(ToolRegistry::new().with(ScriptedTool::failing("t", "boom")))
        .with_reflector(Arc::new(ScriptedReflector::new(support::Answer::Error(
            loopctl_reflect_core::ReflectionError::Internal("model down".into()),
        ))))
        .with_observer(decisions.clone());
    driver
        .dispatch(ToolCall::new("c", "t", json!({})))
        .await
        .unwrap();
    let seen = decisions.0.lock().unwrap();
    assert_eq!((seen[0].0, seen[0].1.as_deref()), (false, None));
}
