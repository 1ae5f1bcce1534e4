//! `rules+llm` from a policy file: the rules decide alone only as surely as `rules_confidence` asks, and hand the rest to the model.

use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};

use loopctl_driver::{Dispatcher, FnTool, ToolCall, ToolOutput, ToolRegistry};
use loopctl_policy::{DispatcherPolicy, Policy, explain};
use loopctl_reflect_core::{
    AnalysisFuture, FailureAnalysis, FailureSeverity, ReflectionContext, Reflector, ToolSchema,
};
use serde_json::{Value, json};

/// A model that answers "not recoverable" and counts how often it is asked.
#[derive(Default)]
struct CountingModel {
    asked: AtomicU32,
}

impl Reflector for CountingModel {
    fn analyze(
        &self,
        _error: &str,
        _tool: &str,
        _input: &Value,
        _schema: Option<&ToolSchema>,
        _ctx: &ReflectionContext,
    ) -> AnalysisFuture<'_> {
        self.asked.fetch_add(1, Ordering::Relaxed);
        Box::pin(std::future::ready(Ok(FailureAnalysis::unrecoverable(
            "the model read it",
            FailureSeverity::High,
        ))))
    }
}

/// A model that is down: every analysis fails.
struct DownModel;

impl Reflector for DownModel {
    fn analyze(
        &self,
        _error: &str,
        _tool: &str,
        _input: &Value,
        _schema: Option<&ToolSchema>,
        _ctx: &ReflectionContext,
    ) -> AnalysisFuture<'_> {
        Box::pin(std::future::ready(Err(
            loopctl_reflect_core::ReflectionError::Internal("503 from the model provider".into()),
        )))
    }
}

/// How many times the model was asked about one failure with `error`.
async fn model_asked(policy: &str, error: &'static str) -> u32 {
    let model = Arc::new(CountingModel::default());
    let registry = ToolRegistry::new().with(FnTool::new(
        ToolSchema::new("work", "fails", json!({"type": "object"})),
        move |_: &Value| std::future::ready(ToolOutput::error(error)),
    ));
    let dispatcher = Dispatcher::new(registry)
        .with_reflector(model.clone())
        .with_policy(&Policy::from_toml(policy).unwrap());
    let _ = dispatcher
        .dispatch(ToolCall::new("1", "work", json!({})))
        .await
        .unwrap();
    model.asked.load(Ordering::Relaxed)
}

const CHAIN: &str = "[defaults]\nreflector = \"rules+llm\"\nmax_retries = 0\n";

#[tokio::test(start_paused = true)]
async fn what_only_generic_words_decide_goes_to_the_model_by_default() {
    // "timed out" is a generic word: the rules lean, and the model decides.
    assert_eq!(model_asked(CHAIN, "the export job timed out").await, 1);
    // A specific name of a lasting failure is strong: the rules decide alone.
    assert_eq!(
        model_asked(
            CHAIN,
            "FileNotFoundError: [Errno 2] No such file or directory: 'in.csv'",
        )
        .await,
        0
    );
    // So is a passing one the server advises retrying.
    assert_eq!(
        model_asked(
            CHAIN,
            "Lock wait timeout exceeded; try restarting transaction"
        )
        .await,
        0
    );
    // A reset names its failure but not whether it passes: the model decides.
    assert_eq!(model_asked(CHAIN, "read ECONNRESET").await, 1);
    // Nothing matched: the model, as before.
    assert_eq!(model_asked(CHAIN, "the sky is green").await, 1);
}

#[tokio::test(start_paused = true)]
async fn rules_confidence_weak_keeps_what_the_rules_lean_towards() {
    let weak = format!("{CHAIN}rules_confidence = \"weak\"\n");
    assert_eq!(model_asked(&weak, "the export job timed out").await, 0);
    assert_eq!(model_asked(&weak, "the sky is green").await, 1);
}

#[tokio::test(start_paused = true)]
async fn with_the_model_down_the_rules_weak_verdict_stands() {
    let runs = Arc::new(AtomicU32::new(0));
    let counter = Arc::clone(&runs);
    let registry = ToolRegistry::new().with(FnTool::new(
        ToolSchema::new("work", "fails", json!({"type": "object"})),
        move |_: &Value| {
            counter.fetch_add(1, Ordering::Relaxed);
            std::future::ready(ToolOutput::error("the export job timed out"))
        },
    ));
    let policy = "[defaults]\nreflector = \"rules+llm\"\nmax_retries = 2\nbase_delay = \"1ms\"\n";
    let dispatcher = Dispatcher::new(registry)
        .with_reflector(Arc::new(DownModel))
        .with_policy(&Policy::from_toml(policy).unwrap());
    let _ = dispatcher
        .dispatch(ToolCall::new("1", "work", json!({})))
        .await
        .unwrap();
    // The rules lean to "a transient failure": retried twice, as the rules
    // alone would, rather than failed because the model could not answer.
    assert_eq!(runs.load(Ordering::Relaxed), 3);
}

#[tokio::test(start_paused = true)]
async fn a_bare_credential_status_is_never_handed_to_the_model() {
    assert_eq!(model_asked(CHAIN, "HTTP 401").await, 0);
    assert_eq!(
        model_asked(CHAIN, "request failed with status code 403").await,
        0
    );
}

#[tokio::test]
async fn explain_says_how_sure_the_rules_must_be_when_a_model_follows() {
    let shown = explain(&Policy::from_toml(CHAIN).unwrap(), "work", None)
        .await
        .to_string();
    assert!(
        shown.contains(
            "rules_confidence    strong (what only generic words decide goes to the model) built-in"
        ),
        "{shown}"
    );
    let weak = format!("{CHAIN}rules_confidence = \"weak\"\n");
    let shown = explain(&Policy::from_toml(&weak).unwrap(), "work", None)
        .await
        .to_string();
    assert!(
        shown.contains("weak (the rules keep every verdict they reach)"),
        "{shown}"
    );
    assert!(shown.contains("[defaults]"), "{shown}");
    let rules_only = explain(&Policy::from_toml("").unwrap(), "work", None)
        .await
        .to_string();
    assert!(!rules_only.contains("rules_confidence"), "{rules_only}");
}
