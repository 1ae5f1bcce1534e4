//! Snapshots of what goes over the wire: the system prompt's text and both providers' whole request bodies.
//!
//! The snapshots in `tests/snapshots/` are the reviewed texts; a change to
//! the prompt or a body must change them too. After a deliberate change,
//! regenerate with `LOOPCTL_BLESS=1 cargo test -p loopctl-reflect-llm --test
//! request_snapshots` and review the diff.

use std::path::PathBuf;
use std::sync::Arc;

use loopctl_llm::{AnthropicClient, OpenAiClient, StructuredClient};
use loopctl_reflect_core::{ReflectionContext, Reflector};
use loopctl_reflect_llm::{DEFAULT_SYSTEM_PROMPT, LlmReflector};
use loopctl_testkit::{Reply, TestServer};
use serde_json::{Value, json};

use crate::support;
use support::{read_file_schema, unrecoverable};

fn snapshot(name: &str, actual: &str) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/snapshots")
        .join(name);
    if std::env::var_os("LOOPCTL_BLESS").is_some() {
        std::fs::write(&path, actual).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&path)
        .unwrap_or_else(|error| panic!("{}: {error}", path.display()));
    assert!(
        expected == actual,
        "{name} changed; review and bless it.\n--- expected\n{expected}\n--- actual\n{actual}"
    );
}

async fn send(client: Arc<dyn StructuredClient>) {
    let ctx = ReflectionContext::new("summarise the report", 0, 6);
    LlmReflector::new(client)
        .analyze(
            "ENOENT: no such file or directory, open 'r.txt'",
            "read_file",
            &json!({"path": "r.txt"}),
            Some(&read_file_schema()),
            &ctx,
        )
        .await
        .unwrap();
}

fn pretty(body: &Value) -> String {
    // Sorted, so the snapshot does not depend on serde_json's features.
    let mut text = serde_json::to_string_pretty(&loopctl_reflect_core::sorted_json(body)).unwrap();
    text.push('\n');
    text
}

#[test]
fn the_system_prompt_is_the_reviewed_text() {
    snapshot("system_prompt.txt", DEFAULT_SYSTEM_PROMPT);
}

#[tokio::test]
async fn the_openai_request_body_is_the_reviewed_one() {
    let answer = json!({"choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": unrecoverable().to_string()}}]});
    let server = TestServer::start(vec![Reply::json(&answer)]).await;
    let client = OpenAiClient::builder()
        .base_url(format!("{}/v1", server.url()))
        .model("analyst")
        .api_key("k-123456")
        .build()
        .unwrap();
    send(Arc::new(client)).await;
    let request = &server.requests()[0];
    assert_eq!(request.path, "/v1/chat/completions");
    assert_eq!(request.header("authorization"), Some("Bearer k-123456"));
    snapshot("openai_request.json", &pretty(&request.json()));
}

#[tokio::test]
async fn the_anthropic_request_body_is_the_reviewed_one() {
    let answer = json!({
        "id": "msg_1", "type": "message", "role": "assistant", "model": "analyst", "stop_reason": "tool_use",
        "content": [{"type": "tool_use", "id": "toolu_1", "name": "failure_analysis", "input": unrecoverable()}]
    });
    let server = TestServer::start(vec![Reply::json(&answer)]).await;
    let client = AnthropicClient::builder()
        .base_url(server.url())
        .model("analyst")
        .api_key("k-123456")
        .build()
        .unwrap();
    send(Arc::new(client)).await;
    let request = &server.requests()[0];
    assert_eq!(request.path, "/v1/messages");
    assert_eq!(request.header("x-api-key"), Some("k-123456"));
    assert!(request.header("anthropic-version").is_some());
    snapshot("anthropic_request.json", &pretty(&request.json()));
}
