//! A tool's own strategy and time-out replace the dispatcher's for that tool only: a payment gets no retry while a search gets its five, and a slow tool gets its own limit.

use crate::support;

use std::sync::Arc;
use std::time::Duration;

use loopctl_backoff::{FixedDelayRecovery, NeverRetry};
use loopctl_driver::{Dispatcher, ToolCall, ToolOverrides, ToolRegistry};
use serde_json::json;
use support::{ScriptedReflector, ScriptedTool, SlowFlaky};

#[tokio::test(start_paused = true)]
async fn each_tool_gets_its_own_strategy_and_the_rest_the_dispatchers() {
    let pay = ScriptedTool::failing("pay", "503 Service Unavailable");
    let search_web = ScriptedTool::failing("search_web", "503 Service Unavailable");
    let other = ScriptedTool::failing("other", "503 Service Unavailable");
    let (pay_calls, search_calls, other_calls) = (
        pay.calls_handle(),
        search_web.calls_handle(),
        other.calls_handle(),
    );
    let driver = Dispatcher::new(ToolRegistry::new().with(pay).with(search_web).with(other))
        .with_reflector(Arc::new(ScriptedReflector::recoverable()))
        .with_recovery_strategy(Arc::new(FixedDelayRecovery::new(2, Duration::ZERO)))
        .with_tool_overrides(
            "pay",
            ToolOverrides::new().with_strategy(Arc::new(NeverRetry)),
        )
        .with_tool_overrides(
            "search*",
            ToolOverrides::new()
                .with_strategy(Arc::new(FixedDelayRecovery::new(5, Duration::ZERO))),
        );
    for tool in ["pay", "search_web", "other"] {
        let result = driver
            .dispatch(ToolCall::new(tool, tool, json!({})))
            .await
            .unwrap();
        assert!(result.is_error, "{tool}");
    }
    assert_eq!(pay_calls.lock().unwrap().len(), 1, "pay: no retry");
    assert_eq!(
        search_calls.lock().unwrap().len(),
        6,
        "search_web: five retries"
    );
    assert_eq!(
        other_calls.lock().unwrap().len(),
        3,
        "other: the dispatcher's two"
    );
}

#[tokio::test(start_paused = true)]
async fn a_tools_own_time_out_replaces_the_dispatchers() {
    // Each attempt of SlowFlaky takes 7 ms; a 5 ms limit cuts it, the
    // dispatcher's 10 s does not.
    let slow = SlowFlaky::new("slow", 0);
    let patient = SlowFlaky::new("patient", 0);
    let driver = Dispatcher::new(ToolRegistry::new().with(slow).with(patient))
        .with_reflector(Arc::new(ScriptedReflector::recoverable()))
        .with_recovery_strategy(Arc::new(NeverRetry))
        .with_tool_timeout(Duration::from_secs(10))
        .with_tool_overrides(
            "slow",
            ToolOverrides::new().with_timeout(Duration::from_millis(5)),
        );
    let cut = driver
        .dispatch(ToolCall::new("a", "slow", json!({})))
        .await
        .unwrap();
    assert!(
        cut.is_error && cut.content.contains("timed out after 5 ms"),
        "{}",
        cut.content
    );
    let finished = driver
        .dispatch(ToolCall::new("b", "patient", json!({})))
        .await
        .unwrap();
    assert!(!finished.is_error, "{}", finished.content);
}

/// A helper that returns tools of different types, boxed, as a newcomer
/// writes it: each registers and runs like the tool inside.
fn tools() -> Vec<Box<dyn loopctl_driver::Tool>> {
    use loopctl_driver::{FnTool, ToolOutput};
    use loopctl_reflect_core::ToolSchema;
    let echo = FnTool::new(
        ToolSchema::new("echo", "echoes", json!({"type": "object"})),
        |input| std::future::ready(ToolOutput::success(input.to_string())),
    )
    .read_only();
    let fail = FnTool::new(
        ToolSchema::new("fail", "fails", json!({"type": "object"})),
        |_input| async { ToolOutput::error("no") },
    );
    vec![Box::new(echo), Box::new(fail)]
}

#[tokio::test(start_paused = true)]
async fn boxed_and_shared_tools_register_and_run_as_the_tool_inside() {
    let mut registry = ToolRegistry::new();
    for tool in tools() {
        registry.register(tool);
    }
    let shared: Arc<dyn loopctl_driver::Tool> = Arc::new(SlowFlaky::new("slow", 0));
    registry.register(Arc::clone(&shared));
    let boxed = tools();
    assert_eq!(
        loopctl_driver::Tool::effect(&boxed[0]),
        loopctl_driver::Effect::ReadOnly
    );
    let driver = Dispatcher::new(registry);
    let echoed = driver
        .dispatch(ToolCall::new("a", "echo", json!({"x": 1})))
        .await
        .unwrap();
    assert_eq!(echoed.content, r#"{"x":1}"#);
    let failed = driver
        .dispatch(ToolCall::new("b", "fail", json!({})))
        .await
        .unwrap();
    assert!(failed.is_error);
    let slow = driver
        .dispatch(ToolCall::new("c", "slow", json!({})))
        .await
        .unwrap();
    assert_eq!(slow.content, "ok");
}
