//! The Anthropic provider against a real HTTP server on 127.0.0.1.
#![cfg(feature = "anthropic")]

use std::time::Duration;

use loopctl_llm::{
    ANTHROPIC_VERSION, AnthropicClient, ChatMessage, ChatModel, ChatRequest, ChatToolCall,
    HttpLimits, LlmError, StructuredClient, StructuredRequest, ToolArguments,
};
use loopctl_reflect_core::ToolSchema;
use loopctl_testkit::{Reply, TestServer};
use serde_json::{Value, json};

const KEY: &str = "sk-ant-test-0987654321";

fn schema() -> Value {
    json!({"type": "object", "properties": {"answer": {"type": "string"}}, "required": ["answer"], "additionalProperties": false})
}

fn message(content: Value, stop_reason: &str) -> Value {
    json!({"id": "msg_1", "type": "message", "role": "assistant", "model": "m", "content": content, "stop_reason": stop_reason})
}

fn client(server: &TestServer) -> AnthropicClient {
    AnthropicClient::builder()
        .base_url(server.url())
        .model("claude-test")
        .api_key(KEY)
        .max_tokens(512)
        .limits(HttpLimits {
            connect_timeout: Duration::from_secs(5),
            total_timeout: Duration::from_millis(500),
            max_response_bytes: 1 << 20,
        })
        .build()
        .unwrap()
}

async fn structured(server: &TestServer) -> Result<Value, LlmError> {
    let schema = schema();
    client(server)
        .complete_structured(StructuredRequest {
            system: "be terse",
            user: "hello",
            schema_name: "reply",
            schema: &schema,
        })
        .await
}

#[tokio::test]
async fn structured_output_is_a_forced_tool_call() {
    let answer = message(
        json!([{"type": "tool_use", "id": "toolu_1", "name": "reply", "input": {"answer": "hi"}}]),
        "tool_use",
    );
    let server = TestServer::start(vec![Reply::json(&answer)]).await;
    assert_eq!(structured(&server).await.unwrap(), json!({"answer": "hi"}));
    let request = &server.requests()[0];
    assert_eq!(request.path, "/v1/messages");
    assert_eq!(request.header("x-api-key"), Some(KEY));
    assert_eq!(request.header("anthropic-version"), Some(ANTHROPIC_VERSION));
    let body = request.json();
    assert_eq!(body["model"], "claude-test");
    assert_eq!(body["max_tokens"], 512);
    assert_eq!(body["system"], "be terse");
    assert_eq!(
        body["messages"],
        json!([{"role": "user", "content": "hello"}])
    );
    assert_eq!(body["tools"][0]["name"], "reply");
    assert_eq!(body["tools"][0]["input_schema"], schema());
    assert_eq!(
        body["tool_choice"],
        json!({"type": "tool", "name": "reply"})
    );
}

/// Whether an error is the one a reply should cause.
type Expectation = fn(&LlmError) -> bool;

#[tokio::test]
async fn every_failure_is_a_typed_error() {
    let good = message(
        json!([{"type": "tool_use", "id": "t", "name": "reply", "input": {"answer": "x"}}]),
        "tool_use",
    )
    .to_string()
    .into_bytes();
    let cases: Vec<(Reply, Expectation)> = vec![
        (
            Reply::status_json(
                529,
                &json!({"type": "error", "error": {"type": "overloaded_error"}}),
            ),
            |e| matches!(e, LlmError::Status { status: 529, .. }),
        ),
        (
            Reply::status_json(429, &json!({})).with_header("retry-after", "7"),
            |e| matches!(e, LlmError::Status { retry_after: Some(v), .. } if v == "7"),
        ),
        (Reply::json(&json!({})).after(Duration::from_secs(5)), |e| {
            matches!(e, LlmError::Timeout(_))
        }),
        (
            Reply::ResetMidBody {
                body: good.clone(),
                sent: 10,
            },
            |e| matches!(e, LlmError::Transport(_)),
        ),
        (
            Reply::Truncated {
                body: good,
                sent: 40,
            },
            |e| matches!(e, LlmError::Transport(_)),
        ),
        (Reply::text(200, "not json"), |e| {
            matches!(e, LlmError::MalformedResponse(_))
        }),
        (
            Reply::json(&message(
                json!([{"type": "text", "text": "I'd rather chat."}]),
                "end_turn",
            )),
            |e| matches!(e, LlmError::MalformedResponse(m) if m.contains("`reply`")),
        ),
        (
            Reply::json(&message(
                json!([{"type": "tool_use", "id": "t", "name": "reply", "input": {}}]),
                "tool_use",
            )),
            |e| matches!(e, LlmError::SchemaMismatch { .. }),
        ),
        (Reply::json(&message(json!([]), "refusal")), |e| {
            matches!(e, LlmError::Refusal(_))
        }),
        (Reply::Huge { size: 3 << 20 }, |e| {
            matches!(e, LlmError::ResponseTooLarge { .. })
        }),
    ];
    for (index, (reply, expected)) in cases.into_iter().enumerate() {
        let server = TestServer::start(vec![reply]).await;
        let error = structured(&server).await.unwrap_err();
        assert!(expected(&error), "case {index}: {error:?}");
    }
}

#[tokio::test]
async fn a_key_is_required_and_never_shows() {
    assert!(matches!(
        AnthropicClient::builder().build(),
        Err(LlmError::Configuration(_))
    ));
    let echo = json!({"type": "error", "error": {"type": "authentication_error", "message": format!("invalid x-api-key {KEY}")}});
    let server = TestServer::start(vec![Reply::status_json(401, &echo)]).await;
    assert!(!format!("{:?}", client(&server)).contains(KEY));
    let error = structured(&server).await.unwrap_err();
    assert!(!error.to_string().contains(KEY) && !format!("{error:?}").contains(KEY));
}

#[tokio::test]
async fn chat_maps_tool_use_blocks_and_groups_tool_results() {
    let reply = message(
        json!([
            {"type": "text", "text": "Let me look."},
            {"type": "tool_use", "id": "toolu_2", "name": "read_file", "input": {"path": "b.txt"}}
        ]),
        "tool_use",
    );
    let server = TestServer::start(vec![Reply::json(&reply)]).await;
    let tools = [ToolSchema::new(
        "read_file",
        "Reads a file",
        json!({"type": "object"}),
    )];
    let history = [
        ChatMessage::User("read both".into()),
        ChatMessage::Assistant {
            text: Some("Reading.".into()),
            tool_calls: vec![
                ChatToolCall {
                    id: "toolu_a".into(),
                    name: "read_file".into(),
                    arguments: ToolArguments::Parsed(json!({"path": "a"})),
                },
                ChatToolCall {
                    id: "toolu_b".into(),
                    name: "read_file".into(),
                    arguments: ToolArguments::Parsed(json!({"path": "b"})),
                },
            ],
        },
        ChatMessage::ToolResult {
            tool_call_id: "toolu_a".into(),
            content: "A".into(),
            is_error: false,
        },
        ChatMessage::ToolResult {
            tool_call_id: "toolu_b".into(),
            content: "ENOENT".into(),
            is_error: true,
        },
    ];
    let response = client(&server)
        .chat(ChatRequest {
            system: Some("agent"),
            messages: &history,
            tools: &tools,
        })
        .await
        .unwrap();
    assert_eq!(response.text.as_deref(), Some("Let me look."));
    assert_eq!(
        response.tool_calls,
        [ChatToolCall {
            id: "toolu_2".into(),
            name: "read_file".into(),
            arguments: ToolArguments::Parsed(json!({"path": "b.txt"}))
        }]
    );
    let sent = server.requests()[0].json();
    assert_eq!(sent["system"], "agent");
    assert_eq!(
        sent["tools"][0],
        json!({"name": "read_file", "description": "Reads a file", "input_schema": {"type": "object"}})
    );
    let messages = sent["messages"].as_array().unwrap();
    assert_eq!(messages.len(), 3, "the two results share one user message");
    assert_eq!(
        messages[1]["content"][1],
        json!({"type": "tool_use", "id": "toolu_a", "name": "read_file", "input": {"path": "a"}})
    );
    assert_eq!(
        messages[2]["content"][1],
        json!({"type": "tool_result", "tool_use_id": "toolu_b", "content": "ENOENT", "is_error": true})
    );
}
