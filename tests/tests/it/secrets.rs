//! The API key never shows: not in any log line at TRACE, not in Debug output, not in an error message.

use std::sync::Arc;

use loopctl::llm::{AnthropicClient, OpenAiClient};
use loopctl::prelude::*;
use loopctl::reflection::llm::LlmReflector;
use loopctl_testkit::{Captured, Reply, TestServer};
use serde_json::json;

const KEY: &str = "sk-live-9f8e7d6c5b4a3210fedcba";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_key_appears_in_no_log_debug_output_or_error() {
    let captured = Captured::default();
    let writer = captured.clone();
    tracing_subscriber::fmt()
        .with_max_level(tracing::Level::TRACE)
        .with_writer(move || writer.clone())
        .with_ansi(false)
        .try_init()
        .expect("the only subscriber in this test binary");

    let echo = json!({"error": {"message": format!("Incorrect API key provided: {KEY}"), "type": "invalid_request_error", "code": "invalid_api_key"}});
    let server = TestServer::start(vec![Reply::status_json(401, &echo)]).await;
    let openai = OpenAiClient::builder()
        .base_url(format!("{}/v1", server.url()))
        .api_key(KEY)
        .build()
        .unwrap();
    let anthropic = AnthropicClient::builder()
        .base_url(server.url())
        .api_key(KEY)
        .build()
        .unwrap();
    let mut visible = vec![format!("{openai:?}"), format!("{anthropic:?}")];

    for reflector in [
        LlmReflector::new(Arc::new(openai)),
        LlmReflector::new(Arc::new(anthropic)),
    ] {
        let shown = format!("{reflector:?}");
        // The reflector shows its client, so this check would catch a client
        // whose Debug printed the key.
        assert!(shown.contains("api_key"), "{shown}");
        visible.push(shown);
        let driver = Dispatcher::new(ToolRegistry::new().with(FnTool::new(
            ToolSchema::new("t", "", json!({"type": "object"})),
            |_| async { ToolOutput::error("boom") },
        )))
        .with_reflector(Arc::new(reflector));
        let result = driver
            .dispatch(ToolCall::new("c", "t", json!({})))
            .await
            .unwrap();
        visible.push(format!("{result:?}"));
        let Some(RecoveryAction::Fail(reason)) = &result.final_action else {
            panic!("expected a soft Fail")
        };
        assert!(reason.contains("401"), "{reason}");
        assert!(
            reason.contains("[redacted]"),
            "the echoed key was redacted: {reason}"
        );
    }

    let logs = captured.text();
    assert!(logs.lines().count() > 0, "tracing captured something");
    assert!(logs.contains("LLM reflection request failed"), "{logs}");
    for text in visible.iter().chain(std::iter::once(&logs)) {
        assert!(!text.contains(KEY), "the key leaked: {text}");
    }
    assert_eq!(
        server
            .requests()
            .iter()
            .filter(|request| request.header("authorization") == Some(&format!("Bearer {KEY}")))
            .count(),
        1
    );
}
