//! What the end-to-end tests share: an LLM reflector pointed at a scripted model server on 127.0.0.1.

#![allow(dead_code, reason = "each test binary uses a different part")]

use std::sync::Arc;
use std::time::Duration;

use loopctl::llm::{HttpLimits, OpenAiClient};
use loopctl::prelude::*;
use loopctl::reflection::llm::LlmReflector;
use loopctl_testkit::TestServer;
use serde_json::{Value, json};

/// An OpenAI chat completion whose message is `answer`, as JSON text.
pub(crate) fn completion(answer: &Value) -> Value {
    json!({"choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": answer.to_string()}}]})
}

/// The LLM reflector against `server`, with generous time-outs everywhere
/// but the total one, so a loaded runner cannot turn another fault into a time-out.
pub(crate) fn llm_with_timeout(server: &TestServer, total_timeout: Duration) -> Arc<dyn Reflector> {
    let limits = HttpLimits {
        connect_timeout: Duration::from_secs(5),
        total_timeout,
        max_response_bytes: 1 << 20,
    };
    let client = OpenAiClient::builder()
        .base_url(format!("{}/v1", server.url()))
        .limits(limits)
        .build()
        .unwrap();
    Arc::new(LlmReflector::new(Arc::new(client)))
}
