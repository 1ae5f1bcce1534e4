//! What the MCP tests share: the fixture as a server, a dispatcher with the rules, and the fixture's own counts.

#![allow(dead_code, reason = "each test binary uses a different part")]

use std::sync::Arc;
use std::time::Duration;

use loopctl_backoff::ExponentialBackoffRecovery;
use loopctl_driver::{Dispatcher, ToolCall, ToolRegistry, ToolResult};
use loopctl_mcp::{McpServer, McpToolSet};
use loopctl_reflect_rules::RuleReflector;
use serde_json::Value;

/// The fixture over stdio, with extra environment.
pub(crate) fn fixture(envs: &[(&str, &str)]) -> McpServer {
    let mut server = McpServer::stdio(loopctl_testkit::mcp_fixture_binary());
    for (key, value) in envs {
        server = server.env(key, value);
    }
    server
}

/// A dispatcher over every tool of `set`: the rule reflector and an
/// exponential backoff with `retries` retries and 1 ms delays (the tests
/// talk to a real process, so they run on the real clock; no test asserts
/// on elapsed time).
pub(crate) fn dispatcher(set: &McpToolSet, retries: u32) -> Dispatcher {
    dispatcher_with_delay(set, retries, Duration::from_millis(1))
}

/// As [`dispatcher`], with `base` as the first retry's delay.
pub(crate) fn dispatcher_with_delay(set: &McpToolSet, retries: u32, base: Duration) -> Dispatcher {
    let mut registry = ToolRegistry::new();
    set.register_into(&mut registry);
    Dispatcher::new(registry)
        .with_reflector(Arc::new(RuleReflector::new()))
        .with_recovery_strategy(Arc::new(
            ExponentialBackoffRecovery::new(retries).with_base_delay(base),
        ))
        .with_attempt_history()
}

/// Runs one call and returns its result; a hard error fails the test.
pub(crate) async fn call(dispatcher: &Dispatcher, tool: &str, input: Value) -> ToolResult {
    dispatcher
        .dispatch(ToolCall::new("call-1", tool, input))
        .await
        .unwrap_or_else(|error| panic!("{tool}: {error}"))
}

/// The fixture's own count of calls per tool and of cancelled requests.
pub(crate) async fn stats(set: &McpToolSet) -> Value {
    let tool = set.tool("stats").expect("the fixture lists `stats`");
    let output = loopctl_driver::Tool::call(&tool, &Value::Object(Default::default())).await;
    assert!(!output.is_error, "stats failed: {}", output.content);
    serde_json::from_str(&output.content).expect("stats answers JSON")
}

/// A new empty directory under the system's temporary directory.
pub(crate) fn tempdir() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "loopctl-mcp-{}-{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
