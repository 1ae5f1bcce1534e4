//! The OpenAI-compatible provider against a real HTTP server on 127.0.0.1.
#![cfg(feature = "openai")]

use std::time::Duration;

use loopctl_llm::{
    ChatMessage, ChatModel, ChatRequest, ChatToolCall, HttpLimits, LlmError, OpenAiClient,
    StructuredClient, StructuredRequest, ToolArguments,
};
use loopctl_reflect_core::ToolSchema;
use loopctl_testkit::{Reply, TestServer};
use serde_json::{Value, json};

const KEY: &str = "sk-test-1234567890abcdef";

fn schema() -> Value {
    json!({
        "type": "object",
        "properties": {"answer": {"type": "string"}},
        "required": ["answer"],
        "additionalProperties": false
    })
}

fn completion(content: &str) -> Value {
    json!({
        "id": "chatcmpl-1", "object": "chat.completion",
        "choices": [{"index": 0, "finish_reason": "stop",
                     "message": {"role": "assistant", "content": content, "refusal": null}}]
    })
}

fn client(server: &TestServer, limits: HttpLimits) -> OpenAiClient {
    OpenAiClient::builder()
        .base_url(format!("{}/v1", server.url()))
        .model("test-model")
        .api_key(KEY)
        .limits(limits)
        .build()
        .unwrap()
}

async fn structured(server: &TestServer, limits: HttpLimits) -> Result<Value, LlmError> {
    let schema = schema();
    let request = StructuredRequest {
        system: "be terse",
        user: "hello",
        schema_name: "reply",
        schema: &schema,
    };
    client(server, limits).complete_structured(request).await
}

fn quick() -> HttpLimits {
    HttpLimits {
        connect_timeout: Duration::from_secs(5),
        total_timeout: Duration::from_millis(500),
        max_response_bytes: 1024 * 1024,
    }
}

#[tokio::test]
async fn structured_requests_use_strict_json_schema() {
    let server = TestServer::start(vec![Reply::json(&completion(r#"{"answer":"hi"}"#))]).await;
    let answer = structured(&server, HttpLimits::default()).await.unwrap();
    assert_eq!(answer, json!({"answer": "hi"}));

    let request = &server.requests()[0];
    assert_eq!(
        (request.method.as_str(), request.path.as_str()),
        ("POST", "/v1/chat/completions")
    );
    assert_eq!(
        request.header("authorization"),
        Some(format!("Bearer {KEY}").as_str())
    );
    assert_eq!(request.header("content-type"), Some("application/json"));
    assert_eq!(
        request.json(),
        json!({
            "model": "test-model",
            "messages": [{"role": "system", "content": "be terse"}, {"role": "user", "content": "hello"}],
            "response_format": {"type": "json_schema", "json_schema": {"name": "reply", "strict": true, "schema": schema()}}
        })
    );
}

#[tokio::test]
async fn no_key_means_no_authorization_header() {
    let server = TestServer::start(vec![Reply::json(&completion(r#"{"answer":"hi"}"#))]).await;
    let client = OpenAiClient::builder()
        .base_url(format!("{}/v1/", server.url()))
        .build()
        .unwrap();
    let schema = schema();
    client
        .complete_structured(StructuredRequest {
            system: "s",
            user: "u",
            schema_name: "reply",
            schema: &schema,
        })
        .await
        .unwrap();
    let request = &server.requests()[0];
    assert_eq!(request.header("authorization"), None);
    assert_eq!(
        request.path, "/v1/chat/completions",
        "a trailing slash is tolerated"
    );
    assert_eq!(request.json()["model"], "gpt-4o-mini");
}

/// Whether an error is the one a reply should cause.
type Expectation = fn(&LlmError) -> bool;

#[tokio::test]
async fn every_failure_is_a_typed_error() {
    let cases: Vec<(Reply, Expectation)> = vec![
        (Reply::text(500, "internal error"), |e| {
            matches!(e, LlmError::Status { status: 500, .. })
        }),
        (
            Reply::status_json(429, &json!({"error": {"message": "Rate limit reached"}}))
                .with_header("Retry-After", "2"),
            |e| {
                matches!(e, LlmError::Status { status: 429, retry_after: Some(v), .. } if v == "2")
                    && e.to_string().contains("Retry-After: 2")
            },
        ),
        (
            Reply::json(&completion("{}")).after(Duration::from_secs(5)),
            |e| matches!(e, LlmError::Timeout(_)),
        ),
        (
            Reply::ResetMidBody {
                body: completion(r#"{"answer":"hi"}"#).to_string().into_bytes(),
                sent: 20,
            },
            |e| matches!(e, LlmError::Transport(_)),
        ),
        (
            Reply::Truncated {
                body: completion(r#"{"answer":"hi"}"#).to_string().into_bytes(),
                sent: 30,
            },
            |e| matches!(e, LlmError::Transport(_)),
        ),
        (
            Reply::text(200, "<html>gateway</html>"),
            |e| matches!(e, LlmError::MalformedResponse(m) if m.contains("not JSON")),
        ),
        (
            Reply::json(&json!({"object": "list", "data": []})),
            |e| matches!(e, LlmError::MalformedResponse(m) if m.contains("no choices")),
        ),
        (Reply::json(&completion("I think the answer is hi")), |e| {
            matches!(e, LlmError::SchemaMismatch { .. })
        }),
        (
            Reply::json(&completion(r#"{"other":1}"#)),
            |e| matches!(e, LlmError::SchemaMismatch { reason, .. } if reason.contains("`answer`")),
        ),
        (
            Reply::Huge {
                size: 2 * 1024 * 1024,
            },
            |e| matches!(e, LlmError::ResponseTooLarge { limit: 1_048_576 }),
        ),
        (
            Reply::json(
                &json!({"choices": [{"finish_reason": "stop", "message": {"role": "assistant", "content": null, "refusal": "I can't help with that."}}]}),
            ),
            |e| matches!(e, LlmError::Refusal(m) if m.contains("can't help")),
        ),
        (
            Reply::json(
                &json!({"choices": [{"finish_reason": "length", "message": {"role": "assistant", "content": "{\"answ"}}]}),
            ),
            |e| matches!(e, LlmError::MalformedResponse(m) if m.contains("cut off")),
        ),
    ];
    for (index, (reply, expected)) in cases.into_iter().enumerate() {
        let server = TestServer::start(vec![reply]).await;
        let error = structured(&server, quick()).await.unwrap_err();
        assert!(expected(&error), "case {index}: {error:?}");
    }
}

#[tokio::test]
async fn connection_refused_is_a_transport_error() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let address = listener.local_addr().unwrap();
    drop(listener);
    let client = OpenAiClient::builder()
        .base_url(format!("http://{address}/v1"))
        .build()
        .unwrap();
    let schema = schema();
    let error = client
        .complete_structured(StructuredRequest {
            system: "",
            user: "",
            schema_name: "reply",
            schema: &schema,
        })
        .await
        .unwrap_err();
    assert!(matches!(error, LlmError::Transport(_)), "{error:?}");
}

#[tokio::test]
async fn the_key_never_shows() {
    let body = json!({"error": {"message": format!("Incorrect API key provided: {KEY}"), "code": "invalid_api_key"}});
    let server = TestServer::start(vec![Reply::status_json(401, &body)]).await;
    let client = client(&server, quick());
    assert!(!format!("{client:?}").contains(KEY));
    let error = structured(&server, quick()).await.unwrap_err();
    assert!(matches!(error, LlmError::Status { status: 401, .. }));
    assert!(
        !error.to_string().contains(KEY) && !format!("{error:?}").contains(KEY),
        "{error}"
    );
    assert!(error.to_string().contains("[redacted]"));
}

#[tokio::test]
async fn bad_configuration_is_reported() {
    let error = OpenAiClient::builder()
        .base_url("localhost:11434")
        .build()
        .unwrap_err();
    assert!(matches!(error, LlmError::Configuration(m) if m.contains("http://")));
}

#[tokio::test]
async fn chat_sends_tools_and_history_and_parses_tool_calls() {
    let response = json!({"choices": [{"finish_reason": "tool_calls", "message": {
    "role": "assistant", "content": null,
    "tool_calls": [
        {"id": "call_1", "type": "function", "function": {"name": "read_file", "arguments": "{\"path\":\"a.txt\"}"}},
        {"id": "call_2", "type": "function", "function": {"name": "read_file", "arguments": "{\"path\": \"b.txt\""}}
    ]}}]});
    let server = TestServer::start(vec![Reply::json(&response)]).await;
    let tools = [ToolSchema::new(
        "read_file",
        "Reads a file",
        json!({"type": "object"}),
    )];
    let history = [
        ChatMessage::User("summarise a.txt".into()),
        ChatMessage::Assistant {
            text: None,
            tool_calls: vec![ChatToolCall {
                id: "call_0".into(),
                name: "read_file".into(),
                arguments: ToolArguments::Parsed(json!({"path": "x"})),
            }],
        },
        ChatMessage::ToolResult {
            tool_call_id: "call_0".into(),
            content: "ENOENT".into(),
            is_error: true,
        },
    ];
    let reply = client(&server, quick())
        .chat(ChatRequest {
            system: Some("you are an agent"),
            messages: &history,
            tools: &tools,
        })
        .await
        .unwrap();

    assert_eq!(reply.stop_reason.as_deref(), Some("tool_calls"));
    assert_eq!(
        reply.tool_calls[0].arguments,
        ToolArguments::Parsed(json!({"path": "a.txt"}))
    );
    assert!(
        matches!(&reply.tool_calls[1].arguments, ToolArguments::Malformed { error, .. } if error.contains("not valid JSON"))
    );
    let sent = server.requests()[0].json();
    assert_eq!(
        sent["tools"],
        json!([{"type": "function", "function": {"name": "read_file", "description": "Reads a file", "parameters": {"type": "object"}}}])
    );
    assert_eq!(
        sent["messages"][0],
        json!({"role": "system", "content": "you are an agent"})
    );
    assert_eq!(
        sent["messages"][2]["tool_calls"][0]["function"]["arguments"],
        "{\"path\":\"x\"}"
    );
    assert_eq!(
        sent["messages"][3],
        json!({"role": "tool", "tool_call_id": "call_0", "content": "ENOENT"})
    );
}

#[tokio::test]
async fn chat_text_answers_have_no_tool_calls() {
    let server = TestServer::start(vec![Reply::json(&completion("All done."))]).await;
    let reply = client(&server, quick())
        .chat(ChatRequest {
            system: None,
            messages: &[ChatMessage::User("hi".into())],
            tools: &[],
        })
        .await
        .unwrap();
    assert_eq!(reply.text.as_deref(), Some("All done."));
    assert!(reply.tool_calls.is_empty());
    assert!(server.requests()[0].json().get("tools").is_none());
}
