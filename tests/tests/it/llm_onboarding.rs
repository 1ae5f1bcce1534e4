//! Setting up a model: a base URL without `/v1` gets a hint, and the endpoint in use is logged once when the client is built.

use loopctl::llm::{AnthropicClient, LlmError, OpenAiClient, StructuredClient, StructuredRequest};
use loopctl_testkit::{Captured, Reply, TestServer};
use serde_json::json;

async fn ask(client: &dyn StructuredClient) -> Result<serde_json::Value, LlmError> {
    let schema = json!({"type": "object"});
    client
        .complete_structured(StructuredRequest {
            system: "s",
            user: "u",
            schema_name: "answer",
            schema: &schema,
        })
        .await
}

#[tokio::test]
async fn a_404_names_the_url_and_what_to_change() {
    let server = TestServer::start(vec![Reply::text(404, "")]).await;
    let without_v1 = OpenAiClient::builder()
        .base_url(server.url())
        .build()
        .unwrap();
    let error = ask(&without_v1).await.unwrap_err();
    let LlmError::EndpointNotFound { url, hint, .. } = &error else {
        panic!("{error:?}");
    };
    assert_eq!(*url, format!("{}/chat/completions", server.url()));
    assert!(hint.contains(&format!("{}/v1", server.url())), "{hint}");
    assert!(error.to_string().contains("HTTP 404"), "{error}");

    let with_v1 = OpenAiClient::builder()
        .base_url(format!("{}/v1", server.url()))
        .build()
        .unwrap();
    let error = ask(&with_v1).await.unwrap_err();
    assert!(
        matches!(&error, LlmError::EndpointNotFound { hint, .. } if !hint.contains("try the base URL")),
        "{error:?}"
    );

    let anthropic = AnthropicClient::builder()
        .base_url(format!("{}/v1", server.url()))
        .api_key("k")
        .build()
        .unwrap();
    let error = ask(&anthropic).await.unwrap_err();
    assert!(
        matches!(&error, LlmError::EndpointNotFound { hint, url, .. } if hint.contains("drop it") && url.ends_with("/v1/v1/messages")),
        "{error:?}"
    );
}

#[test]
fn the_endpoint_in_use_is_logged_once_when_a_client_is_built() {
    let captured = Captured::default();
    tracing::subscriber::with_default(captured.subscriber(tracing::Level::INFO), || {
        OpenAiClient::builder()
            .base_url("http://127.0.0.1:9/v1")
            .model("m")
            .build()
            .unwrap();
        OpenAiClient::builder().api_key("k").build().unwrap();
    });
    let logs = captured.text();
    let lines: Vec<&str> = logs
        .lines()
        .filter(|line| line.contains("model client configured"))
        .collect();
    assert_eq!(lines.len(), 2, "{logs}");
    assert!(
        lines[0].contains("endpoint=http://127.0.0.1:9/v1")
            && lines[0].contains("from=the builder"),
        "{}",
        lines[0]
    );
    assert!(
        lines[1].contains("endpoint=https://api.openai.com/v1")
            && lines[1].contains("from=the default public endpoint"),
        "{}",
        lines[1]
    );
    assert!(
        !logs.contains("\"k\"") && !logs.contains("api_key"),
        "{logs}"
    );
}
