//! What reaches the analyst model's provider: no secret from the input, the error or the task, unless redaction is turned off;
//! and a fix written against the redacted input gets its secrets back.

use std::sync::Arc;

use loopctl_llm::OpenAiClient;
use loopctl_reflect_core::{CorrectionType, ReflectionContext, Reflector};
use loopctl_reflect_llm::LlmReflector;
use loopctl_testkit::{Reply, TestServer};
use serde_json::{Value, json};

const PASSWORD: &str = "correct-horse-battery-staple";
const GITHUB: &str = "ghp_EXAMPLE0123456789ABCDEFGHIJKLMNOPQRS";
const BEARER: &str = "mF_9.B5f-4.1JqM";

fn completion(content: &Value) -> Value {
    json!({"choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": content.to_string()}}]})
}

fn answer_with_fix(modified_input: Value) -> Reply {
    Reply::json(&completion(&json!({
        "is_recoverable": true,
        "root_cause": "the path is wrong",
        "severity": "low",
        "correction": {
            "correction_type": "input_fix",
            "description": "use the right path",
            "modified_input": modified_input,
            "alternative_tool": null,
            "guidance": null
        },
        "context": ""
    })))
}

async fn reflect(
    server: &TestServer,
    reflector: impl FnOnce(LlmReflector) -> LlmReflector,
) -> loopctl_reflect_core::FailureAnalysis {
    let client = OpenAiClient::builder()
        .base_url(format!("{}/v1", server.url()))
        .build()
        .unwrap();
    reflector(LlmReflector::new(Arc::new(client)))
        .analyze(
            &format!("401 from upstream: Authorization: Bearer {BEARER} rejected for {GITHUB}"),
            "deploy",
            &json!({"path": "/srv/a", "db": {"password": PASSWORD}}),
            None,
            &ReflectionContext::new(format!("deploy with token {GITHUB}"), 0, 6),
        )
        .await
        .expect("the answer parses")
}

fn sent(server: &TestServer) -> String {
    let requests = server.requests();
    assert_eq!(requests.len(), 1);
    String::from_utf8(requests[0].body.clone()).unwrap()
}

#[tokio::test]
async fn no_secret_reaches_the_provider_and_the_fix_gets_them_back() {
    let server = TestServer::start(vec![answer_with_fix(
        json!({"path": "/srv/b", "db": {"password": "[redacted]"}}),
    )])
    .await;
    let analysis = reflect(&server, |reflector| reflector).await;
    let body = sent(&server);
    for secret in [PASSWORD, GITHUB, BEARER] {
        assert!(!body.contains(secret), "{secret} was sent: {body}");
    }
    assert!(body.contains("[redacted]"), "{body}");
    let correction = analysis.correction.unwrap();
    assert_eq!(correction.correction_type, CorrectionType::InputFix);
    assert_eq!(
        correction.modified_input,
        Some(json!({"path": "/srv/b", "db": {"password": PASSWORD}}))
    );
}

#[tokio::test]
async fn a_fix_that_moves_a_hidden_value_is_dropped_not_sent_as_the_mark() {
    let server = TestServer::start(vec![answer_with_fix(
        json!({"path": "/srv/b", "password": "[redacted]"}),
    )])
    .await;
    let analysis = reflect(&server, |reflector| reflector).await;
    assert_eq!(analysis.correction.unwrap().modified_input, None);
    assert!(
        analysis.context.contains("/password"),
        "{}",
        analysis.context
    );
}

#[tokio::test]
async fn turned_off_knowingly_the_texts_go_as_they_are() {
    let server = TestServer::start(vec![answer_with_fix(json!({"path": "/srv/b"}))]).await;
    let _ = reflect(&server, LlmReflector::without_redaction).await;
    let body = sent(&server);
    for secret in [PASSWORD, GITHUB, BEARER] {
        assert!(body.contains(secret), "{secret} missing: {body}");
    }
}
