//! Fault matrix, reflectors: errors, panics, hangs, skips, and absurd analyses.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use loopctl::prelude::*;
use loopctl::reflection::AnalysisFuture;
use serde_json::{Value, json};
use tokio::time::Instant;

/// A reflector that runs `answer` for every failure.
struct Answering<F>(F);

impl<F> Reflector for Answering<F>
where
    F: Fn() -> Result<FailureAnalysis, ReflectionError> + Send + Sync,
{
    fn analyze(
        &self,
        _: &str,
        _: &str,
        _: &Value,
        _: Option<&ToolSchema>,
        _: &ReflectionContext,
    ) -> AnalysisFuture<'_> {
        Box::pin(async move { (self.0)() })
    }
}

struct Hanging;

impl Reflector for Hanging {
    fn analyze(
        &self,
        _: &str,
        _: &str,
        _: &Value,
        _: Option<&ToolSchema>,
        _: &ReflectionContext,
    ) -> AnalysisFuture<'_> {
        Box::pin(std::future::pending())
    }
}

/// Two tools that record their inputs; `main` fails until its input has `fixed`.
fn registry(inputs: Arc<Mutex<Vec<(String, Value)>>>) -> ToolRegistry {
    let main_inputs = Arc::clone(&inputs);
    let main = FnTool::new(
        ToolSchema::new("main", "", json!({"type": "object"})),
        move |input| {
            main_inputs
                .lock()
                .unwrap()
                .push(("main".to_owned(), input.clone()));
            let fixed = input.get("fixed").is_some();
            async move {
                if fixed {
                    ToolOutput::success("fixed")
                } else {
                    ToolOutput::error("resource busy")
                }
            }
        },
    );
    let other = FnTool::new(
        ToolSchema::new("other", "", json!({"type": "object"})),
        move |input| {
            inputs
                .lock()
                .unwrap()
                .push(("other".to_owned(), input.clone()));
            async { ToolOutput::success("from other") }
        },
    )
    // Declared safe: a tool change may only move a call to a tool at least as safe.
    .read_only();
    ToolRegistry::new().with(main).with(other)
}

async fn run(reflector: Arc<dyn Reflector>) -> (ToolResult, Vec<(String, Value)>, Duration) {
    let inputs = Arc::new(Mutex::new(Vec::new()));
    // What a reflector answers is the subject here, not what the safety
    // policy lets through: every correction the driver can apply applies.
    let driver = Dispatcher::new(registry(Arc::clone(&inputs)))
        .with_safety_policy(SafetyPolicy::permissive())
        .with_reflector(reflector)
        .with_recovery_strategy(Arc::new(
            ExponentialBackoffRecovery::new(2).with_base_delay(Duration::ZERO),
        ));
    let started = Instant::now();
    let result = driver
        .dispatch(ToolCall::new("c", "main", json!({})))
        .await
        .unwrap();
    let elapsed = started.elapsed();
    let inputs = inputs.lock().unwrap().clone();
    (result, inputs, elapsed)
}

fn failed_after_one(result: &ToolResult) -> bool {
    result.is_error
        && result.attempts == 1
        && matches!(result.final_action, Some(RecoveryAction::Fail(_)))
}

#[tokio::test(start_paused = true)]
async fn broken_reflectors_fail_softly_after_one_attempt() {
    let error = Arc::new(Answering(|| {
        Err(ReflectionError::Internal("model unreachable".into()))
    }));
    let skip = Arc::new(Answering(|| {
        Err(ReflectionError::Skipped("no rule".into()))
    }));
    let panic = Arc::new(Answering(|| -> Result<FailureAnalysis, ReflectionError> {
        panic!("reflector bug")
    }));
    for reflector in [error as Arc<dyn Reflector>, skip, panic] {
        let (result, inputs, _) = run(reflector).await;
        assert!(failed_after_one(&result), "{result:?}");
        assert_eq!(result.content, "resource busy");
        assert_eq!(inputs.len(), 1);
    }
    let (result, _, elapsed) = run(Arc::new(Hanging)).await;
    assert!(failed_after_one(&result));
    assert_eq!(elapsed, Dispatcher::DEFAULT_REFLECTION_TIMEOUT);
}

fn with(correction: Option<Correction>, root_cause: String) -> Arc<dyn Reflector> {
    Arc::new(Answering(move || {
        let mut analysis = FailureAnalysis::recoverable(root_cause.clone(), FailureSeverity::Low);
        analysis.correction = correction.clone();
        Ok(analysis)
    }))
}

#[tokio::test(start_paused = true)]
async fn absurd_analyses_are_survived() {
    // A 1 MB root cause: the decision carries it, the call still retries and ends softly.
    let (result, inputs, _) = run(with(None, "x".repeat(1 << 20))).await;
    assert_eq!((result.attempts, inputs.len()), (3, 3));
    assert!(
        matches!(result.final_action, Some(RecoveryAction::Fail(ref why)) if why.len() > 1 << 20)
    );

    // A 1 MB modified input is applied as is.
    let big = json!({"fixed": true, "blob": "y".repeat(1 << 20)});
    let (result, inputs, _) = run(with(
        Some(Correction::input_fix("big", big.clone())),
        "busy".into(),
    ))
    .await;
    assert_eq!(result.content, "fixed");
    assert_eq!(inputs[1].1, big);

    // A tool change to an empty name, to the same tool, or to an unknown tool changes nothing.
    for name in ["", "  ", "main", "delete_everything"] {
        let (result, inputs, _) = run(with(
            Some(Correction::tool_change("switch", name)),
            "busy".into(),
        ))
        .await;
        assert_eq!(result.attempts, 3, "{name:?}");
        assert!(
            inputs.iter().all(|(tool, _)| tool == "main"),
            "{name:?}: {inputs:?}"
        );
    }

    // A tool change to a registered tool does switch.
    let (result, _, _) = run(with(
        Some(Correction::tool_change("switch", "other")),
        "busy".into(),
    ))
    .await;
    assert_eq!(
        (result.tool.as_str(), result.content.as_str()),
        ("other", "from other")
    );
}
