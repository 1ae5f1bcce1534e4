//! The LLM reflector and the agent through the facade, against an OpenAI-compatible server on 127.0.0.1.

use std::sync::Arc;
use std::time::Duration;

use loopctl::llm::OpenAiClient;
use loopctl::prelude::*;
use loopctl::reflection::llm::LlmReflector;
use loopctl::reflection::rules::{Confidence, SureRules};
use loopctl_testkit::{Reply, TestServer};
use serde_json::{Value, json};

fn completion(content: &str) -> Value {
    json!({"choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": content}}]})
}

fn client(server: &TestServer) -> OpenAiClient {
    OpenAiClient::builder()
        .base_url(format!("{}/v1", server.url()))
        .model("local")
        .build()
        .unwrap()
}

fn lookup_tool() -> impl Tool {
    FnTool::new(
        ToolSchema::new(
            "lookup",
            "Looks up a user",
            json!({
                "type": "object", "properties": {"user_id": {"type": "integer"}}, "required": ["user_id"], "additionalProperties": false
            }),
        ),
        |input| {
            let id = input.get("user_id").and_then(Value::as_i64);
            async move {
                match id {
                    Some(7) => ToolOutput::success("Ada Lovelace"),
                    _ => ToolOutput::error("KeyError: 'user_id'"),
                }
            }
        },
    )
}

#[tokio::test]
async fn rules_first_then_the_model_for_what_they_cannot_classify() {
    let fix = json!({
        "is_recoverable": true, "root_cause": "the lookup wants a numeric user_id", "severity": "low", "context": "",
        "correction": {"correction_type": "input_fix", "description": "pass the id", "modified_input": {"user_id": 7},
                       "alternative_tool": null, "guidance": null}
    });
    let server = TestServer::start(vec![Reply::json(&completion(&fix.to_string()))]).await;
    // `KeyError` is decided by weak words only, so the rules hand it to the
    // model, as `rules+llm` does.
    let reflector = SureRules::new(
        RuleReflector::new(),
        Confidence::Strong,
        Arc::new(LlmReflector::new(Arc::new(client(&server)))),
    );
    // The fix rewrites the input and names a user the call did not (an
    // identifier, guarded): allowed because the user lets this read-only
    // lookup take free text.
    let policy = SafetyPolicy::new()
        .declare_read_only("lookup")
        .allow_free_text("lookup", "*");
    let driver = Dispatcher::new(ToolRegistry::new().with(lookup_tool()))
        .with_safety_policy(policy)
        .with_reflector(Arc::new(reflector))
        .with_recovery_strategy(Arc::new(
            ExponentialBackoffRecovery::new(3).with_base_delay(Duration::from_millis(1)),
        ));

    let result = driver
        .dispatch_for_task(
            ToolCall::new("c1", "lookup", json!({"name": "ada"})),
            "find Ada",
        )
        .await
        .unwrap();

    assert_eq!(
        (result.content.as_str(), result.attempts),
        ("Ada Lovelace", 2)
    );
    let requests = server.requests();
    assert_eq!(
        requests.len(),
        1,
        "one model call, for the one failure the rules skipped"
    );
    let user = requests[0].json()["messages"][1]["content"]
        .as_str()
        .unwrap()
        .to_owned();
    let schema = r#"{"additionalProperties":false,"properties":{"user_id":{"type":"integer"}},"required":["user_id"],"type":"object"}"#;
    assert_eq!(
        user,
        format!(
            "Tool: lookup\nInput: {{\"name\":\"ada\"}}\nSchema: {schema}\nError: KeyError: 'user_id'\nTask: find Ada\nAttempt: 1 of 6"
        )
    );
}

#[tokio::test]
async fn an_agent_recovers_a_call_within_one_model_turn() {
    let call = json!({"choices": [{"finish_reason": "tool_calls", "message": {"role": "assistant", "content": null, "tool_calls": [
        {"id": "call_1", "type": "function", "function": {"name": "lookup", "arguments": "{\"user_id\":\"7\"}"}}
    ]}}]});
    let server = TestServer::start(vec![
        Reply::json(&call),
        Reply::json(&completion("User 7 is Ada Lovelace.")),
    ])
    .await;
    let registry = ToolRegistry::new().with(FnTool::new(
        ToolSchema::new("lookup", "Looks up a user", json!({
            "type": "object", "properties": {"user_id": {"type": "integer"}}, "required": ["user_id"]
        })),
        |input| {
            let answer = match input["user_id"].as_i64() {
                Some(7) => ToolOutput::success("Ada Lovelace"),
                _ => ToolOutput::error("invalid type: string \"7\", expected i64"),
            };
            async move { answer }
        },
    ));
    let mut agent = Agent::new(Arc::new(client(&server)), registry);
    agent.set_reflector(Arc::new(RuleReflector::new()));
    agent.set_recovery_strategy(Arc::new(
        ExponentialBackoffRecovery::new(3).with_base_delay(Duration::from_millis(1)),
    ));

    let run = agent.run("who is user 7?").await.unwrap();

    assert_eq!(run.answer.as_deref(), Some("User 7 is Ada Lovelace."));
    assert_eq!(run.turns, 2);
    let second_turn = server.requests()[1].json();
    let tool_message = &second_turn["messages"][2];
    assert_eq!(tool_message["role"], "tool");
    assert_eq!(
        tool_message["content"], "Ada Lovelace",
        "the repair happened inside the turn"
    );
}
