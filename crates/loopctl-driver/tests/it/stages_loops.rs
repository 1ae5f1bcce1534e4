//! Loop detection: identical failing attempts stack up to a stop, recoverable ones do not, the window slides, and long texts are compared by both ends.

use crate::support;

use std::sync::Arc;
use std::time::Duration;

use loopctl_driver::{
    DefaultToolSignature, Dispatcher, LoopDetector, LoopError, ToolCall, ToolOutput, ToolRegistry,
    ToolSignature,
};
use serde_json::{Value, json};
use support::{FixedAction, ScriptedReflector, ScriptedTool};

fn looping_driver(tool: ScriptedTool, detector: LoopDetector) -> Dispatcher {
    Dispatcher::new(ToolRegistry::new().with(tool))
        .with_reflector(Arc::new(ScriptedReflector::recoverable()))
        .with_recovery_strategy(Arc::new(FixedAction::retry_after(Duration::ZERO)))
        .with_loop_detector(Arc::new(detector))
}

#[tokio::test(start_paused = true)]
async fn identical_failing_attempts_stack_up_to_a_stop() {
    let driver = looping_driver(
        ScriptedTool::failing("edit", "patch does not apply"),
        LoopDetector::with_thresholds(20, 2, 4),
    );
    let error = driver
        .dispatch(ToolCall::new("c", "edit", json!({"path": "src/main.rs"})))
        .await
        .unwrap_err();
    assert_eq!(
        error,
        LoopError::LoopDetected {
            tool: "edit".into(),
            repetitions: 4
        }
    );
    assert!(error.to_string().contains("looping"));
}

#[tokio::test(start_paused = true)]
async fn recoverable_errors_do_not_stack_up() {
    let driver = looping_driver(
        ScriptedTool::failing("fetch", "HTTP 503 Service Unavailable"),
        LoopDetector::with_thresholds(20, 2, 3),
    );
    let error = driver
        .dispatch(ToolCall::new("c", "fetch", json!({"url": "http://x"})))
        .await
        .unwrap_err();
    assert!(
        matches!(error, LoopError::ToolRecoveryExhausted { attempts: 6, .. }),
        "the ceiling, not the detector: {error:?}"
    );
}

struct MarksPatchErrorsRecoverable;

impl ToolSignature for MarksPatchErrorsRecoverable {
    fn primary_parameter<'a>(&self, _tool: &str, input: &'a Value) -> &'a Value {
        &input["path"]
    }
    fn is_recoverable_error(&self, _tool: &str, error: &str) -> bool {
        error.contains("does not apply")
    }
}

#[tokio::test(start_paused = true)]
async fn a_custom_signature_marks_errors_recoverable() {
    let detector = LoopDetector::with_thresholds(20, 2, 3)
        .with_signature(Arc::new(MarksPatchErrorsRecoverable));
    let driver = looping_driver(
        ScriptedTool::failing("edit", "patch does not apply"),
        detector,
    );
    let error = driver
        .dispatch(ToolCall::new("c", "edit", json!({"path": "a"})))
        .await
        .unwrap_err();
    assert!(
        matches!(error, LoopError::ToolRecoveryExhausted { .. }),
        "{error:?}"
    );
}

#[test]
fn different_inputs_or_results_are_not_repetition() {
    let detector = LoopDetector::with_thresholds(20, 2, 3);
    for index in 0..10 {
        let verdict = detector.record(
            "read",
            &json!({"path": format!("file{index}")}),
            "same text",
            false,
        );
        assert_eq!(verdict, loopctl_driver::LoopVerdict::Fine);
    }
    for index in 0..10 {
        let verdict = detector.record(
            "read",
            &json!({"path": "same"}),
            &format!("content {index}"),
            false,
        );
        assert_eq!(verdict, loopctl_driver::LoopVerdict::Fine);
    }
    // Other keys of the input are not the primary parameter.
    assert_eq!(
        detector.record("grep", &json!({"query": "x", "page": 1}), "r", false),
        loopctl_driver::LoopVerdict::Fine
    );
    assert_eq!(
        detector.record("grep", &json!({"page": 2, "query": "x"}), "r", false),
        loopctl_driver::LoopVerdict::Warning(2)
    );
    assert_eq!(
        detector.record("grep", &json!({"query": "x"}), "r", false),
        loopctl_driver::LoopVerdict::Stop(3)
    );
}

#[test]
fn the_window_slides() {
    let detector = LoopDetector::with_thresholds(3, 2, 3);
    assert_eq!(
        detector.record("a", &json!({}), "x", false),
        loopctl_driver::LoopVerdict::Fine
    );
    detector.record("b", &json!({}), "x", false);
    detector.record("c", &json!({}), "x", false);
    assert_eq!(
        detector.record("a", &json!({}), "x", false),
        loopctl_driver::LoopVerdict::Fine,
        "the first `a` has left the window"
    );
}

#[tokio::test(start_paused = true)]
async fn retry_forever_with_the_default_detector_ends_at_whichever_limit_comes_first() {
    // The detector counts every attempt, retries included; an error it reads
    // as transient does not count, so the ceiling ends the call.
    let transient = looping_driver(
        ScriptedTool::failing("sync", "transient failure, please retry"),
        LoopDetector::new(),
    );
    let error = transient
        .dispatch(ToolCall::new("c", "sync", json!({})))
        .await
        .unwrap_err();
    assert!(
        matches!(error, LoopError::ToolRecoveryExhausted { attempts: 6, .. }),
        "{error:?}"
    );
    // Any other identical error stacks up, and the detector's stop at five
    // comes before the ceiling's sixth run.
    let stuck = looping_driver(
        ScriptedTool::failing("edit", "patch does not apply"),
        LoopDetector::new(),
    );
    let error = stuck
        .dispatch(ToolCall::new("c", "edit", json!({"path": "a.rs"})))
        .await
        .unwrap_err();
    assert_eq!(
        error,
        LoopError::LoopDetected {
            tool: "edit".into(),
            repetitions: 5
        }
    );
}

#[test]
fn the_default_signature_reads_both_ends_of_a_long_text_only() {
    let signature = DefaultToolSignature;
    assert!(signature.is_recoverable_error("t", "Request TIMED OUT after 30s"));
    assert!(signature.is_recoverable_error("t", "a Transient failure"));
    assert!(!signature.is_recoverable_error("t", "patch does not apply"));
    let filler = "x".repeat(5000);
    assert!(
        signature.is_recoverable_error("t", &format!("HTTP 503 {filler}")),
        "at the start"
    );
    assert!(
        signature.is_recoverable_error("t", &format!("Traceback {filler}\nReadTimeout: timed out")),
        "at the end"
    );
    assert!(
        !signature.is_recoverable_error("t", &format!("{filler} timed out {filler}")),
        "the middle of a long text is not read"
    );
    let multibyte = format!("{}é timed out", "é".repeat(300));
    assert!(
        signature.is_recoverable_error("t", &multibyte),
        "ends cut at character boundaries"
    );
}

#[tokio::test(start_paused = true)]
async fn a_poll_whose_long_output_changes_in_the_middle_is_not_a_loop() {
    // Same length, same ends, a different middle each time: a status poll.
    let polls = Arc::new(std::sync::atomic::AtomicU32::new(0));
    let counter = Arc::clone(&polls);
    let poll = loopctl_driver::FnTool::new(
        loopctl_reflect_core::ToolSchema::new("kubectl", "", json!({"type": "object"})),
        move |_: &Value| {
            let n = counter.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            // Same length each time: "ready 000/100", "ready 001/100", ...
            let state = format!("ready {n:03}/100");
            let padding = "-".repeat(600);
            async move { ToolOutput::success(format!("{padding} pod/web {state} {padding}")) }
        },
    );
    let driver = Dispatcher::new(ToolRegistry::new().with(poll))
        .with_loop_detector(Arc::new(LoopDetector::with_thresholds(20, 2, 3)));
    for _ in 0..6 {
        let result = driver
            .dispatch(ToolCall::new(
                "c",
                "kubectl",
                json!({"command": "get pods"}),
            ))
            .await;
        assert!(result.is_ok(), "{result:?}");
    }
}
