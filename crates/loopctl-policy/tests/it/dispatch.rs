//! One loopctl.toml in a Rust dispatcher: each tool gets its section's retries, the rules decide before the built-in reading, a rule's delay is waited out, and the dispatcher does what `explain` says it will.

use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

use loopctl_driver::{Dispatcher, FnTool, ToolCall, ToolOutput, ToolRegistry};
use loopctl_policy::{DispatcherPolicy, Policy, explain};
use loopctl_reflect_core::RecoveryAction;
use loopctl_reflect_core::ToolSchema;
use serde_json::json;

const POLICY: &str = r#"
[defaults]
max_retries = 2
base_delay = "100ms"

[tools."search*"]
max_retries = 5

[tools.pay]
max_retries = 0
effect = "destructive"

[[rules]]
name = "billing"
status = 402
recoverable = false

[[rules]]
text = "lock wait timeout"
recoverable = true
delay = "1s"
"#;

/// A tool that always fails with `error`, counting its calls.
fn failing(
    name: &str,
    error: &'static str,
    calls: &Arc<AtomicU32>,
) -> FnTool<impl Fn(&serde_json::Value) -> std::future::Ready<ToolOutput> + Send + Sync + 'static> {
    let calls = Arc::clone(calls);
    FnTool::new(
        ToolSchema::new(name, "fails", json!({"type": "object"})),
        move |_| {
            calls.fetch_add(1, Ordering::SeqCst);
            std::future::ready(ToolOutput::error(error))
        },
    )
}

async fn attempts(tool: &str, error: &'static str) -> (u32, Duration) {
    let policy = Policy::from_toml(POLICY).unwrap();
    let calls = Arc::new(AtomicU32::new(0));
    let driver = Dispatcher::new(ToolRegistry::new().with(failing(tool, error, &calls)))
        .with_policy(&policy);
    let started = tokio::time::Instant::now();
    let result = driver
        .dispatch(ToolCall::new("c", tool, json!({})))
        .await
        .unwrap();
    assert!(result.is_error, "{}", result.content);
    (calls.load(Ordering::SeqCst), started.elapsed())
}

#[tokio::test(start_paused = true)]
async fn each_tool_gets_its_sections_retries_and_the_rest_the_defaults() {
    assert_eq!(
        attempts("search_web", "HTTP 503 Service Unavailable")
            .await
            .0,
        6
    );
    assert_eq!(attempts("pay", "HTTP 503 Service Unavailable").await.0, 1);
    assert_eq!(attempts("fetch", "HTTP 503 Service Unavailable").await.0, 3);
}

#[tokio::test(start_paused = true)]
async fn a_rule_decides_before_the_built_in_reading() {
    // 402 is never retried, even for a tool with five retries.
    assert_eq!(
        attempts("search_web", "HTTP 402 Payment Required").await.0,
        1
    );
    // A lock wait is retried, each time after the rule's 1 s at least.
    let (calls, waited) = attempts("fetch", "ERROR 1205: Lock wait timeout exceeded").await;
    assert_eq!(calls, 3);
    assert!(waited >= Duration::from_secs(2), "{waited:?}");
}

#[tokio::test(start_paused = true)]
async fn the_dispatcher_does_what_explain_says() {
    let policy = Policy::from_toml(POLICY).unwrap();
    for (tool, error) in [
        ("search_web", "HTTP 503 Service Unavailable"),
        ("search_web", "HTTP 402 Payment Required"),
        ("pay", "HTTP 503 Service Unavailable"),
        ("fetch", "ERROR 1205: Lock wait timeout exceeded"),
        ("fetch", "ENOENT: no such file or directory"),
    ] {
        let explained = explain(&policy, tool, Some(error)).await;
        let retries = explained
            .attempts
            .iter()
            .filter(|action| matches!(action, RecoveryAction::Retry { .. }))
            .count() as u32;
        let (calls, _) = attempts(tool, error).await;
        assert_eq!(calls, retries + 1, "{tool} / {error}: {explained}");
    }
}
